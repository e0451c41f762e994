#include "poker/strategy_report.h"

#include <algorithm>
#include <array>
#include <utility>

namespace poker {
namespace {

int64_t Choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  int64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

}  // namespace

HoleSets::HoleSets(const GameDef& game) : per_set_(game.num_hole_cards) {
  // The deck as the dealer lays it out: the last num_suits suits and the highest num_ranks ranks.
  std::vector<Card> deck;
  for (int rank = kNumRanks - game.num_ranks; rank < kNumRanks; ++rank) {
    for (int suit = kNumSuits - game.num_suits; suit < kNumSuits; ++suit) {
      deck.push_back(MakeCard(rank, suit));
    }
  }
  std::sort(deck.begin(), deck.end());
  deck_position_.assign(kNumCards, -1);
  for (size_t i = 0; i < deck.size(); ++i) deck_position_[deck[i]] = static_cast<int8_t>(i);
  const int n = static_cast<int>(deck.size());
  size_ = static_cast<int>(Choose(n, per_set_));
  cards_.resize(static_cast<size_t>(size_) * per_set_);
  masks_.resize(size_);
  if (per_set_ == 0) return;
  // Colex order: positions p_0 < ... < p_{k-1}, the last one varying slowest. Enumerated by
  // counting up the combination as a k-digit number whose digits stay increasing.
  std::array<int, kMaxHoleCards> p{};
  for (int i = 0; i < per_set_; ++i) p[i] = i;
  for (int index = 0; index < size_; ++index) {
    CardSet mask;
    for (int i = 0; i < per_set_; ++i) {
      cards_[static_cast<size_t>(index) * per_set_ + i] = deck[p[i]];
      mask.Add(deck[p[i]]);
    }
    masks_[index] = mask;
    // Next combination in colex order: raise the lowest digit that can rise, reset those below.
    int i = 0;
    while (i + 1 < per_set_ && p[i] + 1 == p[i + 1]) ++i;
    ++p[i];
    for (int j = 0; j < i; ++j) p[j] = j;
  }
}

int HoleSets::IndexOf(absl::Span<const Card> cards) const {
  if (static_cast<int>(cards.size()) != per_set_) return -1;
  std::array<int, kMaxHoleCards> p{};
  for (int i = 0; i < per_set_; ++i) {
    if (cards[i] >= kNumCards || deck_position_[cards[i]] < 0) return -1;
    p[i] = deck_position_[cards[i]];
  }
  // Insertion sort of at most kMaxHoleCards items (std::sort's large-range path, unreachable
  // here, draws a false -Warray-bounds from GCC 12).
  for (int i = 1; i < per_set_; ++i) {
    for (int j = i; j > 0 && p[j - 1] > p[j]; --j) std::swap(p[j - 1], p[j]);
  }
  int64_t index = 0;
  for (int i = 0; i < per_set_; ++i) {
    if (i > 0 && p[i] == p[i - 1]) return -1;
    index += Choose(p[i], i + 1);
  }
  return static_cast<int>(index);
}

int StrategyReport::IndexOf(const Action& action) const {
  for (size_t a = 0; a < actions.size(); ++a) {
    if (actions[a] == action) return static_cast<int>(a);
  }
  return -1;
}

void StrategyReport::Reset(absl::Span<const Action> new_actions, int num_sets) {
  actions.assign(new_actions.begin(), new_actions.end());
  ZeroRows(num_sets);
}

int StrategyReport::AddAction(const Action& action) {
  const int found = IndexOf(action);
  if (found >= 0) return found;
  actions.push_back(action);
  return static_cast<int>(actions.size()) - 1;
}

void StrategyReport::ZeroRows(int num_sets) {
  probabilities.assign(static_cast<size_t>(num_sets) * actions.size(), 0.0);
}

Action RecordedAction(const State& state, const Action& action) {
  Action recorded = state.Normalize(action);
  if (recorded.type != ActionType::kRaise) recorded.raise_to = 0;
  return recorded;
}

}  // namespace poker
