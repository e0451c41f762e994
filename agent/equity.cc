#include "agent/equity.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "poker/rng.h"

// Card removal between opponents. The deal is uniform, so given our cards, the board and each
// opponent's independent evidence (its weights), the opponents' pairs (o_1..o_n) have the joint
// probability  prod_i w_i(o_i) * [no two pairs share a card],  normalised. Drawing each o_i from
// w_i independently and redrawing the WHOLE trial whenever two pairs overlap samples exactly from
// that joint (rejection sampling with the product of the ranges as proposal). Redrawing only the
// opponent that collided would not: it samples o_2 from its conditional given o_1 but leaves o_1
// distributed as w_1 alone, while the joint weights o_1 also by how much of w_2 it leaves
// possible (e.g. w_2 = {AA} makes an opponent 1 holding an ace less likely). With uniform ranges
// the two agree; with reading-based ranges they do not, so we pay for whole-trial rejection: the
// acceptance rate against random hands preflop is 92% with 2 opponents, 38% with 5, 2.3% with 9
// (agent_bench's 9 overlapping weighted ranges on a flop: 1.7%, 0.6 M trials/s).
//
// One case is exact without whole-trial rejection: when every opponent but (at most) one holds a
// flat range (the same weight on every pair compatible with the known cards, e.g. a uniform
// Range). Then for each later opponent the weight left after the earlier opponents' cards,
// W_i(cards drawn) = weight * C(cards left, 2), is the same whatever those cards are, so drawing
// the opponents one after the other, redrawing only the one that collides, has exactly the joint
// distribution above. The opponents are then ordered with the non-flat one first (equity does not
// depend on the order) and each collision costs one redraw instead of a whole trial.
//
// Only if a trial needs more than kMaxRestarts redraws (the ranges nearly exclude each other) does
// the run fall back, for its remaining trials, to drawing the opponents one after the other from
// their conditional ranges (alias redraws, then a linear scan of the weights that remain), which
// never stalls; the result then says unbiased_card_removal = false.
//
// Board cards are dealt from the unseen cards (not ours, not the board's) by a partial
// Fisher-Yates shuffle that skips cards held by the opponents drawn in this trial, which is
// uniform over the cards left. Ties split the pot equally among the tied players.

namespace agent {
namespace {

using poker::Card;
using poker::Evaluate;
using poker::Hand;
using poker::HandRank;
using poker::kNumCards;
using poker::kNumPairs;
using poker::Rng;

constexpr int kMaxRestarts = 1000;
// In the fallback, an opponent is redrawn this many times from its alias table before its
// conditional weights are scanned, and a trial whose opponents cannot be completed is restarted
// at most kMaxFallbackRestarts times before the ranges are declared incompatible.
constexpr int kFallbackRedraws = 16;
constexpr int kMaxFallbackRestarts = 10000;

// Scores are counted in units of 1/2520 of the pot (2520 = lcm(1..10)), so that every tie share
// 1/k is an integer and the sums are exact: an all-tie run gives exactly 1/k with error 0.
constexpr int64_t kPotUnits = 2520;
// Our share of the pot, in kPotUnits, when k players tie (index k).
constexpr int64_t kTieShare[kMaxOpponents + 2] = {0,   2520, 1260, 840, 630, 504,
                                                  420, 360,  315,  280, 252};

// Hands and card masks of every card and every pair, built once.
struct Tables {
  Hand card[kNumCards];
  Hand pair[kNumPairs];
  uint64_t pair_mask[kNumPairs];
};

const Tables& GetTables() {
  static const Tables* tables = [] {
    auto* t = new Tables;
    for (int c = 0; c < kNumCards; ++c) t->card[c] = Hand::Of(static_cast<Card>(c));
    for (int i = 0; i < kNumPairs; ++i) {
      const poker::PairCards p = poker::PairFromIndex(i);
      t->pair[i] = t->card[p.low] + t->card[p.high];
      t->pair_mask[i] = (uint64_t{1} << p.low) | (uint64_t{1} << p.high);
    }
    return t;
  }();
  return *tables;
}

// Running sums of the per-trial scores.
struct Stats {
  int64_t trials = 0;
  int64_t sum = 0;     // kPotUnits per trial won; exact up to 3.6e15 trials
  int64_t sum_sq = 0;  // (kPotUnits)^2 per trial won; exact up to 1.4e12 trials
  int64_t rejections = 0;
  bool sequential = false;    // fell back to one-after-the-other draws
  bool incompatible = false;  // the ranges could not be dealt together
};

// Everything one Monte Carlo run reads, gathered so the trial loop sees plain locals.
struct TrialContext {
  const Tables* tables;
  const AliasTable* alias;
  const std::array<float, kNumPairs>* live_weights;
  int num_opponents;
  bool redraw_each;  // the flat-range case above: redraw only the opponent that collides
  Hand hole_hand;
  Hand board_hand;
  Card deck[kNumCards];
  int deck_size;
  Rng rng;
};

// Draws from `weights` restricted to pairs disjoint from `used`, by a linear scan; -1 when no such
// pair has weight.
int ScanDraw(const std::array<float, kNumPairs>& weights, const uint64_t* pair_mask, uint64_t used,
             Rng& rng) {
  double total = 0;
  for (int p = 0; p < kNumPairs; ++p) {
    if (!(pair_mask[p] & used)) total += weights[p];
  }
  if (!(total > 0)) return -1;
  double target = rng.Uniform() * total;
  int last = -1;
  for (int p = 0; p < kNumPairs; ++p) {
    if ((pair_mask[p] & used) || weights[p] <= 0) continue;
    last = p;
    target -= weights[p];
    if (target < 0) return p;
  }
  return last;  // rounding left a sliver at the end
}

// The fallback: each opponent from its range conditional on the cards of the ones before.
// Returns the cards used, or sets stats->incompatible. Rare, so kept out of the trial loop.
[[gnu::noinline]] uint64_t DrawSequential(const TrialContext& ctx, Rng& rng, uint16_t* drawn,
                                          Stats* stats) {
  for (int restart = 0; restart < kMaxFallbackRestarts; ++restart) {
    uint64_t used = 0;
    int i = 0;
    for (; i < ctx.num_opponents; ++i) {
      int pair = -1;
      for (int attempt = 0; attempt < kFallbackRedraws; ++attempt) {
        const uint32_t p = ctx.alias[i].Sample(rng.Next());
        if (!(ctx.tables->pair_mask[p] & used)) {
          pair = static_cast<int>(p);
          break;
        }
        ++stats->rejections;
      }
      if (pair < 0) pair = ScanDraw(ctx.live_weights[i], ctx.tables->pair_mask, used, rng);
      if (pair < 0) break;
      drawn[i] = static_cast<uint16_t>(pair);
      used |= ctx.tables->pair_mask[pair];
    }
    if (i == ctx.num_opponents) return used;
  }
  stats->incompatible = true;
  return 0;
}

// Draws every opponent's pair, redrawing the whole set until no two overlap (exact; see top).
// Heads-up there is nothing to overlap: the range already excludes our cards and the board.
// kOpponents: the number of opponents when fixed at compile time (1 or 2, so that the loops
// unroll), 0 when it is ctx.num_opponents.
template <int kOpponents>
inline uint64_t DrawOpponents(const TrialContext& ctx, Rng& rng, uint16_t* drawn, Stats* stats) {
  const int num_opponents = kOpponents > 0 ? kOpponents : ctx.num_opponents;
  if constexpr (kOpponents == 1) {
    drawn[0] = static_cast<uint16_t>(ctx.alias[0].Sample(rng.Next()));
    return ctx.tables->pair_mask[drawn[0]];
  }
  if (ctx.redraw_each) {
    // Flat ranges keep at least C(52 - 7 - 16, 2) = 406 pairs after 8 opponents: never stalls.
    uint64_t used = 0;
    for (int i = 0; i < num_opponents; ++i) {
      uint32_t p = ctx.alias[i].Sample(rng.Next());
      while (used & ctx.tables->pair_mask[p]) {
        ++stats->rejections;
        p = ctx.alias[i].Sample(rng.Next());
      }
      used |= ctx.tables->pair_mask[p];
      drawn[i] = static_cast<uint16_t>(p);
    }
    return used;
  }
  if (!stats->sequential) [[likely]] {
    for (int restart = 0; restart <= kMaxRestarts; ++restart) {
      uint64_t used = 0;
      int i = 0;
      for (; i < num_opponents; ++i) {
        const uint32_t p = ctx.alias[i].Sample(rng.Next());
        const uint64_t mask = ctx.tables->pair_mask[p];
        if (used & mask) break;
        used |= mask;
        drawn[i] = static_cast<uint16_t>(p);
      }
      if (i == ctx.num_opponents) return used;
      ++stats->rejections;
    }
    stats->sequential = true;
  }
  // Through a copy: passing `rng` itself out of line would keep the trial loop's generator in
  // memory (its address escapes) rather than in registers.
  Rng copy = rng;
  const uint64_t used = DrawSequential(ctx, copy, drawn, stats);
  rng = copy;
  return used;
}

// Runs trials until `max_trials` or the deadline. kDeal = board cards still to come. The
// generator, the deck and the sums live in locals: the deck is bytes, and a byte store may alias
// anything, so members reached through pointers would be reloaded after every card.
template <int kDeal, int kOpponents>
[[gnu::noinline]] void RunTrials(TrialContext& ctx, int64_t max_trials,
                                 std::chrono::steady_clock::time_point deadline, bool timed,
                                 Stats* stats) {
  const Tables& t = *ctx.tables;
  Rng rng = ctx.rng;
  Card deck[kNumCards];
  std::copy(ctx.deck, ctx.deck + ctx.deck_size, deck);
  const int deck_size = ctx.deck_size;
  constexpr bool kHeadsUp = kOpponents == 1;
  const int num_opponents = kOpponents > 0 ? kOpponents : ctx.num_opponents;
  const Hand hole_hand = ctx.hole_hand;
  const Hand board_hand = ctx.board_hand;
  // Outcomes are counted rather than scored: a trial is won, lost or tied among k players, and
  // the sums of scores and squared scores follow from the counts at the end. Adding a comparison
  // result is branch-free; adding a score made the compiler branch on win or loss, as
  // unpredictable as the cards (a mispredicted branch every other heads-up trial).
  int64_t wins = 0;
  int64_t ties[kMaxOpponents + 2] = {};  // ties[k]: trials we tied with k - 1 opponents
  int64_t trials = 0;
  // Trials run in chunks, in two passes: first the deals of the whole chunk (random draws and
  // rejections, full of branches the predictor cannot learn), then their showdowns (table loads
  // and comparisons only), so the showdowns of many trials overlap instead of each waiting behind
  // a mispredicted draw. The random stream is consumed exactly as trial after trial would.
  constexpr int kChunk = 64;  // divides 256, the time check's period
  Hand boards[kChunk];
  uint16_t drawn[kChunk][kMaxOpponents];
  while (trials < max_trials) {
    if (timed && (trials & 255) == 0 && std::chrono::steady_clock::now() >= deadline) break;
    const int chunk = static_cast<int>(std::min<int64_t>(kChunk, max_trials - trials));
    int dealt_trials = 0;
    for (; dealt_trials < chunk; ++dealt_trials) {
      const uint64_t used = DrawOpponents<kOpponents>(ctx, rng, drawn[dealt_trials], stats);
      if (!kHeadsUp && stats->incompatible) break;

      // Partial Fisher-Yates over the unseen cards, skipping the opponents' cards; two draws per
      // 64 random bits. Swapped-out cards stay in the deck for the next trial (any order works).
      Hand board = board_hand;
      int left = deck_size;
      int dealt = 0;
      while (dealt < kDeal) {
        const uint64_t r = rng.Next();
        for (int half = 0; half < 2 && dealt < kDeal; ++half) {
          const uint32_t bits =
              half == 0 ? static_cast<uint32_t>(r >> 32) : static_cast<uint32_t>(r);
          const uint32_t j = Rng::Below(bits, left);
          const Card c = deck[j];
          if ((used >> c) & 1) continue;
          deck[j] = deck[left - 1];
          deck[left - 1] = c;
          --left;
          board += t.card[c];
          ++dealt;
        }
      }
      boards[dealt_trials] = board;
    }

    for (int k = 0; k < dealt_trials; ++k) {
      const Hand& board = boards[k];
      const HandRank ours = Evaluate(board + hole_hand);
      // The best opponent rank, then how many opponents hold it: maxima and counted
      // comparisons, no data-dependent branches.
      HandRank theirs[kMaxOpponents];
      HandRank best = 0;
      for (int i = 0; i < num_opponents; ++i) {
        theirs[i] = Evaluate(board + t.pair[drawn[k][i]]);
        best = std::max(best, theirs[i]);
      }
      int num_best = 0;
      for (int i = 0; i < num_opponents; ++i) num_best += theirs[i] == best;
      wins += ours > best;
      ties[num_best + 1] += ours == best;
    }
    trials += dealt_trials;
    if (dealt_trials < chunk) break;  // the ranges could not be dealt together
  }
  int64_t sum = wins * kPotUnits;
  int64_t sum_sq = wins * kPotUnits * kPotUnits;
  for (int k = 2; k <= kMaxOpponents + 1; ++k) {
    sum += ties[k] * kTieShare[k];
    sum_sq += ties[k] * kTieShare[k] * kTieShare[k];
  }
  stats->trials = trials;
  stats->sum = sum;
  stats->sum_sq = sum_sq;
}

int64_t Choose(int n, int k) {
  int64_t r = 1;
  for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
  return r;
}

}  // namespace

EquityCalculator::EquityCalculator() { GetTables(); }

absl::Status EquityCalculator::Prepare(poker::PairCards hole, absl::Span<const Card> board,
                                       absl::Span<const Range* const> opponents) {
  if (board.size() != 0 && (board.size() < 3 || board.size() > 5)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("board has %d cards; it must have 0, 3, 4 or 5", board.size()));
  }
  if (opponents.empty() || opponents.size() > kMaxOpponents) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%d opponents; equity needs 1 to %d", opponents.size(), kMaxOpponents));
  }
  uint64_t dead = 0;
  const Card known[7] = {hole.low,
                         hole.high,
                         board.size() > 0 ? board[0] : Card{0},
                         board.size() > 1 ? board[1] : Card{0},
                         board.size() > 2 ? board[2] : Card{0},
                         board.size() > 3 ? board[3] : Card{0},
                         board.size() > 4 ? board[4] : Card{0}};
  for (size_t k = 0; k < 2 + board.size(); ++k) {
    const Card c = known[k];
    if (c >= kNumCards) {
      return absl::InvalidArgumentError(absl::StrFormat("card index %d is not a card (0..51)", c));
    }
    if ((dead >> c) & 1) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "card %s appears twice in hole %s and board %s", poker::CardToString(c),
          poker::CardsToString({hole.low, hole.high}), poker::CardsToString(board)));
    }
    dead |= uint64_t{1} << c;
  }
  const Tables& t = GetTables();
  dead_mask_ = dead;
  num_opponents_ = static_cast<int>(opponents.size());
  cards_to_deal_ = 5 - static_cast<int>(board.size());
  hole_hand_ = t.card[hole.low] + t.card[hole.high];
  board_hand_ = Hand();
  for (Card c : board) board_hand_ += t.card[c];
  deck_size_ = 0;
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dead >> c) & 1)) deck_[deck_size_++] = static_cast<Card>(c);
  }
  for (int i = 0; i < num_opponents_; ++i) {
    if (opponents[i] == nullptr) {
      return absl::InvalidArgumentError(absl::StrFormat("opponent %d has no range", i));
    }
    const auto& weights = opponents[i]->weights();
    auto& live = live_weights_[i];
    for (int p = 0; p < kNumPairs; ++p) {
      live[p] = (t.pair_mask[p] & dead) || !(weights[p] > 0) ? 0.0f : weights[p];
    }
    if (!alias_[i].Build(live)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "opponent %d's range has no weight on a pair compatible with hole %s and board %s", i,
          poker::CardsToString({hole.low, hole.high}), poker::CardsToString(board)));
    }
    flat_[i] = true;
    float first = -1;
    for (int p = 0; p < kNumPairs && flat_[i]; ++p) {
      if (t.pair_mask[p] & dead) continue;
      if (first < 0) first = live[p];
      flat_[i] = live[p] == first;
    }
  }
  // With at most one non-flat range, put it first: then one-by-one redraws are exact (see top).
  int num_flat = 0;
  for (int i = 0; i < num_opponents_; ++i) num_flat += flat_[i];
  redraw_each_ = num_flat >= num_opponents_ - 1;
  for (int k = 1; redraw_each_ && k < num_opponents_; ++k) {
    if (flat_[k]) continue;
    std::swap(alias_[0], alias_[k]);  // swaps the tables' buffers: no allocation
    std::swap(live_weights_[0], live_weights_[k]);
    std::swap(flat_[0], flat_[k]);
    break;
  }
  return absl::OkStatus();
}

EquityResult EquityCalculator::Enumerate() const {
  const Tables& t = GetTables();
  double won = 0;
  double total = 0;
  int64_t combos = 0;
  // Scores every live opponent pair disjoint from the runout on the complete board `b`.
  auto score_board = [&](const Hand& b, uint64_t runout) {
    const HandRank ours = Evaluate(b + hole_hand_);
    for (const WeightedPair& wp : heads_up_pairs_) {
      if (wp.mask & runout) continue;
      const HandRank theirs = Evaluate(b + wp.hand);
      total += wp.weight;
      won += ours > theirs ? wp.weight : ours == theirs ? wp.weight / 2 : 0.0;
      ++combos;
    }
  };
  if (cards_to_deal_ == 0) {
    score_board(board_hand_, 0);
  } else if (cards_to_deal_ == 1) {
    for (int i = 0; i < deck_size_; ++i) {
      score_board(board_hand_ + t.card[deck_[i]], uint64_t{1} << deck_[i]);
    }
  } else {
    for (int i = 0; i < deck_size_; ++i) {
      const Hand turn = board_hand_ + t.card[deck_[i]];
      for (int j = i + 1; j < deck_size_; ++j) {
        score_board(turn + t.card[deck_[j]], (uint64_t{1} << deck_[i]) | (uint64_t{1} << deck_[j]));
      }
    }
  }
  // Each live pair meets the same number of runouts, so weighting every (pair, runout) by the
  // pair's weight weights the pairs as the range does.
  EquityResult result;
  result.equity = total > 0 ? won / total : 0;
  result.trials = combos;
  result.exact = true;
  return result;
}

absl::StatusOr<EquityResult> EquityCalculator::MonteCarlo(const EquityOptions& options) {
  TrialContext ctx{.tables = &GetTables(),
                   .alias = alias_.data(),
                   .live_weights = live_weights_.data(),
                   .num_opponents = num_opponents_,
                   .redraw_each = redraw_each_,
                   .hole_hand = hole_hand_,
                   .board_hand = board_hand_,
                   .deck = {},
                   .deck_size = deck_size_,
                   .rng = Rng(options.seed)};
  std::copy(deck_.begin(), deck_.begin() + deck_size_, ctx.deck);
  const bool timed = options.max_micros > 0;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::microseconds(options.max_micros);
  Stats stats;
  // The trial loop specialised by board cards to deal and by 1, 2 or any number of opponents.
  auto run = [&]<int kDeal>() {
    switch (num_opponents_) {
      case 1:
        RunTrials<kDeal, 1>(ctx, options.max_trials, deadline, timed, &stats);
        break;
      case 2:
        RunTrials<kDeal, 2>(ctx, options.max_trials, deadline, timed, &stats);
        break;
      default:
        RunTrials<kDeal, 0>(ctx, options.max_trials, deadline, timed, &stats);
        break;
    }
  };
  switch (cards_to_deal_) {
    case 5:
      run.operator()<5>();
      break;
    case 2:
      run.operator()<2>();
      break;
    case 1:
      run.operator()<1>();
      break;
    default:
      run.operator()<0>();
      break;
  }
  if (stats.incompatible) {
    return absl::InvalidArgumentError(
        "the opponents' ranges cannot be dealt together: every combination shares a card");
  }
  EquityResult result;
  result.trials = stats.trials;
  result.rejections = stats.rejections;
  result.unbiased_card_removal = !stats.sequential;
  if (stats.trials > 0) {
    const double n = static_cast<double>(stats.trials);
    result.equity = static_cast<double>(stats.sum) / kPotUnits / n;
    // n * sum(x^2) - (sum x)^2 in exact integers, so a run of identical scores has variance 0.
    const __int128 spread = static_cast<__int128>(stats.trials) * stats.sum_sq -
                            static_cast<__int128>(stats.sum) * stats.sum;
    const double variance =
        static_cast<double>(spread) / (static_cast<double>(kPotUnits) * kPotUnits) / (n * n);
    result.std_error = stats.trials > 1 ? std::sqrt(variance / (n - 1)) : 0.0;
  }
  return result;
}

absl::StatusOr<EquityResult> EquityCalculator::Compute(poker::PairCards hole,
                                                       absl::Span<const Card> board,
                                                       absl::Span<const Range* const> opponents,
                                                       const EquityOptions& options) {
  if (absl::Status status = Prepare(hole, board, opponents); !status.ok()) return status;
  if (num_opponents_ == 1 && cards_to_deal_ <= 2) {
    const int64_t evaluations = (alias_[0].num_items() + 1) * Choose(deck_size_, cards_to_deal_);
    if (evaluations <= options.max_exact_evaluations) {
      const Tables& t = GetTables();
      heads_up_pairs_.clear();
      for (int p = 0; p < kNumPairs; ++p) {
        if (live_weights_[0][p] > 0) {
          heads_up_pairs_.push_back({t.pair[p], t.pair_mask[p], live_weights_[0][p]});
        }
      }
      return Enumerate();
    }
  }
  if (options.max_trials <= 0) {
    return absl::InvalidArgumentError("max_trials must be positive for a Monte Carlo estimate");
  }
  return MonteCarlo(options);
}

absl::StatusOr<EquityResult> ComputeEquity(poker::PairCards hole, absl::Span<const Card> board,
                                           absl::Span<const Range* const> opponents,
                                           const EquityOptions& options) {
  EquityCalculator calculator;
  return calculator.Compute(hole, board, opponents, options);
}

}  // namespace agent
