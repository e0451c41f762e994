// Tests of poker/hand_strength: exact HS counts, all-pairs HS, potential, outs, hit probability
// and the preflop table.
#include "poker/hand_strength.h"

#include <array>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"

namespace poker {
namespace {

std::vector<Card> Cards(const char* text) { return ParseCards(text).value(); }

PairCards Hole(const char* text) { return ParsePair(text).value(); }

double Preflop(const char* cls) {
  for (int i = 0; i < kNumStartingHandClasses; ++i) {
    if (StartingHandClassName(i) == cls) {
      // Any pair of the class gives the class's value.
      for (int p = 0; p < kNumPairs; ++p) {
        if (StartingHandClass(PairFromIndex(p)) == i) return PreflopEquity(PairFromIndex(p));
      }
    }
  }
  ADD_FAILURE() << "no class " << cls;
  return -1;
}

TEST(StartingHandClassTest, ClassesPartitionThePairs) {
  std::array<int, kNumStartingHandClasses> count{};
  for (int p = 0; p < kNumPairs; ++p) ++count[StartingHandClass(PairFromIndex(p))];
  std::set<std::string> names;
  for (int c = 0; c < kNumStartingHandClasses; ++c) {
    EXPECT_EQ(count[c], StartingHandClassCombos(c)) << StartingHandClassName(c);
    names.insert(StartingHandClassName(c));
  }
  EXPECT_EQ(names.size(), 169u);
  EXPECT_EQ(StartingHandClassName(StartingHandClass(Hole("AhAs"))), "AA");
  EXPECT_EQ(StartingHandClassName(StartingHandClass(Hole("KhAh"))), "AKs");
  EXPECT_EQ(StartingHandClassName(StartingHandClass(Hole("7c2d"))), "72o");
  EXPECT_EQ(StartingHandClass(Hole("2c2d")), 0);
  EXPECT_EQ(StartingHandClass(Hole("AcAd")), 12);
}

// The well-known all-in equities against one random hand (ties half), to the 0.01% they are
// usually quoted with.
TEST(PreflopTableTest, MatchesWellKnownValues) {
  EXPECT_NEAR(Preflop("AA"), 0.8520, 5e-5);
  EXPECT_NEAR(Preflop("KK"), 0.8240, 5e-5);
  EXPECT_NEAR(Preflop("QQ"), 0.7993, 5e-5);
  EXPECT_NEAR(Preflop("AKs"), 0.6704, 5e-5);
  EXPECT_NEAR(Preflop("AKo"), 0.6532, 5e-5);
  EXPECT_NEAR(Preflop("22"), 0.5033, 5e-5);
  EXPECT_NEAR(Preflop("72o"), 0.3458, 5e-5);
  EXPECT_NEAR(Preflop("32o"), 0.3230, 5e-5);
}

// By symmetry a random hand against a random hand has equity exactly 1/2: the table's values,
// weighted by the pairs in each class, must average to 0.5 (this catches any class being off).
TEST(PreflopTableTest, AveragesToOneHalf) {
  double sum = 0;
  double best = 0, worst = 1;
  std::string best_name, worst_name;
  for (int p = 0; p < kNumPairs; ++p) {
    const double e = PreflopEquity(PairFromIndex(p));
    sum += e;
    const std::string name = StartingHandClassName(StartingHandClass(PairFromIndex(p)));
    if (e > best) best = e, best_name = name;
    if (e < worst) worst = e, worst_name = name;
  }
  EXPECT_NEAR(sum / kNumPairs, 0.5, 1e-10);
  EXPECT_EQ(best_name, "AA");
  EXPECT_EQ(worst_name, "32o");
  EXPECT_EQ(HandStrength(Hole("AdAc"), {}), Preflop("AA"));
}

// Board 2c 3d 8h 9s Kc: rainbow with no pair, no straight possible; sets are the best hands.
TEST(HandStrengthTest, HandCheckedRiver) {
  const std::vector<Card> board = Cards("2c3d8h9sKc");
  StrengthCounts kings = HandStrengthCounts(Hole("KhKs"), board);
  EXPECT_EQ(kings.ahead, 990);  // C(45, 2): nothing beats or ties top set
  EXPECT_EQ(kings.tied, 0);
  EXPECT_EQ(kings.behind, 0);
  StrengthCounts nines = HandStrengthCounts(Hole("9c9d"), board);
  EXPECT_EQ(nines.ahead, 987);
  EXPECT_EQ(nines.behind, 3);  // KdKh, KdKs, KhKs
  EXPECT_DOUBLE_EQ(nines.hs(), 987.0 / 990);
  EXPECT_DOUBLE_EQ(HandStrength(Hole("9c9d"), board), 987.0 / 990);

  // A royal flush on the board: every opponent ties.
  StrengthCounts royal = HandStrengthCounts(Hole("2c3d"), Cards("AsKsQsJsTs"));
  EXPECT_EQ(royal.tied, 990);
  EXPECT_EQ(royal.hs(), 0.5);
}

TEST(HandStrengthTest, WeightedCountsUseTheWeights) {
  const std::vector<Card> board = Cards("2c3d8h9sKc");
  std::array<float, kNumPairs> w{};
  w[PairIndex(Cards("Kd")[0], Cards("Kh")[0])] = 1;    // beats 99
  w[PairIndex(Cards("8c")[0], Cards("8d")[0])] = 3;    // loses to 99
  w[PairIndex(Cards("9c")[0], Cards("Ah")[0])] = 100;  // conflicts with our 9c: ignored
  w[PairIndex(Cards("Kc")[0], Cards("Ah")[0])] = 100;  // conflicts with the board: ignored
  StrengthCounts c = HandStrengthCounts(Hole("9c9d"), board, w.data());
  EXPECT_EQ(c.ahead, 3);
  EXPECT_EQ(c.behind, 1);
  EXPECT_EQ(c.tied, 0);
  EXPECT_DOUBLE_EQ(c.hs(), 0.75);
}

TEST(HandStrengthTest, UniformWeightsEqualUnweighted) {
  std::array<float, kNumPairs> ones;
  ones.fill(1.0f);
  for (const char* b : {"Ah7d2c", "Ah7d2cTh", "Ah7d2cThTs"}) {
    for (const char* h : {"AsKs", "7c7s", "3h4h", "QdJd"}) {
      const StrengthCounts u = HandStrengthCounts(Hole(h), Cards(b));
      const StrengthCounts w = HandStrengthCounts(Hole(h), Cards(b), ones.data());
      EXPECT_EQ(u.ahead, w.ahead) << h << " on " << b;
      EXPECT_EQ(u.tied, w.tied) << h << " on " << b;
      EXPECT_EQ(u.behind, w.behind) << h << " on " << b;
      const size_t n = std::string(b).size() / 2;
      EXPECT_EQ(u.total(), (50 - n) * (49 - n) / 2);
    }
  }
}

// Every pair's all-pairs result equals its own exact count, on boards with ties, flushes and
// paired ranks.
TEST(AllPairsHandStrengthTest, EqualsPerPairCounts) {
  for (const char* b : {"Ah7d2c", "9h9d9s", "KhQhJh2h", "Ah7d2cTh3s", "AsKsQsJsTs", "5c5d5h5s2c"}) {
    const std::vector<Card> board = Cards(b);
    std::array<int32_t, kNumPairs> numerators;
    AllPairsStrengthNumerators(board, &numerators);
    std::array<float, kNumPairs> hs;
    AllPairsHandStrength(board, &hs);
    const CardSet board_set(board);
    int live = 0;
    for (int p = 0; p < kNumPairs; ++p) {
      const PairCards pair = PairFromIndex(p);
      if (board_set.Contains(pair.low) || board_set.Contains(pair.high)) {
        EXPECT_EQ(numerators[p], -1);
        EXPECT_EQ(hs[p], -1.0f);
        continue;
      }
      ++live;
      const StrengthCounts c = HandStrengthCounts(pair, board);
      ASSERT_EQ(numerators[p], 2 * c.ahead + c.tied)
          << CardsToString({pair.low, pair.high}) << " on " << b;
      ASSERT_NEAR(hs[p], c.hs(), 1e-6);
    }
    EXPECT_EQ(live, (52 - board.size()) * (51 - board.size()) / 2);
  }
}

TEST(AllPairsHandStrengthTest, PreflopIsTheTable) {
  std::array<float, kNumPairs> hs;
  AllPairsHandStrength({}, &hs);
  EXPECT_FLOAT_EQ(hs[PairIndex(Cards("Ah")[0], Cards("As")[0])], Preflop("AA"));
}

TEST(HandStrengthTest, HandStrengthN) {
  EXPECT_DOUBLE_EQ(HandStrengthN(0.8, 1), 0.8);
  EXPECT_DOUBLE_EQ(HandStrengthN(0.8, 3), 0.512);
}

TEST(HitProbabilityTest, HandChecked) {
  // 000 eq. 27: 8 outs with two cards to come from 50: 1 - 42/50 * 41/49 = 29.7%.
  EXPECT_NEAR(HitProbability(8, 2, 50), 1 - 42.0 / 50 * 41.0 / 49, 1e-12);
  EXPECT_NEAR(HitProbability(8, 2, 50), 0.2971, 1e-4);
  EXPECT_DOUBLE_EQ(HitProbability(9, 1, 46), 9.0 / 46);
  EXPECT_NEAR(HitProbability(9, 2, 47), 1 - 38.0 / 47 * 37.0 / 46,
              1e-12);  // flush draw on flop: 35.0%
  EXPECT_EQ(HitProbability(0, 2, 47), 0);
  EXPECT_EQ(HitProbability(46, 1, 46), 1);
  EXPECT_EQ(HitProbability(45, 2, 46), 1);  // one miss card cannot fill two cards
}

// Outs by eq. 29 (gain >= 0.6 * (1 - HS)), computed exactly on hand-picked boards. HS is against
// a random hand on the new board, so a card that pairs a weak unpaired hand also lifts it enough:
// eq. 29 counts pair cards as outs, unlike the usual poker count.
TEST(OutsTest, Equation29OnDraws) {
  // Flush draw 9h8h on 2h 5h Kc: HS 0.182, so a card must add 0.491. The 9 hearts lift HS to
  // 0.96-0.98 and the three 9s and three 8s to 0.79 (gain 0.60-0.61): 9 + 6 = 15 outs.
  EXPECT_EQ(CountOuts(Hole("9h8h"), Cards("2h5hKc")), 15);
  // Open-ended straight draw 9c8d on 7h 6s 2c: HS 0.115; the 8 tens and fives (HS 0.996) and the
  // 6 nines and eights (HS 0.83-0.85): 14.
  EXPECT_EQ(CountOuts(Hole("9c8d"), Cards("7h6s2c")), 14);
  // Flush draw plus open-ended straight draw on the turn 7h 6c 2h Ks: 9 hearts, 6 non-heart tens
  // and fives, 6 nines and eights: 21.
  EXPECT_EQ(CountOuts(Hole("9h8h"), Cards("7h6c2hKs")), 21);
  // Nut flush draw with two overcards, AhKh on Qh 7h 2c (HS 0.596): 9 hearts, 3 aces, 3 kings.
  EXPECT_EQ(CountOuts(Hole("AhKh"), Cards("Qh7h2c")), 15);
  // Already the nuts (royal flush): no card improves it, so no outs.
  EXPECT_EQ(CountOuts(Hole("AsKs"), Cards("QsJsTs")), 0);
  // The river has no next card.
  EXPECT_EQ(CountOuts(Hole("AsKs"), Cards("QsJsTs2c3d")), 0);
}

TEST(OutsTest, AllPairsOutsEqualsCountOuts) {
  // Two draw-heavy boards, where many pairs sit near the threshold.
  for (const char* b : {"2h5hKc", "7h6c2hKs"}) {
    const std::vector<Card> board = Cards(b);
    std::array<int8_t, kNumPairs> outs;
    AllPairsOuts(board, &outs);
    const CardSet board_set(board);
    int drawing = 0;
    for (int p = 0; p < kNumPairs; ++p) {
      const PairCards pair = PairFromIndex(p);
      if (board_set.Contains(pair.low) || board_set.Contains(pair.high)) {
        ASSERT_EQ(outs[p], -1);
        continue;
      }
      ASSERT_EQ(outs[p], CountOuts(pair, board))
          << CardsToString({pair.low, pair.high}) << " on " << b;
      drawing += outs[p] >= 8;
    }
    EXPECT_GT(drawing, 0) << b;
  }
  std::array<int8_t, kNumPairs> outs;
  AllPairsOuts(Cards("2h5hKc"), &outs);
  EXPECT_EQ(outs[PairIndex(Cards("9h")[0], Cards("8h")[0])], 15);
}

// Ppot/Npot against a direct enumeration written independently (cards as spans, EvaluateCards).
TEST(HandPotentialTest, MatchesDirectEnumeration) {
  for (const auto& [h, b] :
       std::vector<std::pair<const char*, const char*>>{{"9h8h", "2h5hKc"}, {"AcKd", "Ah7d2cTh"}}) {
    const PairCards hole = Hole(h);
    const std::vector<Card> board = Cards(b);
    CardSet dead(board);
    dead.Add(hole.low);
    dead.Add(hole.high);
    double hp[3][3] = {{0}}, tot[3] = {0};
    auto cmp = [](HandRank a, HandRank b) { return a > b ? 0 : a == b ? 1 : 2; };
    for (int x = 0; x < kNumCards; ++x) {
      for (int y = x + 1; y < kNumCards; ++y) {
        if (dead.Contains(x) || dead.Contains(y)) continue;
        std::vector<Card> ours = board, theirs = board;
        ours.insert(ours.end(), {hole.low, hole.high});
        theirs.insert(theirs.end(), {static_cast<Card>(x), static_cast<Card>(y)});
        const int now = cmp(EvaluateCards(ours), EvaluateCards(theirs));
        for (int c = 0; c < kNumCards; ++c) {
          if (dead.Contains(c) || c == x || c == y) continue;
          ours.push_back(c);
          theirs.push_back(c);
          hp[now][cmp(EvaluateCards(ours), EvaluateCards(theirs))] += 1;
          tot[now] += 1;
          ours.pop_back();
          theirs.pop_back();
        }
      }
    }
    const Potential pot = HandPotential(hole, board);
    EXPECT_NEAR(pot.hs, HandStrengthCounts(hole, board).hs(), 1e-12);
    EXPECT_NEAR(pot.ppot, (hp[2][0] + hp[2][1] / 2 + hp[1][0] / 2) / (tot[2] + tot[1] / 2), 1e-12);
    EXPECT_NEAR(pot.npot, (hp[0][2] + hp[1][2] / 2 + hp[0][1] / 2) / (tot[0] + tot[1] / 2), 1e-12);
    EXPECT_NEAR(pot.ehs(), pot.hs + (1 - pot.hs) * pot.ppot, 1e-12);
  }
  // The nuts on the flop that nothing can catch: no positive or negative potential.
  const Potential nuts = HandPotential(Hole("AsKs"), Cards("QsJsTs"));
  EXPECT_EQ(nuts.hs, 1);
  EXPECT_EQ(nuts.ppot, 0);
  EXPECT_EQ(nuts.npot, 0);
  EXPECT_EQ(nuts.ehs(), 1);
}

}  // namespace
}  // namespace poker
