#include "poker/hand_strength.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>

#include "poker/hand_evaluator.h"

namespace poker {
namespace {

// Preflop equity of each starting-hand class against one uniformly random hand, exact (every
// opponent pair and every 5-card board), ties counting half. Index = StartingHandClass. Generated
// by tools/gen (gen_preflop_table), which derives it from AllPairsStrengthNumerators on every river.
constexpr double kPreflopEquity[kNumStartingHandClasses] = {
#include "poker/preflop_table.inc"
};

// The cards of 52 minus `dead`, in increasing order; returns how many.
int LiveCards(uint64_t dead, Card* out) {
  int n = 0;
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dead >> c) & 1)) out[n++] = static_cast<Card>(c);
  }
  return n;
}

uint64_t MaskOf(absl::Span<const Card> cards) {
  uint64_t m = 0;
  for (Card c : cards) m |= uint64_t{1} << c;
  return m;
}

uint64_t PairMask(PairCards p) { return (uint64_t{1} << p.low) | (uint64_t{1} << p.high); }

// Sorts keys by their top 16 bits (the rank) with two 8-bit counting passes: O(n) with n ~ 1081,
// several times faster than a comparison sort at this size.
void RadixSortByHigh16(uint32_t* keys, uint32_t* scratch, int n) {
  for (int shift = 16; shift < 32; shift += 8) {
    int count[257] = {0};
    for (int i = 0; i < n; ++i) ++count[((keys[i] >> shift) & 0xFF) + 1];
    for (int b = 0; b < 256; ++b) count[b + 1] += count[b];
    for (int i = 0; i < n; ++i) scratch[count[(keys[i] >> shift) & 0xFF]++] = keys[i];
    std::memcpy(keys, scratch, sizeof(uint32_t) * n);
  }
}

// Adds the outcome of `ours` against `theirs` with weight w.
inline void Tally(HandRank ours, HandRank theirs, double w, StrengthCounts* counts) {
  if (ours > theirs) {
    counts->ahead += w;
  } else if (ours == theirs) {
    counts->tied += w;
  } else {
    counts->behind += w;
  }
}

// HS from the exact integer 2 * ahead + tied over `total` opponents. CountOuts and AllPairsOuts
// both go through here, so their threshold comparisons see bit-identical values.
double HsFromNumerator(int64_t twice_ahead_plus_tied, int64_t total) {
  return static_cast<double>(twice_ahead_plus_tied) / (2.0 * static_cast<double>(total));
}

// Eq. 29 with the rule for HS = 1 explained in CountOuts.
bool IsOut(double hs_now, double hs_next) {
  const double gain = hs_next - hs_now;
  return gain > 0 && gain >= 0.6 * (1 - hs_now);
}

// 2 * ahead + tied of uniform counts (whole numbers held in doubles).
int64_t Numerator(const StrengthCounts& c) { return static_cast<int64_t>(2 * c.ahead + c.tied); }

}  // namespace

double StrengthCounts::hs() const {
  const double t = total();
  return t > 0 ? (ahead + tied / 2) / t : 0.0;
}

StrengthCounts HandStrengthCounts(PairCards hole, absl::Span<const Card> board,
                                  const float* weights) {
  StrengthCounts counts;
  const Hand board_hand = Hand::Of(board);
  const HandRank ours = Evaluate(board_hand + Hand::Of(hole.low) + Hand::Of(hole.high));
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board) | PairMask(hole), live);
  for (int i = 0; i < n; ++i) {
    const Hand with_a = board_hand + Hand::Of(live[i]);
    for (int j = i + 1; j < n; ++j) {
      const double w = weights ? weights[PairIndex(live[i], live[j])] : 1.0;
      if (w == 0) continue;  // skipping the evaluation is the point of a sparse range
      Tally(ours, Evaluate(with_a + Hand::Of(live[j])), w, &counts);
    }
  }
  return counts;
}

double HandStrength(PairCards hole, absl::Span<const Card> board) {
  if (board.empty()) return PreflopEquity(hole);
  return HandStrengthCounts(hole, board).hs();
}

double HandStrengthN(double hs, int num_opponents) { return std::pow(hs, num_opponents); }

int StartingHandClass(PairCards hole) {
  int hi = RankOf(hole.high);
  int lo = RankOf(hole.low);
  if (hi < lo) std::swap(hi, lo);
  if (hi == lo) return hi;
  const int offset = hi * (hi - 1) / 2 + lo;  // 0..77 over hi > lo
  return SuitOf(hole.low) == SuitOf(hole.high) ? 13 + offset : 13 + 78 + offset;
}

std::string StartingHandClassName(int cls) {
  if (cls < 0 || cls >= kNumStartingHandClasses) return "??";
  if (cls < 13) return std::string(2, kRankChars[cls]);
  const bool suited = cls < 13 + 78;
  const int offset = suited ? cls - 13 : cls - 13 - 78;
  int hi = 1;
  while ((hi + 1) * hi / 2 <= offset) ++hi;
  const int lo = offset - hi * (hi - 1) / 2;
  return std::string{kRankChars[hi], kRankChars[lo], suited ? 's' : 'o'};
}

int StartingHandClassCombos(int cls) {
  if (cls < 13) return 6;
  return cls < 13 + 78 ? 4 : 12;
}

double PreflopEquity(PairCards hole) { return kPreflopEquity[StartingHandClass(hole)]; }

void AllPairsEquity(absl::Span<const Card> board, std::array<double, kNumPairs>* equity) {
  if (board.empty()) {
    for (int p = 0; p < kNumPairs; ++p) (*equity)[p] = PreflopEquity(PairFromIndex(p));
    return;
  }
  equity->fill(-1.0);
  if (board.size() < 3 || board.size() > 5) return;
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board), live);
  std::array<int64_t, kNumPairs> sums{};
  std::array<int32_t, kNumPairs> counts{};
  std::array<int32_t, kNumPairs> numerators;
  std::array<Card, 5> five{};
  std::copy(board.begin(), board.end(), five.begin());
  auto add = [&] {
    AllPairsStrengthNumerators(five, &numerators);
    for (int p = 0; p < kNumPairs; ++p) {
      if (numerators[p] < 0) continue;
      sums[p] += numerators[p];
      ++counts[p];
    }
  };
  if (board.size() == 5) {
    add();
  } else if (board.size() == 4) {
    for (int i = 0; i < n; ++i) {
      five[4] = live[i];
      add();
    }
  } else {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        five[3] = live[i];
        five[4] = live[j];
        add();
      }
    }
  }
  for (int p = 0; p < kNumPairs; ++p) {
    if (counts[p] > 0) (*equity)[p] = static_cast<double>(sums[p]) / (1980.0 * counts[p]);
  }
}

void AllPairsStrengthNumerators(absl::Span<const Card> board,
                                std::array<int32_t, kNumPairs>* twice_ahead_plus_tied) {
  twice_ahead_plus_tied->fill(-1);
  const Hand board_hand = Hand::Of(board);
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board), live);

  // One evaluation per pair; key = rank << 16 | pair index, so sorting keys sorts by rank.
  uint32_t keys[kNumPairs];
  uint32_t scratch[kNumPairs];
  int num_keys = 0;
  for (int i = 0; i < n; ++i) {
    const Hand with_a = board_hand + Hand::Of(live[i]);
    for (int j = i + 1; j < n; ++j) {
      const HandRank rank = Evaluate(with_a + Hand::Of(live[j]));
      keys[num_keys++] = uint32_t{rank} << 16 | PairIndex(live[i], live[j]);
    }
  }
  RadixSortByHigh16(keys, scratch, num_keys);

  // Sweep groups of equal rank upward. For pair {a, b}, the opponents below it are all pairs
  // below minus those holding a or b; no pair below holds both (only {a, b} itself does), so
  // ahead = L - L_a - L_b. In its own group of E pairs, {a, b} is the one pair counted in both
  // E_a and E_b, so the pairs holding neither card are tied = E - E_a - E_b + 1 ({a, b} itself
  // holds a card, so it is not among them).
  int below_total = 0;
  int below_card[kNumCards] = {0};
  int group_card[kNumCards] = {0};
  for (int start = 0; start < num_keys;) {
    const uint32_t rank = keys[start] >> 16;
    int end = start;
    while (end < num_keys && (keys[end] >> 16) == rank) {
      const PairCards p = PairFromIndex(keys[end] & 0xFFFF);
      ++group_card[p.low];
      ++group_card[p.high];
      ++end;
    }
    const int group_size = end - start;
    for (int k = start; k < end; ++k) {
      const int pair = keys[k] & 0xFFFF;
      const PairCards p = PairFromIndex(pair);
      const int ahead = below_total - below_card[p.low] - below_card[p.high];
      const int tied = group_size - group_card[p.low] - group_card[p.high] + 1;
      (*twice_ahead_plus_tied)[pair] = 2 * ahead + tied;
    }
    for (int k = start; k < end; ++k) {
      const PairCards p = PairFromIndex(keys[k] & 0xFFFF);
      below_card[p.low] += group_card[p.low];
      below_card[p.high] += group_card[p.high];
      group_card[p.low] = 0;
      group_card[p.high] = 0;
    }
    below_total += group_size;
    start = end;
  }
}

void AllPairsHandStrength(absl::Span<const Card> board, std::array<float, kNumPairs>* hs) {
  if (board.empty()) {
    for (int i = 0; i < kNumPairs; ++i) (*hs)[i] = static_cast<float>(PreflopEquity(PairFromIndex(i)));
    return;
  }
  std::array<int32_t, kNumPairs> numerators;
  AllPairsStrengthNumerators(board, &numerators);
  const int live = kNumCards - static_cast<int>(board.size()) - 2;
  const double scale = 1.0 / (live * (live - 1));  // 1 / (2 * C(live, 2))
  for (int i = 0; i < kNumPairs; ++i) {
    (*hs)[i] = numerators[i] < 0 ? -1.0f : static_cast<float>(numerators[i] * scale);
  }
}

Potential HandPotential(PairCards hole, absl::Span<const Card> board) {
  Potential result;
  if (board.size() < 3 || board.size() > 4) {
    result.hs = HandStrength(hole, board);
    return result;
  }
  const Hand board_hand = Hand::Of(board);
  const Hand hole_hand = Hand::Of(hole.low) + Hand::Of(hole.high);
  const HandRank ours_now = Evaluate(board_hand + hole_hand);
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board) | PairMask(hole), live);

  // Opponent pairs (as card positions in `live`) and how they stand now: 0 ahead, 1 tied, 2 behind.
  constexpr int kMaxLive = kNumCards - 5;
  uint8_t pair_i[kMaxLive * (kMaxLive - 1) / 2];
  uint8_t pair_j[kMaxLive * (kMaxLive - 1) / 2];
  uint8_t now[kMaxLive * (kMaxLive - 1) / 2];
  int num_pairs = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const HandRank theirs = Evaluate(board_hand + Hand::Of(live[i]) + Hand::Of(live[j]));
      pair_i[num_pairs] = i;
      pair_j[num_pairs] = j;
      now[num_pairs] = ours_now > theirs ? 0 : ours_now == theirs ? 1 : 2;
      ++num_pairs;
    }
  }

  // Billings' HP[now][later]: every (opponent pair, next card) combination counts once.
  double hp[3][3] = {{0}};
  double hp_total[3] = {0};
  for (int c = 0; c < n; ++c) {
    const Hand next = board_hand + Hand::Of(live[c]);
    const HandRank ours_later = Evaluate(next + hole_hand);
    for (int k = 0; k < num_pairs; ++k) {
      if (pair_i[k] == c || pair_j[k] == c) continue;
      const HandRank theirs = Evaluate(next + Hand::Of(live[pair_i[k]]) + Hand::Of(live[pair_j[k]]));
      const int later = ours_later > theirs ? 0 : ours_later == theirs ? 1 : 2;
      hp[now[k]][later] += 1;
      hp_total[now[k]] += 1;
    }
  }
  constexpr int kAhead = 0, kTied = 1, kBehind = 2;
  const double total = hp_total[kAhead] + hp_total[kTied] + hp_total[kBehind];
  result.hs = total > 0 ? (hp_total[kAhead] + hp_total[kTied] / 2) / total : 0;
  const double ppot_den = hp_total[kBehind] + hp_total[kTied] / 2;
  const double npot_den = hp_total[kAhead] + hp_total[kTied] / 2;
  if (ppot_den > 0) {
    result.ppot =
        (hp[kBehind][kAhead] + hp[kBehind][kTied] / 2 + hp[kTied][kAhead] / 2) / ppot_den;
  }
  if (npot_den > 0) {
    result.npot =
        (hp[kAhead][kBehind] + hp[kTied][kBehind] / 2 + hp[kAhead][kTied] / 2) / npot_den;
  }
  return result;
}

int CountOuts(PairCards hole, absl::Span<const Card> board) {
  if (board.size() < 3 || board.size() > 4) return 0;
  const StrengthCounts now = HandStrengthCounts(hole, board);
  const double hs_now = HsFromNumerator(Numerator(now), static_cast<int64_t>(now.total()));
  Card next_board[5];
  std::copy(board.begin(), board.end(), next_board);
  const absl::Span<const Card> next(next_board, board.size() + 1);
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board) | PairMask(hole), live);
  int outs = 0;
  for (int c = 0; c < n; ++c) {
    next_board[board.size()] = live[c];
    const StrengthCounts later = HandStrengthCounts(hole, next);
    // With HS already 1 the threshold is 0 and every card keeping the nuts would pass; a card
    // must raise HS to be an out (when HS < 1 the threshold is positive, so this changes nothing).
    outs += IsOut(hs_now, HsFromNumerator(Numerator(later), static_cast<int64_t>(later.total())));
  }
  return outs;
}

void AllPairsOuts(absl::Span<const Card> board, std::array<int8_t, kNumPairs>* outs) {
  std::array<int32_t, kNumPairs> now;
  std::array<int32_t, kNumPairs> next;
  if (board.size() < 3 || board.size() > 4) {
    const uint64_t dead = MaskOf(board);
    for (int p = 0; p < kNumPairs; ++p) {
      (*outs)[p] = (PairMask(PairFromIndex(p)) & dead) ? -1 : 0;
    }
    return;
  }
  AllPairsStrengthNumerators(board, &now);
  const int64_t total_now = (kNumCards - board.size() - 2) * (kNumCards - board.size() - 3) / 2;
  const int64_t total_next = (kNumCards - board.size() - 3) * (kNumCards - board.size() - 4) / 2;
  std::array<double, kNumPairs> hs_now;
  for (int p = 0; p < kNumPairs; ++p) {
    (*outs)[p] = now[p] < 0 ? -1 : 0;
    hs_now[p] = now[p] < 0 ? 0 : HsFromNumerator(now[p], total_now);
  }
  Card next_board[5];
  std::copy(board.begin(), board.end(), next_board);
  const absl::Span<const Card> next_span(next_board, board.size() + 1);
  Card live[kNumCards];
  const int n = LiveCards(MaskOf(board), live);
  for (int c = 0; c < n; ++c) {
    next_board[board.size()] = live[c];
    AllPairsStrengthNumerators(next_span, &next);
    // Pairs holding the new card get -1 in `next` and are skipped: that card is not undealt.
    for (int p = 0; p < kNumPairs; ++p) {
      if (next[p] < 0 || now[p] < 0) continue;
      (*outs)[p] += IsOut(hs_now[p], HsFromNumerator(next[p], total_next));
    }
  }
}

double HitProbability(int outs, int cards_to_come, int unseen) {
  if (outs <= 0 || cards_to_come <= 0 || unseen <= 0) return 0;
  if (outs >= unseen || unseen - outs < cards_to_come) return 1;
  // C(u - k, c) / C(u, c) = prod_{i < c} (u - k - i) / (u - i): every card misses.
  double miss = 1;
  for (int i = 0; i < cards_to_come; ++i) {
    miss *= static_cast<double>(unseen - outs - i) / (unseen - i);
  }
  return 1 - miss;
}

}  // namespace poker
