// Local best response played: on Leduc and Kuhn its exact value against a strategy is at most the
// exact best response's (and ranks exploitable strategies alike); sampled matches agree with the
// exact value; in hold'em it beats always-call, always-raise and always-fold players by more than
// the bundled blueprints; shards add up to one run; the program's command line.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/player_registry.h"
#include "solver/best_response.h"
#include "solver/mccfr.h"
#include "solver/strategy_file.h"
#include "tests/common/program_run.h"
#include "tests/common/test_support.h"
#include "tools/lbr/lbr_match.h"

namespace lbr {
namespace {

using ::testing::HasSubstr;

std::string Strategy(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/data/strategies/" + name;
}

// Folds whenever it can, else checks; reports that for every hand.
class AlwaysFold : public poker::Player {
 public:
  poker::Action Act(const poker::MatchState& view) override { return Choice(view); }
  bool ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const override {
    const poker::Action action = poker::RecordedAction(view.state, Choice(view));
    const poker::HoleSets sets(view.state.game());
    report->Reset(absl::MakeConstSpan(&action, 1), sets.size());
    for (int s = 0; s < sets.size(); ++s) report->at(s, 0) = 1;
    return true;
  }

 private:
  static poker::Action Choice(const poker::MatchState& view) {
    return view.state.CanFold() ? poker::Action::Fold() : poker::Action::Call();
  }
};

const bool kRegistered =
    poker::RegisterPlayerFactory("test_fold", [](const poker::PlayerContext&, absl::string_view) {
      return absl::StatusOr<std::unique_ptr<poker::Player>>(std::make_unique<AlwaysFold>());
    });

// The exact best response's value (chips per hand, mean of the positions) against a strategy
// file, as played plainly.
double BestResponseOf(const std::string& file) {
  absl::StatusOr<std::unique_ptr<solver::Blueprint>> bp = solver::Blueprint::Load(file);
  EXPECT_TRUE(bp.ok()) << bp.status();
  if (!bp.ok()) return 0;
  absl::StatusOr<solver::ExploitabilityReport> r =
      solver::ComputeExploitability((*bp)->tree(), (*bp)->cards(), (*bp)->ToProfile());
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->exploitability : 0;
}

// The same for a rule that picks one edge per node whatever the cards: the call, the raise when
// there is one, or the fold when there is one.
enum class Rule { kCall, kRaise, kFold };
double BestResponseOfRule(const poker::GameDef& game, Rule rule) {
  absl::StatusOr<std::unique_ptr<solver::CardAbstraction>> cards =
      solver::MakeCardAbstraction(game, "exact");
  EXPECT_TRUE(cards.ok());
  absl::StatusOr<solver::BettingTree> tree =
      solver::BettingTree::Build(game, solver::ActionAbstraction{}, **cards);
  EXPECT_TRUE(tree.ok());
  solver::Profile profile;
  profile.probs.assign(tree->num_entries(), 0.0f);
  for (int n = 0; n < tree->num_nodes(); ++n) {
    const solver::Node& node = tree->node(n);
    if (node.player < 0) continue;
    int chosen = -1;
    for (int a = 0; a < node.num_actions; ++a) {
      const solver::EdgeKind kind = tree->edge(node.first_child + a).kind;
      if (kind == solver::EdgeKind::kCall && chosen < 0) chosen = a;
      if (rule == Rule::kRaise && kind == solver::EdgeKind::kLimitRaise) chosen = a;
      if (rule == Rule::kFold && kind == solver::EdgeKind::kFold) chosen = a;
    }
    for (int b = 0; b < (*cards)->NumBuckets(node.round); ++b) {
      profile.probs[node.offset + int64_t{b} * node.num_actions + chosen] = 1;
    }
  }
  absl::StatusOr<solver::ExploitabilityReport> r =
      solver::ComputeExploitability(*tree, **cards, profile);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->exploitability : 0;
}

// A Leduc strategy trained for `iterations` (0: uniform), written to `path`.
void TrainLeduc(const poker::GameDef& game, int64_t iterations, const std::string& path) {
  absl::StatusOr<std::unique_ptr<solver::CardAbstraction>> cards =
      solver::MakeCardAbstraction(game, "exact");
  ASSERT_TRUE(cards.ok());
  absl::StatusOr<solver::BettingTree> tree =
      solver::BettingTree::Build(game, solver::ActionAbstraction{}, **cards);
  ASSERT_TRUE(tree.ok());
  solver::Mccfr mccfr(*tree, **cards, solver::MccfrOptions{.threads = 1, .seed = 17});
  if (iterations > 0) {
    ASSERT_TRUE(mccfr.Run(iterations).ok());
  }
  solver::TrainingInfo info;
  info.card_spec = "exact";
  info.iterations = mccfr.iterations();
  ASSERT_TRUE(solver::WriteStrategyFile(path, *tree, **cards, mccfr.AverageProfile(), info).ok());
}

TEST(ExactLbr, LeducIsAtMostTheBestResponseAndRanksAlike) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  test_support::TempDir dir;
  const std::string uniform = dir.File("uniform.strategy");
  const std::string weak = dir.File("weak.strategy");
  TrainLeduc(game, 0, uniform);
  TrainLeduc(game, 2560, weak);
  struct Case {
    std::string name;
    std::string spec;
    double best_response;
  };
  const std::vector<Case> cases = {
      {"station", "bot:style=station", BestResponseOfRule(game, Rule::kCall)},
      {"raiser", "bot:style=raiser", BestResponseOfRule(game, Rule::kRaise)},
      {"fold", "test_fold", BestResponseOfRule(game, Rule::kFold)},
      {"uniform", "bot:style=cfr,strategy=" + uniform, BestResponseOf(uniform)},
      {"weak", "bot:style=cfr,strategy=" + weak, BestResponseOf(weak)},
      {"bundled", "bot:style=cfr,strategy=" + Strategy("leduc.limit.2p.strategy"),
       BestResponseOf(Strategy("leduc.limit.2p.strategy"))},
  };
  std::map<std::string, double> lbr;
  for (const Case& c : cases) {
    absl::StatusOr<ExactLbr> exact = ComputeExactLbr(game, c.spec, LbrOptions{});
    ASSERT_TRUE(exact.ok()) << c.name << ": " << exact.status();
    lbr[c.name] = exact->value;
    EXPECT_EQ(exact->counts.inconsistent_updates, 0) << c.name;
    // LBR is one strategy among those a best response maximises over.
    EXPECT_LE(exact->value, c.best_response + 1e-9) << c.name;
    std::cout << c.name << ": LBR " << exact->value << ", best response " << c.best_response
              << " chips/hand\n";
  }
  // The same sign (LBR wins against each, the near-equilibrium too, by a little) and the same
  // order as the best response's, strategy by strategy.
  for (const Case& a : cases) {
    EXPECT_GT(lbr[a.name], 0) << a.name;
    for (const Case& b : cases) {
      if (a.best_response > b.best_response) {
        EXPECT_GT(lbr[a.name], lbr[b.name]) << a.name << " vs " << b.name;
      }
    }
  }
  // The bundled near-equilibrium gives LBR less than a hundredth of what the others give.
  for (const Case& c : cases) {
    if (c.name == "bundled") continue;
    EXPECT_LT(100 * lbr["bundled"], lbr[c.name]) << c.name;
  }
}

TEST(ExactLbr, KuhnEquilibriumHoldsAndAlwaysCallDoesNot) {
  const poker::GameDef game = test_support::LoadProjectGame("kuhn.limit.2p.game");
  const std::string file = Strategy("kuhn.limit.2p.strategy");
  absl::StatusOr<ExactLbr> equilibrium =
      ComputeExactLbr(game, "bot:style=cfr,strategy=" + file, LbrOptions{});
  ASSERT_TRUE(equilibrium.ok()) << equilibrium.status();
  EXPECT_LE(equilibrium->value, BestResponseOf(file) + 1e-9);
  absl::StatusOr<ExactLbr> station = ComputeExactLbr(game, "bot:style=station", LbrOptions{});
  ASSERT_TRUE(station.ok());
  // Against always-call LBR bets the ace, checks the rest (the king: wp 1/2 ties to the check):
  // by hand, per position the deals (A,K) (A,Q) win 2, (K,Q) wins 1, the others lose 1 or 2.
  EXPECT_GT(station->value, equilibrium->value + 0.1);
  EXPECT_LE(station->value, BestResponseOfRule(game, Rule::kCall) + 1e-9);
}

TEST(SampledLbr, LeducAgreesWithTheExactValue) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  const std::string spec = "bot:style=cfr,strategy=" + Strategy("leduc.limit.2p.strategy");
  absl::StatusOr<ExactLbr> exact = ComputeExactLbr(game, spec, LbrOptions{});
  ASSERT_TRUE(exact.ok()) << exact.status();
  MatchOptions options;
  options.seed = 42;
  options.deals = 20000;
  absl::StatusOr<LbrResult> sampled = RunLbrMatch(game, spec, LbrOptions{}, options);
  ASSERT_TRUE(sampled.ok()) << sampled.status();
  const LbrFigures f = FiguresOf(*sampled, game.BigBlind());
  EXPECT_EQ(sampled->counts.inconsistent_updates, 0);
  EXPECT_NEAR(f.chips_per_hand, exact->value, f.ci95_chips * 1.5)
      << "exact " << exact->value << ", sampled " << f.chips_per_hand << " +- " << f.ci95_chips;
}

// LBR's mean and interval against `spec` in a hold'em game, `deals` deals (the preflop tables
// from fewer boards than the program's default, to keep the test short).
LbrFigures HoldemLbr(const poker::GameDef& game, const std::string& spec, uint32_t deals) {
  std::vector<std::string> notes;
  EXPECT_TRUE(PreloadFlopTables(game, spec, "auto", &notes).ok());
  EXPECT_TRUE(notes.empty()) << notes.front();
  LbrOptions lbr_options;
  lbr_options.equity.preflop_boards = 1000;
  MatchOptions options;
  options.seed = 7;
  options.deals = deals;
  absl::StatusOr<LbrResult> result = RunLbrMatch(game, spec, lbr_options, options);
  EXPECT_TRUE(result.ok()) << spec << ": " << result.status();
  if (!result.ok()) return {};
  EXPECT_EQ(result->counts.inconsistent_updates, 0) << spec;
  const LbrFigures f = FiguresOf(*result, game.BigBlind());
  std::cout << spec << ": " << f.mbb_per_hand << " +- " << f.ci95_mbb << " mbb/hand ("
            << result->hands << " hands, " << result->seconds << " s)\n";
  return f;
}

// LBR wins more against each of `specs` than against the blueprint, beyond both intervals; and
// against always-fold exactly the blinds (it raises, the other folds; in the big blind it wins
// the small blind): 750 mbb/hand in these games.
void ExpectRulePlayersLoseMore(const std::string& game_name, const std::string& strategy,
                               uint32_t deals, const std::vector<std::string>& specs) {
  const poker::GameDef game = test_support::LoadProjectGame(game_name);
  const LbrFigures blueprint =
      HoldemLbr(game, "bot:style=cfr,strategy=" + Strategy(strategy), deals);
  for (const std::string& spec : specs) {
    const LbrFigures rule = HoldemLbr(game, spec, deals);
    EXPECT_GT(rule.mbb_per_hand - rule.ci95_mbb, blueprint.mbb_per_hand + blueprint.ci95_mbb)
        << spec << " against " << strategy;
  }
  const LbrFigures fold = HoldemLbr(game, "test_fold", 20);
  EXPECT_DOUBLE_EQ(fold.mbb_per_hand, 750);
  EXPECT_DOUBLE_EQ(fold.ci95_mbb, 0);
}

TEST(SampledLbr, LimitHoldemRulePlayersLoseMoreThanTheBlueprint) {
  ExpectRulePlayersLoseMore("holdem.limit.2p.reverse_blinds.game", "holdem.limit.2p.strategy", 150,
                            {"bot:style=station", "bot:style=raiser", "test_fold"});
}

// In no-limit the bundled blueprint gives LBR more than the blinds always-fold gives up: it folds
// too often to LBR's pot-size and all-in raises (docs/lbr.md). Always-call and always-raise
// still give much more.
TEST(SampledLbr, NoLimitHoldemRulePlayersLoseMoreThanTheBlueprint) {
  ExpectRulePlayersLoseMore("holdem.nolimit.2p.reverse_blinds.game", "holdem.nolimit.2p.strategy",
                            100, {"bot:style=station", "bot:style=raiser"});
}

TEST(SampledLbr, ThreadsEqualShardsAndTheRunRepeats) {
  const poker::GameDef game = test_support::LoadProjectGame("leduc.limit.2p.game");
  const std::string spec = "bot:style=cfr,strategy=" + Strategy("leduc.limit.2p.strategy");
  MatchOptions options;
  options.seed = 5;
  options.first_deal = 100;
  options.deals = 301;
  absl::StatusOr<LbrResult> threaded = RunLbrThreads(game, spec, LbrOptions{}, options, 2);
  ASSERT_TRUE(threaded.ok()) << threaded.status();
  std::vector<LbrResult> shards;
  for (uint32_t i = 0; i < 2; ++i) {
    MatchOptions shard = options;
    ShardRange(options.first_deal, options.deals, i, 2, &shard.first_deal, &shard.deals);
    absl::StatusOr<LbrResult> part = RunLbrMatch(game, spec, LbrOptions{}, shard);
    ASSERT_TRUE(part.ok());
    // Through JSON, as `lbr merge` reads them.
    absl::StatusOr<LbrResult> parsed = ParseResultJson(FormatResultJson(*part), "part");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    shards.push_back(*parsed);
  }
  absl::StatusOr<LbrResult> merged = MergeResults(shards);
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(merged->deals, 301);
  EXPECT_EQ(merged->hand_sums, threaded->hand_sums);
  EXPECT_EQ(merged->deal_sums, threaded->deal_sums);
  EXPECT_EQ(merged->counts.lbr_decisions, threaded->counts.lbr_decisions);
  absl::StatusOr<LbrResult> again = RunLbrThreads(game, spec, LbrOptions{}, options, 2);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->hand_sums, threaded->hand_sums);
  // Overlapping or unlike parts are refused.
  EXPECT_FALSE(MergeResults({shards[0], shards[0]}).ok());
  LbrResult other = shards[1];
  other.settings = "actions=fold,call";
  EXPECT_FALSE(MergeResults({shards[0], other}).ok());
}

TEST(SampledLbr, PlayersThatCannotReportAreRefused) {
  // The random bot's no-limit raise size is uniform over every legal size: it does not report.
  const poker::GameDef game =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  MatchOptions options;
  options.deals = 3;
  absl::StatusOr<LbrResult> result = RunLbrMatch(game, "bot:style=random", LbrOptions{}, options);
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(std::string(result.status().message()), HasSubstr("does not report"));
  const poker::GameDef three = test_support::LoadProjectGame("holdem.nolimit.3p.game");
  EXPECT_FALSE(RunLbrMatch(three, "bot:style=station", LbrOptions{}, options).ok());
}

// With a stand-in (--ranges-from) LBR reads the stand-in's reports and plays the opponent: the
// blueprint standing in for itself is plain LBR, hand for hand; standing in for always-call it is
// an exploiter of the blueprint (it bluffs into folds that never come), which wins less from
// always-call than LBR reading always-call's own reports; an opponent that cannot report plays,
// its raises of sizes the stand-in's report lacks read as the nearest one; no exact value. LBR's
// all-ins that always-call calls are all counted as called.
TEST(SampledLbr, AStandInsReportsAreReadInPlaceOfTheOpponents) {
  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  const std::string blueprint = "bot:style=cfr,strategy=" + Strategy("leduc.limit.2p.strategy");
  MatchOptions options;
  options.seed = 11;
  options.deals = 20000;
  LbrOptions from_blueprint;
  from_blueprint.ranges_from = blueprint;
  absl::StatusOr<LbrResult> plain = RunLbrMatch(leduc, blueprint, LbrOptions{}, options);
  absl::StatusOr<LbrResult> itself = RunLbrMatch(leduc, blueprint, from_blueprint, options);
  ASSERT_TRUE(plain.ok() && itself.ok()) << plain.status() << itself.status();
  EXPECT_EQ(itself->hand_sums, plain->hand_sums);
  EXPECT_EQ(itself->counts.lbr_raises, plain->counts.lbr_raises);
  EXPECT_THAT(itself->settings, HasSubstr("ranges_from=" + blueprint));
  EXPECT_FALSE(MergeResults({*plain, *itself}).ok());  // not the same measurement

  absl::StatusOr<LbrResult> station =
      RunLbrMatch(leduc, "bot:style=station", LbrOptions{}, options);
  absl::StatusOr<LbrResult> exploiter =
      RunLbrMatch(leduc, "bot:style=station", from_blueprint, options);
  ASSERT_TRUE(station.ok() && exploiter.ok()) << station.status() << exploiter.status();
  const LbrFigures own = FiguresOf(*station, leduc.BigBlind());
  const LbrFigures stand_in = FiguresOf(*exploiter, leduc.BigBlind());
  std::cout << "always-call: LBR from its reports " << own.mbb_per_hand << " +- " << own.ci95_mbb
            << ", from the blueprint's " << stand_in.mbb_per_hand << " +- " << stand_in.ci95_mbb
            << " mbb/hand\n";
  EXPECT_LT(stand_in.mbb_per_hand + stand_in.ci95_mbb, own.mbb_per_hand - own.ci95_mbb);

  const poker::GameDef nolimit =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  LbrOptions random_options;
  random_options.equity.preflop_boards = 1000;
  random_options.ranges_from = "bot:style=cfr,strategy=" + Strategy("holdem.nolimit.2p.strategy");
  std::vector<std::string> notes;
  ASSERT_TRUE(PreloadFlopTables(nolimit, random_options.ranges_from, "auto", &notes).ok());
  options.deals = 10;
  absl::StatusOr<LbrResult> random =
      RunLbrMatch(nolimit, "bot:style=random,seed=3", random_options, options);
  ASSERT_TRUE(random.ok()) << random.status();
  EXPECT_GT(random->counts.translated_raises, 0);
  EXPECT_EQ(random->hands, 20);
  // Reading the no-limit blueprint's folds, LBR moves all-in; always-call calls every one.
  absl::StatusOr<LbrResult> called =
      RunLbrMatch(nolimit, "bot:style=station", random_options, options);
  ASSERT_TRUE(called.ok()) << called.status();
  EXPECT_GT(called->counts.lbr_all_ins, 0);
  EXPECT_EQ(called->counts.lbr_all_ins_called, called->counts.lbr_all_ins);
  EXPECT_FALSE(ComputeExactLbr(leduc, blueprint, from_blueprint).ok());
}

TEST(LbrProgram, CommandLine) {
  const std::string lbr = std::string(POKER_BIN_DIR) + "/lbr";
  if (!std::filesystem::exists(lbr)) GTEST_SKIP() << lbr << " not built";
  const std::string leduc = std::string(POKER_SOURCE_DIR) + "/data/games/leduc.limit.2p.game";
  test_support::ProgramRun run = test_support::RunCommand(lbr + " --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("--opponent"));
  for (const std::string& bad :
       {std::string(" --game ") + leduc,
        " --game " + leduc + " --opponent bot:style=station --deals 0",
        " --game " + leduc + " --opponent bot:style=station --actions fold,call,pot",
        " --game " + leduc + " --opponent bot:style=nosuch",
        " --game " + leduc + " --opponent bot:style=station --shard 3/2",
        " --game " + leduc + " --opponent bot:style=station --ranges-from bot:style=nosuch",
        " --game " + leduc +
            " --opponent bot:style=station --ranges-from bot:style=raiser --exact"}) {
    run = test_support::RunCommand(lbr + bad + " -q 2>&1");
    EXPECT_EQ(run.exit_code, 2) << bad << "\n" << run.out;
  }
  run = test_support::RunCommand(lbr + " --game " + leduc + " --opponent bot:style=ta -q 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.out;
  EXPECT_THAT(run.out, HasSubstr("does not report"));
  // A player that does not report is played with a stand-in's reports.
  run =
      test_support::RunCommand(lbr + " --game " + leduc +
                               " --opponent bot:style=ta --ranges-from bot:style=station -q 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_THAT(run.out, HasSubstr("ranges_from=bot:style=station"));
  test_support::TempDir dir;
  const std::string base =
      lbr + " --game " + leduc + " --opponent bot:style=station --deals 400 -q";
  run = test_support::RunCommand(base + " --shard 0/2 --out " + dir.File("a.json"));
  EXPECT_EQ(run.exit_code, 0) << run.out;
  run = test_support::RunCommand(base + " --shard 1/2 --out " + dir.File("b.json"));
  EXPECT_EQ(run.exit_code, 0) << run.out;
  const test_support::ProgramRun whole = test_support::RunCommand(base + " --threads 2");
  EXPECT_EQ(whole.exit_code, 0);
  run = test_support::RunCommand(lbr + " merge " + dir.File("a.json") + " " + dir.File("b.json"));
  EXPECT_EQ(run.exit_code, 0) << run.out;
  // The same figures line (the time differs).
  auto figures = [](const std::string& out) {
    const size_t at = out.find("mbb/hand");
    return at == std::string::npos ? std::string() : out.substr(0, at);
  };
  EXPECT_FALSE(figures(run.out).empty()) << run.out;
  EXPECT_EQ(figures(run.out), figures(whole.out));
  run = test_support::RunCommand(lbr + " merge " + dir.File("a.json") + " " + dir.File("a.json") +
                                 " 2>&1");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.out, HasSubstr("overlap"));
  run = test_support::RunCommand(lbr + " --game " + leduc + " --opponent bot:style=raiser --exact");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("exact:"));
}

}  // namespace
}  // namespace lbr
