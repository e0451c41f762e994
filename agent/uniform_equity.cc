#include "agent/uniform_equity.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "poker/hand_evaluator.h"

namespace agent {
namespace {

using poker::Card;

// Share of the pot won by `mine` against `ranks` (0, or 1/k for a k-way tie for best).
double Share(uint32_t mine, const uint32_t* ranks, int n) {
  int tied = 0;
  for (int i = 0; i < n; ++i) {
    if (ranks[i] > mine) return 0.0;
    tied += ranks[i] == mine;
  }
  return 1.0 / (1 + tied);
}

// The cards of `game`'s deck not in `hole` or `board`, suit by suit (the order the Monte Carlo
// shuffles start from); returns how many.
int UnseenCards(const poker::GameDef& game, absl::Span<const Card> hole,
                absl::Span<const Card> board, Card* deck) {
  poker::CardSet known;
  for (Card c : hole) known.Add(c);
  for (Card c : board) known.Add(c);
  int deck_size = 0;
  for (int s = poker::kNumSuits - game.num_suits; s < poker::kNumSuits; ++s) {
    for (int r = poker::kNumRanks - game.num_ranks; r < poker::kNumRanks; ++r) {
      const Card c = poker::MakeCard(r, s);
      if (!known.Contains(c)) deck[deck_size++] = c;
    }
  }
  return deck_size;
}

// One deal's share for us: `rest` holds the rest of the board, then each opponent's hole cards.
class ShowdownScorer {
 public:
  ShowdownScorer(const poker::GameDef& game, absl::Span<const Card> hole,
                 absl::Span<const Card> board, int num_opponents)
      : holes_(game.num_hole_cards),
        board_size_(game.TotalBoardCards()),
        board_needed_(board_size_ - static_cast<int>(board.size())),
        num_opponents_(num_opponents),
        hole_(hole),
        board_(board) {}

  int draws() const { return board_needed_ + holes_ * num_opponents_; }

  double Score(const Card* rest) {
    // cards = hole | full board; the hole part is overwritten per player.
    std::copy(board_.begin(), board_.end(), cards_ + holes_);
    std::copy(rest, rest + board_needed_, cards_ + holes_ + board_.size());
    std::copy(hole_.begin(), hole_.end(), cards_);
    const uint32_t mine = poker::EvaluateAny(absl::MakeConstSpan(cards_, holes_ + board_size_));
    for (int o = 0; o < num_opponents_; ++o) {
      std::copy(rest + board_needed_ + holes_ * o, rest + board_needed_ + holes_ * (o + 1), cards_);
      ranks_[o] = poker::EvaluateAny(absl::MakeConstSpan(cards_, holes_ + board_size_));
    }
    return Share(mine, ranks_, num_opponents_);
  }

 private:
  int holes_;
  int board_size_;
  int board_needed_;
  int num_opponents_;
  absl::Span<const Card> hole_;
  absl::Span<const Card> board_;
  Card cards_[poker::kMaxHoleCards + poker::kMaxBoardCards];
  uint32_t ranks_[poker::kMaxPlayers];
};

// Monte Carlo over `deck` (shuffled in place): the sum of the shares and of their squares over
// the trials run (all `trials` unless `deadline` passes first, checked every 256 trials).
struct Sums {
  double won = 0;
  double won_squared = 0;
  int64_t trials = 0;
};
Sums MonteCarloSums(ShowdownScorer& scorer, Card* deck, int deck_size, int64_t trials,
                    poker::Rng* rng,
                    std::optional<std::chrono::steady_clock::time_point> deadline) {
  const int draws = scorer.draws();
  Sums sums;
  for (int64_t t = 0; t < trials; ++t) {
    if (deadline.has_value() && t > 0 && t % 256 == 0 &&
        std::chrono::steady_clock::now() >= *deadline) {
      break;
    }
    for (int i = 0; i < draws; ++i) {
      const int j = i + static_cast<int>(rng->Below(static_cast<uint32_t>(deck_size - i)));
      std::swap(deck[i], deck[j]);
    }
    const double share = scorer.Score(deck);
    sums.won += share;
    sums.won_squared += share * share;
    ++sums.trials;
  }
  return sums;
}

// Every ordered deal of `draws` distinct cards of `deck` into `rest`: the sum of the shares.
double EnumerateDeals(ShowdownScorer& scorer, const Card* deck, int deck_size, int depth,
                      uint64_t used, Card* rest) {
  if (depth == scorer.draws()) return scorer.Score(rest);
  double won = 0;
  for (int i = 0; i < deck_size; ++i) {
    if (used & (uint64_t{1} << i)) continue;
    rest[depth] = deck[i];
    won += EnumerateDeals(scorer, deck, deck_size, depth + 1, used | (uint64_t{1} << i), rest);
  }
  return won;
}

}  // namespace

double UniformMonteCarloEquity(const poker::GameDef& game, absl::Span<const Card> hole,
                               absl::Span<const Card> board, int num_opponents, int trials,
                               poker::Rng* rng) {
  Card deck[poker::kNumCards];
  const int deck_size = UnseenCards(game, hole, board, deck);
  ShowdownScorer scorer(game, hole, board, num_opponents);
  if (scorer.draws() > deck_size) return 0.5;  // not enough cards to deal: no information
  trials = std::max(trials, 1);
  return MonteCarloSums(scorer, deck, deck_size, trials, rng, std::nullopt).won / trials;
}

int64_t UniformDealCount(const poker::GameDef& game, int board_size, int num_opponents,
                         int64_t cap) {
  const int unseen = game.DeckSize() - game.num_hole_cards - board_size;
  const int draws =
      game.TotalBoardCards() - board_size + game.num_hole_cards * std::max(num_opponents, 0);
  if (draws > unseen || unseen < 0) return -1;
  int64_t count = 1;
  for (int i = 0; i < draws; ++i) {
    count *= unseen - i;
    if (count > cap) return -1;
  }
  return count;
}

absl::StatusOr<EquityResult> ComputeUniformEquity(const poker::GameDef& game,
                                                  absl::Span<const Card> hole,
                                                  absl::Span<const Card> board, int num_opponents,
                                                  const EquityOptions& options) {
  if (static_cast<int>(hole.size()) != game.num_hole_cards) {
    return absl::InvalidArgumentError(
        absl::StrCat(hole.size(), " hole cards; the game deals ", game.num_hole_cards));
  }
  if (static_cast<int>(board.size()) > game.TotalBoardCards()) {
    return absl::InvalidArgumentError(
        absl::StrCat(board.size(), " board cards; the game deals ", game.TotalBoardCards()));
  }
  if (num_opponents < 1 || num_opponents >= game.num_players) {
    return absl::InvalidArgumentError(
        absl::StrCat(num_opponents, " opponents in a game of ", game.num_players, " players"));
  }
  poker::CardSet seen;
  for (absl::Span<const Card> cards : {hole, board}) {
    for (Card c : cards) {
      if (c >= poker::kNumCards || poker::RankOf(c) < poker::kNumRanks - game.num_ranks ||
          poker::SuitOf(c) < poker::kNumSuits - game.num_suits) {
        return absl::InvalidArgumentError(
            absl::StrCat("card ", poker::CardToString(c), " is not in the game's deck"));
      }
      if (seen.Contains(c)) {
        return absl::InvalidArgumentError(
            absl::StrCat("card ", poker::CardToString(c), " is repeated"));
      }
      seen.Add(c);
    }
  }
  Card deck[poker::kNumCards];
  const int deck_size = UnseenCards(game, hole, board, deck);
  ShowdownScorer scorer(game, hole, board, num_opponents);
  if (scorer.draws() > deck_size) {
    return absl::InvalidArgumentError(
        absl::StrCat("the deck's ", deck_size, " unseen cards cannot deal ", scorer.draws()));
  }
  EquityResult result;
  const int64_t evaluations_per_deal = num_opponents + 1;
  const int64_t deals = UniformDealCount(game, static_cast<int>(board.size()), num_opponents,
                                         options.max_exact_evaluations / evaluations_per_deal);
  if (deals > 0) {
    Card rest[poker::kNumCards];
    result.equity =
        EnumerateDeals(scorer, deck, deck_size, 0, 0, rest) / static_cast<double>(deals);
    result.trials = deals;
    result.exact = true;
    return result;
  }
  poker::Rng rng(options.seed);
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (options.max_micros > 0) {
    deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(options.max_micros);
  }
  const Sums sums = MonteCarloSums(scorer, deck, deck_size,
                                   std::max<int64_t>(options.max_trials, 1), &rng, deadline);
  const double n = static_cast<double>(sums.trials);
  result.equity = sums.won / n;
  const double variance = std::max(0.0, sums.won_squared / n - result.equity * result.equity);
  result.std_error = std::sqrt(variance / n);
  result.trials = sums.trials;
  return result;
}

}  // namespace agent
