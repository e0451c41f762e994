#include "solver/holdem_buckets.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/hand_strength.h"
#include "poker/rng.h"
#include "proto/solver_strategy.pb.h"
#include "zlib.h"

namespace solver {
namespace {

using poker::Card;
using poker::Hand;
using poker::HandRank;
using poker::kNumCards;
using poker::kNumPairs;

constexpr int kPreflop = 0, kFlop = 1, kTurn = 2, kRiver = 3;
// 2 * ahead + tied on the river ranges over 0..2 * C(45, 2).
constexpr int kRiverMaxNumerator = 2 * 990;

constexpr int kRiverSampleBoards = 2000;
constexpr int kTurnSampleBoards = 256;
constexpr int kFlopSampleBoards = 32;

// Percentile buckets: bucket(v) = ceil(K * #(sample <= v) / n) - 1 over a sample, clamped to
// [0, K - 1] (see the header). That is a non-decreasing step function of v that only steps at
// sample values, so it is kept as its K - 1 edges: edge b - 1 is the smallest sample value whose
// bucket is at least b (INT64_MAX when there is none), and bucket(v) = #(edges <= v). The edges
// are what a strategy file stores (proto HoldemEdges).
class Percentiles {
 public:
  static Percentiles FromSample(std::vector<int64_t> sample, int num_buckets) {
    std::sort(sample.begin(), sample.end());
    const int64_t n = static_cast<int64_t>(sample.size());
    std::vector<int64_t> edges(num_buckets - 1, std::numeric_limits<int64_t>::max());
    int next = 1;  // the next bucket whose edge is not set yet
    for (int64_t i = 0; i < n && next < num_buckets;) {
      int64_t j = i;  // sample[i..j) are equal
      while (j < n && sample[j] == sample[i]) ++j;
      const int64_t b = std::clamp<int64_t>((num_buckets * j + n - 1) / n - 1, 0, num_buckets - 1);
      for (; next <= b; ++next) edges[next - 1] = sample[i];
      i = j;
    }
    return Percentiles(std::move(edges));
  }
  explicit Percentiles(std::vector<int64_t> edges) : edges_(std::move(edges)) {}

  int Bucket(int64_t value) const {
    return static_cast<int>(std::upper_bound(edges_.begin(), edges_.end(), value) - edges_.begin());
  }
  int num_buckets() const { return static_cast<int>(edges_.size()) + 1; }
  const std::vector<int64_t>& edges() const { return edges_; }

  void ToProto(solver_proto::PercentileEdges* out) const {
    out->mutable_edges()->Assign(edges_.begin(), edges_.end());
  }
  // An error unless `in` has num_buckets - 1 non-decreasing edges.
  static absl::StatusOr<Percentiles> FromProto(const solver_proto::PercentileEdges& in,
                                               int num_buckets, absl::string_view what) {
    std::vector<int64_t> edges(in.edges().begin(), in.edges().end());
    if (static_cast<int>(edges.size()) != num_buckets - 1 ||
        !std::is_sorted(edges.begin(), edges.end())) {
      return absl::InvalidArgumentError(
          absl::StrCat("hold'em bucket edges: ", what, " has ", edges.size(), " edges",
                       std::is_sorted(edges.begin(), edges.end()) ? "" : " out of order", ", want ",
                       num_buckets - 1, " in order"));
    }
    return Percentiles(std::move(edges));
  }

 private:
  std::vector<int64_t> edges_;
};

// One post-flop round's E[HS] x potential values of a pair: `strength` = sum of 2 * ahead + tied
// over the roll-outs (E[HS] times a constant), `spread` = R * sum of squares - sum^2 over the R
// roll-outs (the variance of the roll-out HS times a constant), both exact.
struct StrengthPotential {
  int64_t strength;
  int64_t spread;
};

// Two-dimensional percentile buckets (see the header): groups by strength, then within each group
// by spread; bucket = group * levels + level.
class TwoDimensionalEdges {
 public:
  TwoDimensionalEdges(const std::vector<StrengthPotential>& sample, int num_buckets)
      : levels_(HoldemPotentialLevels(num_buckets)) {
    const int groups = num_buckets / levels_;
    std::vector<int64_t> strengths;
    for (const StrengthPotential& v : sample) strengths.push_back(v.strength);
    groups_ = Percentiles::FromSample(std::move(strengths), groups);
    std::vector<std::vector<int64_t>> spreads(groups);
    for (const StrengthPotential& v : sample) {
      spreads[groups_.Bucket(v.strength)].push_back(v.spread);
    }
    for (std::vector<int64_t>& g : spreads) {
      levels_within_.push_back(Percentiles::FromSample(std::move(g), levels_));
    }
  }
  TwoDimensionalEdges(int levels, Percentiles groups, std::vector<Percentiles> levels_within)
      : levels_(levels), groups_(std::move(groups)), levels_within_(std::move(levels_within)) {}

  int Bucket(const StrengthPotential& v) const {
    const int group = groups_.Bucket(v.strength);
    return group * levels_ + levels_within_[group].Bucket(v.spread);
  }

  void ToProto(solver_proto::PercentileEdges* strength,
               google::protobuf::RepeatedPtrField<solver_proto::PercentileEdges>* spread) const {
    groups_.ToProto(strength);
    for (const Percentiles& p : levels_within_) p.ToProto(spread->Add());
  }
  static absl::StatusOr<std::unique_ptr<TwoDimensionalEdges>> FromProto(
      const solver_proto::PercentileEdges& strength,
      const google::protobuf::RepeatedPtrField<solver_proto::PercentileEdges>& spread,
      int num_buckets, absl::string_view round) {
    const int levels = HoldemPotentialLevels(num_buckets);
    const int groups = num_buckets / levels;
    absl::StatusOr<Percentiles> g =
        Percentiles::FromProto(strength, groups, absl::StrCat(round, " strength"));
    if (!g.ok()) return g.status();
    if (spread.size() != groups) {
      return absl::InvalidArgumentError(absl::StrCat(
          "hold'em bucket edges: ", round, " has ", spread.size(), " spread lists, want ", groups));
    }
    std::vector<Percentiles> within;
    for (int i = 0; i < groups; ++i) {
      absl::StatusOr<Percentiles> p =
          Percentiles::FromProto(spread[i], levels, absl::StrCat(round, " spread ", i));
      if (!p.ok()) return p.status();
      within.push_back(*std::move(p));
    }
    return std::make_unique<TwoDimensionalEdges>(levels, *std::move(g), std::move(within));
  }

 private:
  int levels_;
  Percentiles groups_{std::vector<int64_t>{}};
  std::vector<Percentiles> levels_within_;  // by group
};

// C(n, k) for n < 52, k <= 4: the colex index of a sorted board.
struct Binomials {
  int c[kNumCards + 1][5] = {};
  constexpr Binomials() {
    for (int n = 0; n <= kNumCards; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 4 && k <= n; ++k)
        c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;

// Colex index of N distinct cards, any order: sum of C(c_i, i + 1) over the sorted cards.
template <int N>
int SortedIndex(const Card* cards) {
  Card s[N];
  std::copy(cards, cards + N, s);
  std::sort(s, s + N);
  int index = 0;
  for (int i = 0; i < N; ++i) index += kBinomials.c[s[i]][i + 1];
  return index;
}

// The colex index of a flop (n = 3) or turn board (n = 4).
int BoardIndex(const Card* cards, int n) {
  return n == 3 ? SortedIndex<3>(cards) : SortedIndex<4>(cards);
}

uint64_t MaskOf(const Card* cards, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; ++i) m |= uint64_t{1} << cards[i];
  return m;
}

// A board's canonical representative up to suit permutation and the permutation that takes the
// board there: suits sorted by their rank masks on the board, largest first. Suits with equal
// masks are interchangeable on the board, so either order gives the same canonical board.
struct Canonical {
  uint64_t mask = 0;              // the canonical board's cards
  std::array<uint8_t, 4> suit{};  // new suit of each old suit
};

Canonical Canonicalize(const Card* cards, int n) {
  std::array<int, 4> rank_mask{};
  for (int i = 0; i < n; ++i) rank_mask[poker::SuitOf(cards[i])] |= 1 << poker::RankOf(cards[i]);
  std::array<int, 4> order = {0, 1, 2, 3};
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return rank_mask[a] > rank_mask[b]; });
  Canonical c;
  for (int i = 0; i < 4; ++i) c.suit[order[i]] = static_cast<uint8_t>(i);
  for (int i = 0; i < n; ++i) {
    c.mask |=
        uint64_t{1} << poker::MakeCard(poker::RankOf(cards[i]), c.suit[poker::SuitOf(cards[i])]);
  }
  return c;
}

}  // namespace

void AllPairsRolloutStrength(absl::Span<const Card> board,
                             std::array<int64_t, kNumPairs>* sums_of_squares,
                             std::array<int64_t, kNumPairs>* sums) {
  if (board.size() != 3 && board.size() != 4) {
    sums_of_squares->fill(-1);
    if (sums) sums->fill(-1);
    return;
  }
  sums_of_squares->fill(0);
  if (sums) sums->fill(0);
  const uint64_t dead = MaskOf(board.data(), static_cast<int>(board.size()));
  Card live[kNumCards];
  int n = 0;
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dead >> c) & 1)) live[n++] = static_cast<Card>(c);
  }
  Card river_board[5];
  std::copy(board.begin(), board.end(), river_board);
  std::array<int32_t, kNumPairs> num;
  auto add = [&] {
    poker::AllPairsStrengthNumerators(absl::MakeConstSpan(river_board, 5), &num);
    for (int p = 0; p < kNumPairs; ++p) {
      if (num[p] >= 0) (*sums_of_squares)[p] += int64_t{num[p]} * num[p];
    }
    if (sums) {
      for (int p = 0; p < kNumPairs; ++p) {
        if (num[p] >= 0) (*sums)[p] += num[p];
      }
    }
  };
  if (board.size() == 4) {
    for (int i = 0; i < n; ++i) {
      river_board[4] = live[i];
      add();
    }
  } else {
    for (int i = 0; i < n; ++i) {
      river_board[3] = live[i];
      for (int j = i + 1; j < n; ++j) {
        river_board[4] = live[j];
        add();
      }
    }
  }
  for (int p = 0; p < kNumPairs; ++p) {
    const poker::PairCards pc = poker::PairFromIndex(p);
    if ((dead >> pc.low) & 1 || (dead >> pc.high) & 1) {
      (*sums_of_squares)[p] = -1;
      if (sums) (*sums)[p] = -1;
    }
  }
}

namespace {

std::vector<Card> CardsOfMask(uint64_t mask) {
  std::vector<Card> cards;
  for (int c = 0; c < kNumCards; ++c) {
    if ((mask >> c) & 1) cards.push_back(static_cast<Card>(c));
  }
  return cards;
}

// n distinct random cards.
std::vector<Card> RandomCards(poker::Rng& rng, int n) {
  std::vector<Card> cards;
  uint64_t used = 0;
  while (static_cast<int>(cards.size()) < n) {
    const Card c = static_cast<Card>(rng.Below(kNumCards));
    if ((used >> c) & 1) continue;
    used |= uint64_t{1} << c;
    cards.push_back(c);
  }
  return cards;
}

// Every live pair's strength and potential on a canonical board (3 or 4 cards); strength -1 for
// pairs that conflict with the board.
void RolloutValues(const std::vector<Card>& board, std::array<StrengthPotential, kNumPairs>* out) {
  std::array<int64_t, kNumPairs> squares, sums;
  AllPairsRolloutStrength(board, &squares, &sums);
  const int64_t rollouts = board.size() == 3 ? 47 * 46 / 2 : 46;
  for (int p = 0; p < kNumPairs; ++p) {
    (*out)[p] = {sums[p], sums[p] < 0 ? 0 : rollouts * squares[p] - sums[p] * sums[p]};
  }
}

// RolloutValues of one pair on a 3- or 4-card board, by direct evaluation (no table): ~1.07 M
// evaluations on a flop, 45 K on a turn. The same integers as the table, so the same bucket.
StrengthPotential OneRolloutValue(Card hole0, Card hole1, const Card* board, int board_size) {
  const uint64_t dead = MaskOf(board, board_size) | (uint64_t{1} << hole0) | (uint64_t{1} << hole1);
  Card live[kNumCards];
  int n = 0;
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dead >> c) & 1)) live[n++] = static_cast<Card>(c);
  }
  const Hand board_hand = Hand::Of(absl::MakeConstSpan(board, board_size));
  const Hand hole = Hand::Of(hole0) + Hand::Of(hole1);
  int64_t sum = 0, squares = 0, rollouts = 0;
  // Scores our hand on one 5-card board against every opponent pair of the cards not in `used`.
  auto score = [&](const Hand& five, uint64_t used) {
    const HandRank ours = poker::Evaluate(five + hole);
    int64_t num = 0;
    for (int i = 0; i < n; ++i) {
      if ((used >> live[i]) & 1) continue;
      const Hand with_a = five + Hand::Of(live[i]);
      for (int j = i + 1; j < n; ++j) {
        if ((used >> live[j]) & 1) continue;
        const HandRank theirs = poker::Evaluate(with_a + Hand::Of(live[j]));
        num += (ours > theirs) * 2 + (ours == theirs);
      }
    }
    sum += num;
    squares += num * num;
    ++rollouts;
  };
  if (board_size == 4) {
    for (int i = 0; i < n; ++i) score(board_hand + Hand::Of(live[i]), uint64_t{1} << live[i]);
  } else {
    for (int i = 0; i < n; ++i) {
      const Hand with_turn = board_hand + Hand::Of(live[i]);
      for (int j = i + 1; j < n; ++j) {
        score(with_turn + Hand::Of(live[j]), (uint64_t{1} << live[i]) | (uint64_t{1} << live[j]));
      }
    }
  }
  return {sum, rollouts * squares - sum * sum};
}

// The E[HS] x potential buckets of one post-flop round with a board of `board_size` (3 or 4) cards:
// the board index (canonical id and suit permutation of every board), the canonical boards, and
// their bucket tables, each filled on first use. The edges are given (from a strategy file) or,
// when `edges` is null, drawn from the fixed sample.
class BoardTables {
 public:
  BoardTables(int board_size, int num_buckets, std::unique_ptr<TwoDimensionalEdges> edges)
      : board_size_(board_size), edges_(std::move(edges)) {
    const int num_boards = kBinomials.c[kNumCards][board_size];
    entries_.resize(num_boards);
    std::unordered_map<uint64_t, int> ids;
    // Walk every board in colex order (c0 < c1 < c2 [< c3]).
    Card cards[4];
    auto visit = [&] {
      const Canonical c = Canonicalize(cards, board_size);
      auto [it, added] = ids.try_emplace(c.mask, static_cast<int>(canonical_.size()));
      if (added) canonical_.push_back(c.mask);
      Entry& e = entries_[BoardIndex(cards, board_size)];
      e.id = it->second;
      e.suit = c.suit;
    };
    for (int a = 0; a < kNumCards; ++a) {
      cards[0] = a;
      for (int b = 0; b < a; ++b) {
        cards[1] = b;
        for (int d = 0; d < b; ++d) {
          cards[2] = d;
          if (board_size == 3) {
            visit();
            continue;
          }
          for (int e = 0; e < d; ++e) {
            cards[3] = e;
            visit();
          }
        }
      }
    }
    tables_ = std::make_unique<std::atomic<const uint16_t*>[]>(canonical_.size());
    for (size_t i = 0; i < canonical_.size(); ++i) tables_[i].store(nullptr);
    if (edges_ != nullptr) return;

    // The percentile sample, over boards drawn uniformly; its tables are kept.
    poker::Rng rng(kHoldemSampleSeed + board_size);
    const int sample_boards = board_size == 3 ? kFlopSampleBoards : kTurnSampleBoards;
    std::vector<StrengthPotential> sample;
    std::unordered_map<int, std::array<StrengthPotential, kNumPairs>> computed;
    for (int i = 0; i < sample_boards; ++i) {
      const std::vector<Card> board = RandomCards(rng, board_size);
      const int id = entries_[BoardIndex(board.data(), board_size)].id;
      auto [it, added] = computed.try_emplace(id);
      if (added) RolloutValues(CardsOfMask(canonical_[id]), &it->second);
      for (const StrengthPotential& v : it->second) {
        if (v.strength >= 0) sample.push_back(v);
      }
    }
    edges_ = std::make_unique<TwoDimensionalEdges>(sample, num_buckets);
    for (const auto& [id, values] : computed) tables_[id].store(MakeTable(values));
  }

  ~BoardTables() {
    for (size_t i = 0; i < canonical_.size(); ++i) delete[] tables_[i].load();
  }

  int NumCanonicalBoards() const { return static_cast<int>(canonical_.size()); }
  // The canonical boards whose table is there (loaded, or filled when first met).
  int NumTables() const {
    int held = 0;
    for (size_t i = 0; i < canonical_.size(); ++i) {
      if (tables_[i].load(std::memory_order_acquire) != nullptr) ++held;
    }
    return held;
  }
  const TwoDimensionalEdges& edges() const { return *edges_; }

  // Canonical board `id`'s table (kNumPairs buckets by the canonical board's pair index, 0 for
  // pairs that share a card with it), filled first if needed.
  const uint16_t* Table(int id) const {
    const uint16_t* table = tables_[id].load(std::memory_order_acquire);
    return table != nullptr ? table : Fill(id);
  }
  // Installs a copy of `buckets` (kNumPairs of them) as board `id`'s table unless it has one.
  void Install(int id, const uint16_t* buckets) const {
    if (tables_[id].load(std::memory_order_acquire) != nullptr) return;
    auto* table = new uint16_t[kNumPairs];
    std::copy(buckets, buckets + kNumPairs, table);
    const uint16_t* expected = nullptr;
    if (!tables_[id].compare_exchange_strong(expected, table, std::memory_order_acq_rel)) {
      delete[] table;
    }
  }

  // The bucket from the board's table, filling it first if needed (for DealBuckets: ~20 ms per
  // new flop, ~1 ms per new turn board, then ~20 ns).
  int Bucket(Card hole0, Card hole1, const Card* board) const {
    const Entry& e = entries_[BoardIndex(board, board_size_)];
    const uint16_t* table = tables_[e.id].load(std::memory_order_acquire);
    if (table == nullptr) table = Fill(e.id);
    return table[poker::PairIndex(Permute(hole0, e), Permute(hole1, e))];
  }

  // The buckets of every pair on `board` (its table, filled first if needed), -1 for pairs that
  // share a card with it.
  void AllPairs(const Card* board, absl::Span<int> out) const {
    const Entry& e = entries_[BoardIndex(board, board_size_)];
    const uint16_t* table = tables_[e.id].load(std::memory_order_acquire);
    if (table == nullptr) table = Fill(e.id);
    const uint64_t dead = MaskOf(board, board_size_);
    for (int i = 0; i < kNumPairs; ++i) {
      const poker::PairCards pair = poker::PairFromIndex(i);
      if ((((dead >> pair.low) | (dead >> pair.high)) & 1) != 0) {
        out[i] = -1;
        continue;
      }
      out[i] = table[poker::PairIndex(Permute(pair.low, e), Permute(pair.high, e))];
    }
  }

  // The same bucket without filling a missing table: from the table if there is one, else from
  // this hand alone (for play, where one hand is asked about per board: a few ms on a new flop
  // instead of the table's ~20 ms).
  int BucketOfOne(Card hole0, Card hole1, const Card* board) const {
    const Entry& e = entries_[BoardIndex(board, board_size_)];
    const uint16_t* table = tables_[e.id].load(std::memory_order_acquire);
    if (table != nullptr) return table[poker::PairIndex(Permute(hole0, e), Permute(hole1, e))];
    return edges_->Bucket(OneRolloutValue(hole0, hole1, board, board_size_));
  }

 private:
  struct Entry {
    uint16_t id = 0;
    std::array<uint8_t, 4> suit{};
  };

  static Card Permute(Card c, const Entry& e) {
    return poker::MakeCard(poker::RankOf(c), e.suit[poker::SuitOf(c)]);
  }

  const uint16_t* MakeTable(const std::array<StrengthPotential, kNumPairs>& values) const {
    auto* table = new uint16_t[kNumPairs];
    for (int p = 0; p < kNumPairs; ++p) {
      table[p] = values[p].strength < 0 ? 0 : static_cast<uint16_t>(edges_->Bucket(values[p]));
    }
    return table;
  }

  const uint16_t* Fill(int id) const {
    std::array<StrengthPotential, kNumPairs> values;
    RolloutValues(CardsOfMask(canonical_[id]), &values);
    const uint16_t* table = MakeTable(values);
    const uint16_t* expected = nullptr;
    if (!tables_[id].compare_exchange_strong(expected, table, std::memory_order_acq_rel)) {
      delete[] table;  // another thread computed the same values first
      return expected;
    }
    return table;
  }

  int board_size_;
  std::vector<Entry> entries_;  // by colex board index
  std::unique_ptr<TwoDimensionalEdges> edges_;
  std::vector<uint64_t> canonical_;  // card mask of each canonical board, by id
  std::unique_ptr<std::atomic<const uint16_t*>[]> tables_;  // by id; null until first use
};

class HoldemBuckets : public CardAbstraction {
 public:
  // With the edges drawn from the fixed sample.
  HoldemBuckets(const poker::GameDef& game, const HoldemBucketCounts& counts)
      : CardAbstraction(game),
        counts_(counts.per_round),
        flop_(3, counts.per_round[kFlop], nullptr),
        turn_(4, counts.per_round[kTurn], nullptr),
        river_(RiverFromSample(counts.per_round[kRiver])) {
    FillRiverTable();
  }
  // With given edges (the FromProto checks).
  HoldemBuckets(const poker::GameDef& game, const HoldemBucketCounts& counts,
                std::unique_ptr<TwoDimensionalEdges> flop,
                std::unique_ptr<TwoDimensionalEdges> turn, Percentiles river)
      : CardAbstraction(game),
        counts_(counts.per_round),
        flop_(3, counts.per_round[kFlop], std::move(flop)),
        turn_(4, counts.per_round[kTurn], std::move(turn)),
        river_(std::move(river)) {
    FillRiverTable();
  }

  static Percentiles RiverFromSample(int num_buckets) {
    poker::Rng rng(kHoldemSampleSeed);
    std::vector<int64_t> sample;
    std::array<int32_t, kNumPairs> num;
    for (int i = 0; i < kRiverSampleBoards; ++i) {
      const std::vector<Card> board = RandomCards(rng, 5);
      poker::AllPairsStrengthNumerators(board, &num);
      for (int32_t v : num) {
        if (v >= 0) sample.push_back(v);
      }
    }
    return Percentiles::FromSample(std::move(sample), num_buckets);
  }

  std::string Tables() const override {
    solver_proto::HoldemEdges edges;
    edges.mutable_counts()->Assign(counts_.begin(), counts_.end());
    river_.ToProto(edges.mutable_river());
    flop_.edges().ToProto(edges.mutable_flop_strength(), edges.mutable_flop_spread());
    turn_.edges().ToProto(edges.mutable_turn_strength(), edges.mutable_turn_spread());
    return edges.SerializeAsString();
  }

  std::string Name() const override {
    return absl::StrCat("holdem_ehs_pot:", absl::StrJoin(counts_, ","), ":v1");
  }

  int NumBuckets(int round) const override { return counts_[round]; }

  int Bucket(int round, absl::Span<const Card> hole, absl::Span<const Card> board) const override {
    switch (round) {
      case kPreflop:
        return poker::StartingHandClass({hole[0], hole[1]});
      case kFlop:
        return flop_.BucketOfOne(hole[0], hole[1], board.data());
      case kTurn:
        return turn_.BucketOfOne(hole[0], hole[1], board.data());
      default: {
        int numerator;
        RiverNumerators<1>(hole, board, 1, &numerator);
        return river_bucket_[numerator];
      }
    }
  }

  void DealBuckets(absl::Span<const Card> holes, absl::Span<const Card> board,
                   absl::Span<int> out) const override {
    const int players = static_cast<int>(holes.size()) / 2;
    int numerators[poker::kMaxPlayers];
    if (players == 2) {
      RiverNumerators<2>(holes, board, 2, numerators);
    } else {
      RiverNumerators<0>(holes, board, players, numerators);
    }
    for (int p = 0; p < players; ++p) {
      const Card h0 = holes[2 * p], h1 = holes[2 * p + 1];
      int* o = &out[4 * p];
      o[kPreflop] = poker::StartingHandClass({h0, h1});
      o[kFlop] = flop_.Bucket(h0, h1, board.data());
      o[kTurn] = turn_.Bucket(h0, h1, board.data());
      o[kRiver] = river_bucket_[numerators[p]];
    }
  }

  void AllPairsBuckets(int round, absl::Span<const Card> board,
                       absl::Span<int> out) const override {
    switch (round) {
      case kPreflop:
        for (int i = 0; i < kNumPairs; ++i) {
          const poker::PairCards pair = poker::PairFromIndex(i);
          out[i] = poker::StartingHandClass({pair.low, pair.high});
        }
        return;
      case kFlop:
        return flop_.AllPairs(board.data(), out);
      case kTurn:
        return turn_.AllPairs(board.data(), out);
      default: {
        std::array<int32_t, kNumPairs> numerators;
        poker::AllPairsStrengthNumerators(board.first(5), &numerators);
        for (int i = 0; i < kNumPairs; ++i) {
          out[i] = numerators[i] < 0 ? -1 : river_bucket_[numerators[i]];
        }
      }
    }
  }

  const BoardTables& flop() const { return flop_; }
  const BoardTables& turn() const { return turn_; }

 private:
  void FillRiverTable() {
    for (int v = 0; v <= kRiverMaxNumerator; ++v) river_bucket_[v] = river_.Bucket(v);
  }

  // 2 * ahead + tied on the 5-card board for each of `players` hole pairs (player-major in
  // `holes`), against the 990 opponent pairs that conflict with neither the board nor that player:
  // one evaluation per pair of the 47 cards off the board, shared by the players. The player
  // count is a template argument for the common cases (1 and 2: unrolled, ~2x faster for 2), 0
  // for any.
  template <int kPlayers>
  static void RiverNumerators(absl::Span<const Card> holes, absl::Span<const Card> board,
                              int players, int* numerators) {
    if constexpr (kPlayers > 0) players = kPlayers;
    const Hand board_hand = Hand::Of(board.subspan(0, 5));
    HandRank ours[poker::kMaxPlayers];
    uint64_t hole_mask[poker::kMaxPlayers];
    for (int p = 0; p < players; ++p) {
      ours[p] = poker::Evaluate(board_hand + Hand::Of(holes[2 * p]) + Hand::Of(holes[2 * p + 1]));
      hole_mask[p] = (uint64_t{1} << holes[2 * p]) | (uint64_t{1} << holes[2 * p + 1]);
      numerators[p] = 0;
    }
    const uint64_t dead = MaskOf(board.data(), 5);
    Card live[kNumCards];
    int n = 0;
    for (int c = 0; c < kNumCards; ++c) {
      if (!((dead >> c) & 1)) live[n++] = static_cast<Card>(c);
    }
    int counts[poker::kMaxPlayers] = {};
    for (int i = 0; i < n; ++i) {
      const Hand with_a = board_hand + Hand::Of(live[i]);
      const uint64_t mask_a = uint64_t{1} << live[i];
      for (int j = i + 1; j < n; ++j) {
        const HandRank theirs = poker::Evaluate(with_a + Hand::Of(live[j]));
        const uint64_t mask = mask_a | (uint64_t{1} << live[j]);
        for (int p = 0; p < (kPlayers > 0 ? kPlayers : players); ++p) {
          // Branch-free: a conflicting pair adds 0.
          const int live_pair = (mask & hole_mask[p]) == 0;
          counts[p] += live_pair * ((ours[p] > theirs) * 2 + (ours[p] == theirs));
        }
      }
    }
    for (int p = 0; p < players; ++p) numerators[p] = counts[p];
  }

  std::array<int, 4> counts_;
  BoardTables flop_;
  BoardTables turn_;
  Percentiles river_;
  std::array<uint16_t, kRiverMaxNumerator + 1> river_bucket_{};
};

absl::Status CheckGame(const poker::GameDef& game) {
  const bool holdem = game.num_suits == 4 && game.num_ranks == 13 && game.num_hole_cards == 2 &&
                      game.num_rounds == 4 && game.num_board_cards[0] == 0 &&
                      game.num_board_cards[1] == 3 && game.num_board_cards[2] == 1 &&
                      game.num_board_cards[3] == 1;
  if (holdem) return absl::OkStatus();
  std::vector<int> board(game.num_board_cards.begin(),
                         game.num_board_cards.begin() + std::max(game.num_rounds, 0));
  return absl::InvalidArgumentError(absl::StrCat(
      "hold'em buckets need 52-card Texas hold'em (4 suits x 13 ranks, 2 hole cards, 4 rounds "
      "with 0 3 1 1 board cards); the game has ",
      game.num_suits, " suits x ", game.num_ranks, " ranks, ", game.num_hole_cards,
      " hole card(s), ", game.num_rounds, " round(s) with board cards ",
      absl::StrJoin(board, " ")));
}

}  // namespace

int HoldemPotentialLevels(int num_buckets) {
  if (num_buckets >= 24 && num_buckets % 4 == 0) return 4;
  if (num_buckets >= 4 && num_buckets % 2 == 0) return 2;
  return 1;
}

namespace {

absl::Status CheckGameAndCounts(const poker::GameDef& game, const HoldemBucketCounts& counts) {
  if (absl::Status s = CheckGame(game); !s.ok()) return s;
  if (counts.per_round[kPreflop] != poker::kNumStartingHandClasses) {
    return absl::InvalidArgumentError(
        absl::StrCat("hold'em buckets: preflop must have 169 buckets "
                     "(the starting-hand classes), not ",
                     counts.per_round[kPreflop]));
  }
  for (int r = kFlop; r <= kRiver; ++r) {
    if (counts.per_round[r] < 1 || counts.per_round[r] > kMaxHoldemBuckets) {
      return absl::InvalidArgumentError(absl::StrCat("hold'em buckets: round ", r, " has ",
                                                     counts.per_round[r], " buckets; want 1 to ",
                                                     kMaxHoldemBuckets));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBuckets(
    const poker::GameDef& game, const HoldemBucketCounts& counts) {
  if (absl::Status s = CheckGameAndCounts(game, counts); !s.ok()) return s;
  return std::make_unique<HoldemBuckets>(game, counts);
}

absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeHoldemBucketsFromTables(
    const poker::GameDef& game, const HoldemBucketCounts& counts, absl::string_view tables) {
  if (absl::Status s = CheckGameAndCounts(game, counts); !s.ok()) return s;
  solver_proto::HoldemEdges edges;
  if (!edges.ParseFromArray(tables.data(), static_cast<int>(tables.size()))) {
    return absl::InvalidArgumentError("hold'em bucket edges: do not parse");
  }
  if (!std::equal(edges.counts().begin(), edges.counts().end(), counts.per_round.begin(),
                  counts.per_round.end())) {
    return absl::InvalidArgumentError(absl::StrCat("hold'em bucket edges: made for bucket counts ",
                                                   absl::StrJoin(edges.counts(), ","), ", not ",
                                                   absl::StrJoin(counts.per_round, ",")));
  }
  absl::StatusOr<Percentiles> river =
      Percentiles::FromProto(edges.river(), counts.per_round[kRiver], "river");
  if (!river.ok()) return river.status();
  absl::StatusOr<std::unique_ptr<TwoDimensionalEdges>> flop = TwoDimensionalEdges::FromProto(
      edges.flop_strength(), edges.flop_spread(), counts.per_round[kFlop], "flop");
  if (!flop.ok()) return flop.status();
  absl::StatusOr<std::unique_ptr<TwoDimensionalEdges>> turn = TwoDimensionalEdges::FromProto(
      edges.turn_strength(), edges.turn_spread(), counts.per_round[kTurn], "turn");
  if (!turn.ok()) return turn.status();
  return std::make_unique<HoldemBuckets>(game, counts, *std::move(flop), *std::move(turn),
                                         *std::move(river));
}

namespace {

constexpr absl::string_view kFlopTablesMagic = "holdem_flop_tables v1";

// Splits the next line (without its newline) off `rest`; false when there is no newline.
bool NextLine(absl::string_view* rest, absl::string_view* line) {
  const size_t end = rest->find('\n');
  if (end == absl::string_view::npos) return false;
  *line = rest->substr(0, end);
  rest->remove_prefix(end + 1);
  return true;
}

// "KEY N" -> N.
bool CountAfter(absl::string_view line, absl::string_view key, int64_t* n) {
  if (!absl::ConsumePrefix(&line, key) || !absl::ConsumePrefix(&line, " ")) return false;
  return absl::SimpleAtoi(line, n) && *n >= 0;
}

const HoldemBuckets* AsHoldem(const CardAbstraction& cards) {
  return dynamic_cast<const HoldemBuckets*>(&cards);
}

}  // namespace

absl::StatusOr<std::string> FlopTablesData(const CardAbstraction& cards) {
  const HoldemBuckets* holdem = AsHoldem(cards);
  if (holdem == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: ", cards.Name(), " is not a hold'em bucket abstraction"));
  }
  const BoardTables& flop = holdem->flop();
  const int count = flop.NumCanonicalBoards();
  std::string payload(size_t{2} * kNumPairs * count, '\0');
  for (int id = 0; id < count; ++id) {
    const uint16_t* table = flop.Table(id);
    for (int p = 0; p < kNumPairs; ++p) {
      const size_t at = (size_t{2} * kNumPairs) * id + 2 * p;
      payload[at] = static_cast<char>(table[p] & 0xFF);
      payload[at + 1] = static_cast<char>(table[p] >> 8);
    }
  }
  uLongf packed_size = compressBound(payload.size());
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size,
                reinterpret_cast<const Bytef*>(payload.data()), payload.size(),
                Z_BEST_COMPRESSION) != Z_OK) {
    return absl::InternalError("flop tables: deflate failed");
  }
  packed.resize(packed_size);
  const std::string edges = cards.Tables();
  return absl::StrCat(kFlopTablesMagic, "\nname ", cards.Name(), "\nedges ", edges.size(), "\n",
                      edges, "\nflops ", count, " deflated ", packed.size(), "\n", packed);
}

int FlopTablesHeld(const CardAbstraction& cards) {
  const HoldemBuckets* holdem = AsHoldem(cards);
  return holdem == nullptr ? 0 : holdem->flop().NumTables();
}

absl::Status LoadFlopTables(const CardAbstraction& cards, absl::string_view data) {
  const HoldemBuckets* holdem = AsHoldem(cards);
  if (holdem == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: ", cards.Name(), " is not a hold'em bucket abstraction"));
  }
  absl::string_view rest = data, line;
  if (!NextLine(&rest, &line) || line != kFlopTablesMagic) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: line 1: want '", kFlopTablesMagic, "'"));
  }
  if (!NextLine(&rest, &line) || !absl::ConsumePrefix(&line, "name ")) {
    return absl::InvalidArgumentError("flop tables: line 2: want 'name ABSTRACTION'");
  }
  if (line != cards.Name()) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: made for abstraction ", line, ", not ", cards.Name()));
  }
  int64_t edges_size = 0;
  if (!NextLine(&rest, &line) || !CountAfter(line, "edges", &edges_size) ||
      edges_size >= static_cast<int64_t>(rest.size()) || rest[edges_size] != '\n') {
    return absl::InvalidArgumentError("flop tables: line 3: want 'edges N' and N bytes of edges");
  }
  if (rest.substr(0, edges_size) != cards.Tables()) {
    return absl::InvalidArgumentError(
        "flop tables: made for other bucket edges than this strategy's (another training "
        "sample)");
  }
  rest.remove_prefix(edges_size + 1);
  const BoardTables& flop = holdem->flop();
  const int count = flop.NumCanonicalBoards();
  absl::string_view flops_line;
  int64_t n = 0, packed_size = 0;
  if (!NextLine(&rest, &flops_line)) {
    return absl::InvalidArgumentError("flop tables: no 'flops N deflated M' line");
  }
  const std::vector<absl::string_view> words = absl::StrSplit(flops_line, ' ');
  if (words.size() != 4 || words[0] != "flops" || words[2] != "deflated" ||
      !absl::SimpleAtoi(words[1], &n) || !absl::SimpleAtoi(words[3], &packed_size) ||
      packed_size != static_cast<int64_t>(rest.size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: bad line '", flops_line,
                     "' (want 'flops N deflated M' and M bytes after it)"));
  }
  if (n != count) {
    return absl::InvalidArgumentError(
        absl::StrCat("flop tables: ", n, " flops; the abstraction has ", count));
  }
  std::vector<uint16_t> payload(size_t{kNumPairs} * count);
  std::string bytes(payload.size() * 2, '\0');
  uLongf size = bytes.size();
  if (uncompress(reinterpret_cast<Bytef*>(bytes.data()), &size,
                 reinterpret_cast<const Bytef*>(rest.data()), rest.size()) != Z_OK ||
      size != bytes.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "flop tables: the deflated tables do not inflate to ", bytes.size(), " bytes"));
  }
  const int buckets = cards.NumBuckets(kFlop);
  for (size_t i = 0; i < payload.size(); ++i) {
    payload[i] = static_cast<uint16_t>(static_cast<uint8_t>(bytes[2 * i]) |
                                       static_cast<uint8_t>(bytes[2 * i + 1]) << 8);
    if (payload[i] >= buckets) {
      return absl::InvalidArgumentError(absl::StrCat("flop tables: flop ", i / kNumPairs, " pair ",
                                                     i % kNumPairs, ": bucket ", payload[i], " of ",
                                                     buckets));
    }
  }
  for (int id = 0; id < count; ++id) flop.Install(id, payload.data() + size_t{kNumPairs} * id);
  return absl::OkStatus();
}

}  // namespace solver
