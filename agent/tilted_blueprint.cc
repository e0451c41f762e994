#include "agent/tilted_blueprint.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "poker/hand_strength.h"
#include "poker/rng.h"
#include "solver/betting_tree.h"

namespace agent {
namespace {

// The step in the floor's log-odds for its derivative by central differences.
constexpr double kFloorStep = 0.05;

using poker::Action;
using poker::State;

// Calls f(state before, action) for every action of `player` in `s` from the `skip`-th action of
// the hand on; returns the number of actions replayed.
template <typename F>
int Replay(const State& s, int player, int skip, F&& f) {
  State replay(s.game(), s.hand_number());
  for (int p = 0; p < s.game().num_players; ++p) {
    for (int i = 0; i < s.game().num_hole_cards; ++i) replay.set_hole_card(p, i, s.hole_card(p, i));
  }
  for (int i = 0; i < poker::kMaxBoardCards; ++i) replay.set_board_card(i, s.board_card(i));
  int index = 0;
  for (int r = 0; r <= s.round() && r < s.game().num_rounds; ++r) {
    for (int i = 0; i < s.num_actions(r); ++i, ++index) {
      const Action& a = s.action(r, i);
      if (index >= skip && s.actor(r, i) == player) f(replay, a);
      if (!replay.Apply(a).ok()) return index + 1;
    }
  }
  return index;
}

// The all-in among `candidates` for the player to act in `state` when it is one of two raise
// sizes or more (the size tilt splits raising between it and the others), else -1.
int SizedAllin(const State& state, const std::vector<Action>& candidates) {
  const int32_t stack = state.game().stack[state.CurrentPlayer()];
  int allin = -1;
  int raises = 0;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (candidates[i].type != poker::ActionType::kRaise) continue;
    ++raises;
    if (candidates[i].raise_to >= stack) allin = static_cast<int>(i);
  }
  return raises >= 2 ? allin : -1;
}

// Splits every pair's raising between the all-in candidate `allin` and the other raises by
// `shift` (TiltOptions::size_prior).
void ShiftAllin(const std::vector<Action>& candidates, int allin, double shift,
                absl::Span<PairProbs> probs) {
  const int count = static_cast<int>(candidates.size());
  for (int h = 0; h < poker::kNumPairs; ++h) {
    float raising = 0;
    for (int i = 0; i < count; ++i) {
      if (candidates[i].type == poker::ActionType::kRaise) raising += probs[i][h];
    }
    const float old_allin = probs[allin][h];
    const float others = raising - old_allin;
    if (raising <= 0 || others <= 0) continue;
    const double share = old_allin / raising;
    const double wanted = shift >= 0 ? share + shift * (1 - share) : share * (1 + shift);
    const float new_allin = static_cast<float>(wanted * raising);
    const float scale = (raising - new_allin) / others;
    for (int i = 0; i < count; ++i) {
      if (candidates[i].type == poker::ActionType::kRaise) probs[i][h] *= scale;
    }
    probs[allin][h] = new_allin;
  }
}

// The first candidate of kind `k` (its tilt factor is the kind's), or 0 when there is none.
int FirstOfKind(const std::array<int, kMaxTiltCandidates>& kind, int count, int k) {
  for (int i = 0; i < count; ++i) {
    if (kind[i] == k) return i;
  }
  return 0;
}

}  // namespace

int TiltKindOf(const Action& a) {
  return a.type == poker::ActionType::kFold ? 0 : a.type == poker::ActionType::kCall ? 1 : 2;
}

int TiltClassOf(const State& s) {
  const int round = std::clamp(s.round(), 0, poker::kMaxRounds - 1);
  const int facing = s.AmountToCall() <= 0 ? 0 : s.num_raises(s.round()) >= 2 ? 2 : 1;
  return round * kTiltClassesPerRound + facing;
}

bool TiltedBlueprint::Prepare(const State& state) {
  // The board's buckets need its cards: a state that does not show them is left out.
  for (int i = 0; i < state.NumBoardCardsVisible(); ++i) {
    if (state.board_card(i) >= poker::kNumCards) return false;
  }
  const solver::BettingTree& tree = blueprint_.tree();
  poker::Rng translation(translation_seed_ * 0x9E3779B97F4A7C15ULL + state.hand_number());
  bool in_tree = false;
  int n = tree.MapHistory(state, &translation, &in_tree);
  if (!in_tree || tree.node(n).player != state.CurrentPlayer() ||
      tree.node(n).round != state.round()) {
    n = tree.NearestNode(state);
  }
  candidates_.clear();
  if (n < 0) return false;
  node_ = &tree.node(n);
  edges_ = std::min<int>(node_->num_actions, kMaxEdges);
  for (int e = 0; e < edges_; ++e) {
    Action real = solver::BettingTree::RealAction(tree.edge(node_->first_child + e), state);
    if (!state.IsLegal(real)) real = Action::Call();
    real = state.Normalize(real);
    int index = -1;
    for (size_t i = 0; i < candidates_.size(); ++i) {
      if (candidates_[i] == real) index = static_cast<int>(i);
    }
    if (index < 0 && static_cast<int>(candidates_.size()) < kMaxTiltCandidates) {
      index = static_cast<int>(candidates_.size());
      candidates_.push_back(real);
    }
    target_[e] = std::max(index, 0);
  }
  return !candidates_.empty();
}

int TiltedBlueprint::CandidateFor(const Action& action) const {
  int best = -1;
  for (size_t i = 0; i < candidates_.size(); ++i) {
    if (candidates_[i].type != action.type) continue;
    if (best < 0 || std::abs(candidates_[i].raise_to - action.raise_to) <
                        std::abs(candidates_[best].raise_to - action.raise_to)) {
      best = static_cast<int>(i);
    }
  }
  if (best < 0) {
    for (size_t i = 0; i < candidates_.size(); ++i) {
      if (candidates_[i].type == poker::ActionType::kCall) best = static_cast<int>(i);
    }
  }
  return std::max(best, 0);
}

const TiltedBlueprint::BoardCards& TiltedBlueprint::Cards(const State& state) {
  const int round = state.round();
  const int visible = state.game().BoardCardsThrough(round);
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  uint64_t key = uint64_t{1} << 63 | uint64_t(round) << 52;
  for (int i = 0; i < visible; ++i) {
    board[i] = state.board_card(i);
    key |= uint64_t{1} << board[i];
  }
  auto [it, added] = buckets_.try_emplace(key);
  if (added) {
    const absl::Span<const poker::Card> seen = absl::MakeConstSpan(board.data(), visible);
    BoardCards& cards = it->second;
    blueprint_.cards().AllPairsBuckets(round, seen, absl::MakeSpan(cards.buckets));
    // Strength classes: terciles of the live pairs ranked by hand strength on this board.
    std::array<float, poker::kNumPairs> hs;
    poker::AllPairsHandStrength(seen, &hs);
    std::array<int, poker::kNumPairs> order;
    int live = 0;
    for (int h = 0; h < poker::kNumPairs; ++h) {
      cards.strength[h] = -1;
      if (cards.buckets[h] >= 0 && hs[h] >= 0) order[live++] = h;
    }
    std::stable_sort(order.begin(), order.begin() + live,
                     [&](int a, int b) { return hs[a] < hs[b]; });
    for (int r = 0; r < live; ++r) {
      cards.strength[order[r]] = static_cast<int8_t>(r * kTiltStrengths / live);
    }
  }
  return it->second;
}

double TiltedBlueprint::FloorAt(double floor_shift) const {
  const double f = std::clamp(options_.floor, 1e-6, 1 - 1e-6);
  const double logit = std::log(f / (1 - f)) + floor_shift;
  return std::clamp(1 / (1 + std::exp(-logit)), std::min(options_.min_floor, f),
                    std::max(options_.max_floor, f));
}

void TiltedBlueprint::Probabilities(const State& state, const TiltTheta* theta,
                                    absl::Span<PairProbs> probs, double floor_shift,
                                    double allin_shift) {
  const BoardCards& cards = Cards(state);
  const int count = static_cast<int>(candidates_.size());
  std::array<int, kMaxTiltCandidates> kind{};
  for (int i = 0; i < count; ++i) kind[i] = TiltKindOf(candidates_[i]);
  // The tilt factor of each strength class and candidate: exp(theta) of its kind.
  std::array<std::array<float, kMaxTiltCandidates>, kTiltStrengths> tilt{};
  for (int j = 0; j < kTiltStrengths; ++j) {
    std::array<float, kTiltKinds> factor{1.0f, 1.0f, 1.0f};
    if (theta != nullptr) {
      for (int k = 0; k < kTiltKinds; ++k) factor[k] = static_cast<float>(std::exp((*theta)[j][k]));
    }
    for (int i = 0; i < count; ++i) tilt[j][i] = factor[kind[i]];
  }
  const double floor = FloorAt(floor_shift);
  const float keep = static_cast<float>(1 - floor) / 255.0f;
  const float spread = static_cast<float>(floor) / count;
  // The candidates whose tilt factors stand for folding and raising (nested form).
  const int first_fold = FirstOfKind(kind, count, 0);
  const int first_raise = FirstOfKind(kind, count, 2);
  for (int h = 0; h < poker::kNumPairs; ++h) {
    if (cards.buckets[h] < 0 || cards.strength[h] < 0) {
      for (int i = 0; i < count; ++i) probs[i][h] = 0;
      continue;
    }
    const std::array<float, kMaxTiltCandidates>& t = tilt[cards.strength[h]];
    const uint8_t* w = blueprint_.At(*node_, cards.buckets[h]);
    std::array<float, kMaxTiltCandidates> p{};
    for (int e = 0; e < edges_; ++e) p[target_[e]] += w[e] * keep;
    if (options_.nested) {
      // Fold against continuing, then raise against call among the continuing: t[fold] and
      // t[raise] scale the odds of each step.
      std::array<float, kTiltKinds> mass{};
      for (int i = 0; i < count; ++i) {
        p[i] += spread;
        mass[kind[i]] += p[i];
      }
      const float folded = mass[0] * (theta == nullptr ? 1.0f : t[first_fold]);
      const float go_on = mass[1] + mass[2];
      const float z = folded + go_on;
      const float raise_t = theta == nullptr ? 1.0f : t[first_raise];
      const float on = go_on / z / (mass[1] + mass[2] * raise_t);
      const float fold_scale = mass[0] > 0 ? folded / z / mass[0] : 0.0f;
      for (int i = 0; i < count; ++i) {
        probs[i][h] = kind[i] == 0   ? p[i] * fold_scale
                      : kind[i] == 1 ? p[i] * on
                                     : p[i] * raise_t * on;
      }
      continue;
    }
    float sum = 0;
    for (int i = 0; i < count; ++i) {
      p[i] = (p[i] + spread) * t[i];
      sum += p[i];
    }
    const float inv = 1.0f / sum;
    for (int i = 0; i < count; ++i) probs[i][h] = p[i] * inv;
  }
  if (allin_shift != 0) {
    const int allin = SizedAllin(state, candidates_);
    if (allin >= 0) ShiftAllin(candidates_, allin, allin_shift, probs);
  }
}

void TiltedBlueprint::StartRange(const State& state, int me, int board_cards, Range* range) {
  StartRange(state, poker::PairCards{state.hole_card(me, 0), state.hole_card(me, 1)}, board_cards,
             range);
}

void TiltedBlueprint::StartRange(const State& state, poker::PairCards hole, int board_cards,
                                 Range* range) {
  uint64_t dead = (uint64_t{1} << hole.low) | (uint64_t{1} << hole.high);
  for (int i = 0; i < board_cards; ++i) dead |= uint64_t{1} << state.board_card(i);
  range->Fill(1.0f);
  range->RemoveConflicts(poker::CardSet(dead));
}

int TiltedBlueprint::ReadActions(const State& state, int opponent, const OpponentTilt& tilt,
                                 int skip, Range* range) {
  return Replay(state, opponent, skip, [&](const State& before, const Action& action) {
    if (!Prepare(before)) return;
    const int count = static_cast<int>(candidates_.size());
    const int cls = TiltClassOf(before);
    const TiltTheta theta = tilt.Theta(cls);
    Probabilities(before, &theta, absl::MakeSpan(scratch_.data(), count), tilt.FloorShift(cls),
                  tilt.AllinShift(cls));
    range->Multiply(scratch_[CandidateFor(action)]);
    range->Normalize();
  });
}

void TiltedBlueprint::FitHand(const State& final_state, int me, int opponent, OpponentTilt* tilt) {
  const int shown =
      final_state.HoleCardsKnown(opponent)
          ? poker::PairIndex(final_state.hole_card(opponent, 0), final_state.hole_card(opponent, 1))
          : -1;
  Range range;
  StartRange(final_state, me, final_state.NumBoardCardsVisible(), &range);
  // The gradients are taken with theta as it was during the hand, then applied together, each
  // strength class's with its share of the evidence (the posterior weight of its pairs).
  struct Step {
    int cls;
    std::array<double, kTiltStrengths> share;
    TiltTheta gradient;
    double floor_gradient;  // of the floor's log-odds
  };
  std::vector<Step> steps;
  Replay(final_state, opponent, 0, [&](const State& before, const Action& action) {
    if (!Prepare(before)) return;
    const int cls = TiltClassOf(before);
    const int count = static_cast<int>(candidates_.size());
    const TiltTheta theta = tilt->Theta(cls);
    const double shift = tilt->FloorShift(cls);
    const double allin_shift = tilt->AllinShift(cls);
    Probabilities(before, &theta, absl::MakeSpan(scratch_.data(), count), shift, allin_shift);
    if (options_.fit_floor) {  // at the floor's log-odds +- kFloorStep, for its derivative
      Probabilities(before, &theta, absl::MakeSpan(plain_.data(), count), shift + kFloorStep,
                    allin_shift);
      Probabilities(before, &theta, absl::MakeSpan(minus_.data(), count), shift - kFloorStep,
                    allin_shift);
    }
    const BoardCards& cards = Cards(before);
    const int taken = CandidateFor(action);
    const int kind = TiltKindOf(candidates_[taken]);
    if (options_.size_prior > 0 && kind == 2 && before.round() > 0) {
      CountSize(before, cls, theta, shift, allin_shift, shown, range, taken, tilt);
    }
    std::array<int, kMaxTiltCandidates> kind_of{};
    std::array<bool, kTiltKinds> available{};
    for (int i = 0; i < count; ++i) {
      kind_of[i] = TiltKindOf(candidates_[i]);
      available[kind_of[i]] = true;
    }
    // d log P(action) / d theta[j][k] = sum over pairs h of class j of post(h) ([k taken] -
    // P(kind k | h)), post the posterior over pairs (the range weighed by each pair's
    // probability of the action; all on the shown pair when there is one). Nested: the fold term
    // has post(h) ([fold taken] - P(fold | h)) where folding was possible, the raise term
    // post(h) ([raise taken] - P(raise | h, not fold)) where the action was a call or a raise and
    // both were possible. The floor's: d log P(action) / d lambda by central differences.
    Step step{cls, {}, {}, 0};
    std::array<std::array<double, kTiltKinds>, kTiltStrengths> expected{};
    double floor_sum = 0;
    auto add = [&](int h, double w) {
      const int j = cards.strength[h];
      if (j < 0 || w <= 0) return;
      step.share[j] += w;
      std::array<double, kTiltKinds> by_kind{};
      for (int i = 0; i < count; ++i) by_kind[kind_of[i]] += scratch_[i][h];
      if (!options_.nested) {
        for (int k = 0; k < kTiltKinds; ++k) expected[j][k] += w * by_kind[k];
      } else {
        if (available[0]) expected[j][0] += w * by_kind[0];
        const double on = by_kind[1] + by_kind[2];
        if (kind != 0 && available[1] && available[2] && on > 0) {
          expected[j][2] += w * by_kind[2] / on;
        }
      }
      if (!options_.fit_floor) return;
      floor_sum += w *
                   (std::log(std::max(plain_[taken][h], 1e-9f)) -
                    std::log(std::max(minus_[taken][h], 1e-9f))) /
                   (2 * kFloorStep);
    };
    if (shown >= 0) {
      add(shown, 1.0);
    } else {
      for (int h = 0; h < poker::kNumPairs; ++h) add(h, range.weight(h) * scratch_[taken][h]);
    }
    double total = 0;
    for (double w : step.share) total += w;
    if (total <= 0) return;
    step.floor_gradient = floor_sum / total;
    for (int j = 0; j < kTiltStrengths; ++j) {
      step.share[j] /= total;
      for (int k = 0; k < kTiltKinds; ++k) {
        bool used = available[k];
        if (options_.nested) {  // the fold step, and the raise step of a call or raise
          used = k == 0 ? available[0] : k == 2 && kind != 0 && available[1] && available[2];
        }
        if (used) {
          step.gradient[j][k] = step.share[j] * (k == kind ? 1.0 : 0.0) - expected[j][k] / total;
        }
      }
    }
    steps.push_back(step);
    range.Multiply(scratch_[taken]);
    range.Normalize();
  });
  for (const Step& step : steps) {
    for (int j = 0; j < kTiltStrengths; ++j) {
      const double own_rate =
          options_.rate *
          std::sqrt(options_.half / (options_.half + tilt->class_decisions[step.cls][j]));
      const double shared_rate =
          options_.rate * std::sqrt(options_.half / (options_.half + tilt->class_total[j]));
      for (int k = 0; k < kTiltKinds; ++k) {
        double& own = tilt->own[step.cls][j][k];
        double& shared = tilt->shared[j][k];
        own += own_rate * (step.gradient[j][k] - options_.decay * step.share[j] * own);
        shared += shared_rate * (step.gradient[j][k] - options_.decay * step.share[j] * shared);
      }
      tilt->class_decisions[step.cls][j] += step.share[j];
      tilt->class_total[j] += step.share[j];
    }
    if (options_.fit_floor) {
      const double own_rate =
          options_.rate * std::sqrt(options_.half / (options_.half + tilt->decisions[step.cls]));
      const double shared_rate =
          options_.rate * std::sqrt(options_.half / (options_.half + tilt->total));
      double& own = tilt->floor_own[step.cls];
      own += own_rate * (step.floor_gradient - options_.decay * own);
      tilt->floor_shared +=
          shared_rate * (step.floor_gradient - options_.decay * tilt->floor_shared);
    }
    tilt->decisions[step.cls] += 1;
    tilt->total += 1;
  }
  if (options_.size_prior > 0) {
    for (int f = 0; f < 2; ++f) {
      const double n = tilt->sized_raises[f];
      if (n <= 0) continue;
      // The blueprint's share, and the opponent's shrunk toward it by size_prior raises.
      const double expected = std::clamp(tilt->expected_allins[f] / n, 1e-6, 1 - 1e-6);
      const double seen =
          (tilt->sized_allins[f] + options_.size_prior * expected) / (n + options_.size_prior);
      tilt->allin_shift[f] =
          seen >= expected ? (seen - expected) / (1 - expected) : seen / expected - 1;
    }
  }
}

void TiltedBlueprint::CountSize(const State& before, int cls, const TiltTheta& theta,
                                double floor_shift, double allin_shift, int shown,
                                const Range& range, int taken, OpponentTilt* tilt) {
  const int allin = SizedAllin(before, candidates_);
  if (allin < 0) return;
  const int count = static_cast<int>(candidates_.size());
  // The blueprint's all-in share of each pair's raising, over the pairs the opponent may have
  // held as the model (with the size tilt) reads its raise: the shown pair, or its range.
  // Without a shift yet, scratch_ holds that split already.
  if (allin_shift != 0) {
    Probabilities(before, &theta, absl::MakeSpan(unsized_.data(), count), floor_shift);
  }
  const std::array<PairProbs, kMaxTiltCandidates>& unsized = allin_shift != 0 ? unsized_ : scratch_;
  const auto share = [&](int h) {
    double raising = 0;
    for (int i = 0; i < count; ++i) {
      if (candidates_[i].type == poker::ActionType::kRaise) raising += unsized[i][h];
    }
    return raising > 0 ? unsized[allin][h] / raising : 0.0;
  };
  double expected = 0;
  if (shown >= 0) {
    expected = share(shown);
  } else {
    double total = 0;
    for (int h = 0; h < poker::kNumPairs; ++h) {
      double raising = 0;
      for (int i = 0; i < count; ++i) {
        if (candidates_[i].type == poker::ActionType::kRaise) raising += scratch_[i][h];
      }
      const double w = range.weight(h) * raising;
      if (w <= 0) continue;
      total += w;
      expected += w * share(h);
    }
    if (total <= 0) return;
    expected /= total;
  }
  const int f = cls % kTiltClassesPerRound == 0 ? 0 : 1;
  tilt->sized_raises[f] += 1;
  tilt->sized_allins[f] += taken == allin ? 1 : 0;
  tilt->expected_allins[f] += expected;
}

}  // namespace agent
