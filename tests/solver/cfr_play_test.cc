// Playing strategies: the cfr decision is always legal, facing any bet size, in 2-player limit and
// no-limit hold'em (property test over random hands); in-tree play stays on the tree; a Leduc
// strategy beats the random bot in a match through our dealer over TCP (bot --style cfr), and the
// agent's cfr policy plays a limit hold'em match there too.
#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/rng.h"
#include "solver/cfr_player.h"
#include "solver/mccfr.h"
#include "solver/strategy_file.h"
#include "tests/tools/process_util.h"

namespace solver {
namespace {

using std::chrono::milliseconds;

// A strategy file for `game_name` with `iterations` of training (0: uniform, every action used).
std::string MakeStrategy(const tools_test::TempDir& dir, const std::string& game_name,
                         const std::string& spec, int64_t iterations,
                         const ActionAbstraction& actions = {}) {
  const std::string game_path = std::string(POKER_SOURCE_DIR) + "/data/games/" + game_name;
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(game_path);
  EXPECT_TRUE(game.ok()) << game.status();
  absl::StatusOr<std::unique_ptr<CardAbstraction>> cards = MakeCardAbstraction(*game, spec);
  EXPECT_TRUE(cards.ok()) << cards.status();
  absl::StatusOr<BettingTree> tree = BettingTree::Build(*game, actions, **cards);
  EXPECT_TRUE(tree.ok()) << tree.status();
  Mccfr mccfr(*tree, **cards, MccfrOptions{.threads = 1, .seed = 2});
  if (iterations > 0) {
    EXPECT_TRUE(mccfr.Run(iterations).ok());
  }
  TrainingInfo info;
  info.card_spec = spec;
  info.iterations = mccfr.iterations();
  const std::string path = dir.File(game_name + ".strategy");
  EXPECT_TRUE(WriteStrategyFile(path, *tree, **cards, mccfr.AverageProfile(), info).ok());
  return path;
}

// A random real action: fold, call, or a raise of any legal size (mostly off the abstraction).
poker::Action RandomAction(const poker::State& s, poker::Rng* rng) {
  const double u = rng->Uniform();
  int32_t min_to = 0, max_to = 0;
  if (u < 0.5 && s.RaiseRange(&min_to, &max_to)) {
    const double v = rng->Uniform();
    const int32_t to =
        v < 0.2 ? min_to
        : v < 0.3
            ? max_to
            : min_to + static_cast<int32_t>(rng->Below(static_cast<uint32_t>(max_to - min_to + 1)));
    return poker::Action::Raise(to);
  }
  if (u < 0.6 && s.CanFold()) return poker::Action::Fold();
  return poker::Action::Call();
}

void CheckAlwaysLegal(const std::string& path, int hands) {
  absl::StatusOr<std::shared_ptr<const Blueprint>> bp = LoadSharedBlueprint(path, nullptr);
  ASSERT_TRUE(bp.ok()) << bp.status();
  const poker::GameDef& game = (*bp)->game();
  CfrDecider decider(*bp, 5);
  CfrDecider other(*bp, 6);
  poker::Rng rng(11);
  int decisions = 0, in_tree_hands = 0;
  for (int hand = 0; hand < hands; ++hand) {
    poker::State s(game, hand);
    std::vector<poker::Card> deck;
    for (int c = 0; c < 52; ++c) deck.push_back(static_cast<poker::Card>(c));
    for (int i = 0; i < 9; ++i) std::swap(deck[i], deck[i + rng.Below(52 - i)]);
    for (int p = 0; p < 2; ++p) {
      for (int i = 0; i < 2; ++i) s.set_hole_card(p, i, deck[2 * p + i]);
    }
    for (int i = 0; i < 5; ++i) s.set_board_card(i, deck[4 + i]);
    // Half the hands: seat 1 plays random sizes; the other half both play the strategy, which
    // must stay on the tree.
    const bool random_opponent = hand % 2 == 0;
    while (!s.finished()) {
      const int p = s.CurrentPlayer();
      const poker::Card hole[2] = {s.hole_card(p, 0), s.hole_card(p, 1)};
      poker::Action a;
      if (p == 1 && random_opponent) {
        a = RandomAction(s, &rng);
      } else {
        std::string why;
        a = (p == 0 ? decider : other).Decide(s, hole, rng.Uniform(), &why);
        ASSERT_TRUE(s.IsLegal(a)) << s.CheckAction(a) << " hand " << hand;
        if (!random_opponent) {
          ASSERT_FALSE(absl::StrContains(why, "off the abstract tree")) << "hand " << hand;
        }
        ++decisions;
      }
      ASSERT_TRUE(s.Apply(a).ok());
    }
    in_tree_hands += !random_opponent;
  }
  EXPECT_GT(decisions, hands);
  EXPECT_GT(in_tree_hands, 0);
}

TEST(CfrPlay, AlwaysLegalInLimitHoldem) {
  tools_test::TempDir dir;
  CheckAlwaysLegal(MakeStrategy(dir, "holdem.limit.2p.reverse_blinds.game", "holdem:169,4,4,4", 0),
                   300);
}

TEST(CfrPlay, AlwaysLegalInNoLimitHoldemFacingAnyBet) {
  tools_test::TempDir dir;
  ActionAbstraction actions;
  actions.pot_fractions = {0.5, 1};
  actions.max_raises = 2;
  CheckAlwaysLegal(
      MakeStrategy(dir, "holdem.nolimit.2p.reverse_blinds.game", "holdem:169,4,4,4", 0, actions),
      300);
}

// Past the tree: with one abstract raise a round, a real re-raise preflop is translated to the
// all-in edge, and once it is called the real hand goes on where the tree has ended. The decision
// then comes from the nearest node of the round (same player, facing a bet or not, nearest pot),
// not from a blind check/call.
TEST(CfrPlay, OffTheTreeUsesTheNearestNodeOfTheRound) {
  tools_test::TempDir dir;
  ActionAbstraction actions;
  actions.pot_fractions = {0.5, 1};
  actions.max_raises = 1;
  const std::string path =
      MakeStrategy(dir, "holdem.nolimit.2p.reverse_blinds.game", "holdem:169,4,4,4", 0, actions);
  std::shared_ptr<const Blueprint> bp = *LoadSharedBlueprint(path, nullptr);
  const BettingTree& tree = bp->tree();
  poker::State s(bp->game(), 0);
  // Real cards: the decider buckets the hand on the board (the evaluator assumes valid cards).
  const poker::Card cards[7] = {0, 1, 2, 3, 20, 33, 46};
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < 2; ++i) s.set_hole_card(p, i, cards[2 * p + i]);
  }
  for (int i = 0; i < 3; ++i) s.set_board_card(i, cards[4 + i]);
  for (int32_t to : {300, 900}) ASSERT_TRUE(s.Apply(poker::Action::Raise(to)).ok());
  ASSERT_TRUE(s.Apply(poker::Action::Call()).ok());
  ASSERT_EQ(s.round(), 1);
  poker::Rng rng(1);
  bool in_tree = true;
  tree.MapHistory(s, &rng, &in_tree);
  EXPECT_FALSE(in_tree);
  int n = tree.NearestNode(s);
  ASSERT_GE(n, 0);
  EXPECT_EQ(tree.node(n).round, 1);
  EXPECT_EQ(tree.node(n).player, s.CurrentPlayer());
  EXPECT_EQ(tree.node(n).spent2[0], tree.node(n).spent2[1]);  // not facing a bet
  // Of the flop nodes not facing a bet, the pot nearest 1800 is that of a called pot-sized
  // raise preflop (600): nothing bigger short of all-in is on the tree.
  EXPECT_EQ(tree.node(n).spent2[0] + tree.node(n).spent2[1], 600);

  ASSERT_TRUE(s.Apply(poker::Action::Raise(900 + 1800)).ok());  // a pot-sized bet
  n = tree.NearestNode(s);
  ASSERT_GE(n, 0);
  EXPECT_EQ(tree.node(n).player, s.CurrentPlayer());
  const Node& facing = tree.node(n);
  EXPECT_GT(facing.spent2[1 - facing.player], facing.spent2[facing.player]);
  CfrDecider decider(bp, 3);
  const poker::Card hole[2] = {s.hole_card(s.CurrentPlayer(), 0),
                               s.hole_card(s.CurrentPlayer(), 1)};
  std::string why;
  const poker::Action a = decider.Decide(s, hole, 0.5, &why);
  EXPECT_TRUE(s.IsLegal(a));
  EXPECT_TRUE(absl::StrContains(why, "off the tree, nearest node " + std::to_string(n))) << why;
}

TEST(CfrPlay, OffTreeRaiseTranslatesToANeighbour) {
  tools_test::TempDir dir;
  ActionAbstraction actions;
  actions.pot_fractions = {0.5, 1};
  const std::string path =
      MakeStrategy(dir, "holdem.nolimit.2p.reverse_blinds.game", "holdem:169,4,4,4", 0, actions);
  std::shared_ptr<const Blueprint> bp = *LoadSharedBlueprint(path, nullptr);
  const BettingTree& tree = bp->tree();
  // The button (position 1) opens: pot 150, to call 50, pot after calling 200: half pot = raise to
  // 200, pot = to 300. A raise to 250 (0.75 pot) maps to one of them, never elsewhere.
  int to_half = 0, to_pot = 0;
  for (uint32_t hand = 0; hand < 400; ++hand) {
    poker::State s(bp->game(), hand);
    ASSERT_TRUE(s.Apply(poker::Action::Raise(250)).ok());
    poker::Rng rng(hand);
    bool in_tree = false;
    const int n = tree.MapHistory(s, &rng, &in_tree);
    ASSERT_TRUE(in_tree);
    // The node reached is a child of the root by a raise edge.
    const Node& root = tree.node(0);
    const int edge = n - root.first_child;
    ASSERT_GE(edge, 0);
    ASSERT_LT(edge, root.num_actions);
    const int32_t to = tree.edge(n).action.raise_to;
    to_half += to == 200;
    to_pot += to == 300;
  }
  EXPECT_EQ(to_half + to_pot, 400);
  // f(0.75) between 0.5 and 1: ((1 - 0.75)(1 + 0.5)) / ((1 - 0.5)(1 + 0.75)) = 0.43 to the half
  // pot.
  EXPECT_NEAR(to_half / 400.0, 0.4286, 0.08);
}

// Runs a dealer match of `hands` hands with the two commands (ports appended); returns the SCORE
// line.
std::string RunMatch(const tools_test::TempDir& dir, const std::string& game_file, int hands,
                     const std::vector<std::vector<std::string>>& seats) {
  using tools_test::BinPath;
  using tools_test::ReadFile;
  std::vector<std::string> argv = {
      BinPath("dealer"), "match", game_file, std::to_string(hands), "7", "A", "B", "-q"};
  tools_test::Subprocess dealer(argv, dir.path(), dir.File("dealer.err"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  EXPECT_TRUE(ports_line.has_value()) << ReadFile(dir.File("dealer.err"));
  if (!ports_line) return "";
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  EXPECT_EQ(ports.size(), 2u);
  if (ports.size() != 2) return "";
  std::vector<std::unique_ptr<tools_test::Subprocess>> players;
  for (int s = 0; s < 2; ++s) {
    std::vector<std::string> args = seats[s];
    args.push_back("127.0.0.1");
    args.push_back(ports[s]);
    players.push_back(std::make_unique<tools_test::Subprocess>(
        args, dir.path(), dir.File(absl::StrCat("seat", s, ".err"))));
  }
  const std::string score = dealer.ReadRest(milliseconds(120000));
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 0) << ReadFile(dir.File("dealer.err"));
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ(players[s]->Wait(milliseconds(20000)), 0)
        << "seat " << s << ": " << ReadFile(dir.File(absl::StrCat("seat", s, ".err")));
  }
  EXPECT_TRUE(absl::StartsWith(score, "SCORE:")) << score;
  return score;
}

// The first seat's total from "SCORE:a|b:A|B".
double FirstScore(const std::string& score) {
  const std::vector<std::string> parts = absl::StrSplit(score, ':');
  if (parts.size() < 2) return 0;
  double x = 0;
  EXPECT_TRUE(absl::SimpleAtod(std::vector<std::string>(absl::StrSplit(parts[1], '|'))[0], &x));
  return x;
}

// Thresholding and purification (PlayOptions) on a node with known weights: 51, 25 and 179 out of
// 255, i.e. probabilities 0.2, 0.098 and 0.702.
std::vector<double> Played(std::vector<uint8_t> weights, PlayOptions options) {
  std::vector<double> out(weights.size(), -1.0);
  PlayProbabilities(weights, options, absl::MakeSpan(out));
  return out;
}

TEST(CfrPlayOptions, ThresholdDropsTheActionsBelowItAndRenormalises) {
  const std::vector<uint8_t> w = {51, 25, 179};
  using V = std::vector<double>;
  // Plain and below every probability: the stored strategy, all three actions.
  EXPECT_EQ(Played(w, {}), (V{51 / 255.0, 25 / 255.0, 179 / 255.0}));
  EXPECT_EQ(Played(w, {.threshold = 0.05}), (V{51 / 255.0, 25 / 255.0, 179 / 255.0}));
  // 0.1 drops the 0.098 action; the other two share its probability in proportion.
  EXPECT_EQ(Played(w, {.threshold = 0.1}), (V{51 / 230.0, 0, 179 / 230.0}));
  // An action exactly at the threshold stays (0.2 = 51/255).
  EXPECT_EQ(Played(w, {.threshold = 0.2}), (V{51 / 230.0, 0, 179 / 230.0}));
  // Above 0.2 only the most probable is left, also when it is itself below the threshold.
  EXPECT_EQ(Played(w, {.threshold = 0.25}), (V{0, 0, 1}));
  EXPECT_EQ(Played(w, {.threshold = 1}), (V{0, 0, 1}));
  EXPECT_EQ(Played(w, {.purify = true}), (V{0, 0, 1}));
  // Purify wins over a threshold.
  EXPECT_EQ(Played(w, {.threshold = 0.05, .purify = true}), (V{0, 0, 1}));
}

TEST(CfrPlayOptions, TiesForTheMostProbable) {
  using V = std::vector<double>;
  // Thresholding keeps every action tied for the most probable; purification takes the first
  // of them in the node's order (fold, call, raises): here the fold.
  EXPECT_EQ(Played({100, 100, 55}, {.threshold = 0.5}), (V{0.5, 0.5, 0}));
  EXPECT_EQ(Played({100, 100, 55}, {.purify = true}), (V{1, 0, 0}));
  EXPECT_EQ(Played({55, 100, 100}, {.purify = true}), (V{0, 1, 0}));
  EXPECT_EQ(Played({0, 255}, {.purify = true}), (V{0, 1}));
  EXPECT_EQ(Played({0, 255}, {.threshold = 0.3}), (V{0, 1}));
}

TEST(CfrPlayOptions, ParsesAndRefusesSettings) {
  PlayOptions o;
  EXPECT_TRUE(*ParsePlayOption("threshold", "0.15", &o));
  EXPECT_EQ(o.threshold, 0.15);
  EXPECT_FALSE(o.purify);
  EXPECT_EQ(FormatPlaySetting(o), "threshold=0.15");
  EXPECT_TRUE(*ParsePlayOption("purify", "", &o));
  EXPECT_TRUE(o.purify);
  EXPECT_EQ(FormatPlaySetting(o), "purify");
  EXPECT_TRUE(*ParsePlayOption("purify", "0", &o));
  EXPECT_FALSE(o.purify);
  EXPECT_FALSE(*ParsePlayOption("strategy", "x", &o));
  for (const char* bad : {"-0.1", "1.5", "x", "", "nan"}) {
    absl::StatusOr<bool> r = ParsePlayOption("threshold", bad, &o);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_TRUE(absl::StrContains(r.status().message(), "threshold")) << r.status();
  }
  EXPECT_FALSE(ParsePlayOption("purify", "maybe", &o).ok());
  EXPECT_EQ(FormatPlaySetting({}), "plain");
  // Whole settings, as a strategy header keeps them: what FormatPlaySetting writes reads back.
  for (const char* setting : {"plain", "threshold=0.1", "purify"}) {
    absl::StatusOr<PlayOptions> read = ParsePlaySetting(setting);
    ASSERT_TRUE(read.ok()) << setting << ": " << read.status();
    EXPECT_EQ(FormatPlaySetting(*read), setting);
  }
  EXPECT_TRUE(ParsePlaySetting("")->plain());
  EXPECT_FALSE(ParsePlaySetting("threshold=2").ok());
  EXPECT_FALSE(ParsePlaySetting("seed=3").ok());
}

// End to end on Kuhn: the first player's opening node set to check 0.9 / bet 0.1 for every card.
// Plain play bets about a tenth of the time over a grid of draws; threshold 0.15 and purification
// never bet; threshold 0.05 plays the mixed strategy unchanged. The arena's spec carries the
// options through MakeCfrBot, which refuses a bad one.
TEST(CfrPlayOptions, DecisionsFollowTheSetting) {
  tools_test::TempDir dir;
  const std::string game_path = std::string(POKER_SOURCE_DIR) + "/data/games/kuhn.limit.2p.game";
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(game_path);
  ASSERT_TRUE(game.ok()) << game.status();
  std::unique_ptr<CardAbstraction> cards = *MakeCardAbstraction(*game, "exact");
  BettingTree tree = *BettingTree::Build(*game, {}, *cards);
  Profile profile;
  profile.probs.assign(tree.num_entries(), 0.5f);
  const Node& root = tree.node(0);
  ASSERT_EQ(root.num_actions, 2);  // check, bet
  for (int b = 0; b < cards->NumBuckets(0); ++b) {
    profile.probs[root.offset + 2 * b] = 0.9f;
    profile.probs[root.offset + 2 * b + 1] = 0.1f;
  }
  const std::string path = dir.File("kuhn_09.strategy");
  TrainingInfo info;
  info.card_spec = "exact";
  ASSERT_TRUE(WriteStrategyFile(path, tree, *cards, profile, info).ok());
  std::shared_ptr<const Blueprint> bp = *LoadSharedBlueprint(path, nullptr);

  poker::State s(bp->game(), 0);
  s.set_hole_card(0, 0, poker::MakeCard(12, 3));  // As, the highest card
  s.set_hole_card(1, 0, poker::MakeCard(10, 3));  // Qs
  const poker::Card hole[1] = {s.hole_card(s.CurrentPlayer(), 0)};
  const auto bets = [&](PlayOptions play) {
    CfrDecider decider(bp, 1, play);
    int n = 0;
    for (int i = 0; i < 1000; ++i) {
      n += decider.Decide(s, hole, (i + 0.5) / 1000).type == poker::ActionType::kRaise;
    }
    return n;
  };
  const int plain = bets({});
  EXPECT_GE(plain, 95);
  EXPECT_LE(plain, 105);
  EXPECT_EQ(bets({.threshold = 0.05}), plain);
  EXPECT_EQ(bets({.threshold = 0.15}), 0);
  EXPECT_EQ(bets({.purify = true}), 0);

  for (const char* spec : {"style=cfr,threshold=0.15", "style=cfr,purify"}) {
    absl::StatusOr<std::unique_ptr<poker::Player>> bot =
        MakeCfrBot(*game, absl::StrCat(spec, ",strategy=", path));
    ASSERT_TRUE(bot.ok()) << bot.status();
    int raises = 0;
    for (int i = 0; i < 200; ++i) {
      const poker::MatchState view{s.CurrentPlayer(), s};
      raises += (*bot)->Act(view).type == poker::ActionType::kRaise;
    }
    EXPECT_EQ(raises, 0) << spec;
  }
  absl::StatusOr<std::unique_ptr<poker::Player>> bad =
      MakeCfrBot(*game, absl::StrCat("strategy=", path, ",threshold=2"));
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(
      absl::StrContains(bad.status().message(), "threshold must be a number in [0, 1] (got 2)"))
      << bad.status();

  // The file's header names the default setting (`solver set-play`): without play keys the bot
  // plays so; `threshold=0` plays the mixed strategy anyway. The payload is unchanged.
  const auto bot_raises = [&](const std::string& spec) {
    absl::StatusOr<std::unique_ptr<poker::Player>> bot = MakeCfrBot(*game, spec);
    EXPECT_TRUE(bot.ok()) << bot.status();
    int raises = 0;
    for (int i = 0; bot.ok() && i < 400; ++i) {
      const poker::MatchState view{s.CurrentPlayer(), s};
      raises += (*bot)->Act(view).type == poker::ActionType::kRaise;
    }
    return raises;
  };
  EXPECT_GT(bot_raises("strategy=" + path), 10);  // plain: about 40
  const std::string purified = dir.File("kuhn_09_purify.strategy");
  ASSERT_TRUE(SetStrategyPlay(path, purified, "purify").ok());
  std::shared_ptr<const Blueprint> bp2 = *LoadSharedBlueprint(purified, nullptr);
  EXPECT_EQ(bp2->header().play(), "purify");
  EXPECT_TRUE(DefaultPlayOptions(*bp2)->purify);
  EXPECT_TRUE(DefaultPlayOptions(*bp)->plain());
  EXPECT_EQ(bot_raises("strategy=" + purified), 0);
  EXPECT_GT(bot_raises("strategy=" + purified + ",threshold=0"), 10);
  const std::string broken = dir.File("kuhn_09_bad.strategy");
  ASSERT_TRUE(SetStrategyPlay(path, broken, "threshold=7").ok());
  absl::StatusOr<std::unique_ptr<poker::Player>> refused = MakeCfrBot(*game, "strategy=" + broken);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(absl::StrContains(refused.status().message(), broken)) << refused.status();
  EXPECT_TRUE(
      absl::StrContains(refused.status().message(), "threshold must be a number in [0, 1] (got 7)"))
      << refused.status();
  // The file's data (exit 1 in the programs), not a bad spec (InvalidArgument, exit 2).
  EXPECT_FALSE(absl::IsInvalidArgument(refused.status())) << refused.status();

  // draws=hand: a decision's draw depends on the seed, the hand and the actions so far only. A
  // bot that played other hands first acts in hand h as a fresh one does; over many hands it
  // still bets about a tenth of the time. With one stream per match (the default, `draws=match`)
  // the earlier hands move the draws.
  const auto actions = [&](const std::string& spec, int warmup) {
    std::unique_ptr<poker::Player> bot = *MakeCfrBot(*game, spec);
    for (int i = 0; i < warmup; ++i) {
      poker::State other(bp->game(), 1000 + i);
      other.set_hole_card(0, 0, poker::MakeCard(11, 3));
      other.set_hole_card(1, 0, poker::MakeCard(10, 3));
      bot->Act(poker::MatchState{other.CurrentPlayer(), other});
    }
    std::string out;
    for (int hand = 0; hand < 400; ++hand) {
      poker::State h(bp->game(), hand);
      h.set_hole_card(0, 0, s.hole_card(0, 0));
      h.set_hole_card(1, 0, s.hole_card(1, 0));
      out += (*bot).Act(poker::MatchState{h.CurrentPlayer(), h}).type == poker::ActionType::kRaise
                 ? 'b'
                 : 'k';
    }
    return out;
  };
  const std::string by_hand = "strategy=" + path + ",draws=hand,seed=4";
  EXPECT_EQ(actions(by_hand, 0), actions(by_hand, 7));
  const std::string once = actions(by_hand, 0);
  const auto bets_in = std::count(once.begin(), once.end(), 'b');
  EXPECT_GT(bets_in, 20);  // about 40 of 400
  EXPECT_LT(bets_in, 65);
  const std::string by_match = "strategy=" + path + ",draws=match,seed=4";
  EXPECT_NE(actions(by_match, 0), actions(by_match, 7));
  absl::StatusOr<std::unique_ptr<poker::Player>> bad_draws =
      MakeCfrBot(*game, "strategy=" + path + ",draws=sometimes");
  ASSERT_FALSE(bad_draws.ok());
  EXPECT_TRUE(absl::StrContains(bad_draws.status().message(), "draws 'sometimes'"))
      << bad_draws.status();
}

TEST(CfrPlayEndToEnd, LeducStrategyBeatsTheRandomBotThroughTheDealer) {
  tools_test::TempDir dir;
  const std::string strategy = MakeStrategy(dir, "leduc.limit.2p.game", "exact", 200'000);
  const std::string game = std::string(POKER_SOURCE_DIR) + "/data/games/leduc.limit.2p.game";
  using tools_test::BinPath;
  const std::string score = RunMatch(
      dir, game, 1000,
      {{BinPath("bot"), "--style", "cfr", "--strategy", strategy, "--seed", "1", "--game", game},
       {BinPath("bot"), "--style", "random", "--seed", "2", "--game", game}});
  // The random bot folds 6% of the time even when checking is free and raises blindly: a
  // near-equilibrium strategy wins well over a chip per hand from it.
  EXPECT_GT(FirstScore(score), 500) << score;
}

TEST(CfrPlayEndToEnd, AgentCfrPolicyPlaysLimitHoldemThroughTheDealer) {
  tools_test::TempDir dir;
  const std::string strategy =
      MakeStrategy(dir, "holdem.limit.2p.reverse_blinds.game", "holdem:169,4,4,4", 0);
  const std::string game =
      std::string(POKER_SOURCE_DIR) + "/data/games/holdem.limit.2p.reverse_blinds.game";
  using tools_test::BinPath;
  const std::string score =
      RunMatch(dir, game, 40,
               {{BinPath("agent"), "--game", game, "--model", "none", "--policy", "cfr",
                 "--strategy", strategy, "--decision-log", dir.File("decisions.jsonl")},
                {BinPath("bot"), "--style", "station", "--seed", "2", "--game", game}});
  EXPECT_FALSE(score.empty());
  const std::string decisions = tools_test::ReadFile(dir.File("decisions.jsonl"));
  EXPECT_TRUE(absl::StrContains(decisions, "\"cfr\"")) << decisions.substr(0, 500);
}

}  // namespace
}  // namespace solver
