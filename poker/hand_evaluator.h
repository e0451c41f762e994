// A fast 5-, 6- and 7-card hand evaluator with an incremental hand type.
//
// Public surface: `Hand` (add cards, add hands) and `Evaluate` (a rank, higher is better);
// `EvaluateSevenCards` for 7 card indices and `EvaluateSevenCardHands` for many hands of 7 at
// once; `ForEachSevenCardHand` and `ForEachSevenCardRank` to go through all 7-card hands.
// The packed layout of Hand and the lookup scheme are documented below (hand_internal), next to
// the inline kernel that relies on them; the tables are built in hand_evaluator.cc.
//
// Designs this one follows (ideas and facts only; the code and the constants are our own):
// - OMPEval (github.com/zekyll/OMPEval): a hand as sums of per-card keys, one per rank chosen so
//   that every rank multiset of up to 7 cards has its own sum, and per-suit counters biased so
//   that the fifth card of a suit sets a flag bit; flushes looked up by the suit's rank mask.
// - holdem-hand-evaluator (github.com/b-inary/holdem-hand-evaluator): the key/mask Hand of
//   64-bit sums and the single-displacement perfect hash of the rank key into a dense table.
// - Tarjan and Yao, "Storing a sparse table" (CACM 1979): row displacement, the packing of that
//   hash (first-fit, rows from most to fewest keys).
// - The "2+2" lookup-table evaluators: enumerating all hands by nested loops so that work done
//   for the first six cards is shared by every seventh card (ForEachSevenCardRank).
// - The SIMD population count (Wojciech Mula): a byte shuffle (pshufb) as a 16-entry table
//   lookup in a register, and psadbw to sum bytes (EvaluateSevenCardHands).
// - Left-packing by a bit mask with BMI2 (Peter Cordes, Stack Overflow question 36932240, "AVX2
//   what is the most efficient way to pack left based on a mask"): pdep spreads the mask's bits
//   to whole bytes and pext keeps those bytes of a word of indices (EvaluateSevenCardHands' list
//   of flush hands).
// Our own, as far as we know: evaluating from card indices two cards per key load, the two card
// bytes of a pair turned into a pair-table index by one bit extraction (EvaluateSevenCards); the
// public evaluators above add one key per card. And the batched keys of EvaluateSevenCardHands:
// the rank keys summed byte plane by byte plane from in-register tables, four hands per vector,
// with no table load per card.
//
// Thread-safety: every function here may be called from any number of threads at once. The
// tables are built once, during static initialisation (before main), and only read afterwards.
#ifndef POKER_HAND_EVALUATOR_H_
#define POKER_HAND_EVALUATOR_H_

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "absl/types/span.h"
#include "poker/card.h"

namespace poker {

// A hand's strength; compares as an integer (higher wins, equal ties). The category is in the top
// bits: CategoryOf(rank) recovers it. Layout: (category << 12) | index, where index is 1 for the
// weakest hand of the category and counts up without gaps, so 0 is never the rank of a hand.
using HandRank = uint16_t;

enum class HandCategory : uint8_t {
  kHighCard = 0,
  kOnePair = 1,
  kTwoPair = 2,
  kThreeOfAKind = 3,
  kStraight = 4,
  kFlush = 5,
  kFullHouse = 6,
  kFourOfAKind = 7,
  kStraightFlush = 8,
};
inline constexpr int kNumHandCategories = 9;

// The category of a rank returned by Evaluate or EvaluateCards.
HandCategory CategoryOf(HandRank rank);
// "straight flush", "one pair", ...
const char* CategoryName(HandCategory category);

// Internals shared by the inline kernel below, hand_evaluator.cc and the tests. Not API.
namespace hand_internal {

// A Hand is the three sums of the design: mask_ is the card mask (bit suit * 16 + rank) and key_
// packs the other two, so that adding two keys adds both at once:
//
//   bits  0..24  rank key: the sum of kRankKeys[rank] over the cards. kRankKeys was found by a
//                greedy search (each constant is the smallest that keeps all sums distinct;
//                tools/gen/gen_rank_keys re-derives them and a ctest checks it does), so
//                every multiset of at most 7 ranks (at most 4 of each) has its own sum; the
//                largest is 4 * kRankKeys[12] + 3 * kRankKeys[11] = 18,393,157 < 2^25. Bits
//                25..31 stay zero, so the low 32 bits are the rank key.
//   bits 32..47  unused (zero).
//   bits 48..63  one 4-bit counter per suit (suit s at bit 48 + 4 * s) holding 3 + the number of
//                cards of that suit. Starting at 3 puts "5 or more of a suit" exactly on the
//                counter's top bit (3 + 5 = 8), so a flush anywhere is one AND with kFlushBits;
//                3 + 7 = 10 still fits in 4 bits, so counters never carry into each other.
//
// Every Hand, the empty one included, carries the starting 3s exactly once (kEmptyKey); adding
// two hands subtracts one copy so sums stay right however hands are combined.
inline constexpr uint32_t kRankKeys[kNumRanks] = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520};
inline constexpr uint32_t kMaxRankKey = 4 * kRankKeys[12] + 3 * kRankKeys[11];
inline constexpr int kSuitCounterShift = 48;
inline constexpr uint64_t kEmptyKey = uint64_t{0x3333} << kSuitCounterShift;
inline constexpr uint64_t kFlushBits = uint64_t{0x8888} << kSuitCounterShift;

// Non-flush hands: a perfect hash of the rank key (Tarjan and Yao's row displacement). The low
// kRowBits bits pick a row, the remaining bits are the column, and the row's offset slides all of
// its columns to free slots of one table: index = (rank_key >> kRowBits) + kRowOffsets[row].
// Rows come from the low bits because the greedy keys cluster in their high bits; the low bits
// spread the keys about 9 to a row, sparse enough for first-fit packing. The 73,775 rank
// multisets of 5 to 7 cards then occupy 73,775 of the first 82,009 slots, and the table is sized
// so that any rank key of at most 7 cards stays inside it. The offsets (32 KB, L1-resident) are
// generated data: hand_evaluator_offsets.cc; the test that reproduces them documents the packing.
inline constexpr int kRowBits = 13;
inline constexpr int kNumRows = 1 << kRowBits;
inline constexpr uint32_t kRowMask = kNumRows - 1;
inline constexpr uint32_t kMaxRowOffset = 80407;
inline constexpr int kRankTableSize = kMaxRowOffset + (kMaxRankKey >> kRowBits) + 1;
extern const uint32_t kRowOffsets[kNumRows];

// Flush hands: indexed directly by the flush suit's 13-bit rank mask.
inline constexpr int kFlushTableSize = 1 << kNumRanks;

// One card's share of a Hand's key (its rank key plus one in its suit's counter), without the
// starting 3s: the key of cards c_1..c_n is kEmptyKey + kCardKeys[c_1] + ... + kCardKeys[c_n].
// Evaluating from card indices sums these 8-byte keys (two cards at a time, kPairKeys) and leaves
// the card mask out (a flush, about 3% of random 7-card hands, rebuilds its suit's ranks from the
// cards instead): 4 table loads for 7 cards rather than 14 for seven Hands. What bounds it is the
// chain card load -> pair index -> key loads -> row offset -> rank (the rank table is L2-resident)
// and the mispredicted flush branch (about 15% of the time on random hands). Measured slower on
// the development machine (AMD EPYC, Zen 3): one key load per card (7 loads), pair entries of
// key and card mask with a branch-free flush, card pairs read as 16-bit table indices (a 2 KB row
// stride that puts the whole table on a few L1 sets), and smaller row-offset tables (fewer rows
// pack the rank table less densely). Not clearly faster: a perfect hash of the 7-card rank
// multisets only, with 16-bit offsets (8-16 KB and 98-126 KB instead of 32 KB and 164 KB), so
// the lookups' misses are not what bounds this path. Many hands at once: EvaluateSevenCardHands.
//
// On an Intel Xeon (AVX-512, 48 KB L1d and 2 MB L2 a core; 2026-11-25), in M hands/s with 2^16 and
// 2^24 random hands as BM_Eval7RandomFromCards (medians of 3, scratch variants built outside the
// project): 525 and 401 for this path. With 2^16 hands (115 KB of cards, cached) the flush branch
// costs about 20%: without the flush test (wrong for flushes) 642 and 451, and with a constant in
// place of the flush path 554 and 414, so the mispredictions cost more than the work. With 2^24
// hands (117 MB) the card stream from memory bounds it, and work saved per hand does not show
// there: the same cards copied to a 2 MB huge page give 528 and 450 (on 4 KB pages the hardware
// prefetcher stops at every page boundary, and each page needs a TLB walk), the 7 card bytes read
// and summed alone run at 642 M hands/s at 2^24, and kernels whose only cache misses are the card
// stream fall far behind it (the key sum alone: 803 and 209; plus a lookup in a 160 KB table: 643
// and 446; in a 16 KB table: 886 and 202), so the rank table's L2 lookups are not what slows 2^24.
// Tried here (2^16 and 2^24): the 7-card hash of EvaluateSevenCardHands for the ranks, 536 and 400;
// that hash plus a flush path that builds a bit per card index and takes the suit's ranks with one
// pext, 547 and 405, and as a build in two rounds of an interleaved benchmark against this
// one, 527 vs 502 and 527 vs 503 at 2^16 but 398 vs 397 and 399 vs 394 at 2^24 (not taken: +5% at
// 2^24 was the bar); that flush path alone, 524 and 404; one masked 7-byte load
// (_mm_maskz_loadu_epi8) with three pext from it, 484 and 369; two overlapping 4-byte loads (cards
// 0-3 and 3-6), 485 and 377; 16-byte pair entries of key and card mask, 470 and 369 with the branch
// and 338 and 294 branch-free (cmov); all tables copied to one 2 MB huge page, 498 and 389 (copied
// to 4 KB pages: 498 and 381).
inline constexpr std::array<uint64_t, kNumCards> kCardKeys = [] {
  std::array<uint64_t, kNumCards> keys{};
  for (int c = 0; c < kNumCards; ++c) {
    keys[c] = kRankKeys[RankOf(static_cast<Card>(c))] +
              (uint64_t{1} << (kSuitCounterShift + 4 * SuitOf(static_cast<Card>(c))));
  }
  return keys;
}();

// kCardKeys with the starting 3s added: the key of the seventh card, so that the sum of three
// pairs and this is a whole Hand's key with no further addition.
inline constexpr std::array<uint64_t, kNumCards> kLastCardKeys = [] {
  std::array<uint64_t, kNumCards> keys{};
  for (int c = 0; c < kNumCards; ++c) keys[c] = kEmptyKey + kCardKeys[c];
  return keys;
}();

// The keys of two cards a and b, at index a | b << 6 (4096 entries, 32 KB; entries with a card
// index of 52 or more are unused): one load adds two cards. Two card bytes side by side in memory
// become this index with one bit extraction (PairIndex), so 7 cards take 4 key loads.
inline constexpr int kPairBits = 6;
inline constexpr std::array<uint64_t, 1 << (2 * kPairBits)> kPairKeys = [] {
  std::array<uint64_t, 1 << (2 * kPairBits)> keys{};
  for (int a = 0; a < kNumCards; ++a) {
    for (int b = 0; b < kNumCards; ++b) keys[a | b << kPairBits] = kCardKeys[a] + kCardKeys[b];
  }
  return keys;
}();

// The kPairKeys index of the two card bytes at byte offset kByte (0 or 2) of `bytes` (card bytes
// read as one little-endian word): the low 6 bits of each, packed (card indices are below 64).
// One bit extraction per pair, each straight from the loaded word: no shift or mask between the
// card load and the key load, whose latency is most of an evaluation's.
// (64-bit operands: the index then needs no zero extension before the load.)
template <int kByte>
inline uint64_t PairIndex(uint64_t bytes) {
  static_assert(kByte == 0 || kByte == 2);
#if defined(__BMI2__)
  return _pext_u64(bytes, uint64_t{0x3F3F} << (8 * kByte));
#else
  return ((bytes >> (8 * kByte)) & 0x3Fu) | ((bytes >> (8 * kByte + 2)) & 0xFC0u);
#endif
}

// The key of the 7 cards cards[0..6] (as Hand::key()).
inline uint64_t SevenCardKey(const Card* cards) {
  if constexpr (std::endian::native == std::endian::little) {
    // Cards 0-3 as one word and 4-5 as another: three pair indices (see kPairKeys).
    uint32_t first_four;
    uint16_t next_two;
    std::memcpy(&first_four, cards, 4);
    std::memcpy(&next_two, cards + 4, 2);
    return (kPairKeys[PairIndex<0>(first_four)] + kPairKeys[PairIndex<2>(first_four)]) +
           (kPairKeys[PairIndex<0>(next_two)] + kLastCardKeys[cards[6]]);
  } else {
    return ((kLastCardKeys[cards[0]] + kCardKeys[cards[1]]) +
            (kCardKeys[cards[2]] + kCardKeys[cards[3]])) +
           ((kCardKeys[cards[4]] + kCardKeys[cards[5]]) + (kCardKeys[cards[6]]));
  }
}

// The rank of a key of 5 to 7 cards without a flush (the perfect hash above).
inline HandRank RankOfNonFlushKey(uint64_t key);

// The lookup tables (about 180 KB), filled by the constructor in hand_evaluator.cc.
struct Tables {
  Tables();
  HandRank rank[kRankTableSize];    // by perfect hash of the rank key; non-flush hands
  HandRank flush[kFlushTableSize];  // by the suit's rank mask; straight flushes and flushes
};

// One program-wide instance. As an inline variable defined in this header, it is initialised
// before any static object defined after this #include in any file, so even static initialisers
// may evaluate hands; afterwards it is read-only, and the kernel needs no "built yet?" check.
inline const Tables kTables;

inline HandRank RankOfNonFlushKey(uint64_t key) {
  const uint32_t rank_key = static_cast<uint32_t>(key);
  return kTables.rank[(rank_key >> kRowBits) + kRowOffsets[rank_key & kRowMask]];
}

// The rank of a flush: `key` has a suit counter at 5 or more and `mask` is the card mask (bit
// suit * 16 + rank). With at most 7 cards only one suit can hold 5, and a flush then beats
// anything the other cards could make (quads or a full house would need 8 cards), so the suit's
// ranks decide.
inline HandRank RankOfFlush(uint64_t key, uint64_t mask) {
  // The flag is bit 3 + 4 * suit of the counters. (Shifting the counters down, rather than
  // reusing key & kFlushBits, leaves the callers' flush test a plain test of the key.)
  const uint32_t flags = static_cast<uint32_t>(key >> kSuitCounterShift) & 0x8888u;
  const int suit = std::countr_zero(flags) / 4;
  return kTables.flush[(mask >> (16 * suit)) & (kFlushTableSize - 1)];
}

}  // namespace hand_internal

// A multiset of up to 7 cards as packed sums (see hand_internal above). Adding is a few integer
// additions, so a board can be added once and each player's hole cards on top of it.
class Hand {
 public:
  constexpr Hand() = default;
  // The one-card hand (a table lookup).
  static Hand Of(Card card) { return kCardHands[card]; }
  static Hand Of(absl::Span<const Card> cards);

  Hand& Add(Card card) { return *this += Of(card); }
  Hand& operator+=(const Hand& other) {
    key_ += other.key_ - hand_internal::kEmptyKey;
    mask_ |= other.mask_;
    return *this;
  }
  Hand operator+(const Hand& other) const {
    Hand h = *this;
    h += other;
    return h;
  }

  // The number of cards.
  int size() const { return std::popcount(mask_); }
  // Bit (suit * 16 + rank) per card.
  uint64_t suit_mask() const { return mask_; }
  // The packed sums (layout in hand_internal); equal for equal multisets of cards.
  uint64_t key() const { return key_; }

 private:
  friend HandRank Evaluate(const Hand& hand);
  constexpr Hand(uint64_t key, uint64_t mask) : key_(key), mask_(mask) {}
  static constexpr std::array<Hand, kNumCards> MakeCardHands();

  static const std::array<Hand, kNumCards> kCardHands;

  uint64_t key_ = hand_internal::kEmptyKey;  // layout documented in hand_internal
  uint64_t mask_ = 0;                        // bit (suit * 16 + rank) per card
};

constexpr std::array<Hand, kNumCards> Hand::MakeCardHands() {
  std::array<Hand, kNumCards> hands;
  for (int c = 0; c < kNumCards; ++c) {
    const int rank = RankOf(static_cast<Card>(c));
    const int suit = SuitOf(static_cast<Card>(c));
    hands[c] = Hand(hand_internal::kEmptyKey + hand_internal::kRankKeys[rank] +
                        (uint64_t{1} << (hand_internal::kSuitCounterShift + 4 * suit)),
                    uint64_t{1} << (suit * 16 + rank));
  }
  return hands;
}

inline constexpr std::array<Hand, kNumCards> Hand::kCardHands = Hand::MakeCardHands();

// Rank of a hand of 5, 6 or 7 cards (the best five). Behaviour for other sizes is undefined.
inline HandRank Evaluate(const Hand& hand) {
  using namespace hand_internal;
  const uint64_t key = hand.key_;
  if (key & kFlushBits) [[unlikely]]
    return RankOfFlush(key, hand.mask_);
  return RankOfNonFlushKey(key);
}

// Rank of the 7 distinct cards cards[0..6] (each below kNumCards): the same value as
// Evaluate(Hand::Of(...)) and EvaluateCards, computed without building a Hand (see kCardKeys).
inline HandRank EvaluateSevenCards(const Card* cards) {
  using namespace hand_internal;
  const uint64_t key = SevenCardKey(cards);
  if (key & kFlushBits) [[unlikely]] {
    // The rare path (about 3% of random hands): the card mask the key leaves out, from the cards.
    auto mask = [cards](int i) { return Hand::Of(cards[i]).suit_mask(); };
    return RankOfFlush(
        key, ((mask(0) | mask(1)) | (mask(2) | mask(3))) | ((mask(4) | mask(5)) | mask(6)));
  }
  return RankOfNonFlushKey(key);
}

// The ranks of consecutive 7-card hands: ranks[i] = EvaluateSevenCards(&cards[7 * i]) for every
// i below ranks.size(). Behaviour is undefined unless cards.size() == 7 * ranks.size() and every
// hand holds 7 distinct cards below kNumCards. Faster per hand than EvaluateSevenCards in a loop
// when built with AVX2 and BMI2 (hand_evaluator.cc says how); without them it is that loop.
void EvaluateSevenCardHands(absl::Span<const Card> cards, absl::Span<HandRank> ranks);

// Calls visit(hand) for each of the 133,784,560 7-card hands of the 52-card deck, each built
// incrementally (the previous six cards' Hand plus one card), the fastest way to go through them
// all (exhaustive tests, the enumeration benchmark). Always inlined: called out of line, a visit
// that adds into the caller's variable must reload and store it around every table lookup (the
// compiler cannot rule out that it aliases the tables), which costs 40% of the speed.
template <typename Visit>
[[gnu::always_inline]] inline void ForEachSevenCardHand(Visit&& visit) {
  for (int a = 0; a < kNumCards; ++a) {
    const Hand ha = Hand::Of(a);
    for (int b = a + 1; b < kNumCards; ++b) {
      const Hand hb = ha + Hand::Of(b);
      for (int c = b + 1; c < kNumCards; ++c) {
        const Hand hc = hb + Hand::Of(c);
        for (int d = c + 1; d < kNumCards; ++d) {
          const Hand hd = hc + Hand::Of(d);
          for (int e = d + 1; e < kNumCards; ++e) {
            const Hand he = hd + Hand::Of(e);
            for (int f = e + 1; f < kNumCards; ++f) {
              const Hand hf = he + Hand::Of(f);
              for (int g = f + 1; g < kNumCards; ++g) visit(hf + Hand::Of(g));
            }
          }
        }
      }
    }
  }
}

// Calls visit(rank) with the rank of each of the 133,784,560 7-card hands, in the order of
// ForEachSevenCardHand (the same ranks as Evaluate of its hands), but looks up far fewer: for six
// cards without four of a suit the seventh card cannot make a flush, so its suit does not matter
// and the cards of one rank share one lookup (cards count up rank by rank, card = 4 * rank +
// suit). Only six-card prefixes holding four or more of a suit evaluate every seventh card.
// Visiting ranks while enumerating the hands by nested loops is what the fastest enumerators
// (2+2-style lookup tables) gain from; here it needs no table beyond the evaluator's.
template <typename Visit>
[[gnu::always_inline]] inline void ForEachSevenCardRank(Visit&& visit) {
  using namespace hand_internal;
  // Adding one to every suit counter tops one at 8 exactly when the suit already has 4 cards.
  constexpr uint64_t kOneOfEachSuit = uint64_t{0x1111} << kSuitCounterShift;
  for (int a = 0; a < kNumCards; ++a) {
    const Hand ha = Hand::Of(a);
    for (int b = a + 1; b < kNumCards; ++b) {
      const Hand hb = ha + Hand::Of(b);
      for (int c = b + 1; c < kNumCards; ++c) {
        const Hand hc = hb + Hand::Of(c);
        for (int d = c + 1; d < kNumCards; ++d) {
          const Hand hd = hc + Hand::Of(d);
          for (int e = d + 1; e < kNumCards; ++e) {
            const Hand he = hd + Hand::Of(e);
            for (int f = e + 1; f < kNumCards - 1; ++f) {
              const Hand hf = he + Hand::Of(f);
              if ((hf.key() + kOneOfEachSuit) & kFlushBits) [[unlikely]] {
                for (int g = f + 1; g < kNumCards; ++g) visit(Evaluate(hf + Hand::Of(g)));
                continue;
              }
              // The seventh cards of g's rank (1 to 4 of them), then all 4 of each higher rank.
              int g = f + 1;
              int rank = RankOf(static_cast<Card>(g));
              const HandRank first = RankOfNonFlushKey(hf.key() + kRankKeys[rank]);
              for (const int end = 4 * rank + 4; g < end; ++g) visit(first);
              for (++rank; rank < kNumRanks; ++rank) {
                const HandRank value = RankOfNonFlushKey(hf.key() + kRankKeys[rank]);
                for (int suit = 0; suit < kNumSuits; ++suit) visit(value);
              }
            }
          }
        }
      }
    }
  }
}

// Rank of 5 to 7 cards given as indices.
HandRank EvaluateCards(absl::Span<const Card> cards);

// Rank of 0 to 7 cards for showdowns in games with fewer cards (Kuhn, tiny decks): with 5 or more
// cards it equals EvaluateCards; with fewer, hands rank by groups (quads, trips, two pair, pair,
// high cards) then kickers. Only hands of the same size are comparable. Values for fewer than 5
// cards are (category << 16) | (the distinct ranks, largest group first, then higher rank first,
// one per 4 bits from bit 12 down), with the HandCategory numbering. More than 7 cards (3 hole
// cards and 5 on the board) rank as the best 7-card subset, i.e. the best five.
uint32_t EvaluateAny(absl::Span<const Card> cards);

}  // namespace poker

#endif  // POKER_HAND_EVALUATOR_H_
