// The arena: views hide exactly what the dealer hides, same seed same result, duplicate mode
// really swaps the cards and cancels the luck, confidence intervals on known numbers, the player
// registry, and tournaments (stacks carried over, re-buys, ranks).
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"
#include "tools/arena/stats.h"
#include "tools/arena/tournament.h"
#include "tools/bots/rule_bot.h"

namespace arena {
namespace {

using tools_test::kNoLimit2pGame;
using tools_test::kNoLimit3pGame;

TEST(StatsTest, KnownSamples) {
  const std::vector<double> x = {1, 2, 3, 4, 5};
  const MeanInterval m = MeanCi95(x);
  EXPECT_EQ(m.n, 5);
  EXPECT_DOUBLE_EQ(m.mean, 3.0);
  EXPECT_NEAR(m.stddev, std::sqrt(2.5), 1e-12);
  EXPECT_NEAR(m.std_error, std::sqrt(2.5 / 5), 1e-12);
  EXPECT_NEAR(m.half_width, 2.776445 * std::sqrt(0.5), 1e-6);
  // Constant samples: no spread. One sample: no interval.
  EXPECT_DOUBLE_EQ(MeanCi95(std::vector<double>(10, 7.0)).half_width, 0.0);
  EXPECT_DOUBLE_EQ(MeanCi95(std::vector<double>{4.0}).half_width, 0.0);
  EXPECT_EQ(MeanCi95({}).n, 0);
}

TEST(StatsTest, StudentQuantiles) {
  EXPECT_NEAR(StudentT975(1), 12.7062, 1e-4);
  EXPECT_NEAR(StudentT975(10), 2.2281, 1e-4);
  EXPECT_NEAR(StudentT975(30), 2.0423, 1e-4);
  EXPECT_NEAR(StudentT975(31), 2.0395, 1e-4);
  EXPECT_NEAR(StudentT975(60), 2.0003, 1e-4);
  EXPECT_NEAR(StudentT975(120), 1.9799, 1e-4);
  EXPECT_NEAR(StudentT975(1000000), 1.95997, 1e-4);
}

TEST(StatsTest, LargeSymmetricSample) {
  // +-100 chips alternately, 10000 hands: mean 0, sd 100.005, half-width 1.96 * 1.00005.
  std::vector<double> x;
  for (int i = 0; i < 10000; ++i) x.push_back(i % 2 ? 100.0 : -100.0);
  const MeanInterval m = MeanCi95(x);
  EXPECT_DOUBLE_EQ(m.mean, 0.0);
  EXPECT_NEAR(m.half_width, 1.96020 * 100.005 / 100, 1e-3);
  EXPECT_DOUBLE_EQ(MilliBigBlinds(2.5, 100), 25.0);
}

TEST(ViewTest, HidesWhatTheDealerHides) {
  // Over whole random-bot hands, the view of every position formats exactly like the dealer's
  // MATCHSTATE for that position.
  for (const char* text : {kNoLimit2pGame, kNoLimit3pGame}) {
    const poker::GameDef game = *poker::ParseGameDef(text);
    poker::Dealer deal(game, 99);
    std::vector<std::unique_ptr<poker::Player>> bots;
    for (int p = 0; p < game.num_players; ++p) {
      bots.push_back(
          bots::MakeBot(game, *bots::ParseBotSpec(absl::StrCat("style=random,seed=", p))));
    }
    int showdowns = 0;
    for (uint32_t h = 0; h < 300; ++h) {
      poker::State state(game, h);
      deal.DealNext(&state);
      while (true) {
        for (int p = 0; p < game.num_players; ++p) {
          const poker::MatchState view = ViewFor(state, p);
          ASSERT_EQ(poker::FormatMatchState(view),
                    poker::FormatMatchState(poker::MatchState{p, state}));
          for (int q = 0; q < game.num_players; ++q) {
            if (q != p && !(state.finished() && state.IsShowdown() && !state.folded(q))) {
              ASSERT_EQ(view.state.hole_card(q, 0), poker::kNoCard);
            }
          }
          for (int i = state.NumBoardCardsVisible(); i < game.TotalBoardCards(); ++i) {
            ASSERT_EQ(view.state.board_card(i), poker::kNoCard);
          }
        }
        if (state.finished()) break;
        const int acting = state.CurrentPlayer();
        ASSERT_TRUE(state.Apply(state.Normalize(bots[acting]->Act(ViewFor(state, acting)))).ok());
      }
      showdowns += state.IsShowdown();
    }
    EXPECT_GT(showdowns, 10);
  }
}

RingResult Ring(const char* game_text, const std::vector<PlayerSpec>& players, uint32_t hands,
                uint32_t seed, bool duplicate, const std::string& log = "") {
  const poker::GameDef game = *poker::ParseGameDef(game_text);
  RingOptions options;
  options.hands = hands;
  options.seed = seed;
  options.duplicate = duplicate;
  options.log_path = log;
  absl::StatusOr<RingResult> result = RunRing(game, players, options);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *result : RingResult();
}

TEST(RingTest, SameSeedSameResult) {
  const std::vector<PlayerSpec> players = {{"ta", "bot:style=ta,seed=1,trials=200"},
                                           {"rnd", "bot:style=random,seed=2"}};
  const RingResult a = Ring(kNoLimit2pGame, players, 300, 4, false);
  const RingResult b = Ring(kNoLimit2pGame, players, 300, 4, false);
  const RingResult c = Ring(kNoLimit2pGame, players, 300, 5, false);
  ASSERT_EQ(a.values.size(), 600u);
  EXPECT_EQ(a.values, b.values);
  EXPECT_NE(a.values, c.values);
  EXPECT_EQ(a.players[0].chips, b.players[0].chips);
  for (size_t h = 0; h < 300; ++h) EXPECT_DOUBLE_EQ(a.values[2 * h] + a.values[2 * h + 1], 0.0);
}

TEST(RingTest, ReportsMbbAndIntervalsFromTheHands) {
  const std::vector<PlayerSpec> players = {{"A", "bot:style=la,seed=1,trials=100"},
                                           {"B", "bot:style=tp,seed=2,trials=100"}};
  const RingResult r = Ring(kNoLimit2pGame, players, 400, 8, false);
  ASSERT_EQ(r.players.size(), 2u);
  EXPECT_EQ(r.hands, 400);
  EXPECT_EQ(r.deals, 400);
  std::vector<double> mbb;
  double chips = 0;
  for (int h = 0; h < 400; ++h) {
    chips += r.values[2 * h];
    mbb.push_back(1000.0 * r.values[2 * h] / 100.0);  // big blind 100
  }
  EXPECT_DOUBLE_EQ(r.players[0].chips, chips);
  EXPECT_NEAR(r.players[0].mbb_per_hand, 1000.0 * chips / (100.0 * 400), 1e-9);
  EXPECT_NEAR(r.players[0].ci95_unpaired, MeanCi95(mbb).half_width, 1e-9);
  EXPECT_DOUBLE_EQ(r.players[0].ci95, r.players[0].ci95_unpaired);  // no pairing: the same
  EXPECT_GT(r.players[0].ci95, 0);
  EXPECT_NEAR(r.players[0].mbb_per_hand, -r.players[1].mbb_per_hand, 1e-9);
}

TEST(RingTest, DuplicateSwapsTheCardsBetweenSeats) {
  tools_test::TempDir dir;
  const std::vector<PlayerSpec> players = {{"A", "bot:style=la,seed=1,trials=100"},
                                           {"B", "bot:style=random,seed=2"}};
  const RingResult r = Ring(kNoLimit2pGame, players, 100, 3, true, dir.File("dup.log"));
  EXPECT_EQ(r.rotations, 2);
  EXPECT_EQ(r.hands, 200);
  const std::vector<std::string> plain =
      tools_test::SplitLines(tools_test::ReadFile(dir.File("dup.log")));
  const std::vector<std::string> swapped =
      tools_test::SplitLines(tools_test::ReadFile(dir.File("dup.rot1.log")));
  ASSERT_EQ(plain.size(), 4u + 100 + 1);
  ASSERT_EQ(swapped.size(), plain.size());
  for (int h = 0; h < 100; ++h) {
    const std::vector<std::string> a = absl::StrSplit(plain[4 + h], ':');
    const std::vector<std::string> b = absl::StrSplit(swapped[4 + h], ':');
    ASSERT_EQ(a.size(), 6u);
    ASSERT_EQ(b.size(), 6u);
    // Same deal: the cards by position are equal (the full board only if both reached it) ...
    const std::string holes_a = a[3].substr(0, a[3].find('/'));
    const std::string holes_b = b[3].substr(0, b[3].find('/'));
    EXPECT_EQ(holes_a, holes_b);
    // ... and the names by position are reversed: each seat holds the other's cards.
    EXPECT_EQ(a[5] == "A|B" ? "B|A" : "A|B", b[5]) << h;
  }
}

TEST(RingTest, DuplicateCancelsLuckBetweenIdenticalPlayers) {
  // Two identical deterministic players: whatever seat A wins with some cards in one rotation it
  // loses with them in the other, so every deal's paired result is exactly 0.
  const std::vector<PlayerSpec> players = {{"A", "bot:style=station"}, {"B", "bot:style=station"}};
  const RingResult r = Ring(kNoLimit2pGame, players, 500, 1, true);
  EXPECT_DOUBLE_EQ(r.players[0].chips, 0.0);
  EXPECT_DOUBLE_EQ(r.players[0].mbb_per_hand, 0.0);
  EXPECT_DOUBLE_EQ(r.players[0].ci95, 0.0);
  // Every hand moves 100 chips (1000 mbb) one way or is split: sd near 1000 mbb over 1000 hands.
  EXPECT_GT(r.players[0].ci95_unpaired, 40.0);
}

TEST(RingTest, DuplicateThreePlayersUsesEveryRotation) {
  const std::vector<PlayerSpec> players = {
      {"A", "bot:style=station"}, {"B", "bot:style=station"}, {"C", "bot:style=station"}};
  const RingResult r = Ring(kNoLimit3pGame, players, 60, 2, true);
  EXPECT_EQ(r.rotations, 3);
  EXPECT_EQ(r.hands, 180);
  // Identical players over all three rotations: every seat gets every position's result.
  for (int seat = 0; seat < 3; ++seat) EXPECT_NEAR(r.players[seat].chips, 0.0, 1e-6);
  // Per deal, each seat's three results are a permutation of the positions' results.
  for (int d = 0; d < 60; ++d) {
    std::vector<double> seat0, seat1;
    for (int rot = 0; rot < 3; ++rot) {
      seat0.push_back(r.values[(rot * 60 + d) * 3 + 0]);
      seat1.push_back(r.values[(rot * 60 + d) * 3 + 1]);
    }
    std::sort(seat0.begin(), seat0.end());
    std::sort(seat1.begin(), seat1.end());
    EXPECT_EQ(seat0, seat1) << d;
  }
}

TEST(RingTest, BadSpecsAreErrors) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  RingOptions options;
  options.hands = 10;
  EXPECT_FALSE(RunRing(game, {{"A", "bot:style=ta"}}, options).ok());  // one player for two
  EXPECT_FALSE(RunRing(game, {{"A", "bot:style=zz"}, {"B", "bot:style=ta"}}, options).ok());
  absl::StatusOr<RingResult> r =
      RunRing(game, {{"A", "nosuch:x=1"}, {"B", "bot:style=ta"}}, options);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), ::testing::HasSubstr("known: "));
}

// Always calls; counts its calls (a registry test kind).
class CountingCaller : public poker::Player {
 public:
  explicit CountingCaller(int* acts) : acts_(acts) {}
  poker::Action Act(const poker::MatchState&) override {
    ++*acts_;
    return poker::Action::Call();
  }

 private:
  int* acts_;
};

TEST(RegistryTest, RegisteredKindsPlay) {
  static int acts = 0;
  std::string seen_params;
  ASSERT_TRUE(RegisterPlayerFactory(
      "counting",
      [&seen_params](const PlayerContext& context,
                     absl::string_view params) -> absl::StatusOr<std::unique_ptr<poker::Player>> {
        seen_params = absl::StrCat(context.name, "/", context.seat, "/", params);
        return std::make_unique<CountingCaller>(&acts);
      }));
  EXPECT_THAT(RegisteredPlayerKinds(), ::testing::IsSupersetOf({"bot", "counting"}));
  const RingResult r =
      Ring(kNoLimit2pGame, {{"X", "counting:k=v"}, {"Y", "bot:style=station"}}, 20, 0, false);
  EXPECT_EQ(seen_params, "X/0/k=v");
  EXPECT_GE(acts, 20);
  EXPECT_DOUBLE_EQ(r.players[0].chips + r.players[1].chips, 0.0);
}

TEST(TournamentTest, HandGames) {
  const poker::GameDef base = *poker::ParseGameDef(kNoLimit3pGame);
  const std::vector<int32_t> three = {2000, 30, 1500};
  const poker::GameDef g3 = TournamentHandGame(base, three, 20, 40);
  EXPECT_EQ(g3.num_players, 3);
  EXPECT_EQ(g3.blind[0], 20);
  EXPECT_EQ(g3.blind[1], 30);  // the big blind capped by a 30-chip stack
  EXPECT_EQ(g3.blind[2], 0);
  EXPECT_EQ(g3.stack[2], 1500);
  EXPECT_EQ(g3.first_player[0], 2);
  EXPECT_EQ(g3.first_player[1], 0);
  const std::vector<int32_t> two = {2000, 2500};
  const poker::GameDef g2 = TournamentHandGame(base, two, 20, 40);
  EXPECT_EQ(g2.num_players, 2);
  EXPECT_EQ(g2.blind[0], 40);  // reverse blinds heads-up
  EXPECT_EQ(g2.blind[1], 20);
  EXPECT_EQ(g2.first_player[0], 1);
  EXPECT_EQ(g2.first_player[1], 0);
}

TEST(TournamentTest, ChipsCarryOverWithOneRebuy) {
  // Two all-in raisers: someone loses everything almost every hand, re-buys once, then is out.
  const poker::GameDef base = *poker::ParseGameDef(kNoLimit2pGame);
  auto a = bots::MakeBot(base, *bots::ParseBotSpec("style=raiser,raise=allin"));
  auto b = bots::MakeBot(base, *bots::ParseBotSpec("style=raiser,raise=allin"));
  std::vector<poker::Player*> seats = {a.get(), b.get()};
  TournamentOptions options;
  absl::StatusOr<TournamentOutcome> out = PlayTournament(base, seats, options, 17, 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_LT(out->hands_played, 600);  // over long before 600 hands
  const int loser = out->chips[0] == 0 ? 0 : 1;
  EXPECT_EQ(out->chips[loser], 0);
  EXPECT_EQ(out->rebuys_used[loser], 1);
  EXPECT_NEAR(out->chips[1 - loser] + out->chips[loser],
              2 * 2000 + 2000 * (out->rebuys_used[0] + out->rebuys_used[1]), 1.0);
  EXPECT_EQ(out->rank[1 - loser], 1.0);
  EXPECT_EQ(out->rank[loser], 2.0);
  EXPECT_EQ(out->hands_survived[1 - loser], out->hands_played);
}

TEST(TournamentTest, FullLengthAndRanks) {
  // Two check-callers with 20/40 blinds and 2000 chips rarely bust in 50 hands: ranked by chips.
  const poker::GameDef base = *poker::ParseGameDef(kNoLimit3pGame);
  std::vector<PlayerSpec> players = {{"A", "bot:style=station"},
                                     {"B", "bot:style=tp,trials=100"},
                                     {"C", "bot:style=la,trials=100"}};
  TournamentOptions options;
  options.hands = 50;
  options.repetitions = 4;
  options.seed = 3;
  absl::StatusOr<TournamentResult> r = RunTournaments(base, players, options);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->repetitions, 4);
  double rank_sum = 0, wins = 0;
  for (const TournamentPlayerStats& p : r->players) {
    rank_sum += p.rank.mean;
    wins += p.win_rate.mean;
    EXPECT_LE(p.hands_survived.mean, 50);
    EXPECT_GE(p.chips.mean, 0);
    EXPECT_GE(p.fluctuation.mean, 0);
  }
  EXPECT_NEAR(rank_sum, 1 + 2 + 3, 1e-9);  // ranks of each tournament sum to 6
  EXPECT_LE(wins, 1.0 + 1e-9);
  EXPECT_GT(r->hands, 0);
}

TEST(TournamentTest, FluctuationIsTheSumOfSquaredChanges) {
  // Deterministic players: tournaments cut after 1, 2 and 3 hands give the chip path C_1..C_3,
  // and F after 3 hands must be (C_2 - C_1)^2 + (C_3 - C_2)^2.
  const poker::GameDef base = *poker::ParseGameDef(kNoLimit2pGame);
  auto a = bots::MakeBot(base, *bots::ParseBotSpec("style=station"));
  auto b = bots::MakeBot(base, *bots::ParseBotSpec("style=raiser,raise=min"));
  std::vector<poker::Player*> seats = {a.get(), b.get()};
  TournamentOptions options;
  std::vector<TournamentOutcome> cut;
  for (int hands = 1; hands <= 3; ++hands) {
    options.hands = hands;
    absl::StatusOr<TournamentOutcome> out = PlayTournament(base, seats, options, 5, 0);
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(out->hands_played, hands);
    cut.push_back(*out);
  }
  for (int seat = 0; seat < 2; ++seat) {
    EXPECT_DOUBLE_EQ(cut[0].fluctuation[seat], 0.0);  // a single hand has no k >= 2
    const double d2 = cut[1].chips[seat] - cut[0].chips[seat];
    const double d3 = cut[2].chips[seat] - cut[1].chips[seat];
    EXPECT_DOUBLE_EQ(cut[2].fluctuation[seat], d2 * d2 + d3 * d3);
    EXPECT_NEAR(cut[2].chips[0] + cut[2].chips[1], 4000, 1e-9);
  }
  EXPECT_GT(cut[2].fluctuation[0], 0.0);
}

}  // namespace
}  // namespace arena
