#include "tools/lbr/showdown_equity.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "poker/rng.h"

namespace lbr {
namespace {

using poker::Card;
using poker::Hand;

uint64_t MaskOf(absl::Span<const Card> cards) {
  uint64_t mask = 0;
  for (Card c : cards) mask |= uint64_t{1} << c;
  return mask;
}

// Calls visit(cards) for every set of `k` cards of `pool` (in increasing pool order).
template <typename Visit>
void ForEachCombination(absl::Span<const Card> pool, int k, std::vector<Card>* chosen, size_t from,
                        Visit&& visit) {
  if (static_cast<int>(chosen->size()) == k) {
    visit(absl::MakeConstSpan(*chosen));
    return;
  }
  for (size_t i = from; i < pool.size(); ++i) {
    chosen->push_back(pool[i]);
    ForEachCombination(pool, k, chosen, i + 1, visit);
    chosen->pop_back();
  }
}

}  // namespace

absl::StatusOr<std::unique_ptr<ShowdownEquity>> ShowdownEquity::Create(
    const poker::GameDef& game, const EquityOptions& options) {
  if (game.num_players != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "local best response is for heads-up games; this one has ", game.num_players, " players"));
  }
  if (options.flop_runouts < 0 || options.preflop_boards < 1) {
    return absl::InvalidArgumentError(
        "flop run-outs must be 0 (all) or positive, preflop boards positive");
  }
  return std::unique_ptr<ShowdownEquity>(new ShowdownEquity(game, options));
}

ShowdownEquity::ShowdownEquity(const poker::GameDef& game, const EquityOptions& options)
    : game_(game), options_(options), sets_(game), holdem_(game.IsHoldemCards()) {
  for (int s = 0; s < sets_.size() && sets_.cards_per_set() > 0; ++s) {
    for (Card c : sets_.cards(s)) {
      if (std::find(deck_.begin(), deck_.end(), c) == deck_.end()) deck_.push_back(c);
    }
  }
  std::sort(deck_.begin(), deck_.end());
  if (holdem_) {
    for (int p = 0; p < poker::kNumPairs; ++p) {
      const poker::PairCards pair = poker::PairFromIndex(p);
      pair_hands_[p] = Hand::Of(pair.low) + Hand::Of(pair.high);
      pair_masks_[p] = (uint64_t{1} << pair.low) | (uint64_t{1} << pair.high);
    }
    live_pairs_.reserve(poker::kNumPairs);
  }
}

void ShowdownEquity::Compute(absl::Span<const Card> hole, absl::Span<const Card> board,
                             std::vector<double>* equity) {
  equity->assign(sets_.size(), 0.0);
  if (!holdem_) return Generic(hole, board, equity);
  if (board.empty()) return HoldemPreflop(hole, equity);
  HoldemPostflop(hole, board, equity);
}

void ShowdownEquity::AddShowdowns(Hand ours_with_board, const Hand& board, uint64_t dead) {
  const poker::HandRank ours = poker::Evaluate(ours_with_board);
  for (int p : live_pairs_) {
    if (pair_masks_[p] & dead) continue;
    const poker::HandRank theirs = poker::Evaluate(board + pair_hands_[p]);
    wins2_[p] += ours > theirs ? 2 : ours == theirs ? 1 : 0;
    ++counts_[p];
  }
}

void ShowdownEquity::HoldemPostflop(absl::Span<const Card> hole, absl::Span<const Card> board,
                                    std::vector<double>* equity) {
  const uint64_t known = MaskOf(hole) | MaskOf(board);
  live_pairs_.clear();
  for (int p = 0; p < poker::kNumPairs; ++p) {
    if (!(pair_masks_[p] & known)) live_pairs_.push_back(p);
  }
  for (int p : live_pairs_) wins2_[p] = counts_[p] = 0;
  const Hand board_hand = Hand::Of(board);
  const Hand ours = Hand::Of(hole);
  std::array<Card, poker::kNumCards> rest{};
  int num_rest = 0;
  for (int c = 0; c < poker::kNumCards; ++c) {
    if (!((known >> c) & 1)) rest[num_rest++] = static_cast<Card>(c);
  }
  if (board.size() >= 5) {
    AddShowdowns(ours + board_hand, board_hand, known);
  } else if (board.size() == 4) {
    for (int i = 0; i < num_rest; ++i) {
      const Hand full = board_hand + Hand::Of(rest[i]);
      AddShowdowns(ours + full, full, known | uint64_t{1} << rest[i]);
    }
  } else {
    // Every (turn, river) pair, or a seeded sample of them without replacement.
    std::vector<std::pair<Card, Card>>& runouts = runouts_;
    runouts.clear();
    for (int i = 0; i < num_rest; ++i) {
      for (int j = i + 1; j < num_rest; ++j) runouts.emplace_back(rest[i], rest[j]);
    }
    size_t use = runouts.size();
    if (options_.flop_runouts > 0 && static_cast<size_t>(options_.flop_runouts) < use) {
      use = options_.flop_runouts;
      poker::Rng rng(poker::MixSeeds(options_.seed, known));
      for (size_t i = 0; i < use; ++i) {
        const size_t j = i + rng.Below(static_cast<uint32_t>(runouts.size() - i));
        std::swap(runouts[i], runouts[j]);
      }
    }
    for (size_t k = 0; k < use; ++k) {
      const auto [t, r] = runouts[k];
      const Hand full = board_hand + Hand::Of(t) + Hand::Of(r);
      AddShowdowns(ours + full, full, known | uint64_t{1} << t | uint64_t{1} << r);
    }
  }
  for (int p : live_pairs_) {
    (*equity)[p] = counts_[p] > 0 ? wins2_[p] / (2.0 * counts_[p]) : 0.5;
  }
}

void ShowdownEquity::HoldemPreflop(absl::Span<const Card> hole, std::vector<double>* equity) {
  // Suits renamed in order of appearance, ours first: one table per starting-hand class.
  std::array<int, poker::kNumSuits> rename{-1, -1, -1, -1};
  int next = 0;
  for (Card c : hole) {
    if (rename[poker::SuitOf(c)] < 0) rename[poker::SuitOf(c)] = next++;
  }
  for (int suit = 0; suit < poker::kNumSuits; ++suit) {
    if (rename[suit] < 0) rename[suit] = next++;
  }
  auto canonical = [&rename](Card c) {
    return poker::MakeCard(poker::RankOf(c), rename[poker::SuitOf(c)]);
  };
  const Card a = canonical(hole[0]);
  const Card b = canonical(hole[1]);
  const int key = poker::PairIndex(a, b);
  auto [it, added] = preflop_tables_.try_emplace(key);
  std::array<float, poker::kNumPairs>& table = it->second;
  if (added) {
    const uint64_t ours_mask = uint64_t{1} << a | uint64_t{1} << b;
    const Hand ours = Hand::Of(a) + Hand::Of(b);
    std::array<Card, poker::kNumCards> deck{};
    int n = 0;
    for (int c = 0; c < poker::kNumCards; ++c) {
      if (!((ours_mask >> c) & 1)) deck[n++] = static_cast<Card>(c);
    }
    live_pairs_.clear();
    for (int p = 0; p < poker::kNumPairs; ++p) {
      if (!(pair_masks_[p] & ours_mask)) live_pairs_.push_back(p);
    }
    for (int p : live_pairs_) wins2_[p] = counts_[p] = 0;
    poker::Rng rng(poker::MixSeeds(options_.seed ^ 0x9F10B, static_cast<uint64_t>(key)));
    for (int i = 0; i < options_.preflop_boards; ++i) {
      // The first 5 cards of a partial Fisher-Yates shuffle of the 50 cards left.
      uint64_t dead = ours_mask;
      Hand board;
      for (int k = 0; k < 5; ++k) {
        const int j = k + static_cast<int>(rng.Below(static_cast<uint32_t>(n - k)));
        std::swap(deck[k], deck[j]);
        board += Hand::Of(deck[k]);
        dead |= uint64_t{1} << deck[k];
      }
      AddShowdowns(ours + board, board, dead);
    }
    table.fill(0.0f);
    for (int p : live_pairs_) {
      table[p] = counts_[p] > 0 ? static_cast<float>(wins2_[p] / (2.0 * counts_[p])) : 0.5f;
    }
  }
  const uint64_t ours_mask = MaskOf(hole);
  for (int p = 0; p < poker::kNumPairs; ++p) {
    if (pair_masks_[p] & ours_mask) continue;
    const poker::PairCards pair = poker::PairFromIndex(p);
    (*equity)[p] = table[poker::PairIndex(canonical(pair.low), canonical(pair.high))];
  }
}

void ShowdownEquity::Generic(absl::Span<const Card> hole, absl::Span<const Card> board,
                             std::vector<double>* equity) {
  const uint64_t known = MaskOf(hole) | MaskOf(board);
  const int to_deal = std::max(game_.TotalBoardCards() - static_cast<int>(board.size()), 0);
  // Our cards and theirs, each followed by the board and then the completion being tried.
  const int h = static_cast<int>(hole.size());
  const int b = static_cast<int>(board.size());
  std::array<Card, poker::kMaxHoleCards + poker::kMaxBoardCards> ours{};
  std::array<Card, poker::kMaxHoleCards + poker::kMaxBoardCards> theirs{};
  std::copy(hole.begin(), hole.end(), ours.begin());
  std::copy(board.begin(), board.end(), ours.begin() + h);
  std::copy(board.begin(), board.end(), theirs.begin() + h);
  const int total = h + b + to_deal;
  for (int s = 0; s < sets_.size(); ++s) {
    const uint64_t set_mask = sets_.mask(s).mask();
    if (set_mask & known) continue;
    pool_.clear();
    for (Card c : deck_) {
      if (!(((known | set_mask) >> c) & 1)) pool_.push_back(c);
    }
    const absl::Span<const Card> set_cards = sets_.cards(s);
    std::copy(set_cards.begin(), set_cards.end(), theirs.begin());
    double wins2 = 0;
    int64_t count = 0;
    chosen_.clear();
    ForEachCombination(pool_, to_deal, &chosen_, 0, [&](absl::Span<const Card> rest) {
      std::copy(rest.begin(), rest.end(), ours.begin() + h + b);
      std::copy(rest.begin(), rest.end(), theirs.begin() + h + b);
      const uint32_t ra = poker::EvaluateAny(absl::MakeConstSpan(ours.data(), total));
      const uint32_t rb = poker::EvaluateAny(absl::MakeConstSpan(theirs.data(), total));
      wins2 += ra > rb ? 2 : ra == rb ? 1 : 0;
      ++count;
    });
    (*equity)[s] = count > 0 ? wins2 / (2.0 * count) : 0.5;
  }
}

}  // namespace lbr
