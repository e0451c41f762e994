// The `pso` policy: legal actions in random states of several games, action frequencies that
// follow the sigmoid policy, raise sizes uniform in [min, max], the swarm driven by EndHand with
// its state saved and resumed, and the pso_* parameters.
#include "agent/pso_policy.h"

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "agent/agent_player.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace agent {
namespace {

using poker::Action;
using poker::ActionType;
using poker::State;

constexpr char kNoLimit2p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr char kNoLimit3p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 800 3000 15000\n"
    "blind = 50 100 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
constexpr char kLimit2p[] =
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";

poker::GameDef Game(const char* text) { return *poker::ParseGameDef(text); }

// A state of `game` with every card dealt at random, after random legal play; someone is to act.
State RandomState(const poker::GameDef& game, std::mt19937_64* rng) {
  for (;;) {
    State state(game, 0);
    std::vector<poker::Card> deck;
    for (int c = 0; c < poker::kNumCards; ++c) deck.push_back(static_cast<poker::Card>(c));
    std::shuffle(deck.begin(), deck.end(), *rng);
    int next = 0;
    // (The bound on kMaxPlayers only tells GCC the writes stay inside the state.)
    for (int p = 0; p < game.num_players && p < poker::kMaxPlayers; ++p) {
      for (int i = 0; i < 2; ++i) state.set_hole_card(p, i, deck[next++]);
    }
    for (int i = 0; i < 5; ++i) state.set_board_card(i, deck[next++]);
    const int steps = static_cast<int>((*rng)() % 10);
    for (int s = 0; s < steps && !state.finished(); ++s) {
      int32_t lo = 0;
      int32_t hi = 0;
      const uint64_t r = (*rng)() % 10;
      Action a = Action::Call();
      if (r == 0 && state.CanFold()) a = Action::Fold();
      if (r >= 6 && state.RaiseRange(&lo, &hi)) {
        a = Action::Raise(lo + static_cast<int32_t>((*rng)() % (uint64_t(hi - lo) + 1)));
      }
      EXPECT_TRUE(state.Apply(a).ok());
    }
    if (!state.finished()) return state;
  }
}

Decision MakeDecision(const State& state, std::mt19937_64* rng) {
  const int me = state.CurrentPlayer();
  Decision d{state, me, {state.hole_card(me, 0), state.hole_card(me, 1)}, EquityResult{}, 0, rng};
  for (int p = 0; p < state.game().num_players; ++p) d.opponents_in += p != me && !state.folded(p);
  d.equity.equity = 0.5;
  return d;
}

PsoPolicyOptions Fixed(const PsoPoint& x, PsoEquity equity = PsoEquity::kHandStrength) {
  PsoPolicyOptions o;
  o.optimise = false;
  o.fixed = x;
  o.equity = equity;
  return o;
}

TEST(PsoPolicyTest, ActionsAreLegalInRandomStates) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1);
  for (const char* text : {kNoLimit2p, kNoLimit3p, kLimit2p}) {
    const poker::GameDef game = Game(text);
    for (PsoEquity equity : {PsoEquity::kHandStrength, PsoEquity::kMonteCarlo}) {
      for (int trial = 0; trial < 300; ++trial) {
        const PsoPoint x = {0.01 + 0.98 * u(rng), 0.01 + 0.98 * u(rng), 1 + 99 * u(rng),
                            0.01 + 0.98 * u(rng), 1 + 99 * u(rng)};
        PsoPolicyOptions options = Fixed(x, equity);
        options.trials = 50;
        std::unique_ptr<PsoPolicy> policy = *PsoPolicy::Create(options);
        const State state = RandomState(game, &rng);
        const Action action = policy->Decide(MakeDecision(state, &rng));
        EXPECT_TRUE(state.IsLegal(action))
            << poker::FormatBetting(state) << " " << policy->explanation();
        EXPECT_GE(policy->last_equity(), 0);
        EXPECT_LE(policy->last_equity(), 1);
      }
    }
  }
}

TEST(PsoPolicyTest, FrequenciesFollowTheSigmoidPolicyAndRaisesAreUniform) {
  const poker::GameDef game = Game(kNoLimit2p);
  // Preflop, the small blind holds 9h8h and faces the big blind: class A.
  State facing(game, 0);
  ASSERT_TRUE(poker::ApplyCards("|9h8h", false, &facing).ok());
  // After the small blind calls, the big blind holds QsJd with nothing to call: class B.
  State free(game, 0);
  ASSERT_TRUE(poker::ApplyBetting("c", &free).ok());
  ASSERT_TRUE(poker::ApplyCards("QsJd|", false, &free).ok());
  const PsoPoint x = {0.6, 0.3, 6, 0.4, 9};
  std::unique_ptr<PsoPolicy> policy = *PsoPolicy::Create(Fixed(x));
  std::mt19937_64 rng(11);
  for (const State* state : {&facing, &free}) {
    constexpr int kDraws = 40000;
    int folds = 0;
    int calls = 0;
    int raises = 0;
    double raise_sum = 0;
    int32_t lowest = 1 << 30;
    int32_t highest = 0;
    for (int i = 0; i < kDraws; ++i) {
      const Action a = policy->Decide(MakeDecision(*state, &rng));
      folds += a.type == ActionType::kFold;
      calls += a.type == ActionType::kCall;
      if (a.type == ActionType::kRaise) {
        ++raises;
        raise_sum += a.raise_to;
        lowest = std::min(lowest, a.raise_to);
        highest = std::max(highest, a.raise_to);
      }
    }
    const ActionProbabilities p =
        SigmoidPolicy(x, policy->last_equity(), state->CanFold(), state->CanRaise());
    auto near = [](int count, double prob) {
      const double sigma = std::sqrt(kDraws * prob * (1 - prob)) + 1;
      EXPECT_NEAR(count, kDraws * prob, 5 * sigma);
    };
    near(folds, p.fold);
    near(calls, p.call);
    near(raises, p.raise);
    int32_t min_to = 0;
    int32_t max_to = 0;
    ASSERT_TRUE(state->RaiseRange(&min_to, &max_to));
    ASSERT_GT(raises, 1000);
    const double width = max_to - min_to;
    EXPECT_NEAR(raise_sum / raises, (min_to + max_to) / 2.0, 5 * width / std::sqrt(12.0 * raises));
    EXPECT_LT(lowest, min_to + width * 0.01);
    EXPECT_GT(highest, max_to - width * 0.01);
  }
}

TEST(PsoPolicyTest, EndHandDrivesTheSwarmAndTheStateIsSavedAndResumed) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("pso_policy_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "swarm.txt").string();
  PsoPolicyOptions o;
  o.swarm.particles = 4;
  o.swarm.hands_per_particle = 3;
  o.state_path = path;
  const poker::GameDef game = Game(kNoLimit2p);
  const State state(game, 0);
  std::unique_ptr<PsoPolicy> policy = *PsoPolicy::Create(o);
  ASSERT_NE(policy->swarm(), nullptr);
  EXPECT_EQ(policy->current(), policy->swarm()->particles()[0].position);
  for (int h = 0; h < 3; ++h) policy->EndHand(state, 0, 100);
  EXPECT_EQ(policy->swarm()->current_particle(), 1);
  EXPECT_EQ(policy->current(), policy->swarm()->particles()[1].position);
  EXPECT_FALSE(std::filesystem::exists(path));  // nothing saved before the first update
  for (int h = 3; h < 12; ++h) policy->EndHand(state, 0, h % 2 ? -50 : 70);
  EXPECT_EQ(policy->swarm()->updates(), 1);
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_TRUE(policy->save_status().ok());
  for (int h = 12; h < 14; ++h) policy->EndHand(state, 0, 10);

  // A new policy on the same file continues from the saved update, not from hand 14.
  std::unique_ptr<PsoPolicy> resumed = *PsoPolicy::Create(o);
  EXPECT_EQ(resumed->swarm()->updates(), 1);
  EXPECT_EQ(resumed->swarm()->hands(), 12);
  // Saving every hand keeps it up to date.
  o.save_every_hands = 1;
  std::unique_ptr<PsoPolicy> every = *PsoPolicy::Create(o);
  every->EndHand(state, 0, 5);
  EXPECT_EQ((*Swarm::Load(path)).hands(), 13);
  // Without resume a new swarm starts.
  o.resume = false;
  EXPECT_EQ((*PsoPolicy::Create(o))->swarm()->hands(), 0);
  // A damaged file is an error, not a silent restart.
  {
    std::ofstream out(path);
    out << "pso-swarm 1\nparticles x\n";
  }
  o.resume = true;
  EXPECT_FALSE(PsoPolicy::Create(o).ok());
  std::filesystem::remove_all(dir);
}

TEST(PsoPolicyTest, TheFirstDecisionAfterAnUpdateLogsTheSwarm) {
  PsoPolicyOptions o;
  o.swarm.particles = 2;
  o.swarm.hands_per_particle = 1;
  o.equity = PsoEquity::kHandStrength;
  std::unique_ptr<PsoPolicy> policy = *PsoPolicy::Create(o);
  const poker::GameDef game = Game(kNoLimit2p);
  State state(game, 0);
  ASSERT_TRUE(poker::ApplyCards("|AhKh", false, &state).ok());
  std::mt19937_64 rng(1);
  policy->Decide(MakeDecision(state, &rng));
  EXPECT_NE(policy->explanation().find("swarm={"), std::string::npos);  // the match's start
  policy->Decide(MakeDecision(state, &rng));
  EXPECT_EQ(policy->explanation().find("swarm={"), std::string::npos);
  EXPECT_NE(policy->explanation().find("particle 0/2"), std::string::npos) << policy->explanation();
  policy->EndHand(state, 1, 10);
  policy->EndHand(state, 1, -10);
  policy->Decide(MakeDecision(state, &rng));
  EXPECT_NE(policy->explanation().find("\"updates\": 1"), std::string::npos)
      << policy->explanation();
}

TEST(PsoParamsTest, DefaultsAndValidation) {
  PolicyParams params;
  absl::StatusOr<PsoPolicyOptions> o = PsoOptionsFromParams(params);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_TRUE(o->optimise);
  EXPECT_EQ(o->swarm.particles, 20);
  EXPECT_EQ(o->swarm.hands_per_particle, 1000);
  EXPECT_EQ(o->swarm.variant, PsoVariant::kBrPso);
  EXPECT_EQ(o->equity, PsoEquity::kMonteCarlo);
  EXPECT_EQ(o->fixed, (PsoPoint{0.86, 0.85, 90.96, 0.99, 15.11}));

  params.extra["pso_variant"] = 0;
  params.extra["pso_w"] = 0.5;
  params.extra["pso_c1"] = 0.1;
  params.extra["pso_c2"] = 0.1;
  params.extra["pso_vmax_e"] = 0.3;
  params.extra["pso_vmax_d"] = 5;
  params.extra["pso_schedule"] = 1;
  params.extra["pso_m"] = 8;
  o = PsoOptionsFromParams(params);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->swarm.variant, PsoVariant::kStandard);
  EXPECT_EQ(o->swarm.schedule, PsoSchedule::kSinCos);
  EXPECT_EQ(o->swarm.particles, 8);
  EXPECT_EQ(o->swarm.max_velocity, (PsoPoint{0.3, 0.3, 5, 0.3, 5}));
  EXPECT_DOUBLE_EQ(o->swarm.cognitive, 0.1);

  for (const auto& [name, value] : std::vector<std::pair<std::string, double>>{
           {"pso_m", 0}, {"pso_m", 2.5}, {"pso_variant", 2}, {"pso_equity", 3}, {"pso_nf", -1}}) {
    PolicyParams bad;
    bad.extra[name] = value;
    EXPECT_FALSE(PsoOptionsFromParams(bad).ok()) << name << "=" << value;
  }
  PolicyParams bounds;
  bounds.extra["pso_e_max"] = 1;  // the shift is infinite at 1
  EXPECT_FALSE(MakePsoPolicy(bounds).ok());
  absl::StatusOr<std::unique_ptr<Policy>> made = MakePsoPolicy(PolicyParams());
  ASSERT_TRUE(made.ok()) << made.status();
  EXPECT_EQ((*made)->name(), "pso");
  EXPECT_FALSE((*made)->wants_read_ranges());
  // Every declared parameter has a default PsoOptionsFromParams reads.
  for (const ExtraParam& p : PsoExtraParams()) {
    EXPECT_EQ(p.name.rfind("pso_", 0), 0u) << p.name;
    EXPECT_FALSE(p.help.empty());
  }
}

TEST(PsoParamsTest, TheAgentsRegistryBuildsPsoWithItsParameters) {
  PolicyParams params;
  ASSERT_TRUE(SetPolicyParam("pso_optimise", 0, &params).ok());
  ASSERT_TRUE(SetPolicyParam("pso_x3", 42, &params).ok());
  EXPECT_FALSE(SetPolicyParam("pso_no_such", 1, &params).ok());
  absl::StatusOr<std::unique_ptr<Policy>> policy = MakePolicy("pso", params);
  ASSERT_TRUE(policy.ok()) << policy.status();
  const auto* pso = dynamic_cast<const PsoPolicy*>(policy->get());
  ASSERT_NE(pso, nullptr);
  EXPECT_EQ(pso->swarm(), nullptr);
  EXPECT_DOUBLE_EQ(pso->current()[2], 42);
  bool listed = false;
  for (const auto& [name, description] : RegisteredPolicies()) listed |= name == "pso";
  EXPECT_TRUE(listed);
}

TEST(PsoParamsTest, TheStateFileIsATextParameterAndTheAgentSkipsItsEquity) {
  AgentOptions options;
  ASSERT_TRUE(ApplyParamAssignment("pso_state = /tmp/run 1.swarm", &options).ok());
  ASSERT_TRUE(ApplyParamAssignment("pso_equity=0", &options).ok());
  absl::StatusOr<PsoPolicyOptions> o = PsoOptionsFromParams(options.policy_params);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->state_path, "/tmp/run 1.swarm");
  EXPECT_EQ(o->equity, PsoEquity::kHandStrength);
  EXPECT_FALSE(ApplyParamAssignment("pso_m=many", &options).ok());
  EXPECT_NE(DescribeParams(options).find("/tmp/run 1.swarm"), std::string::npos);
  // Cheap equity: the agent need not compute its own; the agent's equity mode needs it.
  PolicyParams params;
  EXPECT_FALSE((*MakePsoPolicy(params))->wants_equity());
  params.extra["pso_equity"] = 2;
  EXPECT_TRUE((*MakePsoPolicy(params))->wants_equity());
  EXPECT_TRUE((*MakePsoPolicy(params))->wants_read_ranges());
}

}  // namespace
}  // namespace agent
