#include "agent/search_discipline.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include "poker/rng.h"

namespace agent {
namespace {

// The opponent defending at the minimum against an overbet gives way to the model as its folds
// to our smaller bets fall: the share is shrunk by kDefendsPrior answers of which
// kDefendsPriorFolds folded, and the way is whole kDefendsGiveWay under the threshold.
constexpr double kDefendsPrior = 10;
constexpr double kDefendsPriorFolds = 0.45;
constexpr double kDefendsGiveWay = 0.1;

}  // namespace

using poker::Action;
using poker::State;

void RootDiscipline::Apply(const Inputs& in, const State& s, int opponent, poker::PairCards hole,
                           SearchOptions* options) {
  const SearchPolicyParams& params = *in.params;
  TiltedBlueprint* model = in.model;
  const solver::CfrDecider& decider = *in.decider;
  const Range& our_range = *in.our_range;
  const Range& opponent_range = *in.opponent_range;
  const BetEvidence& answered = *in.answered;
  const BetEvidence& folded = *in.folded;
  const BetEvidence& made = *in.made;
  options->root_candidates.clear();
  options->root_robust.clear();
  // Limit bets are at most a pot: limit play is left as it was measured.
  if (params.robust_k <= 0 || s.round() == 0 || !s.game().is_no_limit() || !model->Prepare(s)) {
    return;
  }
  const std::vector<Action> all = CandidateActions(s, options->our_fractions, options->max_raises);
  const int count = static_cast<int>(model->candidates().size());
  // The blueprint's own probabilities for our hand (the floor at its least).
  model->Probabilities(s, nullptr, absl::MakeSpan(our_probs_.data(), count), -40);
  const int ours = poker::PairIndex(hole.low, hole.high);
  const int faced = FacedBetClass(s, opponent);
  const bool unknown_overbet =
      faced >= 0 && faced % kSizeClasses >= 2 && made[faced] < params.robust_k;
  // Overbets (1.5 pots or more) need the anchor's own support, as it plays (e.g. purified):
  // the mixed strategy keeps a little all-in mass in many buckets, the played one does not.
  const poker::Card cards[2] = {hole.low, hole.high};
  std::optional<solver::StrategyAtState> anchor;  // looked up at the first overbet only
  const auto played_support = [&](const Action& raise) {
    if (!anchor.has_value()) anchor = decider.Strategy(s, cards);
    const solver::StrategyAtState& played = *anchor;
    double best = 0;
    int32_t nearest = -1;
    for (size_t i = 0; i < played.actions.size(); ++i) {
      const Action& b = played.actions[i];
      if (b.type != poker::ActionType::kRaise) continue;
      const int32_t distance = std::abs(b.raise_to - raise.raise_to);
      if (nearest < 0 || distance < nearest) {
        nearest = distance;
        best = played.played[i];
      } else if (distance == nearest) {
        best += played.played[i];
      }
    }
    return best;
  };
  // An opponent seen calling our bets with weak hands (a bot that calls with anything) is not
  // the best response: that response gives way to the model as the share of its weak calls
  // passes search_loose (shrunk by kLoosePrior calls of none while the evidence is thin).
  const double loose = in.loose;
  const bool search_unproven = params.unproven == 1 || (params.unproven == 2 && loose > 0);
  std::vector<int> proven;    // raises of a class this opponent has answered often enough
  std::vector<int> unproven;  // the others
  bool unproven_overbet = false;
  for (const Action& a : all) {
    const bool overbet = a.type == poker::ActionType::kRaise && BetClass(s, a) % kSizeClasses >= 2;
    const bool supported = overbet ? played_support(a) >= params.min_support
                                   : our_probs_[model->CandidateFor(a)][ours] >= params.min_support;
    if (a.type == poker::ActionType::kRaise && !supported) {
      if (unknown_overbet) continue;
      if (answered[BetClass(s, a)] >= params.robust_k) {
        proven.push_back(options->root_candidates.size());
      } else if (search_unproven) {
        unproven.push_back(options->root_candidates.size());
        unproven_overbet = unproven_overbet || overbet;
      } else {
        continue;
      }
    } else if (unknown_overbet && !supported) {
      continue;
    }
    options->root_candidates.push_back(a);
  }
  // Our hand's mass may sit on actions that merge in the real state: keep every candidate then.
  if (options->root_candidates.empty()) {
    options->root_candidates = all;
    return;
  }
  if (proven.empty() && unproven.empty()) return;
  model->Probabilities(s, nullptr, absl::MakeSpan(our_probs_.data(), count));
  const int known = s.NumBoardCardsVisible();
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  uint64_t board_mask = 0;
  for (int i = 0; i < known; ++i) {
    board[i] = s.board_card(i);
    board_mask |= uint64_t{1} << board[i];
  }
  range_board_.Prepare(board.data(), known, static_cast<int>(params.robust_runouts),
                       poker::MixSeeds(options->seed, board_mask));
  options->root_robust.resize(options->root_candidates.size());
  PairProbs betting;
  PairProbs equity;
  // A best response to the range whose equities `equity` holds: it calls `raise` with the
  // pairs whose equity beats its price (what it adds to call over the pot once it has called).
  const auto best_response = [&](const Action& raise, double confidence) {
    SearchOptions::RobustResponse response;
    response.confidence = confidence;
    const double odds = (raise.raise_to - s.spent(opponent)) / (2.0 * raise.raise_to);
    for (int h = 0; h < poker::kNumPairs; ++h) {
      response.continues[h] = equity[h] >= odds ? 1.0f : 0.0f;
    }
    return response;
  };
  // An opponent folding our smaller bets after the flop far less often than a minimum defender
  // does (a third to a half of the time) will not defend at the minimum against an overbet
  // either: that opponent gives way to the model as its shrunk share of folds falls under
  // search_unproven_defends_folds (the equilibrium-style opponents folded 0.43-0.53 of such bets
  // on the tuning seed, the loose callers 0-0.32).
  const double small_folds = (folded[0] + folded[1] + kDefendsPrior * kDefendsPriorFolds) /
                             (answered[0] + answered[1] + kDefendsPrior);
  const double calls_loosely =
      std::clamp((params.unproven_defends_folds - small_folds) / kDefendsGiveWay, 0.0, 1.0);
  const double defends_way = std::max(loose, calls_loosely);
  const bool defends = params.unproven_defends != 0 && defends_way < 1 && unproven_overbet;
  // The opponent as it has answered such raises (proven raises), or defending at the minimum
  // (overbets without evidence): it folds the share `folds` of its range (by weight), its pairs
  // of least equity against our betting range (`equity`, sorted into `order` by sort_by_equity),
  // and goes on with the others. The model's tilt is not by size: its folds to an overbet stay
  // the blueprint's (over-folding, in blueprints of our family), however often this opponent has
  // called them. Its pairs (those our cards do not block) and their weight, the same for every
  // raise.
  std::vector<int> pairs;
  double total = 0;
  if ((params.observed != 0 && !proven.empty()) || defends) {
    for (int h = 0; h < poker::kNumPairs; ++h) {
      const poker::PairCards pair = poker::PairFromIndex(h);
      const bool blocked = pair.low == hole.low || pair.low == hole.high || pair.high == hole.low ||
                           pair.high == hole.high;
      if (blocked || opponent_range.weight(h) <= 0) continue;
      pairs.push_back(h);
      total += opponent_range.weight(h);
    }
  }
  std::vector<int> order;
  const auto sort_by_equity = [&] {
    order = pairs;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return equity[a] < equity[b]; });
  };
  const auto folding_weakest = [&](double folds, double confidence) {
    SearchOptions::RobustResponse response;
    response.confidence = confidence;
    double left = folds * total;  // weight still to fold
    for (int h : order) {
      const double w = opponent_range.weight(h);
      const double fold = std::clamp(left / w, 0.0, 1.0);
      response.continues[h] = static_cast<float>(1 - fold);
      left -= fold * w;
    }
    return response;
  };
  for (int i : proven) {
    const Action& raise = options->root_candidates[i];
    const int size_class = BetClass(s, raise);
    const double n = answered[size_class];
    const PairProbs& p = our_probs_[model->CandidateFor(raise)];
    for (int h = 0; h < poker::kNumPairs; ++h) betting[h] = our_range.weight(h) * p[h];
    range_board_.Equity(betting, &equity);
    options->root_robust[i].responses = {best_response(raise, n / (n + params.robust_k))};
    if (params.observed != 0) {
      sort_by_equity();
      options->root_robust[i].responses.push_back(folding_weakest(folded[size_class] / n, 0));
    }
  }
  if (unproven.empty()) return;
  // A raise with no betting range of its own behind it: the best response calls with the pairs
  // that beat, at the price, every hand with which the blueprint raises here (our whole range
  // if it hardly raises), and the raise is worth the least of its values against the model,
  // that best response and an opponent that never folds: a bluff is not valued by folds the
  // model merely predicts, a value bet not by calls from worse hands only.
  std::vector<int> raising;  // the model's raise candidates
  for (int c = 0; c < count; ++c) {
    if (model->candidates()[c].type == poker::ActionType::kRaise) raising.push_back(c);
  }
  double mass = 0;
  double whole = 0;
  for (int h = 0; h < poker::kNumPairs; ++h) {
    whole += our_range.weight(h);
    double raises = 0;
    for (int c : raising) raises += our_probs_[c][h];
    betting[h] = our_range.weight(h) * raises;
    mass += betting[h];
  }
  if (mass < 0.05 * whole) {
    for (int h = 0; h < poker::kNumPairs; ++h) betting[h] = our_range.weight(h);
  }
  range_board_.Equity(betting, &equity);
  SearchOptions::RobustResponse never_folds;
  never_folds.confidence = 0;
  never_folds.continues.fill(1.0f);
  // Against an opponent that folds to such a raise the least of its values is about the pot, as
  // checking's is: it must beat the others by search_unproven_margin pots.
  const double handicap = params.unproven_margin * std::max<int32_t>(s.pot(), 1);
  // The pot the opponent wins by folding once we have matched its bet: our bet of `raise` must
  // be called by the share pot / (pot + bet) of its range, else our bluffs profit whatever we hold.
  const double matched = s.pot() + s.spent(opponent) - s.spent(s.CurrentPlayer());
  if (defends) sort_by_equity();  // the same equities for every raise without evidence
  for (int i : unproven) {
    SearchOptions::RootRobust& robust = options->root_robust[i];
    const Action& raise = options->root_candidates[i];
    robust.responses = {SearchOptions::RobustResponse{}, never_folds};
    // Wholly given way (loose 1), the best response is the model itself: left out.
    if (params.unproven_best_response != 0 && loose < 1) {
      robust.responses.push_back(best_response(raise, loose));
    }
    // An overbet (an all-in into a small pot, say) is also valued against an opponent that goes
    // on with no more than it must: its best pairs against the blueprint's raising range, the
    // share that keeps a bluff from profiting. The best response above calls with every pair that
    // beats that range at the price, which for a huge bet into a small pot is most of its range
    // when the blueprint's raising range is weak, and a top pair's shove looks like a value bet;
    // an opponent defending at the minimum calls it only with what beats it.
    if (defends && BetClass(s, raise) % kSizeClasses >= 2) {
      const double bet = raise.raise_to - s.spent(opponent);
      robust.responses.push_back(folding_weakest(bet / (matched + bet), defends_way));
    }
    robust.handicap = handicap;
  }
}

}  // namespace agent
