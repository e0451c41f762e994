// Cards, the hand evaluator (one hand and numpy batches), hand strength, ranges and equity.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "agent/equity.h"
#include "agent/range.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/hand_strength.h"
#include "poker/random_deal.h"
#include "python/src/common.h"

namespace poker_py {
namespace {

using agent::Range;

// Hands checked and evaluated per step of evaluate_batch: the check reads the cards just before
// the evaluator does, while they are in the L1 cache (7 KB of cards, 2 KB of ranks).
constexpr int64_t kBatchChunk = 1024;

// Index (within the chunk) of the first hand with a card above 51 or a repeated card; -1 if none.
// Branch-free per hand: a card's bit is ORed into a mask, and a hand is good when its mask has 7
// bits and no card was out of range.
int64_t FirstBadHand(const uint8_t* cards, int64_t num_hands) {
  for (int64_t h = 0; h < num_hands; ++h) {
    const uint8_t* c = cards + 7 * h;
    uint64_t mask = 0;
    unsigned high = 0;
    for (int k = 0; k < 7; ++k) {
      mask |= uint64_t{1} << (c[k] & 63);
      high |= c[k];
    }
    // Every card below 52 iff no card has bit 6 or 7 set and none of 52..63 is in the mask.
    if (__builtin_popcountll(mask) != 7 || (high & 0xC0) != 0 || (mask >> poker::kNumCards) != 0) {
      return h;
    }
  }
  return -1;
}

// Whether every hand of the chunk holds 7 distinct cards below 52: FirstBadHand(...) < 0, at a
// fraction of its cost. The scalar check takes about 30 instructions a hand, more than the
// batched evaluator itself (about 20), which would halve the throughput of evaluate_batch; with
// AVX2 four hands take about 35. Per group of 4 hands (28 bytes, loaded as 32): a dword permute
// puts hands 0-1 in the low 128-bit lane and hands 2-3 in the high one, then for each of the 7
// cards a byte shuffle moves card k of each hand into its own 64-bit lane, a variable shift makes
// the card's bit, and the bits are both ORed and added: the cards are distinct iff the OR equals
// the sum (no bit added twice). Bits 52..63 in the OR, or a byte of 64 and more (its shift makes
// no bit, so the byte maximum catches it: min(max, 127) > 51 as signed bytes), mean a card out
// of range.
bool ChunkIsGood(const uint8_t* cards, int64_t num_hands) {
#if defined(__AVX2__)
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6);
  const __m256i one = _mm256_set1_epi64x(1);
  __m256i bad = _mm256_setzero_si256();
  __m256i max = _mm256_setzero_si256();
  int64_t h = 0;
  // Loads 32 bytes for 28: only while they lie inside the chunk's cards.
  for (; h + 4 <= num_hands && 7 * h + 32 <= 7 * num_hands; h += 4) {
    const __m256i bytes =
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cards + 7 * h));
    max = _mm256_max_epu8(max, bytes);
    const __m256i v = _mm256_permutevar8x32_epi32(bytes, lanes);
    __m256i bits_or = _mm256_setzero_si256();
    __m256i bits_sum = _mm256_setzero_si256();
    for (int k = 0; k < 7; ++k) {
      const char z = static_cast<char>(0x80);
      const __m256i pick = _mm256_setr_epi8(
          static_cast<char>(k), z, z, z, z, z, z, z, static_cast<char>(7 + k), z, z, z, z, z, z, z,
          static_cast<char>(2 + k), z, z, z, z, z, z, z, static_cast<char>(9 + k), z, z, z, z, z, z, z);
      const __m256i bit = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(v, pick));
      bits_or = _mm256_or_si256(bits_or, bit);
      bits_sum = _mm256_add_epi64(bits_sum, bit);
    }
    bad = _mm256_or_si256(bad, _mm256_xor_si256(bits_or, bits_sum));
    bad = _mm256_or_si256(bad, _mm256_srli_epi64(bits_or, poker::kNumCards));
  }
  // The byte maximum covers 4 bytes past the last group checked: cards of the next hand, which
  // the scalar tail checks anyway.
  const __m256i too_high = _mm256_cmpgt_epi8(_mm256_min_epu8(max, _mm256_set1_epi8(127)),
                                             _mm256_set1_epi8(poker::kNumCards - 1));
  if (!_mm256_testz_si256(bad, bad) || _mm256_movemask_epi8(too_high) != 0) return false;
  return FirstBadHand(cards + 7 * h, num_hands - h) < 0;
#else
  return FirstBadHand(cards, num_hands) < 0;
#endif
}

[[noreturn]] void ThrowBadHand(const uint8_t* cards, int64_t hand) {
  std::vector<int> numbers(cards + 7 * hand, cards + 7 * hand + 7);
  std::string text;
  for (int c : numbers) absl::StrAppend(&text, text.empty() ? "" : " ", c);
  ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
      "hand ", hand, " (cards ", text,
      ") does not hold 7 distinct cards numbered 0..51 (rank * 4 + suit)")));
}

py::array_t<uint16_t> EvaluateBatch(const py::array& hands_arg, py::object out_arg) {
  py::array_t<uint8_t, py::array::c_style | py::array::forcecast> hands =
      py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(hands_arg);
  if (!hands) throw py::error_already_set();
  if (!(hands.ndim() == 2 && hands.shape(1) == 7) && !(hands.ndim() == 1 && hands.size() % 7 == 0)) {
    ThrowStatus(absl::InvalidArgumentError(
        "hands must be an array of shape (N, 7) (or flat, 7 cards a hand) of card numbers"));
  }
  const int64_t n = hands.size() / 7;
  py::array_t<uint16_t> out;
  if (out_arg.is_none()) {
    out = py::array_t<uint16_t>(n);
  } else {
    out = py::array_t<uint16_t, py::array::c_style>::ensure(out_arg);
    if (!out || out.ndim() != 1 || out.shape(0) != n || !out.writeable() ||
        !py::isinstance<py::array_t<uint16_t>>(out_arg)) {
      ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
          "out must be a writable contiguous uint16 array of ", n, " ranks")));
    }
  }
  const uint8_t* cards = hands.data();
  uint16_t* ranks = out.mutable_data();
  int64_t bad = -1;
  {
    py::gil_scoped_release release;
    for (int64_t first = 0; first < n && bad < 0; first += kBatchChunk) {
      const int64_t count = std::min(kBatchChunk, n - first);
      if (!ChunkIsGood(cards + 7 * first, count)) {
        const int64_t b = FirstBadHand(cards + 7 * first, count);
        if (b >= 0) {
          bad = first + b;
          break;
        }
      }
      poker::EvaluateSevenCardHands(absl::MakeConstSpan(cards + 7 * first, 7 * count),
                                    absl::MakeSpan(ranks + first, count));
    }
  }
  if (bad >= 0) ThrowBadHand(cards, bad);
  return out;
}

int Evaluate(py::handle cards_arg) {
  const std::vector<poker::Card> cards = CardsArg(cards_arg);
  if (cards.size() < 5 || cards.size() > 7 || poker::CardSet(cards).size() != static_cast<int>(cards.size())) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "evaluate needs 5 to 7 distinct cards, got '", poker::CardsToString(cards), "'")));
  }
  return poker::EvaluateCards(cards);
}

// Board of 0 or 3..5 cards, none repeated or shared with the hole cards.
std::vector<poker::Card> BoardArg(py::handle value, poker::PairCards hole, bool allow_preflop) {
  std::vector<poker::Card> board = CardsArg(value);
  poker::CardSet seen;
  seen.Add(hole.low);
  seen.Add(hole.high);
  for (poker::Card c : board) {
    if (seen.Contains(c)) {
      ThrowStatus(absl::InvalidArgumentError(
          absl::StrCat("card ", poker::CardToString(c), " appears twice")));
    }
    seen.Add(c);
  }
  const size_t n = board.size();
  if (!((n >= 3 && n <= 5) || (allow_preflop && n == 0))) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "a board of ", n, " cards (want ", allow_preflop ? "0, " : "", "3, 4 or 5)")));
  }
  return board;
}

const float* WeightsArg(const py::object& weights, py::array_t<float>* keep) {
  if (weights.is_none()) return nullptr;
  if (py::isinstance<Range>(weights)) return weights.cast<const Range&>().weights().data();
  *keep = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(weights);
  if (!*keep || keep->size() != poker::kNumPairs) {
    ThrowStatus(absl::InvalidArgumentError("weights must be a Range or 1326 numbers (one per pair)"));
  }
  return keep->data();
}

std::vector<poker::Card> BoardOnly(py::handle value) {
  std::vector<poker::Card> board = CardsArg(value);
  if (board.size() < 3 || board.size() > 5 ||
      poker::CardSet(board).size() != static_cast<int>(board.size())) {
    ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
        "a board of 3, 4 or 5 distinct cards is needed, got '", poker::CardsToString(board), "'")));
  }
  return board;
}

void CheckPairIndex(int index) {
  if (index < 0 || index >= poker::kNumPairs) {
    ThrowStatus(absl::InvalidArgumentError(
        absl::StrCat("pair index ", index, " is out of range (0..1325)")));
  }
}

// Range text: items separated by commas or spaces, each a starting-hand class ("AA", "AKs",
// "T9o", or "AK" for both suited and offsuit) or a pair of cards ("AhKs"), with an optional
// ":weight" (default 1). Pairs not named get weight 0.
Range ParseRange(const std::string& text) {
  Range range;
  range.Fill(0);
  std::array<std::string, poker::kNumStartingHandClasses> names;
  for (int c = 0; c < poker::kNumStartingHandClasses; ++c) names[c] = poker::StartingHandClassName(c);
  for (absl::string_view item : absl::StrSplit(text, absl::ByAnyChar(", \t\n"), absl::SkipEmpty())) {
    float weight = 1;
    absl::string_view what = item;
    if (const size_t colon = item.find(':'); colon != absl::string_view::npos) {
      what = item.substr(0, colon);
      if (!absl::SimpleAtof(item.substr(colon + 1), &weight) || !(weight >= 0)) {
        ThrowStatus(absl::InvalidArgumentError(
            absl::StrCat("range item '", item, "': the weight must be a number >= 0")));
      }
    }
    if (what.size() == 4) {  // a pair of cards
      absl::StatusOr<poker::PairCards> pair = poker::ParsePair(what);
      if (!pair.ok()) {
        ThrowStatus(absl::InvalidArgumentError(
            absl::StrCat("range item '", item, "': ", pair.status().message())));
      }
      range.set_weight(poker::PairIndex(pair->low, pair->high), weight);
      continue;
    }
    std::string name(what);
    if (name.size() >= 2) {
      name[0] = absl::ascii_toupper(name[0]);
      name[1] = absl::ascii_toupper(name[1]);
    }
    if (name.size() == 3) name[2] = absl::ascii_tolower(name[2]);
    std::vector<int> classes;
    for (int c = 0; c < poker::kNumStartingHandClasses; ++c) {
      const std::string& n = names[c];
      // "AK" names both AKs and AKo.
      if (n == name || (name.size() == 2 && n.size() == 3 && n.substr(0, 2) == name)) classes.push_back(c);
    }
    if (classes.empty()) {
      ThrowStatus(absl::InvalidArgumentError(absl::StrCat(
          "range item '", item, "' is neither a starting hand (AA, AKs, T9o, AK) nor two cards")));
    }
    for (int i = 0; i < poker::kNumPairs; ++i) {
      const int c = poker::StartingHandClass(poker::PairFromIndex(i));
      if (std::find(classes.begin(), classes.end(), c) != classes.end()) range.set_weight(i, weight);
    }
  }
  return range;
}

py::array_t<float> WeightsView(py::object self) {
  Range& range = self.cast<Range&>();
  return py::array_t<float>({poker::kNumPairs}, {sizeof(float)}, range.mutable_weights().data(),
                            self);
}

}  // namespace

void BindCards(py::module_& m) {
  m.attr("NUM_CARDS") = poker::kNumCards;
  m.attr("NUM_PAIRS") = poker::kNumPairs;
  m.attr("NUM_STARTING_HAND_CLASSES") = poker::kNumStartingHandClasses;

  m.def(
      "parse_card", [](const std::string& text) { return int{Unwrap(poker::ParseCard(text))}; },
      py::arg("text"),
      "The number (rank * 4 + suit, 0..51; rank 0 = '2' .. 12 = 'A', suits c d h s) of a card "
      "written as two characters, e.g. 'Ah'.");
  m.def(
      "parse_cards",
      [](py::handle text) {
        std::vector<int> out;
        for (poker::Card c : CardsArg(text)) out.push_back(c);
        return out;
      },
      py::arg("text"), "The card numbers of concatenated cards, e.g. 'AhKs7d' -> [50, 47, 21].");
  m.def(
      "card_str", [](int card) { return poker::CardToString(static_cast<poker::Card>(card)); },
      py::arg("card"), "The text of a card number: 50 -> 'Ah' ('\?\?' out of range).");
  m.def(
      "cards_str", [](py::handle cards) { return poker::CardsToString(CardsArg(cards)); },
      py::arg("cards"), "The cards as one string, in the given order: [50, 47] -> 'AhKs'.");
  m.def(
      "pair_index",
      [](py::handle cards) {
        const poker::PairCards p = PairArg(cards);
        return poker::PairIndex(p.low, p.high);
      },
      py::arg("cards"),
      "The index 0..1325 of a two-card hand ('AhKs' or two card numbers) in every 1326-pair "
      "array: b * (b - 1) / 2 + a for card numbers a < b.");
  m.def(
      "pair_cards",
      [](int index) {
        CheckPairIndex(index);
        const poker::PairCards p = poker::PairFromIndex(index);
        return std::make_pair(int{p.low}, int{p.high});
      },
      py::arg("index"), "The two card numbers (low, high) of pair `index`.");
  m.def(
      "pair_str",
      [](int index) {
        CheckPairIndex(index);
        const poker::PairCards p = poker::PairFromIndex(index);
        return poker::CardToString(p.high) + poker::CardToString(p.low);
      },
      py::arg("index"), "The text of pair `index`, high card first: 'AhKs'.");

  m.def("evaluate", &Evaluate, py::arg("cards"),
        "The rank of the best five of 5 to 7 distinct cards (text or numbers): higher wins, "
        "equal ties. rank >> 12 is the category (hand_category).");
  m.def("evaluate_batch", &EvaluateBatch, py::arg("hands"), py::arg("out") = py::none(),
        "The ranks of many 7-card hands at once: `hands` is an (N, 7) array of card numbers "
        "(uint8 is used without a copy; other integer types are converted), the result an "
        "(N,) uint16 array (or `out`, a uint16 array of N, filled and returned). Runs the "
        "batched evaluator with the GIL released. InvalidArgumentError names the first hand "
        "that does not hold 7 distinct cards 0..51.");
  m.def(
      "hand_category",
      [](int rank) {
        return std::string(poker::CategoryName(poker::CategoryOf(static_cast<poker::HandRank>(rank))));
      },
      py::arg("rank"), "The category of a rank from evaluate: 'one pair', 'flush', ...");
  m.def(
      "random_deals",
      [](int num_hands, int cards_per_hand, uint64_t seed) {
        if (num_hands < 0 || cards_per_hand < 1 || cards_per_hand > poker::kNumCards) {
          ThrowStatus(absl::InvalidArgumentError(
              "random_deals needs num_hands >= 0 and 1 <= cards_per_hand <= 52"));
        }
        std::vector<poker::Card> cards;
        {
          py::gil_scoped_release release;
          cards = poker::RandomCardDeals(cards_per_hand, seed, num_hands);
        }
        py::array_t<uint8_t> out({static_cast<py::ssize_t>(num_hands),
                                  static_cast<py::ssize_t>(cards_per_hand)});
        std::copy(cards.begin(), cards.end(), out.mutable_data());
        return out;
      },
      py::arg("num_hands"), py::arg("cards_per_hand") = 7, py::arg("seed") = 77,
      "`num_hands` deals of `cards_per_hand` distinct random cards, as an (N, cards) uint8 "
      "array; the same seed gives the same deals (the hands of poker_bench's "
      "BM_Eval7RandomFromCardsBatch are random_deals(N, 7, 77)).");

  // Hand strength.
  m.def(
      "hand_strength",
      [](py::handle hole, py::handle board, py::object weights) {
        const poker::PairCards p = PairArg(hole);
        const std::vector<poker::Card> b = BoardArg(board, p, true);
        py::array_t<float> keep;
        const float* w = WeightsArg(weights, &keep);
        if (w == nullptr || b.empty()) {
          if (w != nullptr) {
            ThrowStatus(absl::InvalidArgumentError("weights need a board of 3 to 5 cards"));
          }
          return poker::HandStrength(p, b);
        }
        return poker::HandStrengthCounts(p, b, w).hs();
      },
      py::arg("hole"), py::arg("board"), py::arg("weights") = py::none(),
      "HS: the share of opponent pairs (weighted by `weights`, a Range or 1326 numbers; "
      "None = uniform) that `hole` beats on `board` now, ties counting half. Preflop (empty "
      "board, no weights): the all-in equity of the starting hand against a random hand.");
  m.def(
      "strength_counts",
      [](py::handle hole, py::handle board, py::object weights) {
        const poker::PairCards p = PairArg(hole);
        const std::vector<poker::Card> b = BoardArg(board, p, false);
        py::array_t<float> keep;
        const poker::StrengthCounts c = poker::HandStrengthCounts(p, b, WeightsArg(weights, &keep));
        return py::make_tuple(c.ahead, c.tied, c.behind);
      },
      py::arg("hole"), py::arg("board"), py::arg("weights") = py::none(),
      "(ahead, tied, behind): the opponent pairs (or their weight) `hole` beats, ties and loses "
      "to on a board of 3 to 5 cards.");
  m.def(
      "hand_potential",
      [](py::handle hole, py::handle board) {
        const poker::PairCards p = PairArg(hole);
        const poker::Potential pot = poker::HandPotential(p, BoardArg(board, p, false));
        py::dict d;
        d["hs"] = pot.hs;
        d["ppot"] = pot.ppot;
        d["npot"] = pot.npot;
        d["ehs"] = pot.ehs();
        return d;
      },
      py::arg("hole"), py::arg("board"),
      "{'hs', 'ppot', 'npot', 'ehs'}: HS, positive and negative potential over the next card "
      "and EHS = HS + (1 - HS) * Ppot, against a uniform opponent (flop or turn; other boards "
      "set hs only).");
  m.def(
      "count_outs",
      [](py::handle hole, py::handle board) {
        const poker::PairCards p = PairArg(hole);
        return poker::CountOuts(p, BoardArg(board, p, false));
      },
      py::arg("hole"), py::arg("board"),
      "Outs on a flop or turn: unseen cards that raise HS by at least 60% of what it lacks.");
  m.def("hit_probability", &poker::HitProbability, py::arg("outs"), py::arg("cards_to_come"),
        py::arg("unseen"),
        "P(at least one of `outs` in `cards_to_come` cards from `unseen`): 1 - C(u-k, c) / C(u, c).");
  m.def(
      "all_pairs_hand_strength",
      [](py::handle board) {
        const std::vector<poker::Card> b = BoardOnly(board);
        py::array_t<float> out(poker::kNumPairs);
        auto* hs = reinterpret_cast<std::array<float, poker::kNumPairs>*>(out.mutable_data());
        py::gil_scoped_release release;
        poker::AllPairsHandStrength(b, hs);
        return out;
      },
      py::arg("board"),
      "HS of all 1326 pairs on a board of 3 to 5 cards against a uniform opponent, as a float32 "
      "array indexed by pair_index; -1 for pairs that share a card with the board.");
  m.def(
      "all_pairs_outs",
      [](py::handle board) {
        const std::vector<poker::Card> b = BoardOnly(board);
        py::array_t<int8_t> out(poker::kNumPairs);
        auto* outs = reinterpret_cast<std::array<int8_t, poker::kNumPairs>*>(out.mutable_data());
        py::gil_scoped_release release;
        poker::AllPairsOuts(b, outs);
        return out;
      },
      py::arg("board"), "count_outs of all 1326 pairs (int8; -1 where a pair meets the board).");
  m.def(
      "preflop_equity", [](py::handle hole) { return poker::PreflopEquity(PairArg(hole)); },
      py::arg("hole"), "All-in equity of a starting hand against one random hand (ties half).");
  m.def(
      "starting_hand_class", [](py::handle hole) { return poker::StartingHandClass(PairArg(hole)); },
      py::arg("hole"),
      "The class 0..168 of a starting hand: 0..12 pairs 22..AA, 13..90 suited, 91..168 offsuit.");
  m.def(
      "starting_hand_class_name", [](int c) { return poker::StartingHandClassName(c); },
      py::arg("cls"), "'AA', 'AKs', '72o' ('\?\?' out of range).");

  py::class_<Range>(m, "Range",
                    "An opponent's range: a weight for each of the 1326 hole-card pairs "
                    "(indexed by pair_index), proportional to the probability it holds the pair. "
                    "`weights` is a float32 numpy view of the range's own memory: writing to it "
                    "changes the range.")
      .def(py::init<>(), "A uniform range (weight 1 on every pair).")
      .def(py::init([](py::object weights) {
             if (py::isinstance<py::str>(weights)) return ParseRange(weights.cast<std::string>());
             py::array_t<float> keep;
             const float* w = WeightsArg(weights, &keep);
             Range r;
             std::copy(w, w + poker::kNumPairs, r.mutable_weights().begin());
             return r;
           }),
           py::arg("weights"),
           "A range from 1326 weights (any array-like of numbers), or from text: items separated "
           "by commas or spaces, each a starting hand ('AA', 'AKs', 'T9o', 'AK' for both) or two "
           "cards ('AhKs'), with an optional ':weight' (default 1); pairs not named get 0, e.g. "
           "Range('AA, KK, AKs:0.5') (no 'QQ+' shorthands).")
      .def_property_readonly("weights", &WeightsView, "The 1326 weights (a writable float32 view).")
      .def("remove_conflicts",
           [](Range& r, py::handle cards) { r.RemoveConflicts(poker::CardSet(CardsArg(cards))); },
           py::arg("cards"), "Zeroes every pair that shares a card with `cards` (hole cards, board).")
      .def("total", &Range::Total, "The sum of the weights.")
      .def("num_positive", &Range::NumPositive, "How many pairs have a positive weight.")
      .def("normalize", &Range::Normalize,
           "Scales the weights to sum to 1; False (and no change) when they sum to 0.")
      .def(
          "top",
          [](const Range& r, int k) {
            std::vector<std::pair<std::string, double>> out;
            for (const Range::PairWeight& pw : r.Top(k)) {
              const poker::PairCards p = poker::PairFromIndex(pw.pair);
              out.emplace_back(poker::CardToString(p.high) + poker::CardToString(p.low), pw.weight);
            }
            return out;
          },
          py::arg("k"), "The k heaviest pairs, heaviest first, as (pair text, share of the total).")
      .def(
          "class_weights",
          [](const Range& r) {
            const auto w = r.ClassWeights();
            return py::array_t<double>(w.size(), w.data());
          },
          "Share of the total weight in each of the 169 starting-hand classes (float64 array "
          "indexed by starting_hand_class).")
      .def("summary", &Range::Summary, py::arg("top_k") = 5,
           "One line: the top pairs and classes with their shares, pairs/suited/offsuit, and the "
           "number of pairs.")
      .def("copy", [](const Range& r) { return Range(r); }, "An independent copy.")
      .def("__copy__", [](const Range& r) { return Range(r); })
      .def("__deepcopy__", [](const Range& r, py::dict) { return Range(r); }, py::arg("memo"))
      .def("__repr__", [](const Range& r) { return absl::StrCat("<Range ", r.Summary(3), ">"); });
}

}  // namespace poker_py
