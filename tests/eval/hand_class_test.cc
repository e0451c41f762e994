#include "tools/eval/hand_class.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"

namespace eval {
namespace {

poker::PairCards Hole(const std::string& text) { return poker::ParsePair(text).value(); }

int ClassOf(const std::string& hole, const std::string& board) {
  const std::vector<poker::Card> b = *poker::ParseCards(board);
  return HandClass(Hole(hole), b);
}

TEST(HandClassTest, PreflopCutOffs) {
  EXPECT_EQ(ClassOf("9c9d", ""), kBigPair);
  EXPECT_EQ(ClassOf("AhAs", ""), kBigPair);
  EXPECT_EQ(ClassOf("8c8d", ""), kSmallPair);
  EXPECT_EQ(ClassOf("2c2d", ""), kSmallPair);
  EXPECT_EQ(ClassOf("AsKd", ""), kBigHighCard);
  EXPECT_EQ(ClassOf("JhTh", ""), kBigHighCard);
  EXPECT_EQ(ClassOf("Ad2c", ""), kBigHighCard);
  EXPECT_EQ(ClassOf("Kd9c", ""), kSmallHighCard);
  EXPECT_EQ(ClassOf("Th9h", ""), kSmallHighCard);
  EXPECT_EQ(ClassOf("7c2d", ""), kSmallHighCard);
}

TEST(HandClassTest, PreflopCountsOverAllPairs) {
  std::array<int8_t, poker::kNumPairs> classes;
  AllPairClasses({}, &classes);
  std::array<int, kNumPreflopClasses> counts{};
  for (int8_t c : classes) ++counts[c];
  EXPECT_EQ(counts[kBigPair], 36);       // 99..AA: 6 ranks x 6 combos
  EXPECT_EQ(counts[kSmallPair], 42);     // 22..88
  EXPECT_EQ(counts[kBigHighCard], 288);  // 10 broadway rank pairs + A9..A2, 16 combos each
  EXPECT_EQ(counts[kSmallHighCard], 960);
}

TEST(HandClassTest, PostflopClassesOnKingHighRainbowFlop) {
  const std::string board = "Ks7d2c";
  EXPECT_EQ(ClassOf("AhQd", board), kHighCardBig);    // ace over the king
  EXPECT_EQ(ClassOf("QhJd", board), kHighCardSmall);  // no overcard
  EXPECT_EQ(ClassOf("Kd3c", board), kOnePairBig);     // top pair
  EXPECT_EQ(ClassOf("AcAd", board), kOnePairBig);     // overpair
  EXPECT_EQ(ClassOf("7h6h", board), kOnePairSmall);   // middle pair
  EXPECT_EQ(ClassOf("QcQd", board), kOnePairSmall);   // pocket pair under the king
  EXPECT_EQ(ClassOf("Kd7c", board), kTwoPair);
  EXPECT_EQ(ClassOf("2d2h", board), kThreeOfAKind);
}

TEST(HandClassTest, PairOnTheBoardIsSmall) {
  EXPECT_EQ(ClassOf("AhQd", "KsKd2c"), kOnePairSmall);
  EXPECT_EQ(ClassOf("Qh2d", "KsKd2c"), kTwoPair);
  EXPECT_EQ(ClassOf("AhAd", "KsKd2c"), kTwoPair);
}

TEST(HandClassTest, MadeHands) {
  EXPECT_EQ(ClassOf("8h9h", "5s6d7c"), kStraight);
  EXPECT_EQ(ClassOf("Ah2d", "3s4d5cKh"), kStraight);  // the wheel
  EXPECT_EQ(ClassOf("Ks3s", "As7s2s"), kFlush);
  EXPECT_EQ(ClassOf("7h7c", "7s2d2c"), kFullHouse);
  EXPECT_EQ(ClassOf("7h7c", "7s7d2c"), kFourOfAKind);
  EXPECT_EQ(ClassOf("8s9s", "5s6s7sKdQd"), kStraightFlush);
  // The best five of seven: a flush on the river beats the pair made on the flop.
  EXPECT_EQ(ClassOf("Ks3s", "Kd7s2cQs"), kOnePairBig);
  EXPECT_EQ(ClassOf("Ks3s", "Kd7s2cQs9s"), kFlush);
}

TEST(HandClassTest, AllPairsAgreeWithOnePairAndMarkConflicts) {
  for (const char* text : {"Ks7d2c", "As7s2sQh", "5s6d7cKhKd", "2c3c4c5c6c"}) {
    const std::vector<poker::Card> board = *poker::ParseCards(text);
    std::array<int8_t, poker::kNumPairs> classes;
    AllPairClasses(board, &classes);
    int dead = 0;
    for (int i = 0; i < poker::kNumPairs; ++i) {
      const poker::PairCards pair = poker::PairFromIndex(i);
      const bool conflict =
          poker::CardSet(board).Contains(pair.low) || poker::CardSet(board).Contains(pair.high);
      if (conflict) {
        EXPECT_EQ(classes[i], -1);
        ++dead;
      } else {
        EXPECT_EQ(classes[i], HandClass(pair, board)) << text << " pair " << i;
      }
    }
    const int n = static_cast<int>(board.size());
    EXPECT_EQ(dead, poker::kNumPairs - (52 - n) * (51 - n) / 2) << text;
  }
}

TEST(HandClassTest, PossibleClassesFollowTheBoard) {
  std::array<int8_t, poker::kNumPairs> classes;
  // A rainbow, unpaired, unconnected flop allows no straight, flush, full house or quads.
  AllPairClasses(*poker::ParseCards("Ks7d2c"), &classes);
  EXPECT_EQ(PossibleClasses(classes), (1u << kHighCardSmall) | (1u << kHighCardBig) |
                                          (1u << kOnePairSmall) | (1u << kOnePairBig) |
                                          (1u << kTwoPair) | (1u << kThreeOfAKind));
  // A straight flush on the board: every hand plays at least it.
  AllPairClasses(*poker::ParseCards("2c3c4c5c6c"), &classes);
  EXPECT_EQ(PossibleClasses(classes), 1u << kStraightFlush);
  // Preflop: all four.
  AllPairClasses({}, &classes);
  EXPECT_EQ(PossibleClasses(classes), 0xFu);
}

TEST(HandClassTest, Names) {
  EXPECT_STREQ(ClassName(0, kBigPair), "big pair");
  EXPECT_STREQ(ClassName(1, kOnePairBig), "one pair big");
  EXPECT_STREQ(ClassName(3, kStraightFlush), "straight flush");
  EXPECT_STREQ(ClassName(0, 4), "?");
  EXPECT_EQ(NumClasses(0), 4);
  EXPECT_EQ(NumClasses(2), 11);
}

// The `board` predictor is the number of live pairs per class: checked against a brute-force
// walk over every two-card combination on hand-made boards.
TEST(HandClassTest, ClassCountsEqualABruteForceCount) {
  for (const std::string board_text :
       {"", "AhKhQh", "7c7d2s", "9s8s7d6c", "AcAdAhKsKc", "2c3c4c5c9d", "Td9c8h"}) {
    SCOPED_TRACE(board_text);
    const std::vector<poker::Card> board = *poker::ParseCards(board_text);
    const int round = board.empty() ? 0 : static_cast<int>(board.size()) - 2;
    std::vector<double> brute(NumClasses(round), 0.0);
    int live = 0;
    for (poker::Card a = 0; a < poker::kNumCards; ++a) {
      for (poker::Card b = a + 1; b < poker::kNumCards; ++b) {
        if (std::find(board.begin(), board.end(), a) != board.end() ||
            std::find(board.begin(), board.end(), b) != board.end()) {
          continue;
        }
        ++brute[HandClass(poker::PairCards{a, b}, board)];
        ++live;
      }
    }
    std::array<int8_t, poker::kNumPairs> classes;
    AllPairClasses(board, &classes);
    EXPECT_EQ(ClassCounts(classes, round), brute);
    EXPECT_EQ(live,
              (52 - static_cast<int>(board.size())) * (51 - static_cast<int>(board.size())) / 2);
  }
  // Known counts: on AhKhQh the straight flush needs JhTh (1 pair); on AcAdAhKsKc every
  // pair makes at least a full house.
  std::array<int8_t, poker::kNumPairs> classes;
  AllPairClasses(*poker::ParseCards("AhKhQh"), &classes);
  EXPECT_EQ(ClassCounts(classes, 1)[kStraightFlush], 1);
  AllPairClasses(*poker::ParseCards("AcAdAhKsKc"), &classes);
  const std::vector<double> full = ClassCounts(classes, 3);
  EXPECT_EQ(full[kFourOfAKind], 46 + 1);  // As with any of the other 46 cards, and KdKh
  EXPECT_EQ(full[kFullHouse], 47 * 46 / 2 - 47);
}

}  // namespace
}  // namespace eval
