// Tests of agent/range and agent/alias_table.
#include "agent/range.h"

#include <array>
#include <cmath>
#include <vector>

#include "agent/alias_table.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/rng.h"

namespace agent {
namespace {

using poker::Card;
using poker::kNumPairs;
using poker::PairIndex;
using poker::Rng;

Card C(const char* text) { return poker::ParseCard(text).value(); }

TEST(RangeTest, StartsUniform) {
  Range r;
  EXPECT_EQ(r.NumPositive(), kNumPairs);
  EXPECT_DOUBLE_EQ(r.Total(), kNumPairs);
  const Range::GroupWeights g = r.Groups();
  EXPECT_NEAR(g.pairs, 78.0 / 1326, 1e-12);
  EXPECT_NEAR(g.suited, 312.0 / 1326, 1e-12);
  EXPECT_NEAR(g.offsuit, 936.0 / 1326, 1e-12);
  EXPECT_NEAR(r.ClassWeights()[12], 6.0 / 1326, 1e-12);  // AA
}

TEST(RangeTest, RemoveConflictsZeroesExactlyThePairsHoldingAKnownCard) {
  Range r;
  const std::vector<Card> known = poker::ParseCards("AhKs2c7d9h").value();
  r.RemoveConflicts(poker::CardSet(known));
  EXPECT_EQ(r.NumPositive(), 47 * 46 / 2);
  EXPECT_EQ(r.weight(PairIndex(C("Ah"), C("Ad"))), 0);
  EXPECT_EQ(r.weight(PairIndex(C("2c"), C("7d"))), 0);
  EXPECT_EQ(r.weight(PairIndex(C("Ad"), C("Ac"))), 1);
}

TEST(RangeTest, MultiplyIsPerPair) {
  Range r;
  std::array<float, kNumPairs> factors;
  for (int i = 0; i < kNumPairs; ++i) factors[i] = static_cast<float>(i % 7) * 0.25f;
  r.Multiply(factors);
  r.Multiply(factors);
  for (int i = 0; i < kNumPairs; ++i) ASSERT_EQ(r.weight(i), factors[i] * factors[i]) << i;
}

TEST(RangeTest, NormalizeAndTop) {
  Range r;
  r.Fill(0);
  const int aa = PairIndex(C("Ah"), C("As"));
  const int kk = PairIndex(C("Kh"), C("Ks"));
  const int ak = PairIndex(C("Ah"), C("Kh"));
  r.set_weight(aa, 6);
  r.set_weight(kk, 3);
  r.set_weight(ak, 1);
  const std::vector<Range::PairWeight> top = r.Top(2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].pair, aa);
  EXPECT_DOUBLE_EQ(top[0].weight, 0.6);
  EXPECT_EQ(top[1].pair, kk);
  EXPECT_DOUBLE_EQ(top[1].weight, 0.3);
  EXPECT_NEAR(r.Normalized()[ak], 0.1, 1e-7);
  ASSERT_TRUE(r.Normalize());
  EXPECT_NEAR(r.Total(), 1.0, 1e-6);
  EXPECT_NEAR(r.Groups().pairs, 0.9, 1e-6);
  EXPECT_NEAR(r.Groups().suited, 0.1, 1e-6);
  EXPECT_EQ(r.Summary(2),
            "AsAh 60.0%, KsKh 30.0% | AA 60.0% KK 30.0% | pairs 90.0% suited 10.0% offsuit 0.0% "
            "| 3 pairs");

  Range empty;
  empty.Fill(0);
  EXPECT_FALSE(empty.Normalize());
  EXPECT_EQ(empty.Normalized()[0], 0);
}

TEST(AliasTableTest, SamplesInProportionToTheWeights) {
  AliasTable table;
  const std::vector<float> weights = {0, 1, 3, 0, 6, 0.5f};
  ASSERT_TRUE(table.Build(weights));
  EXPECT_EQ(table.num_items(), 4);
  EXPECT_DOUBLE_EQ(table.total_weight(), 10.5);
  Rng rng(7);
  constexpr int kDraws = 2'000'000;
  std::vector<int> count(weights.size());
  for (int i = 0; i < kDraws; ++i) ++count[table.Sample(rng.Next())];
  EXPECT_EQ(count[0], 0);
  EXPECT_EQ(count[3], 0);
  for (size_t i = 0; i < weights.size(); ++i) {
    const double p = weights[i] / 10.5;
    const double sd = std::sqrt(kDraws * p * (1 - p));
    EXPECT_NEAR(count[i], kDraws * p, 5 * sd + 1e-9) << "item " << i;
  }
}

TEST(AliasTableTest, RejectsAllZero) {
  AliasTable table;
  EXPECT_FALSE(table.Build(std::vector<float>{0, 0, -1}));
  EXPECT_EQ(table.num_items(), 0);
}

TEST(RngTest, SeedsRepeatAndDiffer) {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.Next();
    EXPECT_EQ(x, b.Next());
    EXPECT_NE(x, c.Next());
  }
  for (int i = 0; i < 1000; ++i) EXPECT_LT(Rng::Below(static_cast<uint32_t>(a.Next()), 52), 52u);
}

}  // namespace
}  // namespace agent
