#include "tools/bots/push_fold.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"

namespace bots {
namespace {

using poker::Action;
using poker::Card;
using poker::PairCards;
using poker::State;

int ClassOf(Card a, Card b) {
  return poker::StartingHandClass(a < b ? PairCards{a, b} : PairCards{b, a});
}

uint64_t PairMask(const PairCards& pair) {
  return (uint64_t{1} << pair.low) | (uint64_t{1} << pair.high);
}

// The pairs of every class (6, 4 or 12 each).
std::array<std::vector<PairCards>, kClasses> PairsByClass() {
  std::array<std::vector<PairCards>, kClasses> pairs;
  for (int index = 0; index < poker::kNumPairs; ++index) {
    const PairCards pair = poker::PairFromIndex(index);
    pairs[ClassOf(pair.low, pair.high)].push_back(pair);
  }
  return pairs;
}

// The small blind's value (big blinds) of shoving a hand of class i against `call`, given that
// folding is worth -small_blind_bb: the mean over the big blind's pairs sharing no card with it.
double PushValue(const ClassMatchups& m, int i, const double* call, double stack_bb) {
  double total = 0;
  double weight = 0;
  for (int j = 0; j < kClasses; ++j) {
    const double w = m.Combos(i, j);
    const double showdown = (2.0 * m.Equity(i, j) - 1.0) * stack_bb;
    total += w * (call[j] * showdown + (1.0 - call[j]) * 1.0);
    weight += w;
  }
  return total / weight;
}

// The big blind's value (big blinds) of calling with class j against the shoves `push`, and of
// folding (-1 when shoved on, +small blind when the small blind folded), weighted over the small
// blind's pairs sharing no card with it: (call value, fold value), each per deal of class j.
std::pair<double, double> CallAndFoldValues(const ClassMatchups& m, int j, const double* push,
                                            double stack_bb, double small_blind_bb) {
  double call = 0;
  double fold = 0;
  double weight = 0;
  for (int i = 0; i < kClasses; ++i) {
    const double w = m.Combos(i, j);
    const double shoved = w * push[i];
    const double folded = w * (1.0 - push[i]);
    call += shoved * (1.0 - 2.0 * m.Equity(i, j)) * stack_bb + folded * small_blind_bb;
    fold += shoved * -1.0 + folded * small_blind_bb;
    weight += w;
  }
  return {call / weight, fold / weight};
}

}  // namespace

ClassMatchups ComputeClassMatchups(int boards, uint64_t seed) {
  const std::array<std::vector<PairCards>, kClasses> pairs = PairsByClass();
  ClassMatchups m;
  m.equity.assign(kClasses * kClasses, 0.5f);
  m.combos.assign(kClasses * kClasses, 0);
  for (int i = 0; i < kClasses; ++i) {
    for (int j = 0; j < kClasses; ++j) {
      int32_t count = 0;
      for (const PairCards& a : pairs[i]) {
        for (const PairCards& b : pairs[j]) count += (PairMask(a) & PairMask(b)) == 0;
      }
      m.combos[i * kClasses + j] = count;
    }
  }
  // win[i][j] and weight[i][j] for i < j, in doubles: sums of up to 144 x boards.
  std::vector<double> win(kClasses * kClasses, 0.0);
  std::vector<double> weight(kClasses * kClasses, 0.0);
  poker::Rng rng(seed);
  std::array<Card, poker::kNumCards> deck;
  std::array<poker::HandRank, kClasses> rank;
  std::array<uint64_t, kClasses> mask;
  std::array<double, kClasses> live;
  for (int b = 0; b < boards; ++b) {
    for (int c = 0; c < poker::kNumCards; ++c) deck[c] = static_cast<Card>(c);
    poker::Hand board;
    uint64_t board_mask = 0;
    for (int k = 0; k < 5; ++k) {
      std::swap(deck[k], deck[k + rng.Below(poker::kNumCards - k)]);
      board.Add(deck[k]);
      board_mask |= uint64_t{1} << deck[k];
    }
    for (int c = 0; c < kClasses; ++c) {
      PairCards options[12];
      int n = 0;
      for (const PairCards& pair : pairs[c]) {
        if ((PairMask(pair) & board_mask) == 0) options[n++] = pair;
      }
      live[c] = n;
      if (n == 0) continue;  // the board blocks the class (e.g. three aces leave no AA)
      const PairCards pick = options[rng.Below(n)];
      mask[c] = PairMask(pick);
      poker::Hand hand = board;
      hand.Add(pick.low).Add(pick.high);
      rank[c] = poker::Evaluate(hand);
    }
    for (int i = 0; i < kClasses; ++i) {
      if (live[i] == 0) continue;
      for (int j = i + 1; j < kClasses; ++j) {
        if (live[j] == 0 || (mask[i] & mask[j]) != 0) continue;
        const double w = live[i] * live[j];
        weight[i * kClasses + j] += w;
        win[i * kClasses + j] += rank[i] > rank[j] ? w : rank[i] == rank[j] ? 0.5 * w : 0.0;
      }
    }
  }
  for (int i = 0; i < kClasses; ++i) {
    for (int j = i + 1; j < kClasses; ++j) {
      const double w = weight[i * kClasses + j];
      const double e = w > 0 ? win[i * kClasses + j] / w : 0.5;
      m.equity[i * kClasses + j] = static_cast<float>(e);
      m.equity[j * kClasses + i] = static_cast<float>(1.0 - e);
    }
  }
  return m;
}

const ClassMatchups& SharedClassMatchups() {
  static const ClassMatchups* const matchups =
      new ClassMatchups(ComputeClassMatchups(kMatchupBoards, kMatchupSeed));
  return *matchups;
}

void PushFoldValues(const ClassMatchups& m, double stack_bb, double small_blind_bb,
                    const std::array<bool, kClasses>& push, const std::array<bool, kClasses>& call,
                    double* small_blind_value_bb, double* gain_bb) {
  std::array<double, kClasses> push_d, call_d;
  for (int c = 0; c < kClasses; ++c) {
    push_d[c] = push[c] ? 1.0 : 0.0;
    call_d[c] = call[c] ? 1.0 : 0.0;
  }
  double value = 0;
  double small_blind_best = 0;
  double big_blind_value = 0;
  double big_blind_best = 0;
  for (int c = 0; c < kClasses; ++c) {
    const double share = poker::StartingHandClassCombos(c) / double{poker::kNumPairs};
    const double shove = PushValue(m, c, call_d.data(), stack_bb);
    value += share * (push[c] ? shove : -small_blind_bb);
    small_blind_best += share * std::max(shove, -small_blind_bb);
    const auto [call_value, fold_value] =
        CallAndFoldValues(m, c, push_d.data(), stack_bb, small_blind_bb);
    big_blind_value += share * (call[c] ? call_value : fold_value);
    big_blind_best += share * std::max(call_value, fold_value);
  }
  *small_blind_value_bb = value;
  *gain_bb = std::max(small_blind_best - value, big_blind_best - big_blind_value);
}

PushFoldRanges SolvePushFold(const ClassMatchups& m, double stack_bb, double small_blind_bb,
                             int iterations) {
  // Average strategies (probability of shoving / calling per class); the best responses of each
  // round are added with weight 1/(t + 1), so after t rounds they are the plain averages.
  std::array<double, kClasses> push{}, call{};
  push.fill(1.0);
  for (int t = 1; t <= iterations; ++t) {
    std::array<double, kClasses> push_br, call_br;
    for (int c = 0; c < kClasses; ++c) {
      push_br[c] = PushValue(m, c, call.data(), stack_bb) > -small_blind_bb ? 1.0 : 0.0;
      const auto [call_value, fold_value] =
          CallAndFoldValues(m, c, push.data(), stack_bb, small_blind_bb);
      call_br[c] = call_value > fold_value ? 1.0 : 0.0;
    }
    const double step = 1.0 / (t + 1);
    for (int c = 0; c < kClasses; ++c) {
      push[c] += (push_br[c] - push[c]) * step;
      call[c] += (call_br[c] - call[c]) * step;
    }
  }
  PushFoldRanges ranges;
  ranges.stack_bb = stack_bb;
  ranges.small_blind_bb = small_blind_bb;
  int push_pairs = 0;
  int call_pairs = 0;
  for (int c = 0; c < kClasses; ++c) {
    ranges.push[c] = push[c] >= 0.5;
    ranges.call[c] = call[c] >= 0.5;
    push_pairs += ranges.push[c] ? poker::StartingHandClassCombos(c) : 0;
    call_pairs += ranges.call[c] ? poker::StartingHandClassCombos(c) : 0;
  }
  ranges.push_share = push_pairs / double{poker::kNumPairs};
  ranges.call_share = call_pairs / double{poker::kNumPairs};
  PushFoldValues(m, stack_bb, small_blind_bb, ranges.push, ranges.call,
                 &ranges.small_blind_value_bb, &ranges.gain_bb);
  return ranges;
}

const PushFoldRanges& SharedPushFoldRanges(double stack_bb, double small_blind_bb) {
  static std::mutex mutex;
  static auto* cache = new std::map<std::pair<double, double>, std::unique_ptr<PushFoldRanges>>;
  const ClassMatchups& matchups = SharedClassMatchups();
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<PushFoldRanges>& entry = (*cache)[{stack_bb, small_blind_bb}];
  if (!entry) {
    entry = std::make_unique<PushFoldRanges>(SolvePushFold(matchups, stack_bb, small_blind_bb));
  }
  return *entry;
}

absl::Status CheckPushFoldGame(const poker::GameDef& game) {
  if (!game.IsHoldemCards() || game.num_players != 2 || !game.is_no_limit()) {
    return absl::InvalidArgumentError(
        "bot style pushfold plays heads-up no-limit hold'em only (2 players, 52 cards, 2 hole "
        "cards)");
  }
  int32_t small_blind = std::min(game.blind[0], game.blind[1]);
  if (small_blind <= 0 || game.BigBlind() <= 0) {
    return absl::InvalidArgumentError("bot style pushfold needs a small and a big blind");
  }
  return absl::OkStatus();
}

PushFoldBot::PushFoldBot(const poker::GameDef& game, double stack_bb, double shove_equity,
                         int trials, uint32_t seed, bool hand_draws)
    : ranges_(&SharedPushFoldRanges(
          stack_bb, std::min(game.blind[0], game.blind[1]) / static_cast<double>(game.BigBlind()))),
      shove_equity_(shove_equity),
      trials_(trials),
      big_blind_(game.BigBlind()),
      equity_(game),
      seed_(0x9F0DULL << 32 | seed),
      rng_(seed_),
      hand_draws_(hand_draws) {}

Action PushFoldBot::AllIn(const State& state) const {
  int32_t min_to = 0;
  int32_t max_to = 0;
  return state.RaiseRange(&min_to, &max_to) ? Action::Raise(max_to) : Action::Call();
}

Action PushFoldBot::Act(const poker::MatchState& view) {
  const State& state = view.state;
  if (hand_draws_) rng_.Seed(poker::DrawSeed(seed_, state.hand_number(), state.ActionsSoFar()));
  const Card hole[2] = {state.hole_card(view.viewer, 0), state.hole_card(view.viewer, 1)};
  if (state.round() == 0) {
    const int cls = ClassOf(hole[0], hole[1]);
    if (state.max_spent() <= big_blind_) {
      // Only the blinds so far: first in (something to call) or the big blind after a limp.
      if (ranges_->push[cls]) return AllIn(state);
      return state.CanFold() ? Action::Fold() : Action::Call();
    }
    // Facing a raise of any size: the calling range goes all-in (calls an all-in).
    return ranges_->call[cls] ? AllIn(state) : Action::Fold();
  }
  Card board[poker::kMaxBoardCards];
  const int board_size = state.NumBoardCardsVisible();
  for (int i = 0; i < board_size; ++i) board[i] = state.board_card(i);
  const double equity = equity_.Equity(absl::MakeConstSpan(hole, 2),
                                       absl::MakeConstSpan(board, board_size), 1, trials_, &rng_);
  if (equity >= shove_equity_) return AllIn(state);
  return state.CanFold() ? Action::Fold() : Action::Call();
}

}  // namespace bots
