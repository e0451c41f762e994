// The evaluator's tables and the slow paths (EvaluateAny, Hand::Of(span)).
//
// Ranks are computed by category with closed formulas rather than by sorting all hands: within a
// category, hands order by their group ranks, then by their kickers, and a set of kickers of a
// given size orders like its rank bit mask read as an integer (highest rank first), i.e. in
// colexicographic order, whose position has a closed form (ColexIndex).
#include "poker/hand_evaluator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace poker {
namespace hand_internal {
namespace {

constexpr int kCategoryShift = 12;

HandRank MakeRank(HandCategory category, int index) {
  return static_cast<HandRank>((static_cast<int>(category) << kCategoryShift) | (index + 1));
}

constexpr uint32_t Bit(int rank) { return uint32_t{1} << rank; }
int Highest(uint32_t ranks) { return 31 - std::countl_zero(ranks); }

// The `n` highest ranks of `ranks`.
uint32_t HighestN(uint32_t ranks, int n) {
  while (std::popcount(ranks) > n) ranks &= ranks - 1;  // drop the lowest
  return ranks;
}

// C(n, k) for the small n used here.
constexpr int Choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  int result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

// Position of a set of ranks among all sets of the same size in increasing integer order of their
// masks (0 for the lowest): sum over its members p_1 < p_2 < ... of C(p_i, i).
int ColexIndex(uint32_t ranks) {
  int index = 0;
  for (int i = 1; ranks != 0; ++i, ranks &= ranks - 1) index += Choose(std::countr_zero(ranks), i);
  return index;
}

// `ranks` renumbered as if rank `gone` were not in the deck: higher ranks move down one.
uint32_t WithoutRank(uint32_t ranks, int gone) {
  const uint32_t below = Bit(gone) - 1;
  return (ranks & below) | ((ranks >> 1) & ~below);
}

// The top card of the best straight in `ranks` (3 for the five-high wheel A-2-3-4-5), or -1.
int StraightTop(uint32_t ranks) {
  for (int top = kNumRanks - 1; top >= 4; --top) {
    if (((ranks >> (top - 4)) & 0x1F) == 0x1F) return top;
  }
  constexpr uint32_t kWheel = Bit(12) | 0xF;
  return (ranks & kWheel) == kWheel ? 3 : -1;
}

// Index of five distinct ranks that make no straight among the C(13, 5) - 10 = 1277 such sets.
int NoStraightIndex(uint32_t five) {
  int straights_below = (Bit(12) | 0xF) < five ? 1 : 0;
  for (int top = 4; top < kNumRanks; ++top) straights_below += (0x1Fu << (top - 4)) < five;
  return ColexIndex(five) - straights_below;
}

// The best five-card hand without a flush, from the sets of ranks held at least once, twice,
// three and four times.
HandRank RankOfGroups(uint32_t singles, uint32_t pairs, uint32_t trips, uint32_t quads) {
  if (quads != 0) {
    const int quad = Highest(quads);
    const int kicker = Highest(singles & ~Bit(quad));
    return MakeRank(HandCategory::kFourOfAKind, quad * 12 + kicker - (kicker > quad));
  }
  if (trips != 0) {
    const int trip = Highest(trips);
    const uint32_t other_pairs = pairs & ~Bit(trip);  // a second set of trips counts as a pair
    if (other_pairs != 0) {
      const int pair = Highest(other_pairs);
      return MakeRank(HandCategory::kFullHouse, trip * 12 + pair - (pair > trip));
    }
  }
  if (const int top = StraightTop(singles); top >= 0) {
    return MakeRank(HandCategory::kStraight, top - 3);
  }
  if (trips != 0) {
    const int trip = Highest(trips);
    const uint32_t kickers = HighestN(singles & ~Bit(trip), 2);
    return MakeRank(HandCategory::kThreeOfAKind,
                    trip * Choose(12, 2) + ColexIndex(WithoutRank(kickers, trip)));
  }
  if (std::popcount(pairs) >= 2) {
    const uint32_t two = HighestN(pairs, 2);  // a third pair may still give the kicker
    const int high = Highest(two);
    const int low = std::countr_zero(two);
    const int kicker = Highest(singles & ~two);
    const int kicker_index = kicker - (kicker > low) - (kicker > high);
    return MakeRank(HandCategory::kTwoPair, ColexIndex(two) * 11 + kicker_index);
  }
  if (pairs != 0) {
    const int pair = Highest(pairs);
    const uint32_t kickers = HighestN(singles & ~Bit(pair), 3);
    return MakeRank(HandCategory::kOnePair,
                    pair * Choose(12, 3) + ColexIndex(WithoutRank(kickers, pair)));
  }
  return MakeRank(HandCategory::kHighCard, NoStraightIndex(HighestN(singles, 5)));
}

// The best hand made of 5 or more cards of one suit with these ranks.
HandRank RankOfFlush(uint32_t suited) {
  if (const int top = StraightTop(suited); top >= 0) {
    return MakeRank(HandCategory::kStraightFlush, top - 3);
  }
  return MakeRank(HandCategory::kFlush, NoStraightIndex(HighestN(suited, 5)));
}

// Fills `table` for every multiset of 5 to 7 ranks that extends the groups chosen for the ranks
// below `rank`.
void FillRankTable(int rank, int cards, uint32_t key, uint32_t singles, uint32_t pairs,
                   uint32_t trips, uint32_t quads, HandRank* table) {
  if (rank == kNumRanks) {
    if (cards >= 5) {
      table[(key >> kRowBits) + kRowOffsets[key & kRowMask]] =
          RankOfGroups(singles, pairs, trips, quads);
    }
    return;
  }
  const uint32_t bit = Bit(rank);
  for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
    FillRankTable(rank + 1, cards + n, key + n * kRankKeys[rank], n >= 1 ? singles | bit : singles,
                  n >= 2 ? pairs | bit : pairs, n >= 3 ? trips | bit : trips,
                  n >= 4 ? quads | bit : quads, table);
  }
}

}  // namespace

Tables::Tables() : rank{}, flush{} {
  FillRankTable(0, 0, 0, 0, 0, 0, 0, rank);
  for (uint32_t suited = 0; suited < kFlushTableSize; ++suited) {
    if (std::popcount(suited) >= 5) flush[suited] = RankOfFlush(suited);
  }
}

}  // namespace hand_internal

HandCategory CategoryOf(HandRank rank) {
  return static_cast<HandCategory>(rank >> hand_internal::kCategoryShift);
}

const char* CategoryName(HandCategory category) {
  switch (category) {
    case HandCategory::kHighCard:
      return "high card";
    case HandCategory::kOnePair:
      return "one pair";
    case HandCategory::kTwoPair:
      return "two pair";
    case HandCategory::kThreeOfAKind:
      return "three of a kind";
    case HandCategory::kStraight:
      return "straight";
    case HandCategory::kFlush:
      return "flush";
    case HandCategory::kFullHouse:
      return "full house";
    case HandCategory::kFourOfAKind:
      return "four of a kind";
    case HandCategory::kStraightFlush:
      return "straight flush";
  }
  return "unknown";
}

Hand Hand::Of(absl::Span<const Card> cards) {
  Hand hand;
  for (Card card : cards) hand.Add(card);
  return hand;
}

HandRank EvaluateCards(absl::Span<const Card> cards) {
  if (cards.size() == 7) return EvaluateSevenCards(cards.data());
  return Evaluate(Hand::Of(cards));
}

namespace {

#if defined(__AVX2__)
// EvaluateSevenCardHands with AVX2. The hands' keys are computed four at a time in one 256-bit
// vector, with no per-card table load: each hand's 7 card bytes go to their own 8-byte group
// (the eighth byte a pad that every table below maps to 0), and in-register 16-entry byte tables
// (vpshufb) turn each card's rank into the three bytes of its kRankKeys entry and its suit into a
// count in one of four 4-bit suit counters. Summing a group's bytes (vpsadbw) adds up one byte
// position over the hand's cards, so each byte plane is summed without carries between planes,
// and key = plane0 + (plane1 << 8) + (plane2 << 16) is the rank key of hand_internal. The vector
// code then splits the key into a perfect hash's row and column (SevenCardHash) for the scalar
// lookups, which run as a second pass over the chunk, free of the key's dependency chain;
// flushes, flagged by the suit counters, are patched last with EvaluateSevenCards, so no branch
// depends on a hand.
using hand_internal::kRankKeys;

// The 16-byte table of a 256-bit vpshufb, in both 128-bit lanes: value(i) at index i < n, 0 above.
template <typename Value>
constexpr std::array<uint8_t, 32> LaneTable(int n, Value value) {
  std::array<uint8_t, 32> table{};
  for (int lane = 0; lane < 2; ++lane) {
    for (int i = 0; i < n; ++i) table[16 * lane + i] = static_cast<uint8_t>(value(i));
  }
  return table;
}
// Byte `plane` of each rank's key (kRankKeys < 2^24: three planes), by rank; the pad byte's rank
// index is 15, which maps to 0.
template <int kPlane>
constexpr std::array<uint8_t, 32> kRankPlane = LaneTable(kNumRanks, [](int rank) {
  return (kRankKeys[rank] >> (8 * kPlane)) & 0xFF;
});
static_assert(kRankKeys[kNumRanks - 1] < (1u << 24));
// The suit counters, two per plane: suits 0 and 1 count in the low and high nibble of plane A,
// suits 2 and 3 in plane B. The pad byte's suit index has its top bit set, which maps to 0.
constexpr std::array<uint8_t, 32> kSuitPlaneA = LaneTable(4, [](int suit) {
  return suit == 0 ? 1 : suit == 1 ? 16 : 0;
});
constexpr std::array<uint8_t, 32> kSuitPlaneB = LaneTable(4, [](int suit) {
  return suit == 2 ? 1 : suit == 3 ? 16 : 0;
});
// After the 32-bit word permutation in FourHands, lane 0 holds bytes 0-15 of the four hands
// (hands 0 and 1 at 0-6 and 7-13) and lane 1 bytes 12-27 (hands 2 and 3 at 2-8 and 9-15). This
// shuffle puts hand k at bytes 8k..8k+6; 0x80 zeroes the pad byte, which kPadBytes then sets to
// 0xFF.
constexpr std::array<uint8_t, 32> kGroupBytes = {0,  1,    2,  3,  4,    5,  6,  0x80, 7,  8,   9,
                                                 10, 11,   12, 13, 0x80, 2,  3,  4,    5,  6,   7,
                                                 8,  0x80, 9,  10, 11,   12, 13, 14,   15, 0x80};
constexpr std::array<uint8_t, 32> kPadBytes = {0, 0,    0, 0, 0,    0, 0, 0xFF, 0, 0,   0,
                                               0, 0,    0, 0, 0xFF, 0, 0, 0,    0, 0,   0,
                                               0, 0xFF, 0, 0, 0,    0, 0, 0,    0, 0xFF};

__m256i Load(const std::array<uint8_t, 32>& bytes) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bytes.data()));
}

// The lookup pass's own perfect hash (row displacement, as kRowOffsets): of the 49,205 rank
// multisets of exactly 7 cards only, with 4096 rows of 16-bit offsets (8 KB) into 64,238 slots
// (126 KB), against 32 KB and 164 KB for the hash of 5 to 7 cards. The batch's lookups run as a
// pass of their own, bound by their cache misses, which the smaller tables cut: the batch went
// from 1.1-1.2x to 1.4x the one-by-one loop on the loaded development machine (the one-hand path
// gained nothing clear from them). Built on the first batch of 9 or more hands in a process, by
// the same first-fit packing (rows from most to fewest keys): 0.26 G instructions (callgrind),
// some tens of milliseconds, once.
struct SevenCardHash {
  static constexpr int kRowBits = 12;
  static constexpr uint32_t kRowMask = (1u << kRowBits) - 1;
  std::array<uint16_t, 1 << kRowBits> offsets{};
  std::vector<HandRank> ranks;

  SevenCardHash() {
    std::vector<uint32_t> keys;
    auto add_ranks = [&keys](auto& self, int rank, int cards, uint32_t key) -> void {
      if (rank == kNumRanks) {
        if (cards == 7) keys.push_back(key);
        return;
      }
      for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
        self(self, rank + 1, cards + n, key + n * hand_internal::kRankKeys[rank]);
      }
    };
    add_ranks(add_ranks, 0, 0, 0);
    std::vector<std::vector<uint32_t>> columns(1 << kRowBits);
    for (const uint32_t key : keys) columns[key & kRowMask].push_back(key >> kRowBits);
    std::vector<int> rows(1 << kRowBits);
    for (int row = 0; row < (1 << kRowBits); ++row) rows[row] = row;
    std::stable_sort(rows.begin(), rows.end(),
                     [&](int a, int b) { return columns[a].size() > columns[b].size(); });
    // One bit per slot; 2^17 slots hold any offset below 2^16 plus any column (below 2^13).
    std::vector<uint64_t> used(1 << 11, 0);
    auto used_from = [&used](uint32_t slot) {  // bits slot..slot+63 of `used`
      const uint64_t low = used[slot / 64] >> (slot % 64);
      return slot % 64 == 0 ? low : low | used[slot / 64 + 1] << (64 - slot % 64);
    };
    uint32_t end = 0;
    uint32_t first_free = 0;  // every slot below it is used
    for (const int row : rows) {
      if (columns[row].empty()) continue;
      // The first offset at which no column of the row lands on a used slot, 64 at a time. Below
      // first_free - (its lowest column) its lowest column would land on a used slot.
      const uint32_t lowest = *std::min_element(columns[row].begin(), columns[row].end());
      uint32_t offset = first_free > lowest ? first_free - lowest : 0;
      for (;; offset += 64) {
        uint64_t blocked = 0;
        for (const uint32_t column : columns[row]) {
          blocked |= used_from(column + offset);
          if (~blocked == 0) break;  // all 64 offsets blocked (common: the table fills densely)
        }
        if (~blocked != 0) {
          offset += std::countr_zero(~blocked);
          break;
        }
      }
      for (const uint32_t column : columns[row]) {
        used[(column + offset) / 64] |= uint64_t{1} << ((column + offset) % 64);
        end = std::max(end, column + offset + 1);
      }
      offsets[row] = static_cast<uint16_t>(offset);  // at most 61,511 (tests cover every hand)
      while (used[first_free / 64] >> (first_free % 64) & 1) ++first_free;
    }
    ranks.assign(end, 0);
    for (const uint32_t key : keys) {
      ranks[(key >> kRowBits) + offsets[key & kRowMask]] = hand_internal::RankOfNonFlushKey(key);
    }
  }
};
const SevenCardHash& TheSevenCardHash() {
  static const SevenCardHash hash;  // thread-safe initialisation on first use
  return hash;
}

// The four hands at `cards` (reads 32 bytes, 4 past the hands): per 64-bit lane, the
// SevenCardHash row (low 32 bits) and column (high 32 bits) of the hand's rank key; and a mask
// with a lane's sign bit set when that hand has no flush.
struct FourHands {
  __m256i row_col;
  __m256i no_flush;
};
inline FourHands FourHandKeys(const Card* cards) {
  constexpr int kRowBits = SevenCardHash::kRowBits;
  constexpr uint32_t kRowMask = SevenCardHash::kRowMask;
  const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cards));
  const __m256i words = _mm256_permutevar8x32_epi32(raw, _mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6));
  const __m256i bytes =
      _mm256_or_si256(_mm256_shuffle_epi8(words, Load(kGroupBytes)), Load(kPadBytes));
  // card = 4 * rank + suit; a 16-bit shift lets the next byte's low bits into bits 6-7.
  const __m256i ranks = _mm256_and_si256(_mm256_srli_epi16(bytes, 2), _mm256_set1_epi8(0x0F));
  const __m256i suits = _mm256_and_si256(bytes, _mm256_set1_epi8(static_cast<char>(0x83)));
  const __m256i zero = _mm256_setzero_si256();
  auto sum = [&zero](const std::array<uint8_t, 32>& table, __m256i index) {
    return _mm256_sad_epu8(_mm256_shuffle_epi8(Load(table), index), zero);
  };
  const __m256i rank_key = _mm256_add_epi64(
      _mm256_add_epi64(sum(kRankPlane<0>, ranks), _mm256_slli_epi64(sum(kRankPlane<1>, ranks), 8)),
      _mm256_slli_epi64(sum(kRankPlane<2>, ranks), 16));
  // The four suit counters as in hand_internal (starting at 3, so 5 of a suit sets a top bit).
  const __m256i counters = _mm256_add_epi64(
      _mm256_add_epi64(sum(kSuitPlaneA, suits), _mm256_slli_epi64(sum(kSuitPlaneB, suits), 8)),
      _mm256_set1_epi64x(0x3333));
  const __m256i flush = _mm256_and_si256(counters, _mm256_set1_epi64x(0x8888));
  return {_mm256_blend_epi32(_mm256_and_si256(rank_key, _mm256_set1_epi64x(kRowMask)),
                             _mm256_slli_epi64(rank_key, 32 - kRowBits), 0xAA),
          _mm256_cmpeq_epi64(flush, zero)};
}

// Up to kChunkGroups groups of 8 hands from `cards` (each group reads 60 bytes from its start).
constexpr int kChunkGroups = 32;
void EvaluateChunkOfEights(const Card* cards, int groups, HandRank* ranks) {
  alignas(32) uint32_t row_col[kChunkGroups * 16];
  uint8_t no_flush[kChunkGroups];  // bit k of byte g: hand 8g + k has no flush
  std::memset(no_flush, 0xFF, sizeof(no_flush));
  for (int g = 0; g < groups; ++g) {
    const FourHands a = FourHandKeys(cards + 56 * g);
    const FourHands b = FourHandKeys(cards + 56 * g + 28);
    _mm256_store_si256(reinterpret_cast<__m256i*>(row_col + 16 * g), a.row_col);
    _mm256_store_si256(reinterpret_cast<__m256i*>(row_col + 16 * g + 8), b.row_col);
    no_flush[g] = static_cast<uint8_t>(_mm256_movemask_pd(_mm256_castsi256_pd(a.no_flush)) |
                                       _mm256_movemask_pd(_mm256_castsi256_pd(b.no_flush)) << 4);
  }
  const SevenCardHash& hash = TheSevenCardHash();
  const uint16_t* offsets = hash.offsets.data();
  const HandRank* table = hash.ranks.data();
  for (int i = 0; i < 8 * groups; i += 4) {
    ranks[i] = table[row_col[2 * i + 1] + offsets[row_col[2 * i]]];
    ranks[i + 1] = table[row_col[2 * i + 3] + offsets[row_col[2 * i + 2]]];
    ranks[i + 2] = table[row_col[2 * i + 5] + offsets[row_col[2 * i + 4]]];
    ranks[i + 3] = table[row_col[2 * i + 7] + offsets[row_col[2 * i + 6]]];
  }
  // About 3% of hands are flushes: scan 64 hands per word, so the loop's branches depend on a
  // word's flushes, not on every hand.
  for (int w = 0; w < kChunkGroups / 8 && 8 * w < groups; ++w) {
    uint64_t flushes;
    std::memcpy(&flushes, no_flush + 8 * w, sizeof(flushes));
    for (flushes = ~flushes; flushes != 0; flushes &= flushes - 1) {
      const int hand = 64 * w + std::countr_zero(flushes);
      ranks[hand] = EvaluateSevenCards(cards + 7 * hand);
    }
  }
}
#endif  // __AVX2__

// Groups then kickers, for 0 to 4 cards (no straights or flushes exist with so few).
uint32_t EvaluateFewCards(absl::Span<const Card> cards) {
  int count[kNumRanks] = {};
  for (Card card : cards) ++count[RankOf(card)];
  int largest = 0;
  int num_pairs = 0;
  for (int n : count) {
    largest = std::max(largest, n);
    num_pairs += n == 2;
  }
  HandCategory category = HandCategory::kHighCard;
  if (largest == 4) {
    category = HandCategory::kFourOfAKind;
  } else if (largest == 3) {
    category = HandCategory::kThreeOfAKind;
  } else if (num_pairs == 2) {
    category = HandCategory::kTwoPair;
  } else if (num_pairs == 1) {
    category = HandCategory::kOnePair;
  }
  uint32_t value = static_cast<uint32_t>(category) << 16;
  int shift = 12;
  for (int group = 4; group >= 1; --group) {
    for (int rank = kNumRanks - 1; rank >= 0; --rank) {
      if (count[rank] == group) {
        value |= static_cast<uint32_t>(rank) << shift;
        shift -= 4;
      }
    }
  }
  return value;
}

// The best rank over the 7-card subsets of cards[from..] added to `chosen` (`need` more to pick).
HandRank BestOfSevens(absl::Span<const Card> cards, size_t from, int need, Hand chosen) {
  if (need == 0) return Evaluate(chosen);
  HandRank best = 0;
  for (size_t i = from; i + need <= cards.size(); ++i) {
    best = std::max(best, BestOfSevens(cards, i + 1, need - 1, chosen + Hand::Of(cards[i])));
  }
  return best;
}

}  // namespace

void EvaluateSevenCardHands(absl::Span<const Card> cards, absl::Span<HandRank> ranks) {
  const size_t num_hands = ranks.size();
  size_t hand = 0;
#if defined(__AVX2__)
  // A group of 8 hands reads 4 bytes past its last hand, so the vector code stops while a ninth
  // hand follows; the last 1 to 8 hands go one by one.
  while (num_hands - hand >= 9) {
    const int groups = static_cast<int>(std::min<size_t>(kChunkGroups, (num_hands - hand - 1) / 8));
    EvaluateChunkOfEights(cards.data() + 7 * hand, groups, ranks.data() + hand);
    hand += 8 * groups;
  }
#endif
  for (; hand < num_hands; ++hand) ranks[hand] = EvaluateSevenCards(cards.data() + 7 * hand);
}

uint32_t EvaluateAny(absl::Span<const Card> cards) {
  if (cards.size() < 5) return EvaluateFewCards(cards);
  if (cards.size() <= 7) return EvaluateCards(cards);
  return BestOfSevens(cards, 0, 7, Hand());
}

}  // namespace poker
