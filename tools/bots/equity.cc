#include "tools/bots/equity.h"

#include <algorithm>
#include <cstdint>

#include "absl/status/statusor.h"
#include "agent/uniform_equity.h"
#include "poker/hand_strength.h"

namespace bots {

using poker::Card;

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
  return PreflopClassEquity(poker::StartingHandClass(poker::PairCards{hole[0], hole[1]}),
                            num_opponents);
}

double EquityEstimator::PreflopClassEquity(int cls, int num_opponents) const {
  num_opponents = std::clamp(num_opponents, 1, poker::kMaxPlayers - 1);
  float& cached = preflop_[cls * poker::kMaxPlayers + num_opponents];
  if (cached < 0) {
    // A fixed representative of the class and a fixed seed: the value is the same whenever and
    // in whatever order it is first needed.
    // The class's ranks (poker::StartingHandClass's numbering: pairs, then suited and offsuit
    // by hi * (hi - 1) / 2 + lo).
    int hi = cls;
    int lo = cls;
    const bool suited = poker::StartingHandClassCombos(cls) == 4;
    if (cls >= poker::kNumRanks) {
      const int offset = suited ? cls - poker::kNumRanks : cls - poker::kNumRanks - 78;
      hi = 1;
      while ((hi + 1) * hi / 2 <= offset) ++hi;
      lo = offset - hi * (hi - 1) / 2;
    }
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
  return agent::UniformMonteCarloEquity(*game_, hole, board, num_opponents, trials, rng);
}

}  // namespace bots
