// Tests of agent/hand_reader: available actions, starting ranges, reading as a product of
// likelihoods (000 eq. 15-17), Update against the documented formula recomputed here, street
// buckets identical to training's, a model trained on a hand-made log, backoff to DFmodel, 003's
// deviation and the entry prior.
#include "agent/hand_reader.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "agent/df_model.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "poker/hand_strength.h"
#include "poker/state.h"
#include "tests/common/test_support.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace agent {
namespace {

using poker::Card;
using poker::GameDef;
using poker::kNumPairs;
using poker::PairCards;
using poker::State;
using trainer::AbstractAction;
using trainer::kCall;
using trainer::kCheck;
using trainer::kFirstRaise;
using trainer::kFold;

using Likelihood = std::array<float, kNumPairs>;

constexpr char kLimitGame[] = "holdem.limit.2p.reverse_blinds.game";
constexpr char kNoLimitGame[] = "holdem.nolimit.2p.reverse_blinds.game";

const GameDef& Game(const std::string& name) {
  static auto* games = new std::map<std::string, GameDef>;
  auto it = games->find(name);
  if (it == games->end()) {
    absl::StatusOr<GameDef> game =
        poker::LoadGameDef(std::string(POKER_SOURCE_DIR) + "/data/games/" + name);
    EXPECT_TRUE(game.ok()) << game.status();
    it = games->emplace(name, *game).first;
  }
  return it->second;
}

std::vector<Card> Cards(const char* text) { return poker::ParseCards(text).value(); }

// A state of `game` after `betting`, with the given hole cards (position order, "" = unknown)
// and the whole board set (the reader only looks at the cards visible in the round).
State MakeState(const GameDef& game, const std::string& betting,
                const std::vector<std::string>& holes, const char* board) {
  State state(game, 0);
  EXPECT_TRUE(poker::ApplyBetting(betting, &state).ok()) << betting;
  for (size_t p = 0; p < holes.size(); ++p) {
    if (holes[p].empty()) continue;
    const std::vector<Card> c = Cards(holes[p].c_str());
    state.set_hole_card(static_cast<int>(p), 0, c[0]);
    state.set_hole_card(static_cast<int>(p), 1, c[1]);
  }
  const std::vector<Card> b = Cards(board);
  for (size_t i = 0; i < b.size(); ++i) state.set_board_card(static_cast<int>(i), b[i]);
  return state;
}

// The state before each action of `final_state`, with its cards, in order.
std::vector<State> StatesBeforeEachAction(const State& final_state) {
  State replay(final_state.game(), final_state.hand_number());
  for (int p = 0; p < final_state.game().num_players; ++p) {
    for (int i = 0; i < 2; ++i) replay.set_hole_card(p, i, final_state.hole_card(p, i));
  }
  for (int i = 0; i < final_state.game().TotalBoardCards(); ++i) {
    replay.set_board_card(i, final_state.board_card(i));
  }
  std::vector<State> before;
  for (int round = 0; round <= final_state.round(); ++round) {
    for (int i = 0; i < final_state.num_actions(round); ++i) {
      before.push_back(replay);
      EXPECT_TRUE(replay.Apply(final_state.action(round, i)).ok());
    }
  }
  return before;
}

std::array<double, kNumPairs> Normalized(const Range& range) {
  std::array<double, kNumPairs> out;
  const double total = range.Total();
  for (int i = 0; i < kNumPairs; ++i) out[i] = range.weight(i) / total;
  return out;
}

// Share of the likelihood mass (over a uniform prior on live pairs) in pairs whose bucket
// satisfies `pred`.
template <typename Pred>
double BucketShare(const Likelihood& likelihood, const std::array<uint8_t, kNumPairs>& buckets,
                   Pred pred) {
  double in = 0, all = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    if (buckets[i] == trainer::kNoBucket) continue;
    all += likelihood[i];
    if (pred(buckets[i])) in += likelihood[i];
  }
  return in / all;
}

uint32_t Bits(std::initializer_list<int> actions) {
  uint32_t bits = 0;
  for (int a : actions) bits |= 1u << a;
  return bits;
}

// ---- Available actions ----

TEST(AvailableActionsTest, LimitFacingTheBlindAndChecked) {
  const GameDef& game = Game(kLimitGame);
  const trainer::ActionAbstraction abstraction = trainer::ActionAbstraction::ForGame(game);
  EXPECT_EQ(AvailableActions(MakeState(game, "", {}, ""), abstraction),
            Bits({kFold, kCall, kFirstRaise}));
  EXPECT_EQ(AvailableActions(MakeState(game, "c", {}, ""), abstraction),
            Bits({kCheck, kFirstRaise}));
  // Preflop cap: 3 raises.
  EXPECT_EQ(AvailableActions(MakeState(game, "rrr", {}, ""), abstraction), Bits({kFold, kCall}));
  EXPECT_EQ(AvailableActions(MakeState(game, "cc/cc/cc/cc", {}, ""), abstraction), 0u);
}

TEST(AvailableActionsTest, NoLimitRaiseClassesAndAllIn) {
  const GameDef& game = Game(kNoLimitGame);
  const trainer::ActionAbstraction abstraction = trainer::ActionAbstraction::ForGame(game);
  ASSERT_EQ(abstraction.num_actions(), 7);
  // Button facing the big blind: min raise to 200 adds 100 over a 200 pot after calling (0.5:
  // r<0.6) up to every class, and all-in.
  EXPECT_EQ(AvailableActions(MakeState(game, "", {}, ""), abstraction),
            Bits({kFold, kCall, 3, 4, 5, 6}));
  // Facing a raise to 19000, the minimum re-raise is already all-in.
  EXPECT_EQ(AvailableActions(MakeState(game, "r19000", {}, ""), abstraction),
            Bits({kFold, kCall, 6}));
  // Facing all-in: fold or call.
  EXPECT_EQ(AvailableActions(MakeState(game, "r20000", {}, ""), abstraction), Bits({kFold, kCall}));
}

// ---- Null model (DFmodel only) ----

TEST(HandReaderTest, StartsUniformOverPairsNotConflictingWithKnownCards) {
  const GameDef& game = Game(kLimitGame);
  HandReader reader(nullptr, game);
  const State state = MakeState(game, "cc/", {"AhKs", ""}, "2c7d9h");
  reader.StartHand(state, 0, {});
  const Range& range = reader.range(1);
  EXPECT_EQ(range.NumPositive(), 47 * 46 / 2);
  const poker::CardSet known(Cards("AhKs2c7d9h"));
  for (int i = 0; i < kNumPairs; ++i) {
    const PairCards pair = poker::PairFromIndex(i);
    const bool conflict = known.Contains(pair.low) || known.Contains(pair.high);
    ASSERT_EQ(range.weight(i), conflict ? 0.0f : 1.0f) << i;
  }
  // A spectator knows only the board.
  reader.StartHand(state, -1, {});
  EXPECT_EQ(reader.range(0).NumPositive(), 49 * 48 / 2);
}

// 000 eq. 15-17: the read range is the product of the single-action likelihoods, normalised.
void ExpectReadingIsProductOfLikelihoods(const GameDef& game, const std::string& betting) {
  const State final_state = MakeState(game, betting, {"AhKs", ""}, "2c7d9hTsQc");
  HandReader reader(nullptr, game);
  reader.StartHand(final_state, 0, {});
  reader.Update(final_state);

  HandReader single(nullptr, game);
  single.StartHand(final_state, 0, {});
  Range expected;
  expected.RemoveConflicts(poker::CardSet(Cards("AhKs2c7d9hTsQc")));
  int opponent_actions = 0;
  const trainer::ActionAbstraction abstraction = trainer::ActionAbstraction::ForGame(game);
  for (const State& before : StatesBeforeEachAction(final_state)) {
    const int actor = before.CurrentPlayer();
    const int round = before.round();
    const poker::Action action = final_state.action(round, before.num_actions(round));
    if (actor == 0) continue;
    Likelihood likelihood;
    single.ActionLikelihoods(before, actor, abstraction.Classify(before, action), &likelihood);
    for (float f : likelihood) ASSERT_GE(f, 0.0f);
    expected.Multiply(likelihood);
    ++opponent_actions;
  }
  ASSERT_GE(opponent_actions, 3);
  const auto got = Normalized(reader.range(1));
  const auto want = Normalized(expected);
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_NEAR(got[i], want[i], 1e-4 * want[i] + 1e-12) << "pair " << i << " after " << betting;
  }
  // Our own actions are not read: our range only lost the known cards.
  EXPECT_EQ(reader.range(0).NumPositive(), 45 * 44 / 2);
  const float first = reader.range(0).weight(poker::PairIndex(Cards("3c")[0], Cards("4c")[0]));
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_TRUE(reader.range(0).weight(i) == 0 || reader.range(0).weight(i) == first);
  }
}

TEST(HandReaderTest, ReadingIsTheProductOfSingleActionLikelihoodsLimit) {
  ExpectReadingIsProductOfLikelihoods(Game(kLimitGame), "rc/crc/crrc/rc");
}

TEST(HandReaderTest, ReadingIsTheProductOfSingleActionLikelihoodsNoLimit) {
  ExpectReadingIsProductOfLikelihoods(Game(kNoLimitGame), "r300c/cr400c/r1000r3000c/cr20000c");
}

TEST(HandReaderTest, IncrementalUpdatesEqualOneUpdate) {
  const GameDef& game = Game(kLimitGame);
  const State final_state = MakeState(game, "rc/crc/crrc/rc", {"AhKs", ""}, "2c7d9hTsQc");
  HandReader once(nullptr, game), step(nullptr, game);
  once.StartHand(final_state, 0, {});
  once.Update(final_state);
  step.StartHand(final_state, 0, {});
  for (const State& before : StatesBeforeEachAction(final_state)) {
    step.Update(before);
    step.Update(before);  // reading the same state twice reads nothing new
  }
  step.Update(final_state);
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_NEAR(once.range(1).weight(i), step.range(1).weight(i), 1e-6f) << i;
  }
}

// The paper's DFmodel: theta 50, eq. 6 as is.
ReaderOptions PaperDfModel() {
  ReaderOptions options;
  options.df_theta = 50;
  options.df_uniform_share = 0;
  return options;
}

// Mean raise likelihood of the pairs with HS above 0.85 over that of the pairs below 0.3, after
// checking that check and raise likelihoods sum to 1 for every live pair.
double StrongOverWeakRaise(const ReaderOptions& options) {
  const GameDef& game = Game(kLimitGame);
  HandReader reader(nullptr, game, options);
  const State before = MakeState(game, "cc/cc/cc/", {}, "2c7d9hTsQc");
  reader.StartHand(before, -1, {});
  Likelihood raise, check;
  reader.ActionLikelihoods(before, 0, kFirstRaise, &raise);
  reader.ActionLikelihoods(before, 0, kCheck, &check);
  const auto& hs = reader.street_win_rates();
  double strong_raise = 0, weak_raise = 0;
  int strong = 0, weak = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    if (hs[i] < 0) {
      EXPECT_EQ(raise[i], 0.0f);  // conflicts with the board
      continue;
    }
    // Check and raise are the only actions: their likelihoods sum to 1 per pair.
    EXPECT_NEAR(raise[i] + check[i], 1.0f, 2e-3f);
    if (hs[i] > 0.85) strong_raise += raise[i], ++strong;
    if (hs[i] < 0.3) weak_raise += raise[i], ++weak;
  }
  EXPECT_GT(strong, 0);
  EXPECT_GT(weak, 0);
  return (strong_raise / strong) / (weak_raise / weak);
}

TEST(HandReaderTest, DfModelAloneMakesARiverRaiseStrong) {
  EXPECT_GT(StrongOverWeakRaise(PaperDfModel()), 20);
  // The reader's tempered default says the same, more softly.
  const double tempered = StrongOverWeakRaise(ReaderOptions());
  EXPECT_GT(tempered, 1.3);
  EXPECT_LT(tempered, 5);
}

TEST(HandReaderTest, MoreOpponentsInThePotMakeARaiseStronger) {
  const GameDef& game = Game("holdem.nolimit.3p.game");
  HandReader reader(nullptr, game, PaperDfModel());
  // The button raises first in with two opponents behind; the small blind raises after the
  // button folded, against one.
  const State three_way = MakeState(game, "", {}, "");
  const State heads_up = MakeState(game, "f", {}, "");
  ASSERT_EQ(three_way.CurrentPlayer(), 2);
  ASSERT_EQ(heads_up.CurrentPlayer(), 0);
  reader.StartHand(three_way, -1, {});
  Likelihood raise_three, raise_two;
  reader.ActionLikelihoods(three_way, 2, kFirstRaise, &raise_three);
  reader.ActionLikelihoods(heads_up, 0, kFirstRaise, &raise_two);
  // Preflop the reader's win rate is the pair's equity percentile.
  const auto& percentile = reader.street_win_rates();
  double medium_three = 0, medium_two = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    if (percentile[i] >= 0.70 && percentile[i] <= 0.78) {
      medium_three += raise_three[i];
      medium_two += raise_two[i];
    }
  }
  EXPECT_GT(medium_two, 1.5 * medium_three);
}

// ---- Models ----

trainer::OpponentModel EmptyModel(const GameDef& game) {
  return trainer::OpponentModel::Create(game, trainer::ModelOptions()).value();
}

TEST(HandReaderTest, StreetBucketsAreTheTrainingBucketFunction) {
  const GameDef& game = Game(kLimitGame);
  const trainer::OpponentModel model = EmptyModel(game);
  HandReader reader(&model, game);
  const char* bettings[] = {"", "cc/", "cc/cc/", "cc/cc/cc/"};
  const std::vector<Card> board = Cards("Ah9h4cTh2s");
  for (int round = 0; round < 4; ++round) {
    const State state = MakeState(game, bettings[round], {}, "Ah9h4cTh2s");
    reader.PrepareStreet(state);
    std::array<uint8_t, kNumPairs> expected;
    model.buckets().AllPairs(
        round, absl::MakeConstSpan(board.data(), game.BoardCardsThrough(round)), &expected);
    EXPECT_EQ(reader.street_buckets(), expected) << "round " << round;
    // The flop (two hearts) has pairs in the drawing bucket K = 8.
    if (round == 1) {
      EXPECT_NE(std::count(expected.begin(), expected.end(), 8), 0);
    }
  }
}

TEST(HandReaderTest, EmptyModelReadsLikeDfModel) {
  const GameDef& game = Game(kNoLimitGame);
  const trainer::OpponentModel model = EmptyModel(game);
  const State final_state =
      MakeState(game, "r300c/cr400c/r1000r3000c/cr20000c", {"AhKs", ""}, "2c7d9hTsQc");
  const trainer::PlayerModel* nobody = model.FindPlayer("nobody");
  ASSERT_EQ(nobody, nullptr);
  const trainer::PlayerModel* models[] = {nullptr, nobody};
  HandReader with(&model, game), without(nullptr, game);
  with.StartHand(final_state, 0, models);
  without.StartHand(final_state, 0, {});
  with.Update(final_state);
  without.Update(final_state);
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_FLOAT_EQ(with.range(1).weight(i), without.range(1).weight(i)) << i;
  }
}

// A hand-made log: "Raiser" (position 0, first to act after the flop) raises the river exactly
// when its river HS is at least 0.8 and checks otherwise; "Caller" calls or checks everything.
// ctest runs tests of this suite in parallel processes, so each process writes its own copy.
std::string WriteRiverRaiserLog(const test_support::TempDir& dir, int hands) {
  const GameDef& game = Game(kLimitGame);
  const std::string path = dir.File("river_raiser.log");
  std::ofstream out(path);
  poker::Dealer dealer(game, 7);
  for (int h = 0; h < hands; ++h) {
    State state(game, static_cast<uint32_t>(h));
    dealer.DealNext(&state);
    const Card a = state.hole_card(0, 0), b = state.hole_card(0, 1);
    std::vector<Card> board;
    for (int i = 0; i < 5; ++i) board.push_back(state.board_card(i));
    const double hs = poker::HandStrength({std::min(a, b), std::max(a, b)}, board);
    EXPECT_TRUE(poker::ApplyBetting(hs >= 0.8 ? "cc/cc/cc/rc" : "cc/cc/cc/cc", &state).ok());
    std::vector<double> values(2);
    EXPECT_TRUE(state.Values(absl::MakeSpan(values)).ok());
    const poker::LogLine line{state, values, {"Raiser", "Caller"}, ""};
    out << poker::FormatLogLine(line) << "\n";
  }
  return path;
}

// The river raiser's model; `context_version` 0 trains without street context, 1 or 2 with that
// version of it; K = `num_buckets`.
trainer::OpponentModel TrainRiverRaiser(int context_version = 0, int num_buckets = 8) {
  static const test_support::TempDir dir;
  static const std::string* path = new std::string(WriteRiverRaiserLog(dir, 3000));
  trainer::TrainOptions options;
  options.log_paths = {*path};
  options.game = Game(kLimitGame);
  options.game_name = kLimitGame;
  options.model.num_buckets = num_buckets;
  if (context_version > 0) {
    options.model.street_context = true;
    options.model.street_context_version = context_version;
  }
  absl::StatusOr<trainer::TrainResult> result = trainer::Train(options);
  EXPECT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->summary.hands, 3000);
  EXPECT_EQ(result->summary.rejected, 0);
  return std::move(result->model);
}

// ---- Update against the documented formula, computed here independently ----
//
// docs/hand_reading.md: with no model, an action's factor for a pair is DFmodel at the pair's
// win rate (HS against one random hand on the board, binned to 1/128 and read at the bin's
// centre; heads-up the field win rate is HS itself), eq. 6 with the documented intervals capped
// at theta, normalised over the available actions, with df_uniform_share spread evenly over them,
// floored at min_likelihood. With a model, P_pop = (n_pop(b, a) + population_prior * DF) /
// (n_pop(b) + population_prior) and P = (n_player(b, a) + player_prior * P_pop) / (n_player(b) +
// player_prior), counts over the available actions. The tests below recompute that from the
// documented numbers (not from DfModel or HandReader) and compare it with what Update did to the
// range: the ratio of the range after the action to the range before it.

struct DocInterval {
  double low, high, baseline;
};
// The documented intervals (docs/hand_reading.md, limit: one raise class, baseline its centre).
const std::map<AbstractAction, DocInterval>& DocumentedLimitIntervals() {
  static const auto* intervals =
      new std::map<AbstractAction, DocInterval>{{kFold, {0.0, 0.55, 0.35}},
                                                {kCheck, {0.0, 0.66, 0.35}},
                                                {kCall, {0.57, 0.68, 0.61}},
                                                {kFirstRaise, {0.66, 1.0, 0.83}}};
  return *intervals;
}

// Eq. 6, capped at theta.
double Eq6(const DocInterval& in, double theta, double p) {
  if (p >= in.low && p <= in.high) return theta;
  const double value =
      p < in.baseline ? in.baseline / (in.baseline - p) : (1 - in.baseline) / (p - in.baseline);
  return std::min(value, theta);
}

// The tempered DFmodel probability of `action` among `available` at heads-up win rate `hs`.
double DocumentedDf(AbstractAction action, const std::vector<AbstractAction>& available, double hs,
                    const ReaderOptions& options) {
  const double w = (std::floor(hs * 128) + 0.5) / 128;  // the bin's centre
  double total = 0;
  for (AbstractAction a : available) {
    total += Eq6(DocumentedLimitIntervals().at(a), options.df_theta, w);
  }
  const double df = Eq6(DocumentedLimitIntervals().at(action), options.df_theta, w) / total;
  return (1 - options.df_uniform_share) * df + options.df_uniform_share / available.size();
}

// Reads `prefix` then `prefix + action` (the river, limit, board 2c7d9hTsQc) and returns, per
// pair, the weight ratio after/before of position `reader_of`'s range, normalised to sum to 1
// over the pairs alive before; also the pairs' HS, computed here with poker::HandStrength.
struct ReadRatio {
  std::array<double, kNumPairs> ratio{};
  std::array<double, kNumPairs> hs{};
  std::vector<int> live;
};
ReadRatio ReadOneRiverAction(HandReader& reader, const std::string& prefix, const char* action,
                             int observer, absl::Span<const trainer::PlayerModel* const> models,
                             int reader_of) {
  const GameDef& game = Game(kLimitGame);
  const char* board = "2c7d9hTsQc";
  const std::vector<std::string> holes =
      observer == 0 ? std::vector<std::string>{"AhKs", ""} : std::vector<std::string>{};
  const State before = MakeState(game, prefix, holes, board);
  const State after = MakeState(game, prefix + action, holes, board);
  EXPECT_EQ(before.round(), 3);
  EXPECT_EQ(before.CurrentPlayer(), reader_of);
  reader.StartHand(before, observer, models);
  reader.Update(before);
  const Range first = reader.range(reader_of);
  reader.Update(after);
  const Range& second = reader.range(reader_of);
  ReadRatio out;
  double total = 0;
  const std::vector<Card> board_cards = Cards(board);
  for (int i = 0; i < kNumPairs; ++i) {
    if (first.weight(i) <= 0) continue;
    out.live.push_back(i);
    out.ratio[i] = static_cast<double>(second.weight(i)) / first.weight(i);
    total += out.ratio[i];
    out.hs[i] = poker::HandStrength(poker::PairFromIndex(i), board_cards);
  }
  for (int i : out.live) out.ratio[i] /= total;
  return out;
}

// Compares Update's ratios with `expected` factors (normalised here the same way).
void ExpectRatiosAre(const ReadRatio& got, std::array<double, kNumPairs> expected,
                     const std::string& what) {
  double total = 0;
  for (int i : got.live) total += expected[i];
  ASSERT_GT(total, 0);
  for (int i : got.live) {
    const double want = expected[i] / total;
    ASSERT_NEAR(got.ratio[i], want, 1e-4 * want) << what << ": pair " << i << " hs " << got.hs[i];
  }
}

TEST(HandReaderTest, UpdateFollowsTheDocumentedDfModelFormula) {
  const GameDef& game = Game(kLimitGame);
  const ReaderOptions options;  // the agent's: theta 3, 40% spread evenly
  ASSERT_EQ(options.df_theta, 3);
  ASSERT_EQ(options.df_uniform_share, 0.4);
  struct Case {
    const char* prefix;
    const char* action;
    AbstractAction observed;
    std::vector<AbstractAction> available;
  };
  // Position 0 acts first after the flop; we are position 0 and read position 1.
  const Case cases[] = {
      {"cc/cc/cc/c", "r", kFirstRaise, {kCheck, kFirstRaise}},        // a bet
      {"cc/cc/cc/c", "c", kCheck, {kCheck, kFirstRaise}},             // a check behind
      {"cc/cc/cc/r", "c", kCall, {kFold, kCall, kFirstRaise}},        // a call of a bet
      {"cc/cc/cc/r", "r", kFirstRaise, {kFold, kCall, kFirstRaise}},  // a raise
  };
  for (const Case& c : cases) {
    HandReader reader(nullptr, game, options);
    const ReadRatio got = ReadOneRiverAction(reader, c.prefix, c.action, 0, {}, 1);
    ASSERT_EQ(got.live.size(), 45u * 44 / 2);
    std::array<double, kNumPairs> expected{};
    for (int i : got.live) {
      expected[i] = std::max(DocumentedDf(c.observed, c.available, got.hs[i], options),
                             static_cast<double>(options.min_likelihood));
    }
    ExpectRatiosAre(got, expected, std::string(c.prefix) + c.action);
  }
  // The function itself, checked by hand: facing a bet, HS 0.55 is read at the bin centre
  // 0.55078125, just past fold's domain [0, 0.55]: fold (1 - 0.35) / (0.55078 - 0.35) = 3.24 and
  // call 0.61 / (0.61 - 0.55078) = 10.3 are capped at theta 3, raise 0.83 / (0.83 - 0.55078) =
  // 2.97. HS 0.95 is read at 0.94921875: fold 0.65 / 0.59922 = 1.085, call 0.39 / 0.33922 = 1.150,
  // raise 3 (inside its domain).
  EXPECT_NEAR(DocumentedDf(kCall, {kFold, kCall, kFirstRaise}, 0.55, options),
              0.6 * 3 / (6 + 0.83 / 0.27921875) + 0.4 / 3, 1e-12);
  EXPECT_NEAR(DocumentedDf(kFirstRaise, {kFold, kCall, kFirstRaise}, 0.95, options),
              0.6 * 3 / (0.65 / 0.59921875 + 0.39 / 0.33921875 + 3) + 0.4 / 3, 1e-12);
}

TEST(HandReaderTest, UpdateFollowsTheDocumentedBackoffWithAModel) {
  const GameDef& game = Game(kLimitGame);
  const trainer::OpponentModel model = TrainRiverRaiser();
  const trainer::PlayerModel* raiser = model.FindPlayer("Raiser");
  ASSERT_NE(raiser, nullptr);
  const ReaderOptions options;
  // A spectator reads the Raiser (position 0) betting or checking the river, first to act.
  const trainer::NodeView pop = model.population().street(3).Root();
  const trainer::NodeView own = raiser->street(3).Root();
  ASSERT_GT(own.num_buckets(), 0);
  const std::vector<Card> board = Cards("2c7d9hTsQc");
  std::array<uint8_t, kNumPairs> buckets;
  model.buckets().AllPairs(3, absl::MakeConstSpan(board), &buckets);
  const std::vector<AbstractAction> available = {kCheck, kFirstRaise};
  for (const auto& [action, observed] :
       {std::pair<const char*, AbstractAction>{"r", kFirstRaise}, {"c", kCheck}}) {
    HandReader reader(&model, game, options);
    const trainer::PlayerModel* models[] = {raiser, nullptr};
    const ReadRatio got = ReadOneRiverAction(reader, "cc/cc/cc/", action, -1, models, 0);
    ASSERT_EQ(got.live.size(), 47u * 46 / 2);
    std::array<double, kNumPairs> expected{};
    int with_counts = 0;
    for (int i : got.live) {
      const int b = buckets[i];
      ASSERT_NE(b, trainer::kNoBucket);
      double n_pop = 0, n_own = 0;
      for (AbstractAction a : available) {
        n_pop += static_cast<double>(pop.bucket_action_count(b, a));
        n_own += static_cast<double>(own.bucket_action_count(b, a));
      }
      const double df = DocumentedDf(observed, available, got.hs[i], options);
      const double p_pop =
          n_pop > 0 ? (pop.bucket_action_count(b, observed) + options.population_prior * df) /
                          (n_pop + options.population_prior)
                    : df;
      const double p = n_own > 0
                           ? (own.bucket_action_count(b, observed) + options.player_prior * p_pop) /
                                 (n_own + options.player_prior)
                           : p_pop;
      with_counts += n_own > 0;
      expected[i] = std::max(p, static_cast<double>(options.min_likelihood));
    }
    EXPECT_GT(with_counts, 500);  // the counts, not only DFmodel, are what is checked
    ExpectRatiosAre(got, expected, std::string("cc/cc/cc/") + action);
  }
}

TEST(HandReaderTest, TrainedModelMakesARiverRaiseMeanStrongBuckets) {
  const GameDef& game = Game(kLimitGame);
  const trainer::OpponentModel model = TrainRiverRaiser();
  const trainer::PlayerModel* raiser = model.FindPlayer("Raiser");
  ASSERT_NE(raiser, nullptr);
  const trainer::NodeView root = raiser->street(3).Root();
  ASSERT_GT(root.action_count(kFirstRaise), 200u);
  ASSERT_GT(root.action_count(kCheck), 1000u);

  const State before = MakeState(game, "cc/cc/cc/", {}, "2c7d9hTsQc");
  const trainer::PlayerModel* models[] = {raiser, nullptr};
  HandReader trained(&model, game), df_only(nullptr, game);
  trained.StartHand(before, -1, models);
  df_only.StartHand(before, -1, {});
  Likelihood with_model, with_df;
  trained.ActionLikelihoods(before, 0, kFirstRaise, &with_model);
  df_only.ActionLikelihoods(before, 0, kFirstRaise, &with_df);
  trained.PrepareStreet(before);
  const auto& buckets = trained.street_buckets();
  // River buckets are HS eighths: 7 = [0.875, 1], 6 = [0.75, 0.875); the player never raised
  // below 0.8.
  const auto strong = [](uint8_t b) { return b == 7; };
  const auto weak = [](uint8_t b) { return b <= 4; };
  EXPECT_GT(BucketShare(with_model, buckets, strong), BucketShare(with_df, buckets, strong) + 0.1);
  EXPECT_LT(BucketShare(with_model, buckets, weak), BucketShare(with_df, buckets, weak) / 5);
  EXPECT_GT(BucketShare(with_model, buckets, strong), 0.55);
  // Weak pairs are at the floor, never at zero.
  for (int i = 0; i < kNumPairs; ++i) {
    if (buckets[i] != trainer::kNoBucket && buckets[i] <= 3) {
      ASSERT_GE(with_model[i], trained.options().min_likelihood);
      ASSERT_LT(with_model[i], 0.01f);
    }
  }
  // After a check the strong pairs become unlikely.
  Likelihood check;
  trained.ActionLikelihoods(before, 0, kCheck, &check);
  EXPECT_LT(BucketShare(check, buckets, strong), 0.02);

  // Update gives the same: the reader's range after "Raiser" raises the river.
  const State after = MakeState(game, "cc/cc/cc/r", {}, "2c7d9hTsQc");
  trained.StartHand(after, -1, models);
  trained.Update(after);
  double strong_share = 0;
  const auto normalized = Normalized(trained.range(0));
  for (int i = 0; i < kNumPairs; ++i) strong_share += buckets[i] == 7 ? normalized[i] : 0;
  EXPECT_GT(strong_share, 0.55);
}

TEST(HandReaderTest, UnknownPlayerAtAnUnseenNodeBacksOffToDfModel) {
  const GameDef& game = Game(kLimitGame);
  const trainer::OpponentModel model = TrainRiverRaiser();
  // Nobody ever bet the turn in the log: position 1 facing a turn bet is a node the population
  // never saw.
  const State before = MakeState(game, "cc/cc/r", {}, "2c7d9hTsQc");
  ASSERT_FALSE(model.population()
                   .street(2)
                   .Lookup(trainer::StreetPath(before, model.abstraction(), 1))
                   .found());
  HandReader df_only(nullptr, game);
  df_only.StartHand(before, -1, {});
  for (const trainer::PlayerModel* player :
       {static_cast<const trainer::PlayerModel*>(nullptr), model.FindPlayer("stranger")}) {
    const trainer::PlayerModel* models[] = {nullptr, player};
    HandReader reader(&model, game);
    reader.StartHand(before, -1, models);
    for (AbstractAction action : {kFold, kCall, kFirstRaise}) {
      Likelihood got, want;
      reader.ActionLikelihoods(before, 1, action, &got);
      df_only.ActionLikelihoods(before, 1, action, &want);
      for (int i = 0; i < kNumPairs; ++i) ASSERT_EQ(got[i], want[i]) << i;
    }
  }
  // Where the population has data, the unknown player is read with it, not with DFmodel.
  const State river = MakeState(game, "cc/cc/cc/", {}, "2c7d9hTsQc");
  HandReader reader(&model, game);
  reader.StartHand(river, -1, {});
  Likelihood got, want;
  reader.ActionLikelihoods(river, 0, kFirstRaise, &got);
  df_only.ActionLikelihoods(river, 0, kFirstRaise, &want);
  int differ = 0;
  for (int i = 0; i < kNumPairs; ++i) differ += got[i] != want[i];
  EXPECT_GT(differ, 500);
  // "Caller" is known and called every river bet: its DFmodel's call interval moved down.
  const trainer::PlayerModel* models[] = {nullptr, model.FindPlayer("Caller")};
  reader.StartHand(river, -1, models);
  EXPECT_LT(reader.df_model(1).interval(kCall).low, 0.57 - 0.1);
  EXPECT_EQ(reader.df_model(0).interval(kCall).low, 0.57);
}

// Street context version 2: a context's population cell is smoothed toward the context-free
// cell (the node's counts summed over every context) with context_prior pseudo-decisions,
// recomputed here from the counts; version 1 models back off straight to DFmodel, as before.
TEST(HandReaderTest, StreetContextBacksOffToTheContextFreeCell) {
  const GameDef& game = Game(kLimitGame);
  // Every hand of the log is unraised before the river: context (0 raises). A few river
  // decisions after one preflop raise by the other player are added by hand: position 0 checks
  // with every bucket, twice.
  trainer::OpponentModel model = TrainRiverRaiser(2);
  ASSERT_EQ(model.street_context_version(), 2);
  const trainer::PathKey unraised = trainer::StreetContext(0, false, 3, 2, false);
  const trainer::PathKey raised = trainer::StreetContext(1, false, 3, 2, false);
  ASSERT_NE(unraised, raised);
  trainer::PatternTree& river = model.mutable_population().mutable_street(3);
  ASSERT_GT(river.Lookup(unraised).action_count(kFirstRaise), 200u);
  river.AddTimes(raised, 2 * model.buckets().num_buckets());
  for (int b = 0; b < model.buckets().num_buckets(); ++b) {
    river.AddDecisions(raised, kCheck, 2);
    river.AddBucketDecisions(raised, b, kCheck, 2);
  }
  const std::vector<Card> board = Cards("2c7d9hTsQc");
  std::array<uint8_t, kNumPairs> buckets;
  model.buckets().AllPairs(3, absl::MakeConstSpan(board), &buckets);
  const std::vector<AbstractAction> available = {kCheck, kFirstRaise};
  const trainer::NodeView free_a = river.Lookup(unraised), ctx = river.Lookup(raised);
  for (const double context_prior : {0.0, 150.0, 1e9}) {
    ReaderOptions options;
    options.context_prior = context_prior;
    HandReader reader(&model, game, options);
    // A spectator reads position 0 betting the river after the other player raised preflop.
    const ReadRatio got = ReadOneRiverAction(reader, "rc/cc/cc/", "r", -1, {}, 0);
    ASSERT_EQ(got.live.size(), 47u * 46 / 2);
    std::array<double, kNumPairs> expected{};
    for (int i : got.live) {
      const int b = buckets[i];
      double n_free = 0, n_ctx = 0;
      for (AbstractAction a : available) {
        n_free +=
            static_cast<double>(free_a.bucket_action_count(b, a) + ctx.bucket_action_count(b, a));
        n_ctx += static_cast<double>(ctx.bucket_action_count(b, a));
      }
      ASSERT_EQ(n_ctx, 2);
      const double df = DocumentedDf(kFirstRaise, available, got.hs[i], options);
      const double raises = static_cast<double>(free_a.bucket_action_count(b, kFirstRaise));
      const double p_free = n_free > 0 ? (raises + options.population_prior * df) /
                                             (n_free + options.population_prior)
                                       : df;
      // No back-off (context_prior 0): the context's two checks smoothed toward DFmodel.
      const double p = context_prior > 0 ? (0 + context_prior * p_free) / (n_ctx + context_prior)
                                         : (0 + options.population_prior * df) /
                                               (n_ctx + options.population_prior);
      expected[i] = std::max(p, static_cast<double>(options.min_likelihood));
    }
    ExpectRatiosAre(got, expected, absl::StrCat("context prior ", context_prior));
  }
  // Version 1 reads as before: no back-off, whatever context_prior says.
  trainer::OpponentModel v1 = TrainRiverRaiser(1);
  ASSERT_EQ(v1.street_context_version(), 1);
  HandReader v1_reader(&v1, game), df_only(nullptr, game);
  const State before = MakeState(game, "rc/cc/cc/", {}, "2c7d9hTsQc");
  ASSERT_FALSE(v1.population()
                   .street(3)
                   .Lookup(trainer::StreetPath(before, v1.abstraction(), 0, 1))
                   .found());
  v1_reader.StartHand(before, -1, {});
  df_only.StartHand(before, -1, {});
  Likelihood got, want;
  v1_reader.ActionLikelihoods(before, 0, kFirstRaise, &got);
  df_only.ActionLikelihoods(before, 0, kFirstRaise, &want);
  for (int i = 0; i < kNumPairs; ++i) ASSERT_EQ(got[i], want[i]) << i;
}

TEST(HandReaderTest, FineBucketsBackOffToTheCoarseBucketsTheyNestIn) {
  const GameDef& game = Game(kLimitGame);
  // The same hands counted with 16 and with 8 buckets: 16 nest in 8 (bucket b in b / 2).
  const trainer::OpponentModel fine = TrainRiverRaiser(0, 16);
  const trainer::OpponentModel coarse = TrainRiverRaiser(0, 8);
  const trainer::NodeView pop = fine.population().street(3).Root();
  const trainer::NodeView pop8 = coarse.population().street(3).Root();
  const std::vector<Card> board = Cards("2c7d9hTsQc");
  std::array<uint8_t, kNumPairs> buckets, buckets8;
  fine.buckets().AllPairs(3, absl::MakeConstSpan(board), &buckets);
  coarse.buckets().AllPairs(3, absl::MakeConstSpan(board), &buckets8);
  const std::vector<AbstractAction> available = {kCheck, kFirstRaise};
  int moved = 0;  // pairs whose likelihood the back-off moves by more than 1%
  for (const double bucket_prior : {0.0, 40.0}) {
    ReaderOptions options;
    options.bucket_prior = bucket_prior;
    options.fine_buckets_preflop_only = false;  // the river's fine buckets are what is checked
    HandReader reader(&fine, game, options);
    // A spectator reads position 0 (no player model) raising the river.
    const ReadRatio got = ReadOneRiverAction(reader, "cc/cc/cc/", "r", -1, {}, 0);
    ASSERT_EQ(got.live.size(), 47u * 46 / 2);
    std::array<double, kNumPairs> expected{};
    for (int i : got.live) {
      const int b = buckets[i];
      ASSERT_EQ(buckets8[i], b / 2) << i;
      double n = 0, n_coarse = 0, raises_coarse = 0;
      for (AbstractAction a : available) {
        n += static_cast<double>(pop.bucket_action_count(b, a));
        for (int f = 2 * (b / 2); f < 2 * (b / 2) + 2; ++f) {
          n_coarse += static_cast<double>(pop.bucket_action_count(f, a));
        }
      }
      for (int f = 2 * (b / 2); f < 2 * (b / 2) + 2; ++f) {
        raises_coarse += static_cast<double>(pop.bucket_action_count(f, kFirstRaise));
      }
      // The coarse cell's counts are those of the 8-bucket model.
      ASSERT_EQ(raises_coarse, static_cast<double>(pop8.bucket_action_count(b / 2, kFirstRaise)));
      const double df = DocumentedDf(kFirstRaise, available, got.hs[i], options);
      const double raises = static_cast<double>(pop.bucket_action_count(b, kFirstRaise));
      const double qp = options.population_prior;
      const double p_coarse = n_coarse > 0 ? (raises_coarse + qp * df) / (n_coarse + qp) : df;
      const double p =
          bucket_prior > 0
              ? (n > 0 ? (raises + bucket_prior * p_coarse) / (n + bucket_prior) : p_coarse)
              : (n > 0 ? (raises + qp * df) / (n + qp) : df);
      const double plain = n > 0 ? (raises + qp * df) / (n + qp) : df;
      moved += std::abs(p - plain) > 0.01 * plain;
      expected[i] = std::max(p, static_cast<double>(options.min_likelihood));
    }
    ExpectRatiosAre(got, expected, absl::StrCat("bucket prior ", bucket_prior));
  }
  EXPECT_GT(moved, 100);
  // A huge bucket prior reads the 16-bucket model as the 8-bucket one; an 8-bucket model (the
  // agent's) reads the same with or without the option.
  ReaderOptions huge;
  huge.bucket_prior = 1e9;
  huge.fine_buckets_preflop_only = false;
  ReaderOptions on;
  on.bucket_prior = 40;
  on.fine_buckets_preflop_only = false;
  HandReader fine_huge(&fine, game, huge), coarse_plain(&coarse, game),
      coarse_on(&coarse, game, on);
  const State before = MakeState(game, "cc/cc/cc/", {}, "2c7d9hTsQc");
  Likelihood a, b, c;
  for (HandReader* reader : {&fine_huge, &coarse_plain, &coarse_on})
    reader->StartHand(before, -1, {});
  fine_huge.ActionLikelihoods(before, 0, kFirstRaise, &a);
  coarse_plain.ActionLikelihoods(before, 0, kFirstRaise, &b);
  coarse_on.ActionLikelihoods(before, 0, kFirstRaise, &c);
  // Fine buckets preflop only: the river reads exactly as the 8-bucket model.
  ReaderOptions preflop_only = on;
  preflop_only.fine_buckets_preflop_only = true;  // the default
  EXPECT_TRUE(ReaderOptions().fine_buckets_preflop_only);
  HandReader fine_preflop(&fine, game, preflop_only);
  fine_preflop.StartHand(before, -1, {});
  Likelihood d;
  fine_preflop.ActionLikelihoods(before, 0, kFirstRaise, &d);
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_NEAR(a[i], b[i], 1e-5 * b[i] + 1e-7) << i;
    ASSERT_EQ(b[i], c[i]) << i;
    ASSERT_NEAR(d[i], b[i], 1e-6 * b[i]) << i;
  }
}

TEST(CoarseBucketParentsTest, NestsAMultipleAndRefusesTheRest) {
  ReaderOptions options;  // bucket prior 50 toward 8 coarse buckets
  // Slots past the draw bucket (kNoBucket 255 among them) read themselves.
  std::array<uint8_t, 256> parent{};
  ASSERT_TRUE(CoarseBucketParents(options, 32, absl::MakeSpan(parent)));
  EXPECT_EQ(parent[0], 0);
  EXPECT_EQ(parent[3], 0);
  EXPECT_EQ(parent[4], 1);
  EXPECT_EQ(parent[31], 7);
  EXPECT_EQ(parent[32], 8);  // the draw bucket K is coarse bucket c
  EXPECT_EQ(parent[33], 33);
  EXPECT_EQ(parent[trainer::kNoBucket], trainer::kNoBucket);
  // No back-off: `parent` is left as it was.
  parent.fill(7);
  EXPECT_FALSE(CoarseBucketParents(options, 8, absl::MakeSpan(parent)));   // K == c
  EXPECT_FALSE(CoarseBucketParents(options, 12, absl::MakeSpan(parent)));  // not a multiple
  EXPECT_FALSE(CoarseBucketParents(options, 40, absl::MakeSpan(parent)));  // above the most
  ReaderOptions off = options;
  off.bucket_prior = 0;
  EXPECT_FALSE(CoarseBucketParents(off, 32, absl::MakeSpan(parent)));
  for (uint8_t p : parent) ASSERT_EQ(p, 7);
  // An empty span only answers whether the buckets back off.
  EXPECT_TRUE(CoarseBucketParents(options, 16, {}));
}

TEST(HandReaderTest, DeviationShiftsAPlayerWithOnlyNodeCounts) {
  const GameDef& game = Game(kLimitGame);
  trainer::OpponentModel model = TrainRiverRaiser();
  // Learned online: 100 decisions at the river root, 80 raises, no cards seen.
  trainer::PatternTree& tree = model.MutablePlayer("Maniac").mutable_street(3);
  tree.AddTimes(trainer::PathKey(), 100);
  tree.AddDecisions(trainer::PathKey(), kFirstRaise, 80);
  tree.AddDecisions(trainer::PathKey(), kCheck, 20);
  const trainer::PlayerModel* maniac = model.FindPlayer("Maniac");

  const State before = MakeState(game, "cc/cc/cc/", {}, "2c7d9hTsQc");
  const trainer::NodeView pop = model.population().street(3).Root();
  const double b_raise = static_cast<double>(pop.action_count(kFirstRaise)) /
                         (pop.action_count(kFirstRaise) + pop.action_count(kCheck));
  ASSERT_GT(b_raise, 0.1);
  ASSERT_LT(b_raise, 0.35);
  const double g_raise = 0.8 - b_raise;  // G_T(raise); G_T(check) = -G_T(raise)

  const trainer::PlayerModel* unknown[] = {nullptr, nullptr};
  const trainer::PlayerModel* online[] = {maniac, nullptr};
  HandReader population_reader(&model, game), maniac_reader(&model, game);
  population_reader.StartHand(before, -1, unknown);
  maniac_reader.StartHand(before, -1, online);
  Likelihood pop_check, got_raise, got_check, pop_raise;
  population_reader.ActionLikelihoods(before, 0, kCheck, &pop_check);
  population_reader.ActionLikelihoods(before, 0, kFirstRaise, &pop_raise);
  maniac_reader.ActionLikelihoods(before, 0, kFirstRaise, &got_raise);
  maniac_reader.ActionLikelihoods(before, 0, kCheck, &got_check);
  const double floor = maniac_reader.options().min_likelihood;
  int checked = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    if (pop_check[i] == 0) continue;  // conflicts with the board
    // P = P_pop + G_T, clipped at the floor and renormalised over {check, raise}.
    const double p_check = pop_check[i];
    const double raise = std::max(1 - p_check + g_raise, floor);
    const double check = std::max(p_check - g_raise, floor);
    ASSERT_NEAR(got_raise[i], std::max(raise / (raise + check), floor), 2e-5) << i;
    ASSERT_NEAR(got_check[i], std::max(check / (raise + check), floor), 2e-5) << i;
    ++checked;
  }
  EXPECT_EQ(checked, 47 * 46 / 2);
  // So the maniac's raise says much less about strength than a population player's.
  maniac_reader.PrepareStreet(before);
  const auto& buckets = maniac_reader.street_buckets();
  const auto weak = [](uint8_t b) { return b <= 3; };
  EXPECT_GT(BucketShare(got_raise, buckets, weak), 0.3);
  EXPECT_LT(BucketShare(pop_raise, buckets, weak), 0.05);
}

TEST(HandReaderTest, EntryPriorFavoursTopHandsOfATightPlayer) {
  const GameDef& game = Game(kLimitGame);
  trainer::OpponentModel model = EmptyModel(game);
  const trainer::PositionClass button = model.position_classes()[1];
  model.mutable_population().AddEntry(button, {1000, 600});
  model.MutablePlayer("Tight").AddEntry(button, {1000, 150});
  const trainer::PlayerModel* models[] = {nullptr, model.FindPlayer("Tight")};

  const State state = MakeState(game, "rc/", {}, "2c7d9h");
  ReaderOptions with_prior, without_prior;
  without_prior.entry_prior = false;
  HandReader reader(&model, game, with_prior), plain(&model, game, without_prior);
  reader.StartHand(state, -1, models);
  plain.StartHand(state, -1, models);
  reader.Update(state);
  plain.Update(state);

  // Top 20% of pairs by preflop equity.
  std::vector<double> equity(kNumPairs);
  for (int i = 0; i < kNumPairs; ++i) equity[i] = poker::PreflopEquity(poker::PairFromIndex(i));
  std::vector<double> sorted = equity;
  std::sort(sorted.begin(), sorted.end());
  const double cut = sorted[kNumPairs * 8 / 10];
  double top_with = 0, top_without = 0;
  const auto a = Normalized(reader.range(1)), b = Normalized(plain.range(1));
  for (int i = 0; i < kNumPairs; ++i) {
    if (equity[i] >= cut) top_with += a[i], top_without += b[i];
  }
  EXPECT_GT(top_with, top_without + 0.15);
  // Position 0 also entered (it called), but as an unknown player it gets no entry prior.
  for (int i = 0; i < kNumPairs; ++i) {
    ASSERT_FLOAT_EQ(reader.range(0).weight(i), plain.range(0).weight(i));
  }
}

// The entry prior's pseudo-hands are fitted on the model's players (empirical Bayes): players
// whose entry rates differ widely get a weak prior, players who all enter alike a strong one, and
// a model with too few players keeps 20.
TEST(HandReaderTest, EntryPseudoHandsAreFittedOnThePlayers) {
  const GameDef& game = Game(kLimitGame);
  const trainer::PositionClass button = EmptyModel(game).position_classes()[1];
  trainer::OpponentModel spread = EmptyModel(game), alike = EmptyModel(game);
  // Rates 0.1, 0.3, ..., 0.9 over 1000 hands each: between-player variance 0.1, so
  // 0.5 * 0.5 / (0.1 - 0.25 / 1000) - 1 = 1.506 pseudo-hands.
  for (int i = 0; i < 5; ++i) {
    spread.MutablePlayer(absl::StrCat("p", i)).AddEntry(button, {1000, 100u + 200u * i});
    alike.MutablePlayer(absl::StrCat("p", i)).AddEntry(button, {1000, 500u + (i % 2)});
  }
  EXPECT_NEAR(EntryPseudoHands(spread, button), 0.25 / (0.1 - 0.25 / 1000) - 1, 1e-6);
  EXPECT_GE(EntryPseudoHands(alike, button), 999.0);
  trainer::OpponentModel few = EmptyModel(game);
  few.MutablePlayer("a").AddEntry(button, {1000, 100});
  few.MutablePlayer("b").AddEntry(button, {1000, 900});
  EXPECT_EQ(EntryPseudoHands(few, button), 20.0);
}

}  // namespace
}  // namespace agent

namespace agent {
namespace {

// ---- Range-relative buckets and fitted pseudo-decisions ----

// The range buckets of `position` computed pair by pair from the reader's range and win rates,
// O(pairs^2), as strength_buckets.h defines them.
std::array<uint8_t, kNumPairs> BruteForceRangeBuckets(const HandReader& reader, int position,
                                                      const trainer::StrengthBuckets& buckets,
                                                      int round, const std::vector<Card>& board) {
  const trainer::BoardFeatures features = trainer::StrengthBuckets::Features(
      round, 4, absl::MakeConstSpan(board.data(), 3 + (round - 1)));
  const std::array<float, kNumPairs>& rate = reader.street_win_rates();
  const Range& range = reader.range(position);
  double total = 0;
  for (int j = 0; j < kNumPairs; ++j) total += rate[j] >= 0 ? range.weight(j) : 0;
  std::array<uint8_t, kNumPairs> out;
  out.fill(trainer::kNoBucket);
  for (int i = 0; i < kNumPairs; ++i) {
    if (rate[i] < 0) continue;
    double below = 0;
    for (int j = 0; j < kNumPairs; ++j) {
      if (rate[j] < 0) continue;
      if (rate[j] < rate[i]) below += range.weight(j);
      if (rate[j] == rate[i]) below += range.weight(j) / 2;
    }
    const uint8_t hs = buckets.Bucket(poker::PairFromIndex(i), features, rate[i]);
    const int k = buckets.num_strength_buckets();
    out[i] =
        hs == k ? hs : static_cast<uint8_t>(std::min(k - 1, static_cast<int>(below / total * k)));
  }
  return out;
}

TEST(HandReaderTest, RangeBucketsAreTheHsPercentileInTheRange) {
  const GameDef& game = Game(kLimitGame);
  const trainer::StrengthBuckets buckets = trainer::StrengthBuckets::HsDrawRange(game, 8).value();
  const std::vector<Card> board = Cards("Ah9h4cTh2s");
  // DFmodel reads the preflop raise and the flop bet of position 0 (the big blind: it acts
  // first after the flop): its range leans to strong hands.
  const State state = MakeState(game, "crc/r", {}, "Ah9h4cTh2s");
  HandReader reader(nullptr, game);
  const trainer::PlayerModel* models[] = {nullptr, nullptr};
  reader.StartHand(state, -1, models);
  reader.Update(state);
  reader.PrepareStreet(state);
  for (int position : {0, 1}) {
    std::array<uint8_t, kNumPairs> got;
    reader.RangeBuckets(position, buckets, &got);
    EXPECT_EQ(got, BruteForceRangeBuckets(reader, position, buckets, 1, board));
  }
  // A strong range puts a made hand in a lower bucket than its HS does: fewer of the range's
  // pairs are below it.
  std::array<uint8_t, kNumPairs> raiser, hs;
  reader.RangeBuckets(0, buckets, &raiser);
  buckets.AllPairs(1, absl::MakeConstSpan(board.data(), 3), &hs);
  int lower = 0, higher = 0;
  for (int i = 0; i < kNumPairs; ++i) {
    if (hs[i] == trainer::kNoBucket || hs[i] == 8) continue;
    lower += raiser[i] < hs[i];
    higher += raiser[i] > hs[i];
  }
  EXPECT_GT(lower, 5 * higher);
  // Before the flop the buckets are the preflop ones.
  const State preflop = MakeState(game, "", {}, "Ah9h4cTh2s");
  reader.StartHand(preflop, -1, models);
  reader.PrepareStreet(preflop);
  std::array<uint8_t, kNumPairs> first;
  reader.RangeBuckets(0, buckets, &first);
  buckets.AllPairs(0, {}, &hs);
  EXPECT_EQ(first, hs);
}

TEST(HandReaderTest, SetRangeBucketsUsesTheRangeAtEachStreetsStart) {
  const GameDef& game = Game(kLimitGame);
  trainer::ModelOptions options;
  options.range_buckets = true;
  const trainer::OpponentModel model = trainer::OpponentModel::Create(game, options).value();
  const trainer::StrengthBuckets& buckets = model.buckets();
  const char* board = "Kd9s4cTh2s";
  const State final_state = MakeState(game, "crc/rc/rrc/rc", {"AhKs", "QdQc"}, board);
  trainer::HandObservation observation;
  trainer::ObserveState(final_state, model.abstraction(), model.position_classes(), &observation);
  trainer::HandBucketer(buckets).SetBuckets(game, trainer::HandCards::FromState(final_state),
                                            &observation);
  const trainer::HandObservation hs_buckets = observation;
  const trainer::PlayerModel* models[] = {nullptr, nullptr};
  HandReader reader(nullptr, game);
  reader.SetRangeBuckets(final_state, models, buckets, &observation);
  const char* street_starts[] = {"", "crc/", "crc/rc/", "crc/rc/rrc/"};
  const char* holes[] = {"AhKs", "QdQc"};
  int changed = 0;
  for (int round = 0; round < 4; ++round) {
    const State start = MakeState(game, street_starts[round], {}, board);
    HandReader check(nullptr, game);
    check.StartHand(start, -1, models);
    check.Update(start);
    check.PrepareStreet(start);
    for (int p = 0; p < 2; ++p) {
      const std::vector<Card> hole = Cards(holes[p]);
      std::array<uint8_t, kNumPairs> expected;
      check.RangeBuckets(p, buckets, &expected);
      const uint8_t want =
          round == 0 ? hs_buckets.bucket[p][0] : expected[poker::PairIndex(hole[0], hole[1])];
      EXPECT_EQ(observation.bucket[p][round], want) << "round " << round << " position " << p;
      changed += observation.bucket[p][round] != hs_buckets.bucket[p][round];
    }
  }
  EXPECT_GT(changed, 0);
  // An HS model's buckets are left alone.
  trainer::HandObservation untouched = hs_buckets;
  reader.SetRangeBuckets(final_state, models, EmptyModel(game).buckets(), &untouched);
  EXPECT_EQ(untouched.bucket, hs_buckets.bucket);
}

// A model whose 60 players each took 10 river decisions in bucket 0 at the root: `check` of
// them checks, the rest raises (per player: `alike` 5 and 5; otherwise all one way, half the
// players each way).
trainer::OpponentModel RiverPlayers(const GameDef& game, bool alike, int players = 60) {
  trainer::OpponentModel model = EmptyModel(game);
  const trainer::PathKey root;
  for (int i = 0; i < players; ++i) {
    const int checks = alike ? 5 : (i % 2 == 0 ? 10 : 0);
    trainer::PatternTree& own = model.MutablePlayer(absl::StrCat("p", i)).mutable_street(3);
    trainer::PatternTree& pop = model.mutable_population().mutable_street(3);
    for (trainer::PatternTree* tree : {&own, &pop}) {
      tree->AddTimes(root, 10);
      tree->AddDecisions(root, kCheck, checks);
      tree->AddDecisions(root, kFirstRaise, 10 - checks);
      tree->AddBucketDecisions(root, 0, kCheck, checks);
      tree->AddBucketDecisions(root, 0, kFirstRaise, 10 - checks);
    }
  }
  return model;
}

TEST(HandReaderTest, PlayerPseudoDecisionsAreFittedOnThePlayers) {
  const GameDef& game = Game(kLimitGame);
  // Players who all play like the population: their own counts add nothing, the most
  // pseudo-decisions of the grid; players who each always do one thing: the fewest.
  EXPECT_EQ(PlayerPseudoDecisions(RiverPlayers(game, true), 3, 10), 1000);
  EXPECT_EQ(PlayerPseudoDecisions(RiverPlayers(game, false), 3, 10), 1);
  // Too few cells (40 players, one cell each), or a street without counts: the fallback.
  EXPECT_EQ(PlayerPseudoDecisions(RiverPlayers(game, false, 40), 3, 10), 10);
  EXPECT_EQ(PlayerPseudoDecisions(RiverPlayers(game, false), 2, 7), 7);
  // The reader smooths with the fitted value only when asked to.
  const trainer::OpponentModel model = RiverPlayers(game, false);
  ReaderOptions options;
  EXPECT_EQ(HandReader(&model, game, options).player_prior(3), 10);
  options.fit_player_prior = true;
  EXPECT_EQ(HandReader(&model, game, options).player_prior(3), 1);
  EXPECT_EQ(HandReader(&model, game, options).player_prior(1), 10);
}

TEST(HandReaderTest, PopulationPseudoDecisionsFollowHowFarThePopulationIsFromDfModel) {
  const GameDef& game = Game(kLimitGame);
  const ReaderOptions options;
  DfModel df = DfModel::Default(EmptyModel(game).abstraction());
  df.set_theta(options.df_theta);
  // 8 buckets at 8 nodes of the river: 64 cells, each 100 decisions between check and raise,
  // either as DFmodel says at the bucket's middle win rate or all on the action it finds less
  // likely.
  const auto make = [&](bool as_df) {
    trainer::OpponentModel model = EmptyModel(game);
    trainer::PatternTree& tree = model.mutable_population().mutable_street(3);
    for (int node = 0; node < 8; ++node) {
      trainer::PathKey path;
      for (int step = 0; step < node; ++step) path = path.Child(kCheck, step % 2 == 0);
      for (int b = 0; b < 8; ++b) {
        const double rate = (b + 0.5) / 8;
        const double check = df.Relative(kCheck, rate), raise = df.Relative(kFirstRaise, rate);
        double share =
            (1 - options.df_uniform_share) * raise / (check + raise) + options.df_uniform_share / 2;
        if (!as_df) share = share > 0.5 ? 0 : 1;
        const auto raises = static_cast<uint64_t>(std::lround(100 * share));
        tree.AddDecisions(path, kFirstRaise, raises);
        tree.AddDecisions(path, kCheck, 100 - raises);
        tree.AddBucketDecisions(path, b, kFirstRaise, raises);
        tree.AddBucketDecisions(path, b, kCheck, 100 - raises);
      }
    }
    return model;
  };
  const double follows = PopulationPseudoDecisions(make(true), 3, df, options.df_uniform_share, 5);
  const double against = PopulationPseudoDecisions(make(false), 3, df, options.df_uniform_share, 5);
  EXPECT_GE(follows, 300);
  EXPECT_LE(against, 2);
  EXPECT_EQ(PopulationPseudoDecisions(EmptyModel(game), 3, df, options.df_uniform_share, 5), 5);
}

}  // namespace
}  // namespace agent
