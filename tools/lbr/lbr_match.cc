#include "tools/lbr/lbr_match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "logs_parser/json_input.h"
#include "nlohmann/json.hpp"
#include "poker/deal.h"
#include "poker/file_io.h"
#include "solver/cfr_player.h"
#include "solver/holdem_buckets.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"

namespace lbr {

using poker::Action;
using poker::ActionType;
using poker::Card;
using poker::State;

void LbrCounts::Add(const LbrCounts& other) {
  lbr_decisions += other.lbr_decisions;
  lbr_folds += other.lbr_folds;
  lbr_calls += other.lbr_calls;
  lbr_raises += other.lbr_raises;
  lbr_all_ins += other.lbr_all_ins;
  lbr_all_ins_called += other.lbr_all_ins_called;
  called_all_in_chips += other.called_all_in_chips;
  opponent_decisions += other.opponent_decisions;
  inconsistent_updates += other.inconsistent_updates;
  translated_raises += other.translated_raises;
  showdowns += other.showdowns;
}

std::string DescribeSettings(const LbrOptions& options, const poker::GameDef& game) {
  return absl::StrCat("actions=", FormatActionList(options, game),
                      " preflop=", options.preflop_call_only ? "call" : "act", " called_equity=",
                      options.called_equity == CalledEquity::kContinuing ? "continuing" : "range",
                      " flop_runouts=", options.equity.flop_runouts,
                      " preflop_boards=", options.equity.preflop_boards,
                      options.ranges_from.empty() ? "" : " ranges_from=", options.ranges_from);
}

LbrFigures FiguresOf(const LbrResult& result, double big_blind) {
  LbrFigures figures;
  const arena::MeanInterval hands = arena::MeanCi95OfSums(result.hand_sums);
  const arena::MeanInterval deals = arena::MeanCi95OfSums(result.deal_sums);
  figures.chips_per_hand = hands.mean;
  figures.ci95_chips = deals.half_width / std::max(result.rotations, 1);
  figures.mbb_per_hand = arena::MilliBigBlinds(figures.chips_per_hand, big_blind);
  figures.ci95_mbb = arena::MilliBigBlinds(figures.ci95_chips, big_blind);
  return figures;
}

namespace {

absl::Status CheckHeadsUp(const poker::GameDef& game) {
  if (game.num_players != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "local best response is for heads-up games; this one has ", game.num_players, " players"));
  }
  return absl::OkStatus();
}

// A no-limit raise of the whole stack.
bool IsAllIn(const State& state, const Action& played) {
  int32_t min_to = 0;
  int32_t max_to = 0;
  return played.type == ActionType::kRaise && state.game().is_no_limit() &&
         state.RaiseRange(&min_to, &max_to) && played.raise_to == max_to;
}

// Counts LBR's `action` at `state`; returns whether it was an all-in.
bool CountLbrAction(const State& state, const Action& action, LbrCounts* counts) {
  ++counts->lbr_decisions;
  const Action played = poker::RecordedAction(state, action);
  switch (played.type) {
    case ActionType::kFold:
      ++counts->lbr_folds;
      break;
    case ActionType::kCall:
      ++counts->lbr_calls;
      break;
    case ActionType::kRaise:
      ++counts->lbr_raises;
      if (IsAllIn(state, played)) {
        ++counts->lbr_all_ins;
        return true;
      }
      break;
  }
  return false;
}

std::array<Card, poker::kMaxHoleCards> HoleOf(const State& state, int position, int* count) {
  std::array<Card, poker::kMaxHoleCards> hole{};
  *count = state.game().num_hole_cards;
  for (int i = 0; i < *count; ++i) hole[i] = state.hole_card(position, i);
  return hole;
}

// The report's raise nearest to `raise` by the chips raised to (the earlier on a tie), or -1
// when `raise` is not a raise or the report holds none.
int NearestRaise(const poker::StrategyReport& report, const Action& raise) {
  if (raise.type != ActionType::kRaise) return -1;
  int nearest = -1;
  for (int a = 0; a < static_cast<int>(report.actions.size()); ++a) {
    const Action& b = report.actions[a];
    if (b.type != ActionType::kRaise) continue;
    if (nearest < 0 || std::abs(b.raise_to - raise.raise_to) <
                           std::abs(report.actions[nearest].raise_to - raise.raise_to)) {
      nearest = a;
    }
  }
  return nearest;
}

poker::CardSet KnownTo(const State& state, absl::Span<const Card> hole) {
  poker::CardSet known(hole);
  for (int i = 0; i < state.NumBoardCardsVisible(); ++i) known.Add(state.board_card(i));
  return known;
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakeOpponent(const poker::GameDef& game,
                                                            absl::string_view spec,
                                                            uint64_t seed_offset) {
  arena::PlayerContext context{&game, 1, "opponent", seed_offset};
  return arena::MakePlayer(spec, context);
}

}  // namespace

absl::Status PreloadFlopTables(const poker::GameDef& game, absl::string_view spec,
                               const std::string& tables, std::vector<std::string>* notes) {
  if (tables == "none" || !game.IsHoldemCards()) return absl::OkStatus();
  const size_t colon = spec.find(':');
  const absl::string_view params = colon == absl::string_view::npos ? spec : spec.substr(colon + 1);
  for (absl::string_view item : absl::StrSplit(params, ',', absl::SkipEmpty())) {
    if (!absl::ConsumePrefix(&item, "strategy=")) continue;
    const std::string strategy(item);
    std::string path = tables;
    if (tables == "auto") {
      path = std::filesystem::path(strategy).replace_extension(".flop_tables").string();
      std::error_code ec;
      if (!std::filesystem::exists(path, ec)) continue;
    }
    absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint =
        solver::LoadSharedBlueprint(strategy, &game);
    if (!blueprint.ok()) return poker::FileDataFailure(blueprint.status());
    absl::StatusOr<std::string> data = poker::ReadFileToString(path);
    absl::Status loaded =
        data.ok() ? solver::LoadFlopTables((*blueprint)->cards(), *data) : data.status();
    if (!loaded.ok()) {
      notes->push_back(
          absl::StrCat("flop tables ", path, " not used for ", strategy, ": ", loaded.message()));
    }
  }
  return absl::OkStatus();
}

void ShardRange(uint32_t first, uint32_t deals, uint32_t index, uint32_t count,
                uint32_t* shard_first, uint32_t* shard_deals) {
  const uint64_t begin = uint64_t{deals} * index / count;
  const uint64_t end = uint64_t{deals} * (index + 1) / count;
  *shard_first = first + static_cast<uint32_t>(begin);
  *shard_deals = static_cast<uint32_t>(end - begin);
}

absl::StatusOr<LbrResult> RunLbrMatch(const poker::GameDef& game, absl::string_view opponent_spec,
                                      const LbrOptions& lbr_options, const MatchOptions& options) {
  if (absl::Status s = CheckHeadsUp(game); !s.ok()) return s;
  if (options.deals == 0) return absl::InvalidArgumentError("--deals must be positive");
  if (uint64_t{options.first_deal} + options.deals > uint64_t{1} << 32) {
    return absl::InvalidArgumentError("--first-deal + --deals is past the last deal (2^32)");
  }
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<std::unique_ptr<LbrDecider>> decider = LbrDecider::Create(game, lbr_options);
  if (!decider.ok()) return decider.status();
  const poker::HoleSets& sets = (*decider)->sets();
  RangeTracker tracker(sets.size());
  poker::StrategyReport report;
  LbrResult result;
  result.game = poker::FormatGameDef(game);
  result.opponent = std::string(opponent_spec);
  result.settings = DescribeSettings(lbr_options, game);
  result.seed = options.seed;
  result.first_deal = options.first_deal;
  result.deals = options.deals;
  result.rotations = options.duplicate ? 2 : 1;
  result.hands = result.deals * result.rotations;
  std::vector<double> values(static_cast<size_t>(result.hands), 0.0);
  int64_t done = 0;
  for (int rotation = 0; rotation < result.rotations; ++rotation) {
    absl::StatusOr<std::unique_ptr<poker::Player>> opponent =
        MakeOpponent(game, opponent_spec, options.first_deal);
    if (!opponent.ok()) return opponent.status();
    // Whose reports LBR reads: the stand-in's (--ranges-from), shown what the opponent is shown.
    std::unique_ptr<poker::Player> stand_in;
    if (!lbr_options.ranges_from.empty()) {
      absl::StatusOr<std::unique_ptr<poker::Player>> made =
          MakeOpponent(game, lbr_options.ranges_from, options.first_deal);
      if (!made.ok()) {
        return absl::Status(made.status().code(),
                            absl::StrCat("--ranges-from: ", made.status().message()));
      }
      stand_in = *std::move(made);
    }
    poker::Player& reporter = stand_in != nullptr ? *stand_in : **opponent;
    const std::string reporter_spec =
        stand_in != nullptr ? lbr_options.ranges_from : std::string(opponent_spec);
    poker::Dealer dealer(game, options.seed);
    for (uint32_t hand = 0; hand < options.first_deal; ++hand) {
      State skipped(game, hand);
      dealer.DealNext(&skipped);
    }
    for (uint32_t i = 0; i < options.deals; ++i) {
      const uint32_t hand = options.first_deal + i;
      const int me = static_cast<int>((hand + rotation) % 2);
      const int them = 1 - me;
      State state(game, hand);
      dealer.DealNext(&state);
      int hole_count = 0;
      const std::array<Card, poker::kMaxHoleCards> hole = HoleOf(state, me, &hole_count);
      const absl::Span<const Card> hole_span = absl::MakeConstSpan(hole.data(), hole_count);
      tracker.Reset();
      bool all_in_open = false;  // LBR's all-in, not yet answered
      bool all_in_called = false;
      while (!state.finished()) {
        const poker::MatchState view = arena::ViewFor(state, them);
        (*opponent)->Observe(view);
        if (stand_in != nullptr) stand_in->Observe(view);
        Action action;
        if (state.CurrentPlayer() == them) {
          ++result.counts.opponent_decisions;
          // Only the sets the tracked range holds are read (a player that reports set by set
          // skips the others).
          const poker::CardSet known = KnownTo(state, hole_span);
          report.wanted.assign(sets.size(), 0);
          for (int s = 0; s < sets.size(); ++s) {
            report.wanted[s] = tracker.weights()[s] > 0 && !sets.mask(s).Intersects(known);
          }
          if (!reporter.ReportStrategy(PublicView(state, them), &report)) {
            return absl::FailedPreconditionError(
                absl::StrCat("the player '", reporter_spec, "' does not report its strategy (hand ",
                             hand, ", betting '", poker::FormatBetting(state), "')"));
          }
          action = (*opponent)->Act(view);
          const Action played = poker::RecordedAction(state, action);
          if (all_in_open && played.type == ActionType::kCall) {
            all_in_called = true;
            ++result.counts.lbr_all_ins_called;
          }
          all_in_open = false;
          int index = report.IndexOf(played);
          if (index < 0 && stand_in != nullptr) {
            index = NearestRaise(report, played);
            if (index >= 0) ++result.counts.translated_raises;
          }
          if (!tracker.Update(report, index, known, sets)) {
            ++result.counts.inconsistent_updates;
          }
        } else {
          absl::StatusOr<Action> chosen =
              (*decider)->Decide(state, me, hole_span, tracker.weights(), reporter);
          if (!chosen.ok()) {
            return absl::FailedPreconditionError(absl::StrCat("hand ", hand, ": ",
                                                              chosen.status().message(),
                                                              " (opponent '", opponent_spec, "')"));
          }
          action = *chosen;
          all_in_open = CountLbrAction(state, action, &result.counts);
        }
        if (absl::Status s = state.Apply(state.Normalize(action)); !s.ok()) return s;
      }
      const poker::MatchState final_view = arena::ViewFor(state, them);
      (*opponent)->Observe(final_view);
      if (stand_in != nullptr) stand_in->Observe(final_view);
      if (state.IsShowdown()) ++result.counts.showdowns;
      absl::StatusOr<double> value = state.Value(me);
      if (!value.ok()) return value.status();
      if (all_in_called) result.counts.called_all_in_chips += *value;
      if (options.log != nullptr) {
        poker::LogLine line{state, {0, 0}, {"", ""}, ""};
        line.values[me] = *value;
        line.values[them] = -*value;
        line.names[me] = "LBR";
        line.names[them] = "opponent";
        *options.log << poker::FormatLogLine(line) << '\n';
      }
      values[static_cast<size_t>(rotation) * options.deals + i] = *value;
      ++done;
      if (options.progress) options.progress(done, result.hands);
    }
  }
  for (uint32_t i = 0; i < options.deals; ++i) {
    double deal_sum = 0;
    for (int r = 0; r < result.rotations; ++r) {
      const double v = values[static_cast<size_t>(r) * options.deals + i];
      result.hand_sums.Add(v);
      deal_sum += v;
    }
    result.deal_sums.Add(deal_sum);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

absl::StatusOr<LbrResult> RunLbrThreads(const poker::GameDef& game, absl::string_view opponent_spec,
                                        const LbrOptions& lbr_options, const MatchOptions& options,
                                        int threads) {
  threads = std::max(1, std::min<int>(threads, static_cast<int>(options.deals)));
  if (threads <= 1) return RunLbrMatch(game, opponent_spec, lbr_options, options);
  const auto start = std::chrono::steady_clock::now();
  const int64_t total = int64_t{options.deals} * (options.duplicate ? 2 : 1);
  std::atomic<int64_t> done{0};
  std::mutex progress_mutex;
  std::vector<absl::StatusOr<LbrResult>> results(threads, absl::UnknownError("not run"));
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    MatchOptions shard = options;
    ShardRange(options.first_deal, options.deals, t, threads, &shard.first_deal, &shard.deals);
    shard.log = nullptr;
    shard.progress = [&](int64_t, int64_t) {
      const int64_t now = ++done;
      if (!options.progress) return;
      std::lock_guard<std::mutex> lock(progress_mutex);
      options.progress(now, total);
    };
    workers.emplace_back(
        [&, shard, t] { results[t] = RunLbrMatch(game, opponent_spec, lbr_options, shard); });
  }
  for (std::thread& worker : workers) worker.join();
  std::vector<LbrResult> parts;
  for (absl::StatusOr<LbrResult>& r : results) {
    if (!r.ok()) return r.status();
    parts.push_back(*std::move(r));
  }
  absl::StatusOr<LbrResult> merged = MergeResults(parts);
  if (merged.ok()) {
    merged->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return merged;
}

absl::StatusOr<LbrResult> MergeResults(const std::vector<LbrResult>& parts) {
  if (parts.empty()) return absl::InvalidArgumentError("nothing to merge");
  std::vector<const LbrResult*> sorted;
  for (const LbrResult& part : parts) sorted.push_back(&part);
  std::sort(sorted.begin(), sorted.end(),
            [](const LbrResult* a, const LbrResult* b) { return a->first_deal < b->first_deal; });
  LbrResult merged = *sorted.front();
  merged.counts = LbrCounts{};
  merged.hand_sums = merged.deal_sums = arena::MomentSums{};
  merged.deals = merged.hands = 0;
  merged.seconds = 0;
  int64_t next = sorted.front()->first_deal;
  for (const LbrResult* part : sorted) {
    const char* differs = part->game != merged.game             ? "game"
                          : part->opponent != merged.opponent   ? "opponent"
                          : part->settings != merged.settings   ? "LBR settings"
                          : part->seed != merged.seed           ? "seed"
                          : part->rotations != merged.rotations ? "duplicate setting"
                                                                : nullptr;
    if (differs != nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("the parts differ in their ", differs,
                                                     " (deals from ", part->first_deal,
                                                     " and from ", merged.first_deal, ")"));
    }
    if (part->first_deal < next) {
      return absl::InvalidArgumentError(
          absl::StrCat("deal ranges overlap at deal ", part->first_deal));
    }
    next = int64_t{part->first_deal} + part->deals;
    merged.deals += part->deals;
    merged.hands += part->hands;
    merged.hand_sums.Merge(part->hand_sums);
    merged.deal_sums.Merge(part->deal_sums);
    merged.counts.Add(part->counts);
    merged.seconds += part->seconds;
  }
  return merged;
}

namespace {

nlohmann::json SumsJson(const arena::MomentSums& sums) {
  return {{"n", sums.n}, {"sum", sums.sum}, {"sum_squares", sums.sum_squares}};
}

}  // namespace

std::string FormatResultJson(const LbrResult& result) {
  const LbrCounts& c = result.counts;
  nlohmann::json json = {{"format", "lbr-result-1"},
                         {"game", result.game},
                         {"opponent", result.opponent},
                         {"settings", result.settings},
                         {"seed", result.seed},
                         {"first_deal", result.first_deal},
                         {"deals", result.deals},
                         {"hands", result.hands},
                         {"rotations", result.rotations},
                         {"hand_sums", SumsJson(result.hand_sums)},
                         {"deal_sums", SumsJson(result.deal_sums)},
                         {"seconds", result.seconds},
                         {"counts",
                          {{"lbr_decisions", c.lbr_decisions},
                           {"lbr_folds", c.lbr_folds},
                           {"lbr_calls", c.lbr_calls},
                           {"lbr_raises", c.lbr_raises},
                           {"lbr_all_ins", c.lbr_all_ins},
                           {"lbr_all_ins_called", c.lbr_all_ins_called},
                           {"called_all_in_chips", c.called_all_in_chips},
                           {"opponent_decisions", c.opponent_decisions},
                           {"inconsistent_updates", c.inconsistent_updates},
                           {"translated_raises", c.translated_raises},
                           {"showdowns", c.showdowns}}}};
  return json.dump(2);
}

absl::StatusOr<LbrResult> ParseResultJson(absl::string_view text, absl::string_view source) {
  // nlohmann's parser recurses once per bracket: deep nesting is refused before it runs.
  size_t offset = 0;
  if (logs_parser::JsonNestingDepth(text, logs_parser::kMaxJsonDepth, &offset) >
      logs_parser::kMaxJsonDepth) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": nesting deeper than ",
                                                   logs_parser::kMaxJsonDepth, " at byte ",
                                                   offset, " (not an LBR result)"));
  }
  nlohmann::json json = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": not a JSON object"));
  }
  if (json.value("format", "") != "lbr-result-1") {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": field format: not an LBR result (want \"lbr-result-1\")"));
  }
  LbrResult result;
  const char* field = "";
  try {
    field = "game";
    result.game = json.at("game").get<std::string>();
    field = "opponent";
    result.opponent = json.at("opponent").get<std::string>();
    field = "settings";
    result.settings = json.at("settings").get<std::string>();
    field = "seed";
    result.seed = json.at("seed").get<uint32_t>();
    field = "first_deal";
    result.first_deal = json.at("first_deal").get<uint32_t>();
    field = "deals";
    result.deals = json.at("deals").get<int64_t>();
    field = "hands";
    result.hands = json.at("hands").get<int64_t>();
    field = "rotations";
    result.rotations = json.at("rotations").get<int>();
    for (auto [name, sums] :
         {std::pair<const char*, arena::MomentSums*>{"hand_sums", &result.hand_sums},
          {"deal_sums", &result.deal_sums}}) {
      field = name;
      sums->n = json.at(name).at("n").get<int64_t>();
      sums->sum = json.at(name).at("sum").get<double>();
      sums->sum_squares = json.at(name).at("sum_squares").get<double>();
    }
    field = "seconds";
    result.seconds = json.at("seconds").get<double>();
    field = "counts";
    const nlohmann::json& c = json.at("counts");
    LbrCounts& counts = result.counts;
    counts.lbr_decisions = c.at("lbr_decisions").get<int64_t>();
    counts.lbr_folds = c.at("lbr_folds").get<int64_t>();
    counts.lbr_calls = c.at("lbr_calls").get<int64_t>();
    counts.lbr_raises = c.at("lbr_raises").get<int64_t>();
    counts.lbr_all_ins = c.at("lbr_all_ins").get<int64_t>();
    counts.lbr_all_ins_called = c.value("lbr_all_ins_called", int64_t{0});  // older results: none
    counts.called_all_in_chips = c.value("called_all_in_chips", 0.0);
    counts.opponent_decisions = c.at("opponent_decisions").get<int64_t>();
    counts.inconsistent_updates = c.at("inconsistent_updates").get<int64_t>();
    counts.translated_raises = c.value("translated_raises", int64_t{0});  // older results: none
    counts.showdowns = c.at("showdowns").get<int64_t>();
  } catch (const nlohmann::json::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": field ", field, ": missing or of the wrong type"));
  }
  if (result.rotations < 1 || result.deals < 1 || result.hands != result.deals * result.rotations ||
      result.hand_sums.n != result.hands || result.deal_sums.n != result.deals) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": fields deals, hands, rotations and the sums' n disagree"));
  }
  return result;
}

namespace {

// The exact walk of one deal: LBR decides as in play, the opponent's actions are weighted by its
// reported probabilities for the set it holds.
class ExactWalker {
 public:
  ExactWalker(LbrDecider* decider, const poker::Player* opponent, int me, LbrCounts* counts)
      : decider_(decider), opponent_(opponent), me_(me), counts_(counts) {}

  absl::StatusOr<double> Walk(const State& state, const std::vector<double>& range) {
    if (state.finished()) return state.Value(me_);
    const int them = 1 - me_;
    int hole_count = 0;
    const std::array<Card, poker::kMaxHoleCards> hole = HoleOf(state, me_, &hole_count);
    const absl::Span<const Card> hole_span = absl::MakeConstSpan(hole.data(), hole_count);
    if (state.CurrentPlayer() == me_) {
      absl::StatusOr<Action> chosen = decider_->Decide(state, me_, hole_span, range, *opponent_);
      if (!chosen.ok()) return chosen.status();
      CountLbrAction(state, *chosen, counts_);
      State next = state;
      if (absl::Status s = next.Apply(next.Normalize(*chosen)); !s.ok()) return s;
      return Walk(next, range);
    }
    ++counts_->opponent_decisions;
    poker::StrategyReport report;
    if (!opponent_->ReportStrategy(PublicView(state, them), &report)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the opponent does not report its strategy at '", poker::FormatBetting(state), "'"));
    }
    int their_count = 0;
    const std::array<Card, poker::kMaxHoleCards> theirs = HoleOf(state, them, &their_count);
    const poker::HoleSets& sets = decider_->sets();
    const int set = sets.IndexOf(absl::MakeConstSpan(theirs.data(), their_count));
    const poker::CardSet known = KnownTo(state, hole_span);
    double value = 0;
    for (int a = 0; a < report.num_actions(); ++a) {
      const double p = report.at(set, a);
      if (p <= 0) continue;
      RangeTracker next_range(sets.size());
      next_range.mutable_weights() = range;
      if (!next_range.Update(report, a, known, sets)) ++counts_->inconsistent_updates;
      State next = state;
      if (absl::Status s = next.Apply(next.Normalize(report.actions[a])); !s.ok()) return s;
      absl::StatusOr<double> v =
          Walk(next, {next_range.weights().begin(), next_range.weights().end()});
      if (!v.ok()) return v.status();
      value += p * *v;
    }
    return value;
  }

 private:
  LbrDecider* decider_;
  const poker::Player* opponent_;
  int me_;
  LbrCounts* counts_;
};

// Calls visit(cards) for every ordered sequence of `length` distinct cards of `deck`.
template <typename Visit>
void ForEachOrderedDeal(const std::vector<Card>& deck, int length, std::vector<Card>* chosen,
                        std::vector<bool>* used, Visit&& visit) {
  if (static_cast<int>(chosen->size()) == length) {
    visit(*chosen);
    return;
  }
  for (size_t i = 0; i < deck.size(); ++i) {
    if ((*used)[i]) continue;
    (*used)[i] = true;
    chosen->push_back(deck[i]);
    ForEachOrderedDeal(deck, length, chosen, used, visit);
    chosen->pop_back();
    (*used)[i] = false;
  }
}

}  // namespace

absl::StatusOr<ExactLbr> ComputeExactLbr(const poker::GameDef& game,
                                         absl::string_view opponent_spec,
                                         const LbrOptions& lbr_options, int64_t max_deals) {
  if (absl::Status s = CheckHeadsUp(game); !s.ok()) return s;
  if (!lbr_options.ranges_from.empty()) {
    return absl::InvalidArgumentError(
        "the exact value weighs the opponent's actions by its own reports: no stand-in "
        "(--ranges-from is for sampled matches)");
  }
  const int h = game.num_hole_cards;
  const int length = 2 * h + game.TotalBoardCards();
  int64_t deals = 1;
  for (int i = 0; i < length; ++i) {
    deals *= game.DeckSize() - i;
    if (deals > max_deals) {
      return absl::InvalidArgumentError(absl::StrCat("the game has more than ", max_deals,
                                                     " deals: too many for the exact value"));
    }
  }
  absl::StatusOr<std::unique_ptr<LbrDecider>> decider = LbrDecider::Create(game, lbr_options);
  if (!decider.ok()) return decider.status();
  absl::StatusOr<std::unique_ptr<poker::Player>> opponent = MakeOpponent(game, opponent_spec, 0);
  if (!opponent.ok()) return opponent.status();
  std::vector<Card> deck;
  for (int rank = poker::kNumRanks - game.num_ranks; rank < poker::kNumRanks; ++rank) {
    for (int suit = poker::kNumSuits - game.num_suits; suit < poker::kNumSuits; ++suit) {
      deck.push_back(poker::MakeCard(rank, suit));
    }
  }
  ExactLbr result;
  result.deals = deals;
  const std::vector<double> uniform((*decider)->sets().size(), 1.0);
  for (int me = 0; me < 2; ++me) {
    ExactWalker walker(decider->get(), opponent->get(), me, &result.counts);
    double sum = 0;
    absl::Status status;
    std::vector<Card> chosen;
    std::vector<bool> used(deck.size(), false);
    ForEachOrderedDeal(deck, length, &chosen, &used, [&](const std::vector<Card>& cards) {
      if (!status.ok()) return;
      State state(game, 0);
      for (int p = 0; p < 2; ++p) {
        for (int i = 0; i < h; ++i) state.set_hole_card(p, i, cards[p * h + i]);
      }
      for (int i = 0; i < game.TotalBoardCards(); ++i) state.set_board_card(i, cards[2 * h + i]);
      absl::StatusOr<double> v = walker.Walk(state, uniform);
      if (!v.ok()) {
        status = v.status();
        return;
      }
      sum += *v;
    });
    if (!status.ok()) return status;
    result.by_position.push_back(sum / static_cast<double>(deals));
  }
  result.value = (result.by_position[0] + result.by_position[1]) / 2;
  return result;
}

}  // namespace lbr
