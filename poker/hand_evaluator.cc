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

#if defined(__AVX2__) && defined(__BMI2__)
#include <immintrin.h>
#endif

#include "poker/hand_evaluator_batch.h"

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

#if defined(__AVX2__) && defined(__BMI2__)
// EvaluateSevenCardHands with AVX2 and BMI2. The hands' keys are computed four at a time in one
// 256-bit vector, with no per-card table load: each hand's 7 card bytes go to their own 8-byte
// group (the eighth byte a pad that every table below maps to 0), and in-register 16-entry byte
// tables (vpshufb) turn each card's rank into the three bytes of its kRankKeys entry and its suit
// into a count in one of four 4-bit suit counters. Summing a group's bytes (vpsadbw) adds up one
// byte position over the hand's cards, so each byte plane is summed without carries between
// planes, and key = plane0 + (plane1 << 8) + (plane2 << 16) is the rank key of hand_internal. The
// vector code then splits the key into the row and column of the batch's own perfect hash
// (hand_evaluator_batch.h) for the scalar lookups, which run one group of 8 hands behind the
// keys; flushes, flagged by the suit counters, are listed without a branch and patched last with
// EvaluateSevenCards, so no branch depends on a hand.
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
// As loaded in FourHandKeys, lane 0 holds bytes 0-15 of the four hands (hands 0 and 1 at 0-6 and
// 7-13) and lane 1 bytes 12-27 (hands 2 and 3 at 2-8 and 9-15). This
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

// The batch's perfect hash of the 7-card rank keys (hand_evaluator_batch.h): the generated row
// offsets and the ranks they index. The batch's lookups are bound by their cache misses, which
// these smaller tables cut (8 KB and 126 KB against 32 KB and 164 KB for the hash of 5 to 7
// cards): the batch went from 1.1-1.2x to 1.4x the one-by-one loop on the loaded development
// machine; the one-hand path gained nothing clear from them. The ranks are filled on the first
// batch of 8 or more hands in a process (49,205 lookups in the main hash: 4.5 M instructions by
// callgrind, where packing the offsets at run time took 0.26 G).
struct SevenCardRanks {
  std::array<HandRank, hand_internal::kSevenTableSize> ranks{};

  SevenCardRanks() {
    using namespace hand_internal;
    auto fill = [this](auto& self, int rank, int cards, uint32_t key) -> void {
      if (rank == kNumRanks) {
        if (cards == 7) {
          ranks[(key >> kSevenRowBits) + kSevenRowOffsets[key & kSevenRowMask]] =
              RankOfNonFlushKey(key);
        }
        return;
      }
      for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
        self(self, rank + 1, cards + n, key + n * kRankKeys[rank]);
      }
    };
    fill(fill, 0, 0, 0);
  }
};
const SevenCardRanks& TheSevenCardRanks() {
  static const SevenCardRanks ranks;  // thread-safe initialisation on first use
  return ranks;
}

// Four hands of 7 cards, the 28 bytes at `cards` (read as bytes 0-15 and 12-27, so nothing
// outside them): per 64-bit lane, the row (low 32 bits) and column (high 32 bits) of the hand's
// rank key in the 7-card hash; and a mask with a lane's sign bit set when that hand has no flush.
struct FourHands {
  __m256i row_col;
  __m256i no_flush;
};
inline FourHands FourHandKeys(const Card* cards) {
  using hand_internal::kSevenRowBits;
  using hand_internal::kSevenRowMask;
  // Two 16-byte loads rather than one 32-byte load and a lane-crossing permutation: fewer
  // instructions (callgrind) and faster in the development machine's measurements.
  const __m256i words = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(cards + 12),
                                            reinterpret_cast<const __m128i*>(cards));
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
  return {_mm256_blend_epi32(_mm256_and_si256(rank_key, _mm256_set1_epi64x(kSevenRowMask)),
                             _mm256_slli_epi64(rank_key, 32 - kSevenRowBits), 0xAA),
          _mm256_cmpeq_epi64(flush, zero)};
}

// Up to kChunkGroups groups of 8 hands from `cards`, as one software pipeline: the keys of group
// g (vector work) are computed beside the lookups of group g - 1 (scalar loads), so that the
// core overlaps the two. The flushes of each group go branch-free onto a list of hand indices
// (the positions of the group's flush bits, compacted with pdep/pext); they are evaluated one by
// one after the chunk, so the only mispredicted branch is the list's end, once a chunk.
constexpr int kChunkGroups = 32;  // 256 hands: a hand index fits a byte
constexpr uintptr_t kPrefetchBytes = 1024;
void EvaluateChunkOfEights(const Card* cards, int groups, HandRank* ranks) {
  using hand_internal::kSevenRowOffsets;
  const HandRank* table = TheSevenCardRanks().ranks.data();
  alignas(32) uint32_t row_col[2][16];    // groups g and g - 1
  uint8_t flushes[8 * kChunkGroups + 8];  // 8 bytes are stored whatever the group's count
  int num_flushes = 0;
  auto keys = [&](int g) {
    // The cards kPrefetchBytes ahead: with hands streamed from memory (2^24 hands in the
    // benchmark), the hardware prefetcher alone left the batch 13-18% slower than with its cards
    // in cache (2^16 hands), and at most 5% with this prefetch (loaded development machine;
    // 512 to 2048 bytes measured alike). A prefetch never faults, so it may point past the cards.
    _mm_prefetch(
        reinterpret_cast<const char*>(reinterpret_cast<uintptr_t>(cards + 56 * g) + kPrefetchBytes),
        _MM_HINT_T0);
    const FourHands a = FourHandKeys(cards + 56 * g);
    const FourHands b = FourHandKeys(cards + 56 * g + 28);
    _mm256_store_si256(reinterpret_cast<__m256i*>(row_col[g & 1]), a.row_col);
    _mm256_store_si256(reinterpret_cast<__m256i*>(row_col[g & 1] + 8), b.row_col);
    const uint32_t flush_bits =
        ~static_cast<uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(a.no_flush)) |
                               _mm256_movemask_pd(_mm256_castsi256_pd(b.no_flush)) << 4) &
        0xFF;
    // Byte k of `hands` is 8g + k; the flush bits, spread to whole bytes, select those to keep.
    const uint64_t hands = 0x0706050403020100u + 0x0808080808080808u * static_cast<uint64_t>(g);
    const uint64_t listed = _pext_u64(hands, _pdep_u64(flush_bits, 0x0101010101010101u) * 0xFF);
    std::memcpy(flushes + num_flushes, &listed, sizeof(listed));
    num_flushes += std::popcount(flush_bits);
  };
  auto lookups = [&](int g) {
    const uint32_t* rc = row_col[g & 1];
    HandRank* out = ranks + 8 * g;
    for (int k = 0; k < 8; ++k) out[k] = table[rc[2 * k + 1] + kSevenRowOffsets[rc[2 * k]]];
  };
  keys(0);
  for (int g = 1; g < groups; ++g) {
    keys(g);
    lookups(g - 1);
  }
  lookups(groups - 1);
  for (int i = 0; i < num_flushes; ++i) {
    ranks[flushes[i]] = EvaluateSevenCards(cards + 7 * flushes[i]);
  }
}
#endif  // __AVX2__ && __BMI2__

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
#if defined(__AVX2__) && defined(__BMI2__)
  // Groups of 8 hands; the last 0 to 7 hands go one by one.
  while (num_hands - hand >= 8) {
    const int groups = static_cast<int>(std::min<size_t>(kChunkGroups, (num_hands - hand) / 8));
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
