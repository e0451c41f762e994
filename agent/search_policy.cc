// The agent's `search` policy (`agent --policy search`, `agent:policy=search` in the arena):
// heads-up, the model search of agent/search.h against the one opponent still in, with the
// opponent modelled as the bundled blueprint tilted toward what this opponent has been seen to do
// (a data-biased response, SPEC 13): at every node of the search, on every street, each pair's
// action probabilities are the blueprint's for the pair's bucket on that (real or sampled) board,
// multiplied by exp(theta[class][kind]) (agent/tilted_blueprint.h) and renormalised, where kind is
// fold, call or raise and class the street and how many raises the player faces; theta starts at 0
// (the blueprint exactly) and is fitted online to the opponent's actions in this match (a gradient
// step on the log-likelihood of each hand's actions, with its cards when shown). The opponent's
// range is read with the same model. Our root action is the blueprint's own, unless the search
// values another candidate higher by a margin that shrinks as the opponent's decisions accumulate
// (by default in no-limit a margin no gain passes while the opponent's fitted play stays near the
// blueprint's: the blueprint's action against an opponent the model cannot tell from it).
// Games of three or more players (multiway pots, and heads-up pots at such tables, for which no
// blueprint is bundled): the multiway search of agent/multiway_search.h against every opponent
// still in, each modelled by the hand reader (its own pattern tree learned in this match, backed
// off to the population model), anchored on the `fold` policy's action (below). No blueprint for
// a heads-up game, or no reading: the `fold` policy. Heads-up games other than hold'em (Kuhn,
// Leduc, which have bundled blueprints that are nearly their equilibria): the blueprint's action.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "acpc/acpc_client.h"
#include "agent/bet_evidence.h"
#include "agent/hand_reader.h"
#include "agent/multiway_search.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "agent/range_equity.h"
#include "agent/river_solver.h"
#include "agent/search.h"
#include "agent/search_discipline.h"
#include "agent/search_internal.h"
#include "agent/search_params.h"
#include "agent/tilted_blueprint.h"
#include "poker/file_io.h"
#include "poker/rng.h"
#include "solver/cfr_player.h"
#include "solver/holdem_buckets.h"

namespace agent {
namespace {

// The index of the candidate of `action`'s type nearest to it in size, or -1 when no candidate
// has its type.
int NearestCandidate(const std::vector<poker::Action>& candidates, const poker::Action& action) {
  int nearest = -1;
  for (size_t i = 0; i < candidates.size(); ++i) {
    const poker::Action& a = candidates[i];
    if (a.type != action.type) continue;
    if (nearest < 0 || std::abs(a.raise_to - action.raise_to) <
                           std::abs(candidates[nearest].raise_to - action.raise_to)) {
      nearest = static_cast<int>(i);
    }
  }
  return nearest;
}

using poker::Action;
using poker::State;

// search_loose: the shown calls of none that shrink the share of weak calls while evidence is
// thin, and the rise of that share over which the best response gives way wholly to the model.
constexpr double kLoosePrior = 10;
constexpr double kLooseWidth = 0.1;

// The share of an opponent's shown continues to our bets made with weak hands, shrunk by
// kLoosePrior continues of none: compared with search_loose.
double LooseShare(const CallEvidence& shown) { return shown.weak / (shown.calls + kLoosePrior); }

// The search's view of the opponent: the tilted blueprint at every node.
class TiltedOpponentModel : public OpponentActionModel {
 public:
  TiltedOpponentModel(TiltedBlueprint* model, const OpponentTilt& tilt)
      : model_(model), tilt_(tilt) {}

  bool Candidates(const State& state, std::vector<Action>* actions) override {
    prepared_ = model_->Prepare(state);
    if (prepared_) *actions = model_->candidates();
    return prepared_;
  }

  void Probabilities(const State& state, int position, absl::Span<const Action> actions,
                     absl::Span<PairProbs> probs, double* confidence) override {
    (void)position;
    *confidence = 1;
    if (!prepared_ || actions.size() != model_->candidates().size()) {
      for (size_t i = 0; i < actions.size(); ++i) probs[i].fill(1.0f);  // no node: uniform
      return;
    }
    prepared_ = false;
    const int cls = TiltClassOf(state);
    const TiltTheta theta = tilt_.Theta(cls);
    model_->Probabilities(state, &theta, probs, tilt_.FloorShift(cls), tilt_.AllinShift(cls));
  }

 private:
  TiltedBlueprint* model_;
  const OpponentTilt& tilt_;
  bool prepared_ = false;
};

class SearchPolicy : public Policy {
 public:
  explicit SearchPolicy(const PolicyParams& params)
      : params_(ParamsFrom(params)), fallback_(params, /*uniform=*/false) {}

  std::string name() const override { return "search"; }
  bool wants_bet_outcomes() const override { return true; }  // for the multiway fallback
  // Multiway (and in every pot of a 3+ player game) the `fold` policy's action is the anchor,
  // and it reads the equity; outside hold'em too (the equity is cheap there, exact in the small
  // games, and the `fold` fallback reads it).
  bool wants_equity_for(int opponents_in) const override {
    return opponents_in > 1 || num_players_ > 2 || !holdem_;
  }
  void SetGame(const poker::GameDef& game) override { holdem_ = game.IsHoldemCards(); }
  // A blueprint named by search_strategy must be of the match's game (else the search used to
  // drop it silently and the `fold` policy decided every hand).
  absl::Status CheckGame(const poker::GameDef& game) const override {
    if (params_.strategy.empty() || params_.strategy == "none") return absl::OkStatus();
    absl::StatusOr<std::shared_ptr<const solver::Blueprint>> loaded =
        solver::LoadSharedBlueprint(params_.strategy, &game);
    if (loaded.ok()) return absl::OkStatus();
    return poker::FileDataFailure(absl::Status(
        loaded.status().code(), absl::StrCat("search_strategy: ", loaded.status().message())));
  }
  std::string explanation() const override { return why_; }
  std::vector<std::pair<std::string, double>> action_values() const override { return values_; }

  // Heads-up hold'em: what Decide would do with every pair (docs/lbr.md), by Decide's own steps
  // for each pair that shares no card with the board and that the caller wants
  // (StrategyReport::wanted): its reading of the opponent's range with that pair's card removal,
  // the discipline, the search, the margin, with the anchor's draw replaced by the blueprint's
  // probabilities (the anchor is kept where the search's gain over it is within the margin, else
  // the search's best is played). One search per pair (up to about 1,200 a report: at the default
  // budget 96 s of CPU preflop, 3-10 s on a flop; lbr_bench), in scratch of the report's own:
  // nothing Decide later reads changes (loading the blueprint, which Decide does at its first
  // decision and which decides nothing, aside). Not with search_resolve on the river (its draw from
  // a re-solved strategy is not reported) or where Decide would fall back to the `fold` policy.
  bool ReportStrategy(const ReportQuery& query, poker::StrategyReport* report) const override {
    const State& s = query.state;
    const poker::GameDef& game = s.game();
    if (game.num_players != 2 || !game.IsHoldemCards() || s.finished() ||
        s.CurrentPlayer() != query.me || s.folded(1 - query.me)) {
      return false;
    }
    if (params_.resolve != 0 && s.round() == game.num_rounds - 1) return false;
    const_cast<SearchPolicy*>(this)->LoadBlueprint(game);
    if (model_ == nullptr || decider_ == nullptr) return false;
    if (report_ == nullptr) report_ = std::make_unique<ReportScratch>();
    ReportScratch& r = *report_;
    const int me = query.me;
    const int opponent = 1 - me;
    const OpponentTilt& tilt = Learned(tilts_, SeatOf(opponent));
    r.ours.Fill(1.0f);
    model_->ReadActions(s, me, OpponentTilt{}, 0, &r.ours);
    decider_->Report(s, &r.blueprint);
    poker::CardSet board;
    for (int i = 0; i < s.NumBoardCardsVisible(); ++i) board.Add(s.board_card(i));
    report->actions.clear();
    r.rows.assign(poker::kNumPairs, {});
    for (int h = 0; h < poker::kNumPairs; ++h) {
      const poker::PairCards pair = poker::PairFromIndex(h);
      if (board.Contains(pair.low) || board.Contains(pair.high)) continue;
      if (!report->Wanted(h)) continue;
      TiltedBlueprint::StartRange(s, pair, 0, &r.read);
      model_->ReadActions(s, opponent, tilt, 0, &r.read);
      TiltedBlueprint::StartRange(s, pair, s.NumBoardCardsVisible(), &r.opponent);
      r.opponent.Multiply(r.read.weights());
      if (r.opponent.Total() <= 0) return false;
      const HandSearch searched = SearchHand(s, me, opponent, pair, query.seed, std::nullopt,
                                             r.opponent, r.ours, &r.search, &r.discipline);
      if (!searched.result.ok()) return false;
      const SearchResult& result = *searched.result;
      for (int a = 0; a < r.blueprint.num_actions(); ++a) {
        const double p = r.blueprint.at(h, a);
        if (p <= 0) continue;
        const Action& anchor = r.blueprint.actions[a];
        const int index = NearestCandidate(result.actions, anchor);
        const bool kept =
            index >= 0 && result.values[result.best] - result.values[index] <= searched.margin;
        const Action chosen = kept ? anchor : result.actions[result.best];
        const int column = report->AddAction(poker::RecordedAction(s, MakeLegal(s, chosen)));
        if (column >= static_cast<int>(r.rows[h].size())) return false;
        r.rows[h][column] += p;
      }
    }
    report->ZeroRows(poker::kNumPairs);
    for (int h = 0; h < poker::kNumPairs; ++h) {
      for (int a = 0; a < report->num_actions(); ++a) report->at(h, a) = r.rows[h][a];
    }
    return true;
  }
  bool clock_cap_fired() const override { return clock_fired_; }
  // 3+ player games: the hand reader is the search's opponent model, learned in this match from
  // the first hand (heads-up the tilted blueprint is, and the reader stays as it was).
  bool reads_learned_models_at_once() const override { return num_players_ > 2; }
  void SeatsOfHand(absl::Span<const int> seat_of_position) override {
    seats_.assign(seat_of_position.begin(), seat_of_position.end());
    num_players_ = static_cast<int>(seat_of_position.size());
  }

  Action Decide(const Decision& d) override {
    values_.clear();
    clock_fired_ = false;
    const State& s = d.state;
    if (s.game().num_players > 2) return DecideMultiway(d);
    int opponent = -1;
    for (int p = 0; p < s.game().num_players; ++p) {
      if (p != d.me && !s.folded(p)) opponent = opponent < 0 ? p : -2;
    }
    LoadBlueprint(s.game());
    if (!holdem_ && decider_ != nullptr && opponent >= 0) return PlayBlueprint(d);
    if (model_ == nullptr || opponent < 0) {
      return Fallback(d, opponent == -2 ? "multiway" : "no blueprint for this game");
    }
    const OpponentTilt& tilt = Learned(tilts_, SeatOf(opponent));
    if (!ReadRange(s, d.me, opponent, tilt)) return Fallback(d, "no range");
    ReadOurRange(s, d.me);
    const bool river = s.round() == s.game().num_rounds - 1;
    // search_resolve 1, and 2 but against an opponent seen calling our bets with weak hands
    // (search_loose), whom the search exploits: the re-solved river in the search's place.
    if (river && (params_.resolve == 1 ||
                  (params_.resolve == 2 &&
                   LooseShare(Learned(calls_, SeatOf(opponent))) <= params_.loose))) {
      if (std::optional<Action> action = Resolve(d, opponent); action.has_value()) return *action;
    }
    const bool limit = !s.game().is_no_limit();
    const int seat = SeatOf(opponent);
    HandSearch searched = SearchHand(s, d.me, opponent, d.hole, d.seed, d.started, search_range_,
                                     our_range_, &search_, &discipline_);
    absl::StatusOr<SearchResult>& result = searched.result;
    if (!result.ok()) return Fallback(d, result.status().message());
    clock_fired_ = result->clock_cap_fired;
    for (size_t i = 0; i < result->actions.size(); ++i) {
      values_.emplace_back(acpc::AcpcSession::FormatAction(s.game(), result->actions[i]),
                           result->values[i]);
    }
    // The anchor: the blueprint's own action, unless the search values another clearly higher.
    const poker::Card hole[2] = {d.hole.low, d.hole.high};
    std::string how;
    // search_resolve=3: on the river the re-solved action is the anchor.
    std::optional<Action> resolved;
    if (params_.resolve == 3 && river) {
      resolved = Resolve(d, opponent, &how);
    }
    const Action anchor =
        resolved.has_value() ? *resolved : decider_->Decide(s, hole, Uniform(d.rng), &how);
    const int anchor_index = NearestCandidate(result->actions, anchor);
    const double largest = searched.largest;
    const double floor = searched.floor;
    const double postflop_floor = searched.postflop_floor;
    const char* switched_off = searched.switched_off;
    const double margin = searched.margin;
    const double gain =
        anchor_index < 0 ? 1e300 : result->values[result->best] - result->values[anchor_index];
    why_ = absl::StrFormat(
        "search %d streets, %d nodes; blueprint %s (%s); gain %.1f, margin %.1f after %.0f "
        "decisions",
        result->streets, result->nodes, acpc::AcpcSession::FormatAction(s.game(), anchor), how,
        anchor_index < 0 ? -1.0 : gain, margin, tilt.total);
    if (!flop_tables_status_.ok() && !params_.flop_tables.empty()) {  // a file asked for by name
      absl::StrAppend(&why_, " (flop tables not loaded: ", flop_tables_status_.message(), ")");
    }
    // The opponent's tilt where it would next act this street, facing nothing and facing a bet.
    const int round = std::clamp(s.round(), 0, poker::kMaxRounds - 1);
    // Weakest / strongest third of the pairs.
    const TiltTheta open = tilt.Theta(round * kTiltClassesPerRound);
    const TiltTheta facing = tilt.Theta(round * kTiltClassesPerRound + 1);
    const int top = kTiltStrengths - 1;
    absl::StrAppend(
        &why_,
        absl::StrFormat(" (tilt weak/strong: checked to %.2f %.2f / %.2f %.2f, facing a bet "
                        "%.2f %.2f %.2f / %.2f %.2f %.2f; largest %.2f, floor %.2f, "
                        "after the flop %.2f, weak continues %.2f)",
                        open[0][1], open[0][2], open[top][1], open[top][2], facing[0][0],
                        facing[0][1], facing[0][2], facing[top][0], facing[top][1], facing[top][2],
                        largest, floor, postflop_floor, LooseShare(Learned(calls_, seat))));
    // Which switch, if any, turned the all-in discipline off (no-limit after the flop, where the
    // discipline acts, and in use).
    if (!limit && s.round() > 0 && params_.robust_k > 0) {
      absl::StrAppend(&why_, switched_off == nullptr
                                 ? " (discipline on)"
                                 : absl::StrCat(" (discipline off: ", switched_off, ")"));
    }
    if (params_.size_prior > 0) {
      absl::StrAppend(&why_, absl::StrFormat(" (all-in shift: checked to %.2f, facing a bet %.2f)",
                                             tilt.allin_shift[0], tilt.allin_shift[1]));
    }
    if (anchor_index >= 0 && gain <= margin) {
      absl::StrAppend(&why_, ": blueprint");
      return anchor;
    }
    absl::StrAppend(&why_, ": search ", values_[result->best].first);
    return result->actions[result->best];
  }

  // Fits the opponent's tilt to this hand's actions.
  void EndHand(const State& final_state, int me, double chips) override {
    (void)chips;
    range_hand_ = -1;
    if (final_state.game().num_players != 2) return;
    const int opponent = 1 - me;
    const int seat = SeatOf(opponent);
    CountBets(final_state, me, opponent, &answered_[seat], &folded_[seat], &made_[seat]);
    CountShownCalls(final_state, me, opponent, &calls_equity_, &calls_[seat]);
    if (model_ == nullptr) return;
    model_->FitHand(final_state, me, opponent, &tilts_[seat]);
    model_->TrimCache();
  }

 private:
  // What an opponent's learned evidence of `seat` is (nothing yet: the empty one).
  template <typename T>
  static const T& Learned(const std::map<int, T>& by_seat, int seat) {
    static const T kNothing{};
    const auto it = by_seat.find(seat);
    return it == by_seat.end() ? kNothing : it->second;
  }

  // The heads-up search of our pair `hole` at `s` as Decide runs it: the switches that turn the
  // all-in discipline off, its root candidates, the search against the tilted blueprint, and the
  // margin the search's gain over the anchor must pass; with what the explanation reads. Reads
  // what was learned and changes nothing else: it works in `search` and `discipline` (Decide's
  // own, or a report's). `opponent_range` and `our_range` as ReadRange and ReadOurRange read them.
  struct HandSearch {
    absl::StatusOr<SearchResult> result = absl::UnknownError("not searched");
    double margin = 0;
    double largest = 0;                  // the tilt's largest weight
    double floor = 0;                    // the fitted floor at its highest over the situations
    double postflop_floor = 0;           // the same after the flop
    const char* switched_off = nullptr;  // the switch that turned the discipline off, if any
  };
  HandSearch SearchHand(const State& s, int me, int opponent, poker::PairCards hole, uint64_t seed,
                        const std::optional<std::chrono::steady_clock::time_point>& started,
                        const Range& opponent_range, const Range& our_range, ModelSearch* search,
                        RootDiscipline* discipline) const {
    const int seat = SeatOf(opponent);
    const OpponentTilt& tilt = Learned(tilts_, seat);
    HandSearch out;
    const bool limit = !s.game().is_no_limit();
    SearchOptions options;
    options.boards = static_cast<int>(params_.boards);
    options.max_streets = static_cast<int>(limit ? params_.streets_limit : params_.streets_nolimit);
    options.max_nodes = static_cast<int64_t>(params_.nodes);
    options.leaf_runouts = static_cast<int>(params_.leaf_runouts);
    options.preflop_runouts = static_cast<int>(params_.preflop_runouts);
    options.root_flops = static_cast<int>(limit ? params_.root_flops_limit : params_.root_flops);
    options.root_flop_runouts = static_cast<int>(params_.root_flop_runouts);
    options.root_flop_raises = static_cast<int>(params_.root_flop_raises);
    options.softness = params_.softness;
    options.min_branch = params_.min_branch;
    options.max_fold = params_.max_fold;
    options.seed = seed;
    if (started.has_value()) {
      options.deadline =
          *started + std::chrono::microseconds(static_cast<int64_t>(params_.cap_ms * 1000));
    }
    // The all-in discipline guards against opponents that play like a blueprint; one whose
    // fitted play is far from it is valued by the model alone: a large tilt weight
    // (search_robust_off_tilt), or a large fitted floor after the flop, where the discipline
    // acts (search_robust_off_floor: the share of its play there the blueprint does not
    // explain; a bot acting at random).
    out.largest = tilt.Largest();
    out.postflop_floor = model_->FloorAt(tilt.HighestFloorShift(kTiltClassesPerRound));
    // An opponent seen continuing with weak hands (search_robust_off_loose_share) is off from a
    // lower floor after the flop (search_robust_off_loose_floor): two signs that it does not play
    // like a blueprint; the equilibrium-style opponents show the first at times, never the second.
    const bool loose_off = LooseShare(Learned(calls_, seat)) >= params_.robust_off_loose_share &&
                           out.postflop_floor >= params_.robust_off_loose_floor;
    out.switched_off = out.largest >= params_.robust_off_tilt           ? "tilt"
                       : out.postflop_floor >= params_.robust_off_floor ? "floor"
                       : loose_off                                      ? "weak continues"
                                                                        : nullptr;
    if (out.switched_off == nullptr) {
      const RootDiscipline::Inputs in{&params_,
                                      model_.get(),
                                      decider_.get(),
                                      &our_range,
                                      &opponent_range,
                                      &Learned(answered_, seat),
                                      &Learned(folded_, seat),
                                      &Learned(made_, seat),
                                      GivenWay(Learned(calls_, seat))};
      discipline->Apply(in, s, opponent, hole, &options);
    }
    TiltedOpponentModel model(model_.get(), tilt);
    out.result = search->Search(s, me, hole, opponent_range, &model, options);
    // The fitted floor at its highest over the situations: the share of the opponent's play the
    // blueprint's hand-by-hand strategy does not explain (a bot acting at random raises it).
    out.floor = model_->FloorAt(tilt.HighestFloorShift());
    // In pots: the search's sampling noise grows with the pot. While the opponent's fitted play
    // stays near the blueprint's (its largest tilt weight under search_margin_near_tilt and, in
    // no-limit, its floor under search_margin_near_floor) the search's gains are the model's noise
    // more than the opponent's leaks: a larger margin.
    const bool near_play =
        out.largest < params_.margin_near_tilt && (limit || out.floor < params_.margin_near_floor);
    const double near = near_play ? (limit ? params_.margin_near_limit : params_.margin_near) : 0.0;
    out.margin = (params_.margin_floor + near +
                  params_.margin * params_.margin_half / (params_.margin_half + tilt.total)) *
                 std::max<int32_t>(s.pot(), 1);
    return out;
  }

  // How far the best response has given way to the model against an opponent with these shown
  // continues (search_loose): 0 until its shrunk share of weak ones passes search_loose, 1 (wholly)
  // from kLooseWidth more.
  double GivenWay(const CallEvidence& shown) const {
    return std::clamp((LooseShare(shown) - params_.loose) / kLooseWidth, 0.0, 1.0);
  }

  // A game of 3+ players: the multiway search against every opponent still in, anchored on the
  // `fold` policy's action, which is kept unless the search values another candidate higher by
  // (mw_margin_floor + mw_margin x (1 - c)) pots, c the model's confidence from the opponents'
  // own counts at the nodes they act at before our next decision.
  Action DecideMultiway(const Decision& d) {
    const State& s = d.state;
    if (d.reader == nullptr) return Fallback(d, "no reading");
    const Action anchor = fallback_.Decide(d);
    const std::string fold_why = fallback_.explanation();
    MultiwayOptions options;
    options.max_streets = static_cast<int>(params_.mw_streets);
    options.max_nodes = static_cast<int64_t>(params_.mw_nodes);
    options.boards = static_cast<int>(params_.mw_boards);
    options.leaf_runouts = static_cast<int>(params_.mw_leaf_runouts);
    options.preflop_runouts = static_cast<int>(params_.preflop_runouts);
    options.softness = params_.softness;
    options.min_branch = params_.mw_min_branch;
    options.min_reach = params_.mw_min_reach;
    options.seed = d.seed;
    if (d.started.has_value()) {
      options.deadline =
          *d.started + std::chrono::microseconds(static_cast<int64_t>(params_.cap_ms * 1000));
    }
    ReaderActionModel model(d.reader, params_.mw_confidence_k);
    absl::StatusOr<SearchResult> result =
        multiway_.Search(s, d.me, d.hole, absl::MakeConstSpan(d.ranges), &model, options);
    if (!result.ok()) {
      why_ = absl::StrCat(result.status().message(), ": fold policy; ", fold_why);
      return anchor;
    }
    clock_fired_ = result->clock_cap_fired;
    for (size_t i = 0; i < result->actions.size(); ++i) {
      values_.emplace_back(acpc::AcpcSession::FormatAction(s.game(), result->actions[i]),
                           result->values[i]);
    }
    const Action legal = MakeLegal(s, anchor);
    const int anchor_index = NearestCandidate(result->actions, legal);
    // In pots after our action: the search's error grows with the chips the action puts at risk.
    const double c = std::clamp(result->confidence, 0.0, 1.0);
    const Action& best = result->actions[result->best];
    const double added = best.type == poker::ActionType::kRaise  ? best.raise_to - s.spent(d.me)
                         : best.type == poker::ActionType::kCall ? ToCall(s)
                                                                 : 0;
    const double margin = (params_.mw_margin_floor + params_.mw_margin * (1 - c)) *
                          std::max<double>(s.pot() + added, 1);
    const double gain =
        anchor_index < 0 ? 0 : result->values[result->best] - result->values[anchor_index];
    int opponents = 0;
    for (int p = 0; p < s.game().num_players; ++p) opponents += p != d.me && !s.folded(p);
    why_ = absl::StrFormat(
        "multiway search, %d opponents, %d streets, %d nodes; fold policy %s; gain %.1f, margin "
        "%.1f (confidence %.2f)",
        opponents, result->streets, result->nodes, acpc::AcpcSession::FormatAction(s.game(), legal),
        gain, margin, c);
    if (anchor_index < 0 || gain <= margin) {
      absl::StrAppend(&why_, ": fold policy (", fold_why, ")");
      return anchor;
    }
    absl::StrAppend(&why_, ": search ", values_[result->best].first);
    return result->actions[result->best];
  }

  // Heads-up outside hold'em (Kuhn, Leduc): the blueprint's own action. The search and its
  // opponent model (the tilted blueprint, the read range) work on the 1326 hold'em pairs and
  // hold'em strength buckets; these games' blueprints are their equilibria nearly exactly
  // (docs/solver.md), so playing them is what the search's anchor would be.
  Action PlayBlueprint(const Decision& d) {
    if (d.hole_cards.empty()) return Fallback(d, "no hole cards given");  // only `hole` was set
    std::string how;
    const Action action = decider_->Decide(d.state, d.hole_cards, Uniform(d.rng), &how);
    why_ = absl::StrCat("blueprint (", how, ")");
    return action;
  }

  // search_resolve on the river: our hand's action drawn from the equilibrium of the river's
  // betting between our range (the blueprint's reading of our actions) and the opponent's (the
  // model's). None when the spot cannot be solved (the search decides).
  // With `how`, only the solved strategy is written there (the anchor of search_resolve=3).
  std::optional<Action> Resolve(const Decision& d, int opponent, std::string* how = nullptr) {
    const State& s = d.state;
    std::array<const PairProbs*, 2> weights{};
    weights[d.me] = &our_range_.weights();
    weights[opponent] = &search_range_.weights();
    RiverSolveOptions options;
    options.iterations = static_cast<int>(params_.resolve_iterations);
    options.max_work = params_.resolve_work;
    options.our_max_pots = params_.resolve_max_pots;
    absl::StatusOr<RiverSolution> solved = river_.Solve(s, weights, d.hole, options);
    if (!solved.ok() || solved->actions.empty()) return std::nullopt;
    const double u = Uniform(d.rng);
    double cumulative = 0;
    size_t chosen = solved->actions.size() - 1;
    for (size_t i = 0; i < solved->actions.size(); ++i) {
      cumulative += solved->strategy[i];
      if (u < cumulative) {
        chosen = i;
        break;
      }
    }
    std::string text =
        absl::StrFormat("river re-solved (%d nodes, %d x %d pairs, %d iterations):", solved->nodes,
                        solved->pairs[d.me], solved->pairs[opponent], solved->iterations);
    for (size_t i = 0; i < solved->actions.size(); ++i) {
      const std::string name = acpc::AcpcSession::FormatAction(s.game(), solved->actions[i]);
      if (how == nullptr) values_.emplace_back(name, solved->values[i]);
      absl::StrAppend(&text, absl::StrFormat(" %s %.2f", name, solved->strategy[i]));
    }
    if (how != nullptr) {
      *how = std::move(text);
    } else {
      why_ = absl::StrCat(text, ": ", values_[chosen].first);
    }
    return solved->actions[chosen];
  }

  Action Fallback(const Decision& d, absl::string_view why) {
    const Action action = fallback_.Decide(d);
    why_ = absl::StrCat(why, ": fold policy; ", fallback_.explanation());
    return action;
  }

  int SeatOf(int position) const {
    return position < static_cast<int>(seats_.size()) ? seats_[position] : position;
  }

  void LoadBlueprint(const poker::GameDef& game) {
    if (blueprint_tried_) return;
    blueprint_tried_ = true;
    const std::vector<std::string> paths = params_.strategy.empty()
                                               ? BundledStrategyPaths(game)
                                               : std::vector<std::string>{params_.strategy};
    std::string path;
    for (const std::string& candidate : paths) {
      if (candidate == "none") return;
      absl::StatusOr<std::shared_ptr<const solver::Blueprint>> loaded =
          solver::LoadSharedBlueprint(candidate, &game);
      if (!loaded.ok()) continue;  // another game
      blueprint_ = *std::move(loaded);
      path = candidate;
      break;
    }
    if (blueprint_ == nullptr) return;  // the fold policy decides
    // In no-limit the anchor plays the blueprint as its file asks (e.g. purified), as `--policy
    // cfr` does; limit hold'em with search_anchor_play_limit too; the small games keep the mixed
    // strategy their play was measured with.
    solver::PlayOptions play;
    const bool as_file = game.is_no_limit()
                             ? params_.anchor_play != 0
                             : game.IsHoldemCards() && params_.anchor_play_limit != 0;
    if (as_file) {
      absl::StatusOr<solver::PlayOptions> asked = solver::DefaultPlayOptions(*blueprint_);
      if (asked.ok()) play = *asked;
    }
    decider_ = std::make_unique<solver::CfrDecider>(blueprint_, 1, play);
    // Outside hold'em the blueprint is played as it is (see Decide).
    if (!game.IsHoldemCards()) return;
    LoadFlopTables(path);
    TiltOptions tilt;
    tilt.floor = params_.floor;
    tilt.fit_floor = params_.fit_floor != 0;
    tilt.nested = params_.tilt_nested != 0;
    tilt.rate = params_.tilt_rate;
    tilt.half = params_.tilt_half;
    tilt.decay = params_.tilt_decay;
    tilt.size_prior = params_.size_prior;
    model_ = std::make_unique<TiltedBlueprint>(*blueprint_, tilt);
  }

  // The flop bucket tables of the blueprint's abstraction from a file, once per process and
  // abstraction: the same buckets as computing each flop's table when first met (~20 ms each), so
  // play is unchanged. Without the file (or with one made for other edges) they are computed.
  void LoadFlopTables(const std::string& strategy_path) {
    std::string path = params_.flop_tables;
    if (path == "none") return;
    if (path.empty()) {
      path = std::filesystem::path(strategy_path).replace_extension(".flop_tables").string();
      std::error_code ec;
      if (!std::filesystem::exists(path, ec)) return;
    }
    static std::mutex mutex;
    static auto* loaded =
        new std::map<std::pair<const solver::CardAbstraction*, std::string>, absl::Status>;
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, added] = loaded->try_emplace({&blueprint_->cards(), path});
    if (added) {
      absl::StatusOr<std::string> data = poker::ReadFileToString(path);
      it->second = data.ok() ? solver::LoadFlopTables(blueprint_->cards(), *data) : data.status();
    }
    flop_tables_status_ = it->second;
  }

  // The opponent's range in `s` as the tilted blueprint reads its actions this hand (continued
  // from our last decision of the hand), without the pairs the board rules out.
  bool ReadRange(const State& s, int me, int opponent, const OpponentTilt& tilt) {
    if (range_hand_ != static_cast<int64_t>(s.hand_number())) {
      TiltedBlueprint::StartRange(s, me, 0, &range_);
      range_hand_ = s.hand_number();
      range_actions_ = 0;
    }
    range_actions_ = model_->ReadActions(s, opponent, tilt, range_actions_, &range_);
    TiltedBlueprint::StartRange(s, me, s.NumBoardCardsVisible(), &search_range_);
    search_range_.Multiply(range_.weights());
    return search_range_.Total() > 0;
  }

  // Our own range as the blueprint reads our actions this hand: what an opponent that knows the
  // blueprint puts us on (continued from our last decision of the hand).
  void ReadOurRange(const State& s, int me) {
    if (our_range_hand_ != static_cast<int64_t>(s.hand_number())) {
      our_range_.Fill(1.0f);
      our_range_hand_ = s.hand_number();
      our_range_actions_ = 0;
    }
    our_range_actions_ =
        model_->ReadActions(s, me, OpponentTilt{}, our_range_actions_, &our_range_);
  }

  SearchPolicyParams params_;
  FoldPolicy fallback_;
  ModelSearch search_;
  RiverSolver river_;
  MultiwaySearch multiway_;
  int num_players_ = 0;  // of the game, from SeatsOfHand (0 before the first hand)
  bool holdem_ = true;   // of the game, from SetGame
  bool blueprint_tried_ = false;
  absl::Status flop_tables_status_;  // of loading the flop tables (not fatal: they are a cache)
  std::shared_ptr<const solver::Blueprint> blueprint_;
  std::unique_ptr<solver::CfrDecider> decider_;
  std::unique_ptr<TiltedBlueprint> model_;
  std::map<int, OpponentTilt> tilts_;    // by seat
  std::map<int, BetEvidence> answered_;  // by seat: its answers to our raises, by class
  std::map<int, BetEvidence> folded_;    // by seat: those answers that were folds
  std::map<int, BetEvidence> made_;      // by seat: its own raises, by class
  std::map<int, CallEvidence> calls_;    // by seat: its shown calls of our turn and river bets
  EquityCalculator calls_equity_;        // their equities (CountShownCalls)
  Range our_range_;
  int64_t our_range_hand_ = -1;
  int our_range_actions_ = 0;
  RootDiscipline discipline_;
  std::vector<int> seats_;
  Range range_;         // the opponent's, read through this hand's actions
  Range search_range_;  // the same without the board's pairs
  int64_t range_hand_ = -1;
  int range_actions_ = 0;
  std::string why_;
  std::vector<std::pair<std::string, double>> values_;
  bool clock_fired_ = false;
  // ReportStrategy's scratch (nothing Decide reads).
  struct ReportScratch {
    Range ours;                       // our range as the blueprint reads our actions
    Range read;                       // the opponent's, read with one pair's card removal
    Range opponent;                   // the same without the board's pairs
    poker::StrategyReport blueprint;  // the anchor's probabilities for every pair
    std::vector<std::array<double, 8>> rows;
    ModelSearch search;
    RootDiscipline discipline;
  };
  mutable std::unique_ptr<ReportScratch> report_;
};

const bool kRegistered = RegisterPolicy(
    "search",
    "heads-up: searches the betting tree against the opponent modelled as the bundled blueprint "
    "tilted toward its observed actions; plays the blueprint unless the search gains clearly; "
    "3+ players: searches against every opponent in (hand reader's models), anchored on fold",
    [](const PolicyParams& params) -> absl::StatusOr<std::unique_ptr<Policy>> {
      // A blueprint or flop-table file named by the user must be readable: found missing only at
      // the first decision, it would silently leave the search without it.
      if (absl::Status s = CheckNamedFiles(ParamsFrom(params)); !s.ok()) return s;
      return std::make_unique<SearchPolicy>(params);
    },
    SearchExtraParams());

}  // namespace
}  // namespace agent
