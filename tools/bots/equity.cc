#include "tools/bots/equity.h"

#include <algorithm>
#include <cstdint>

#include "absl/status/statusor.h"
#include "poker/hand_evaluator.h"
#include "poker/hand_strength.h"

namespace bots {
namespace {

using poker::Card;

// Share of the pot won by `mine` against `ranks` (0, or 1/k for a k-way tie for best).
template <typename Rank>
double Share(Rank mine, const Rank* ranks, int n) {
  int tied = 0;
  for (int i = 0; i < n; ++i) {
    if (ranks[i] > mine) return 0.0;
    tied += ranks[i] == mine;
  }
  return 1.0 / (1 + tied);
}

}  // namespace

EquityEstimator::EquityEstimator(const poker::GameDef& game)
    : game_(&game), holdem_(game.IsHoldemCards()) {
  preflop_.fill(-1.0f);
}

double EquityEstimator::MonteCarlo(absl::Span<const Card> hole, absl::Span<const Card> board,
                                   int num_opponents, int trials, poker::Rng* rng) const {
  num_opponents = std::clamp(num_opponents, 1, poker::kMaxPlayers - 1);
  trials = std::max(trials, 1);
  return holdem_ ? HoldemMonteCarlo(hole, board, num_opponents, trials, rng)
                 : GenericMonteCarlo(hole, board, num_opponents, trials, rng);
}

double EquityEstimator::Equity(absl::Span<const Card> hole, absl::Span<const Card> board,
                               int num_opponents, int trials, poker::Rng* rng) {
  num_opponents = std::clamp(num_opponents, 1, poker::kMaxPlayers - 1);
  if (!holdem_ || !board.empty()) return MonteCarlo(hole, board, num_opponents, trials, rng);
  const int cls = poker::StartingHandClass(poker::PairCards{hole[0], hole[1]});
  float& cached = preflop_[cls * poker::kMaxPlayers + num_opponents];
  if (cached < 0) {
    // A fixed representative of the class and a fixed seed: the value is the same whenever and
    // in whatever order it is first needed.
    int hi = poker::RankOf(hole[0]);
    int lo = poker::RankOf(hole[1]);
    if (hi < lo) std::swap(hi, lo);
    const bool suited = poker::StartingHandClassCombos(cls) == 4;
    const Card rep[2] = {poker::MakeCard(hi, 0), poker::MakeCard(lo, suited ? 0 : 1)};
    poker::Rng table_rng(0x5EED0000ULL + static_cast<uint64_t>(cls) * 16 + num_opponents);
    cached =
        static_cast<float>(HoldemMonteCarlo(rep, {}, num_opponents, kPreflopTrials, &table_rng));
  }
  return cached;
}

double EquityEstimator::HoldemMonteCarlo(absl::Span<const Card> hole, absl::Span<const Card> board,
                                         int num_opponents, int trials, poker::Rng* rng) const {
  std::array<const agent::Range*, agent::kMaxOpponents> opponents;
  num_opponents = std::min(num_opponents, agent::kMaxOpponents);
  opponents.fill(&uniform_);
  agent::EquityOptions options;
  options.max_trials = trials;
  options.seed = rng->Next();
  options.max_exact_evaluations = trials;
  const absl::StatusOr<agent::EquityResult> result =
      calculator_.Compute(poker::PairCards{std::min(hole[0], hole[1]), std::max(hole[0], hole[1])},
                          board, absl::MakeConstSpan(opponents.data(), num_opponents), options);
  // Only repeated or out-of-range cards are refused; the generic path takes any cards.
  if (!result.ok()) return GenericMonteCarlo(hole, board, num_opponents, trials, rng);
  return result->equity;
}

double EquityEstimator::GenericMonteCarlo(absl::Span<const Card> hole, absl::Span<const Card> board,
                                          int num_opponents, int trials, poker::Rng* rng) const {
  const poker::GameDef& game = *game_;
  poker::CardSet known;
  for (Card c : hole) known.Add(c);
  for (Card c : board) known.Add(c);
  Card deck[poker::kNumCards];
  int deck_size = 0;
  for (int s = poker::kNumSuits - game.num_suits; s < poker::kNumSuits; ++s) {
    for (int r = poker::kNumRanks - game.num_ranks; r < poker::kNumRanks; ++r) {
      const Card c = poker::MakeCard(r, s);
      if (!known.Contains(c)) deck[deck_size++] = c;
    }
  }
  const int holes = game.num_hole_cards;
  const int board_needed = game.TotalBoardCards() - static_cast<int>(board.size());
  const int draws = board_needed + holes * num_opponents;
  if (draws > deck_size) return 0.5;  // not enough cards to deal: no information
  Card cards[poker::kMaxHoleCards + poker::kMaxBoardCards];
  const int board_size = game.TotalBoardCards();
  uint32_t ranks[poker::kMaxPlayers];
  double won = 0;
  for (int t = 0; t < trials; ++t) {
    for (int i = 0; i < draws; ++i) {
      const int j = i + static_cast<int>(rng->Below(static_cast<uint32_t>(deck_size - i)));
      std::swap(deck[i], deck[j]);
    }
    // cards = hole | full board; the hole part is overwritten per player.
    std::copy(board.begin(), board.end(), cards + holes);
    std::copy(deck, deck + board_needed, cards + holes + board.size());
    std::copy(hole.begin(), hole.end(), cards);
    const uint32_t mine = poker::EvaluateAny(absl::MakeConstSpan(cards, holes + board_size));
    for (int o = 0; o < num_opponents; ++o) {
      std::copy(deck + board_needed + holes * o, deck + board_needed + holes * (o + 1), cards);
      ranks[o] = poker::EvaluateAny(absl::MakeConstSpan(cards, holes + board_size));
    }
    won += Share(mine, ranks, num_opponents);
  }
  return won / trials;
}

}  // namespace bots
