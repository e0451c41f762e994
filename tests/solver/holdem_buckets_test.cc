#include "solver/holdem_buckets.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/hand_strength.h"
#include "poker/random_deal.h"
#include "poker/rng.h"
#include "proto/solver_strategy.pb.h"
#include "solver/card_abstraction.h"
#include "solver/strategy_file.h"
#include "tests/common/test_support.h"
#include "tests/solver/test_util.h"

namespace solver {
namespace {

using poker::Card;

constexpr int kRounds = 4;

std::vector<Card> Cards(const char* text) { return poker::ParseCards(text).value(); }

std::unique_ptr<CardAbstraction> Make(const HoldemBucketCounts& counts = {}) {
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  absl::StatusOr<std::unique_ptr<CardAbstraction>> a = MakeHoldemBuckets(game, counts);
  EXPECT_TRUE(a.ok()) << a.status();
  return a.ok() ? std::move(*a) : nullptr;
}

using Deal = poker::HeadsUpDeal;

std::array<int, 2 * kRounds> DealBuckets(const CardAbstraction& a, const Deal& d) {
  std::array<int, 2 * kRounds> out;
  a.DealBuckets(d.holes, d.board, absl::MakeSpan(out));
  return out;
}

constexpr std::array<int, kRounds> kBoardCards = {0, 3, 4, 5};

TEST(HoldemBucketsTest, NameAndCounts) {
  std::unique_ptr<CardAbstraction> a = Make({{169, 8, 16, 32}});
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->Name(), "holdem_ehs_pot:169,8,16,32:v1");
  EXPECT_EQ(a->NumBuckets(0), 169);
  EXPECT_EQ(a->NumBuckets(1), 8);
  EXPECT_EQ(a->NumBuckets(2), 16);
  EXPECT_EQ(a->NumBuckets(3), 32);
}

TEST(HoldemBucketsTest, RefusesOtherGamesAndBadCounts) {
  for (const char* name : {"kuhn.limit.3p.game", "leduc.limit.2p.game"}) {
    const poker::GameDef game = test_support::LoadProjectGame(name);
    absl::StatusOr<std::unique_ptr<CardAbstraction>> a = MakeHoldemBuckets(game, {});
    ASSERT_FALSE(a.ok()) << name;
    EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(a.status().message().find("hold'em buckets need 52-card Texas hold'em"),
              absl::string_view::npos)
        << a.status();
  }
  const poker::GameDef kuhn = test_support::LoadProjectGame("kuhn.limit.3p.game");
  EXPECT_NE(
      MakeHoldemBuckets(kuhn, {}).status().message().find("1 suits x 4 ranks, 1 hole card(s)"),
      absl::string_view::npos);

  const poker::GameDef holdem =
      test_support::LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  for (const HoldemBucketCounts& counts :
       {HoldemBucketCounts{{100, 64, 64, 64}}, HoldemBucketCounts{{169, 0, 64, 64}},
        HoldemBucketCounts{{169, 64, kMaxHoldemBuckets + 1, 64}}}) {
    EXPECT_EQ(MakeHoldemBuckets(holdem, counts).status().code(),
              absl::StatusCode::kInvalidArgument);
  }
}

TEST(HoldemBucketsTest, PreflopBucketIsTheStartingHandClass) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  for (int p = 0; p < poker::kNumPairs; ++p) {
    const poker::PairCards pc = poker::PairFromIndex(p);
    const Card hole[2] = {pc.high, pc.low};
    EXPECT_EQ(a->Bucket(0, hole, {}), poker::StartingHandClass(pc));
  }
}

// Every bucket in range, DealBuckets equal to Bucket round by round, and the same cards (in any
// order, relabelled by any suit permutation) give the same buckets.
TEST(HoldemBucketsTest, DealBucketsInRangeAndInvariantUnderIsomorphism) {
  std::unique_ptr<CardAbstraction> a = Make({{169, 50, 40, 30}});
  ASSERT_NE(a, nullptr);
  poker::Rng rng(7);
  for (const Deal& d : poker::RandomHeadsUpDeals(60, 11)) {
    const std::array<int, 2 * kRounds> buckets = DealBuckets(*a, d);
    for (int p = 0; p < 2; ++p) {
      for (int r = 0; r < kRounds; ++r) {
        const int b = buckets[p * kRounds + r];
        EXPECT_GE(b, 0);
        EXPECT_LT(b, a->NumBuckets(r));
        const absl::Span<const Card> hole(&d.holes[2 * p], 2);
        EXPECT_EQ(a->Bucket(r, hole, absl::MakeConstSpan(d.board).first(kBoardCards[r])), b);
      }
    }
    // A random suit permutation, hole cards swapped, flop cards reversed, turn and river kept.
    std::array<int, 4> suit = {0, 1, 2, 3};
    for (int i = 3; i > 0; --i) std::swap(suit[i], suit[rng.Below(i + 1)]);
    auto relabel = [&](Card c) {
      return poker::MakeCard(poker::RankOf(c), suit[poker::SuitOf(c)]);
    };
    Deal iso;
    for (int i = 0; i < 4; ++i) iso.holes[i ^ 1] = relabel(d.holes[i]);
    for (int i = 0; i < 5; ++i) iso.board[i < 3 ? 2 - i : i] = relabel(d.board[i]);
    EXPECT_EQ(DealBuckets(*a, iso), buckets);
  }
}

// Bucket() on a board whose table is not filled (it evaluates the one hand) agrees with the table
// DealBuckets fills.
TEST(HoldemBucketsTest, OneHandAgreesWithTheTable) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  for (const Deal& d : poker::RandomHeadsUpDeals(8, 41)) {
    std::array<int, 2 * kRounds> one;
    for (int p = 0; p < 2; ++p) {
      for (int r = 0; r < kRounds; ++r) {
        one[p * kRounds + r] = a->Bucket(r, absl::MakeConstSpan(&d.holes[2 * p], 2),
                                         absl::MakeConstSpan(d.board).first(kBoardCards[r]));
      }
    }
    EXPECT_EQ(DealBuckets(*a, d), one);
  }
}

// AllPairsBuckets gives every pair what Bucket gives it (on the flop and turn for a sample of pairs
// asked before the board's table exists, so the one-hand roll-out is compared with the table), and
// -1 to the pairs that share a card with the board.
TEST(HoldemBucketsTest, AllPairsBucketsAgreeWithBucket) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  for (const Deal& d : poker::RandomHeadsUpDeals(3, 77)) {
    for (int r = 0; r < kRounds; ++r) {
      const absl::Span<const Card> board = absl::MakeConstSpan(d.board).first(kBoardCards[r]);
      const int step = r == 1 || r == 2 ? 37 : 1;  // the one-hand flop roll-out costs ~3 ms
      std::vector<std::pair<int, int>> expected;
      for (int i = 0; i < poker::kNumPairs; i += step) {
        const poker::PairCards pair = poker::PairFromIndex(i);
        const Card hole[2] = {pair.low, pair.high};
        const bool conflict = std::find(board.begin(), board.end(), pair.low) != board.end() ||
                              std::find(board.begin(), board.end(), pair.high) != board.end();
        expected.emplace_back(i, conflict ? -1 : a->Bucket(r, hole, board));
      }
      std::array<int, poker::kNumPairs> all;
      a->AllPairsBuckets(r, board, absl::MakeSpan(all));
      int conflicts = 0;
      for (const auto& [i, bucket] : expected) {
        EXPECT_EQ(all[i], bucket) << "round " << r << " pair " << i;
        conflicts += bucket < 0;
      }
      const int live = (52 - kBoardCards[r]) * (51 - kBoardCards[r]) / 2;
      if (step == 1) {
        EXPECT_EQ(conflicts, poker::kNumPairs - live);
      }
    }
  }
}

// A fresh abstraction filled by two threads at once gives what one thread gives.
TEST(HoldemBucketsTest, SameBucketsAcrossThreads) {
  const std::vector<Deal> deals = poker::RandomHeadsUpDeals(20, 23);
  std::unique_ptr<CardAbstraction> serial = Make();
  std::unique_ptr<CardAbstraction> shared = Make();
  ASSERT_NE(serial, nullptr);
  ASSERT_NE(shared, nullptr);
  std::vector<std::array<int, 2 * kRounds>> expected;
  for (const Deal& d : deals) expected.push_back(DealBuckets(*serial, d));
  std::vector<std::array<int, 2 * kRounds>> got[2];
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (const Deal& d : deals) got[t].push_back(DealBuckets(*shared, d));
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(got[0], expected);
  EXPECT_EQ(got[1], expected);
}

TEST(HoldemBucketsTest, NutsOnTopWorstAtTheBottom) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  // A made royal flush: the largest E[HS] there is on the flop and turn (the top group of
  // 16 x 4), HS 1 on the river.
  const std::vector<Card> board = Cards("QsJsTs2c3d");
  const std::vector<Card> royal = Cards("AsKs");
  for (int r = 1; r < 3; ++r) {
    EXPECT_EQ(a->Bucket(r, royal, absl::MakeConstSpan(board).first(kBoardCards[r])) / 4, 15)
        << "round " << r;
  }
  EXPECT_EQ(a->Bucket(3, royal, board), a->NumBuckets(3) - 1);
  // 4-3 offsuit on a dry river: only the 9 other 4-3 combinations tie, everything else wins.
  const std::vector<Card> dry = Cards("KsQd9h7c2s");
  EXPECT_EQ(a->Bucket(3, Cards("3h4d"), dry), 0);
  // The river nuts on that board (king-high straight; only the 15 other J-T tie) are on top.
  EXPECT_EQ(a->Bucket(3, Cards("JcTd"), dry), a->NumBuckets(3) - 1);
}

// River buckets are a non-decreasing function of exact HS: equal HS, equal bucket.
TEST(HoldemBucketsTest, RiverBucketMonotoneInHandStrength) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  std::vector<std::pair<int, int>> numerator_bucket;
  std::array<int32_t, poker::kNumPairs> num;
  for (const Deal& d : poker::RandomHeadsUpDeals(20, 31)) {
    poker::AllPairsStrengthNumerators(d.board, &num);
    for (int p = 0; p < poker::kNumPairs; ++p) {
      if (num[p] < 0) continue;
      const poker::PairCards pc = poker::PairFromIndex(p);
      const Card hole[2] = {pc.low, pc.high};
      numerator_bucket.emplace_back(num[p], a->Bucket(3, hole, d.board));
    }
  }
  std::sort(numerator_bucket.begin(), numerator_bucket.end());
  for (size_t i = 1; i < numerator_bucket.size(); ++i) {
    ASSERT_LE(numerator_bucket[i - 1].second, numerator_bucket[i].second)
        << "HS numerators " << numerator_bucket[i - 1].first << " and "
        << numerator_bucket[i].first;
  }
  // Percentile buckets of many boards use the whole range.
  EXPECT_EQ(numerator_bucket.front().second, 0);
  EXPECT_EQ(numerator_bucket.back().second, a->NumBuckets(3) - 1);
}

// The strength groups order clear cases: an overpair above a flush draw above a weak high card on
// the flop, and on the turn a made flush above the same ranks without it.
TEST(HoldemBucketsTest, FlopAndTurnOrderStrengthAndPotential) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  const std::vector<Card> flop = Cards("2h7hKc");
  const int aces = a->Bucket(1, Cards("AsAd"), flop);
  const int weak = a->Bucket(1, Cards("3c4d"), flop);
  const int draw = a->Bucket(1, Cards("9h8h"), flop);
  EXPECT_GT(aces, draw);
  EXPECT_GT(draw, weak);
  const std::vector<Card> turn = Cards("2h7hKc4h");
  EXPECT_GT(a->Bucket(2, Cards("9h8h"), turn), a->Bucket(2, Cards("9s8s"), turn));
}

TEST(HoldemBucketsTest, PotentialLevels) {
  EXPECT_EQ(HoldemPotentialLevels(64), 4);
  EXPECT_EQ(HoldemPotentialLevels(24), 4);
  EXPECT_EQ(HoldemPotentialLevels(16), 2);
  EXPECT_EQ(HoldemPotentialLevels(12), 2);
  EXPECT_EQ(HoldemPotentialLevels(50), 2);
  EXPECT_EQ(HoldemPotentialLevels(2), 1);
  EXPECT_EQ(HoldemPotentialLevels(7), 1);
  EXPECT_EQ(HoldemPotentialLevels(1), 1);
}

// On a flop, a flush draw and a weak made hand of about the same E[HS] share a strength group
// but not a bucket: the draw's roll-out HS spreads more, so its level is higher.
TEST(HoldemBucketsTest, PotentialSeparatesDrawsFromMadeHands) {
  std::unique_ptr<CardAbstraction> a = Make();
  ASSERT_NE(a, nullptr);
  const std::vector<Card> flop = Cards("2h7hKc");
  std::array<int64_t, poker::kNumPairs> squares, sums;
  AllPairsRolloutStrength(flop, &squares, &sums);
  const int draw_pair = poker::PairIndex(Cards("9h")[0], Cards("8h")[0]);
  // The made hand (no heart) whose E[HS] is closest to the draw's.
  int made_pair = -1;
  for (int p = 0; p < poker::kNumPairs; ++p) {
    const poker::PairCards pc = poker::PairFromIndex(p);
    if (sums[p] < 0 || poker::SuitOf(pc.low) == 2 || poker::SuitOf(pc.high) == 2) continue;
    if (made_pair < 0 ||
        std::abs(sums[p] - sums[draw_pair]) < std::abs(sums[made_pair] - sums[draw_pair])) {
      made_pair = p;
    }
  }
  const poker::PairCards made = poker::PairFromIndex(made_pair);
  const int draw_bucket = a->Bucket(1, Cards("9h8h"), flop);
  const int made_bucket = a->Bucket(1, std::vector<Card>{made.low, made.high}, flop);
  EXPECT_EQ(draw_bucket / 4, made_bucket / 4);
  EXPECT_GT(draw_bucket % 4, made_bucket % 4);
}

// The roll-out sums against a direct count: on a turn board, one HandStrengthCounts per river.
TEST(HoldemBucketsTest, RolloutStrengthMatchesDirectCounts) {
  const std::vector<Card> turn = Cards("2h7hKc4h");
  std::array<int64_t, poker::kNumPairs> squares, sums;
  AllPairsRolloutStrength(turn, &squares, &sums);
  for (const char* text : {"9h8h", "AsAd", "3c5d"}) {
    const poker::PairCards hole = poker::ParsePair(text).value();
    int64_t want_sum = 0, want_squares = 0, rivers = 0;
    std::vector<Card> board = turn;
    board.push_back(0);
    for (int c = 0; c < poker::kNumCards; ++c) {
      if (std::count(turn.begin(), turn.end(), c) || c == hole.low || c == hole.high) continue;
      board[4] = static_cast<Card>(c);
      const poker::StrengthCounts counts = poker::HandStrengthCounts(hole, board);
      const int64_t numerator = static_cast<int64_t>(2 * counts.ahead + counts.tied);
      want_sum += numerator;
      want_squares += numerator * numerator;
      ++rivers;
    }
    EXPECT_EQ(rivers, 46);
    const int pair = poker::PairIndex(hole.low, hole.high);
    EXPECT_EQ(sums[pair], want_sum) << text;
    EXPECT_EQ(squares[pair], want_squares) << text;
  }
  EXPECT_EQ(squares[poker::PairIndex(Cards("2h")[0], Cards("As")[0])], -1);
  AllPairsRolloutStrength(Cards("2h7hKc4h5s"), &squares);
  EXPECT_EQ(squares[0], -1);
}

// FNV-1a 64 of a byte string (the fingerprint of a set of edges).
uint64_t Fingerprint(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

// The edges a strategy file keeps rebuild the very same abstraction without the sample: the same
// buckets for every deal, the same tables again.
TEST(HoldemBucketsTest, TablesRebuildTheSameBuckets) {
  const HoldemBucketCounts counts{{169, 50, 40, 30}};
  std::unique_ptr<CardAbstraction> sampled = Make(counts);
  ASSERT_NE(sampled, nullptr);
  const std::string tables = sampled->Tables();
  ASSERT_FALSE(tables.empty());
  EXPECT_LT(tables.size(), 4000u);  // 49 + 39 + 29 edges and their framing
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  absl::StatusOr<std::unique_ptr<CardAbstraction>> rebuilt =
      MakeHoldemBucketsFromTables(game, counts, tables);
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.status();
  EXPECT_EQ((*rebuilt)->Name(), sampled->Name());
  EXPECT_EQ((*rebuilt)->Tables(), tables);
  for (const Deal& d : poker::RandomHeadsUpDeals(40, 51)) {
    EXPECT_EQ(DealBuckets(**rebuilt, d), DealBuckets(*sampled, d));
    for (int r = 1; r < kRounds; ++r) {
      const absl::Span<const Card> hole(&d.holes[0], 2);
      const absl::Span<const Card> board = absl::MakeConstSpan(d.board).first(kBoardCards[r]);
      EXPECT_EQ((*rebuilt)->Bucket(r, hole, board), sampled->Bucket(r, hole, board));
    }
  }
  // Through the generic factory too.
  absl::StatusOr<std::unique_ptr<CardAbstraction>> generic =
      MakeCardAbstraction(game, "holdem:169,50,40,30", tables);
  ASSERT_TRUE(generic.ok()) << generic.status();
  EXPECT_EQ((*generic)->Tables(), tables);
}

TEST(HoldemBucketsTest, RefusesTablesThatDoNotFit) {
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  std::unique_ptr<CardAbstraction> a = Make({{169, 8, 8, 8}});
  ASSERT_NE(a, nullptr);
  absl::StatusOr<std::unique_ptr<CardAbstraction>> other =
      MakeHoldemBucketsFromTables(game, {{169, 8, 8, 9}}, a->Tables());
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("made for bucket counts 169,8,8,8, not 169,8,8,9"),
            std::string::npos)
      << other.status();
  other = MakeHoldemBucketsFromTables(game, {{169, 8, 8, 8}}, "\xff\xff garbage");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("do not parse"), std::string::npos) << other.status();
  // A list one edge short.
  solver_proto::HoldemEdges edges;
  ASSERT_TRUE(edges.ParseFromString(a->Tables()));
  edges.mutable_river()->mutable_edges()->RemoveLast();
  other = MakeHoldemBucketsFromTables(game, {{169, 8, 8, 8}}, edges.SerializeAsString());
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("river has 6 edges"), std::string::npos)
      << other.status();
}

// The edges of the bundled blueprints' counts are pinned: if the sample, the percentile rule or
// the bucket values change, this fails, and the fix is to bump the version in Name() (":v1",
// holdem_buckets.h) so that old strategy files are refused, then update these fingerprints.
TEST(HoldemBucketsTest, EdgesArePinnedByTheVersion) {
  std::unique_ptr<CardAbstraction> limit = Make({{169, 64, 64, 64}});
  std::unique_ptr<CardAbstraction> nolimit = Make({{169, 20, 20, 20}});
  ASSERT_NE(limit, nullptr);
  ASSERT_NE(nolimit, nullptr);
  EXPECT_EQ(limit->Name(), "holdem_ehs_pot:169,64,64,64:v1");
  EXPECT_EQ(Fingerprint(limit->Tables()), 0xf75f0b053f12083fULL)
      << "edges of holdem_ehs_pot:169,64,64,64:v1";
  EXPECT_EQ(Fingerprint(nolimit->Tables()), 0xc580671f62441fa4ULL)
      << "edges of holdem_ehs_pot:169,20,20,20:v1";
  // The finer limit abstraction of the bundled limit blueprint (docs/solver.md).
  std::unique_ptr<CardAbstraction> fine = Make({{169, 256, 256, 192}});
  ASSERT_NE(fine, nullptr);
  EXPECT_EQ(fine->Name(), "holdem_ehs_pot:169,256,256,192:v1");
  EXPECT_EQ(Fingerprint(fine->Tables()), 0x898b330fe46a86a8ULL)
      << "edges of holdem_ehs_pot:169,256,256,192:v1";
}

// The bundled flop tables (`solver flop-tables` of each bundled strategy) load into their
// strategy's abstraction and are the buckets computing them gives; writing them back gives the
// same file; a file for another abstraction or other edges, or a damaged one, is refused.
TEST(FlopTablesTest, BundledTablesAreTheComputedBuckets) {
  const std::string dir = std::string(POKER_SOURCE_DIR) + "/data/strategies/";
  for (const char* name : {"holdem.nolimit.2p", "holdem.limit.2p"}) {
    SCOPED_TRACE(name);
    const std::string strategy = dir + name + ".strategy";
    const std::string data = test_support::ReadFileBytes(dir + name + ".flop_tables");
    ASSERT_FALSE(data.empty()) << "regenerate: solver flop-tables " << strategy;
    // Two copies of the abstraction: one with the file's tables, one computing them.
    absl::StatusOr<std::unique_ptr<Blueprint>> loaded = Blueprint::Load(strategy);
    absl::StatusOr<std::unique_ptr<Blueprint>> computed = Blueprint::Load(strategy);
    ASSERT_TRUE(loaded.ok() && computed.ok()) << loaded.status() << computed.status();
    const CardAbstraction& with_file = (*loaded)->cards();
    ASSERT_TRUE(LoadFlopTables(with_file, data).ok())
        << LoadFlopTables(with_file, data) << " (regenerate: solver flop-tables " << strategy
        << ")";
    std::array<int, poker::kNumPairs> from_file, fresh;
    for (const Deal& d : poker::RandomHeadsUpDeals(3, 43)) {
      const absl::Span<const Card> flop = absl::MakeConstSpan(d.board).first(3);
      with_file.AllPairsBuckets(1, flop, absl::MakeSpan(from_file));
      (*computed)->cards().AllPairsBuckets(1, flop, absl::MakeSpan(fresh));
      EXPECT_EQ(from_file, fresh);
      EXPECT_EQ(with_file.Bucket(1, absl::MakeConstSpan(d.holes).first(2), flop),
                (*computed)->cards().Bucket(1, absl::MakeConstSpan(d.holes).first(2), flop));
    }
    // Every table is there, so this computes nothing; written again, the file has the same header
    // and loads (the deflated bytes themselves may differ between zlib builds).
    absl::StatusOr<std::string> again = FlopTablesData(with_file);
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(again->substr(0, again->find(" deflated ")), data.substr(0, data.find(" deflated ")));
    EXPECT_TRUE(LoadFlopTables((*computed)->cards(), *again).ok());

    std::string bad_edges = data;
    bad_edges[data.find('\n', data.find("\nedges ") + 1) + 6] ^= 1;  // a byte of the edges
    EXPECT_NE(
        std::string(LoadFlopTables(with_file, bad_edges).message()).find("other bucket edges"),
        std::string::npos);
    EXPECT_NE(std::string(LoadFlopTables(with_file, data.substr(0, data.size() - 9)).message())
                  .find("deflated"),
              std::string::npos);
    EXPECT_NE(
        std::string(LoadFlopTables(with_file, "holdem_flop_tables v0\n").message()).find("line 1"),
        std::string::npos);
    // An edges count past the end of the file (even one that would overflow) is refused.
    const size_t edges_line = data.find("\nedges ") + 1;
    for (const char* count : {"edges 100000\n", "edges 9223372036854775807\n"}) {
      const std::string huge = data.substr(0, edges_line) + count;
      EXPECT_NE(std::string(LoadFlopTables(with_file, huge).message()).find("line 3"),
                std::string::npos)
          << count;
    }
  }
  std::unique_ptr<CardAbstraction> other = Make({{169, 8, 16, 32}});
  ASSERT_NE(other, nullptr);
  const absl::Status refused =
      LoadFlopTables(*other, test_support::ReadFileBytes(dir + "holdem.nolimit.2p.flop_tables"));
  EXPECT_NE(std::string(refused.message()).find("made for abstraction"), std::string::npos)
      << refused;
}

// A flop tables file is checked whole: every bit of its header (the magic, the abstraction's name,
// its bucket edges byte for byte, the counts) flipped is refused; in the deflated tables zlib's
// Adler-32 of the inflated bytes and the range of every bucket catch a change (a flip in the
// deflate stream's final padding bits changes nothing and may load: the same tables).
TEST(FlopTablesTest, EveryBitOfTheHeaderIsChecked) {
  const std::string dir = std::string(POKER_SOURCE_DIR) + "/data/strategies/";
  const std::string data = test_support::ReadFileBytes(dir + "holdem.nolimit.2p.flop_tables");
  absl::StatusOr<std::unique_ptr<Blueprint>> bp =
      Blueprint::Load(dir + "holdem.nolimit.2p.strategy");
  ASSERT_TRUE(bp.ok()) << bp.status();
  const size_t header_end = data.find('\n', data.find(" deflated ")) + 1;
  ASSERT_GT(header_end, 300u);  // the edges of 20 buckets a round and the counts
  int refused = 0, tried = 0;
  for (size_t i = 0; i < header_end; ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string copy = data;
      copy[i] ^= static_cast<char>(1 << bit);
      ++tried;
      refused += !LoadFlopTables((*bp)->cards(), copy).ok();
    }
  }
  EXPECT_EQ(refused, tried);
  int payload_refused = 0, payload_tried = 0;
  for (size_t i = header_end; i + 8 < data.size(); i += (data.size() - header_end) / 16) {
    std::string copy = data;
    copy[i] ^= 0x10;
    ++payload_tried;
    payload_refused += !LoadFlopTables((*bp)->cards(), copy).ok();
  }
  EXPECT_GE(payload_tried, 16);
  EXPECT_EQ(payload_refused, payload_tried);
}

// LoadFlopTables installs the file's tables, all of them (a copy that computes its tables holds
// only those of the flops it was asked about), and a refused file installs none: not even one
// whose only fault, a bucket out of range, is in its last table.
TEST(FlopTablesTest, LoadingInstallsEveryTableAndARefusedFileNone) {
  const std::string dir = std::string(POKER_SOURCE_DIR) + "/data/strategies/";
  const std::string strategy = dir + "holdem.nolimit.2p.strategy";
  const std::string data = test_support::ReadFileBytes(dir + "holdem.nolimit.2p.flop_tables");
  ASSERT_FALSE(data.empty()) << "regenerate: solver flop-tables " << strategy;
  absl::StatusOr<std::unique_ptr<Blueprint>> loaded = Blueprint::Load(strategy);
  absl::StatusOr<std::unique_ptr<Blueprint>> computed = Blueprint::Load(strategy);
  ASSERT_TRUE(loaded.ok() && computed.ok()) << loaded.status() << computed.status();
  const CardAbstraction& cards = (*loaded)->cards();
  EXPECT_EQ(FlopTablesHeld(cards), 0);
  EXPECT_EQ(FlopTablesHeld((*computed)->cards()), 0);

  // The file with the last pair of its last flop in bucket NumBuckets(1) (one past the last).
  const size_t deflated_at = data.find(" deflated ", data.find("\nflops "));
  ASSERT_NE(deflated_at, std::string::npos);
  const size_t header_end = data.find('\n', deflated_at) + 1;
  const size_t raw_size = size_t{2} * poker::kNumPairs * 1755;
  std::string raw = Inflate(data.substr(header_end), raw_size);
  ASSERT_EQ(raw.size(), raw_size);
  const int buckets = cards.NumBuckets(1);
  raw[raw_size - 2] = static_cast<char>(buckets & 0xFF);
  raw[raw_size - 1] = static_cast<char>(buckets >> 8);
  const std::string packed = Deflate(raw);
  const std::string out_of_range =
      data.substr(0, deflated_at) + " deflated " + std::to_string(packed.size()) + "\n" + packed;
  const absl::Status refused = LoadFlopTables(cards, out_of_range);
  EXPECT_NE(std::string(refused.message()).find("flop 1754 pair 1325: bucket"), std::string::npos)
      << refused;
  EXPECT_EQ(FlopTablesHeld(cards), 0);
  std::string bad_edges = data;
  bad_edges[data.find('\n', data.find("\nedges ") + 1) + 6] ^= 1;  // a byte of the edges
  EXPECT_FALSE(LoadFlopTables(cards, bad_edges).ok());
  EXPECT_EQ(FlopTablesHeld(cards), 0);

  ASSERT_TRUE(LoadFlopTables(cards, data).ok());
  EXPECT_EQ(FlopTablesHeld(cards), 1755);  // every canonical flop

  // Computing: one table per flop asked about; a load then adds the others.
  std::array<int, poker::kNumPairs> buckets_of_pairs;
  (*computed)->cards().AllPairsBuckets(1, Cards("2c7d9h"), absl::MakeSpan(buckets_of_pairs));
  EXPECT_EQ(FlopTablesHeld((*computed)->cards()), 1);
  (*computed)->cards().AllPairsBuckets(1, Cards("2d7h9c"), absl::MakeSpan(buckets_of_pairs));
  EXPECT_EQ(FlopTablesHeld((*computed)->cards()), 1);  // the same flop, suits renamed
  ASSERT_TRUE(LoadFlopTables((*computed)->cards(), data).ok());
  EXPECT_EQ(FlopTablesHeld((*computed)->cards()), 1755);
}

}  // namespace
}  // namespace solver
