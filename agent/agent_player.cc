#include "agent/agent_player.h"

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "acpc/acpc_client.h"
#include "agent/decision_log.h"
#include "agent/uniform_equity.h"
#include "boost/program_options/options_description.hpp"
#include "boost/program_options/parsers.hpp"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"
#include "poker/draws.h"
#include "poker/file_io.h"
#include "poker/hand_strength.h"
#include "poker/player_registry.h"
#include "poker/rng.h"

namespace agent {
namespace {

using poker::Action;
using poker::MatchState;
using poker::State;

constexpr AgentParamSpec kAgentParamSpecs[] = {
    {"trials", &AgentParams::trials, "Monte Carlo trials per equity estimate",
     cli::WholeBetween(1, 1e9)},
    {"exact_evaluations", &AgentParams::exact_evaluations,
     "enumerate exactly when it takes at most this many hand evaluations",
     cli::WholeBetween(0, 1e12)},
    {"time_per_action_ms", &AgentParams::time_per_action_ms,
     "wall-clock cap over TCP of one decision's equity estimates in ms (not of the search "
     "policy's look-ahead: search_cap_ms)",
     cli::Between(0, 1e7)},
    {"bet_trials", &AgentParams::bet_trials,
     "Monte Carlo trials per equity against the ranges that call a bet (fold equity)",
     cli::WholeBetween(0, 1e9)},
    {"learn", &AgentParams::learn, "1 = learn the opponents' pattern trees during the match",
     cli::Flag()},
    {"static_hands", &AgentParams::static_hands,
     "hands before learned opponent models are used (003: 500)", cli::WholeBetween(0, 1e12)},
    {"player_prior", &AgentParams::player_prior,
     "hand reader: pseudo-decisions smoothing a player toward the population",
     cli::Between(0, 1e9)},
    {"population_prior", &AgentParams::population_prior,
     "hand reader: pseudo-decisions smoothing the population toward DFmodel", cli::Between(0, 1e9)},
    {"deviation_min_decisions", &AgentParams::deviation_min_decisions,
     "hand reader: node decisions from which a player's deviation (003) is used",
     cli::WholeBetween(0, 1e9)},
    {"min_likelihood", &AgentParams::min_likelihood, "hand reader: likelihood floor",
     cli::Between(0, 1)},
    {"entry_prior", &AgentParams::entry_prior,
     "hand reader: 1 = preflop prior from entry rates by position class", cli::Flag()},
    {"read_temper", &AgentParams::read_temper,
     "read ranges are raised to this power before use (1 = as read; < 1 flattens them)",
     cli::Between(0, 100)},
};

// Fractions of the time cap given to the main equity and to each bet-outcome equity.
constexpr double kMainEquityShare = 0.5;
constexpr double kBetEquityShare = 0.15;

ReaderOptions ReaderOptionsFrom(const AgentParams& p) {
  ReaderOptions r;
  r.player_prior = p.player_prior;
  r.population_prior = p.population_prior;
  r.deviation_min_decisions = static_cast<int>(p.deviation_min_decisions);
  r.min_likelihood = static_cast<float>(p.min_likelihood);
  r.entry_prior = p.entry_prior != 0;
  return r;
}

// True when `now` continues `before`: the same hand with every earlier action unchanged.
bool Extends(const State& now, const State& before) {
  if (now.hand_number() != before.hand_number() || now.round() < before.round()) return false;
  for (int r = 0; r <= before.round(); ++r) {
    const int n = before.num_actions(r);
    if (now.num_actions(r) < n || (r < before.round() && now.num_actions(r) != n)) return false;
    for (int i = 0; i < n; ++i) {
      if (!(now.action(r, i) == before.action(r, i))) return false;
    }
  }
  return true;
}

// An empty model of the same game and abstraction as `model` (for online counts).
absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> EmptyLike(
    const trainer::OpponentModel& model) {
  opponent_model::Model proto = model.ToProto();
  proto.clear_players();
  proto.clear_provenance();
  proto.set_min_hands(0);
  proto.set_pruned(false);
  opponent_model::PlayerModel* population = proto.mutable_population();
  population->set_hands(0);
  population->clear_entry();
  for (opponent_model::StreetTree& street : *population->mutable_streets()) street.clear_nodes();
  absl::StatusOr<trainer::OpponentModel> empty = trainer::OpponentModel::FromProto(proto);
  if (!empty.ok()) return empty.status();
  return std::make_unique<trainer::OpponentModel>(*std::move(empty));
}

std::string Num(double value) {
  if (!std::isfinite(value)) return "null";
  return absl::StrFormat("%.6g", value);
}

// CPU time of this thread in milliseconds: decision times on a loaded machine are wall time
// stretched by waiting for a core; the log records both.
double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

}  // namespace

absl::Span<const AgentParamSpec> AgentParamSpecs() { return kAgentParamSpecs; }

absl::Status SetAgentParam(absl::string_view name, double value, AgentOptions* options) {
  for (const AgentParamSpec& spec : kAgentParamSpecs) {
    if (name == spec.name) {
      if (absl::Status s = cli::CheckNumber(absl::StrCat("parameter ", name), value, spec.range);
          !s.ok()) {
        return s;
      }
      options->params.*spec.field = value;
      return absl::OkStatus();
    }
  }
  absl::Status status = SetPolicyParam(name, value, &options->policy_params);
  if (!status.ok() && absl::IsInvalidArgument(status) &&
      absl::StrContains(status.message(), "unknown")) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown parameter '", name, "' (see agent --help for the list)"));
  }
  return status;
}

absl::Status ApplyParamAssignment(absl::string_view assignment, AgentOptions* options) {
  const size_t eq = assignment.find('=');
  if (eq == absl::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("parameter '", assignment, "': expected name=value"));
  }
  const absl::string_view name = absl::StripAsciiWhitespace(assignment.substr(0, eq));
  const absl::string_view text = absl::StripAsciiWhitespace(assignment.substr(eq + 1));
  for (const ExtraParam& extra : RegisteredExtraParams()) {
    if (extra.text && name == extra.name) {
      options->policy_params.extra_text[extra.name] = std::string(text);
      return absl::OkStatus();
    }
  }
  absl::StatusOr<double> value =
      cli::ParseNumber(absl::StrCat("parameter ", name), text, cli::AnyNumber());
  if (!value.ok()) return value.status();
  return SetAgentParam(name, *value, options);
}

absl::Status LoadParamFile(const std::string& path, AgentOptions* options) {
  absl::StatusOr<std::string> text = poker::ReadFileToString(path);
  if (!text.ok()) return text.status();
  // Boost.Program_options reads the `NAME = VALUE` lines and `#` comments; every name is taken
  // as unregistered and checked by ApplyParamAssignment, the one place that knows the names.
  namespace po = boost::program_options;
  std::istringstream in(*text);
  po::parsed_options parsed(nullptr);
  try {
    parsed = po::parse_config_file(in, po::options_description(), /*allow_unregistered=*/true);
  } catch (const po::error& e) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": ", e.what()));
  }
  for (const po::basic_option<char>& option : parsed.options) {
    if (option.value.size() != 1) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": parameter ", option.string_key, ": expected one value"));
    }
    if (absl::Status s = ApplyParamAssignment(
            absl::StrCat(option.string_key, "=", option.value.front()), options);
        !s.ok()) {
      return absl::FailedPreconditionError(absl::StrCat(path, ": ", s.message()));
    }
  }
  return absl::OkStatus();
}

std::string DescribeParams(const AgentOptions& options) {
  std::string out;
  // The names' column: as wide as the longest name.
  int width = 26;
  for (const AgentParamSpec& spec : kAgentParamSpecs) {
    width = std::max<int>(width, std::string_view(spec.name).size());
  }
  for (const ParamSpec& spec : PolicyParamSpecs()) {
    width = std::max<int>(width, std::string_view(spec.name).size());
  }
  for (const ExtraParam& extra : RegisteredExtraParams()) {
    width = std::max<int>(width, extra.name.size());
  }
  for (const AgentParamSpec& spec : kAgentParamSpecs) {
    absl::StrAppendFormat(&out, "  %-*s %-8s %s (%s)\n", width, spec.name,
                          Num(options.params.*spec.field), spec.help, spec.range.Text());
  }
  for (const ParamSpec& spec : PolicyParamSpecs()) {
    absl::StrAppendFormat(&out, "  %-*s %-8s %s (%s)\n", width, spec.name,
                          Num(options.policy_params.*spec.field), spec.help, spec.range.Text());
  }
  for (const ExtraParam& extra : RegisteredExtraParams()) {
    if (extra.text) {
      auto it = options.policy_params.extra_text.find(extra.name);
      absl::StrAppendFormat(&out, "  %-*s %-8s %s\n", width, extra.name,
                            it == options.policy_params.extra_text.end() ? "\"\"" : it->second,
                            extra.help);
      continue;
    }
    absl::StatusOr<double> value = GetPolicyParam(extra.name, options.policy_params);
    absl::StrAppendFormat(&out, "  %-*s %-8s %s (%s)\n", width, extra.name,
                          Num(value.ok() ? *value : extra.default_value), extra.help,
                          extra.range.Text());
  }
  return out;
}

int SeatOfPosition(int position, uint32_t hand, int num_players, int rotation, bool fixed_seats) {
  const int shift = fixed_seats ? 0 : static_cast<int>(hand % static_cast<uint32_t>(num_players));
  return (position + shift + rotation) % num_players;
}

int RotationOf(int seat, int position, uint32_t hand, int num_players, bool fixed_seats) {
  const int shift = fixed_seats ? 0 : static_cast<int>(hand % static_cast<uint32_t>(num_players));
  return ((seat - position - shift) % num_players + 2 * num_players) % num_players;
}

bool IsViewersTurn(const MatchState& view) {
  return !view.state.finished() && view.state.CurrentPlayer() == view.viewer;
}

std::string DefaultModelPath() {
  std::error_code ec;
#ifdef POKER_DEFAULT_MODEL
  if (std::filesystem::exists(POKER_DEFAULT_MODEL, ec)) return POKER_DEFAULT_MODEL;
#endif
  // Next to an installed or copied build: <root>/build/bin/agent -> <root>/data/models.
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path candidate =
        exe.parent_path().parent_path().parent_path() / "data/models/default.pb";
    if (std::filesystem::exists(candidate, ec)) return candidate.string();
  }
  return "";
}

std::vector<std::string> BundledModelPaths() {
  const std::string first = DefaultModelPath();
  if (first.empty()) return {};
  std::vector<std::string> paths = {first};
  std::vector<std::string> others;
  std::error_code ec;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(first).parent_path(), ec)) {
    if (entry.path().extension() == ".pb" && entry.path() != std::filesystem::path(first)) {
      others.push_back(entry.path().string());
    }
  }
  std::sort(others.begin(), others.end());
  paths.insert(paths.end(), others.begin(), others.end());
  return paths;
}

absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> LoadAgentModel(const std::string& path,
                                                                       const poker::GameDef& game) {
  absl::StatusOr<trainer::OpponentModel> model = trainer::OpponentModel::Load(path, &game);
  if (!model.ok()) return model.status();
  return std::make_unique<trainer::OpponentModel>(*std::move(model));
}

absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> ChooseAgentModel(
    const std::optional<std::string>& requested, const poker::GameDef& game, std::string* notice) {
  if (requested.has_value()) {
    if (*requested == "none") return nullptr;
    return LoadAgentModel(*requested, game);
  }
  std::vector<std::string> reasons;
  for (const std::string& bundled : BundledModelPaths()) {
    absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> loaded = LoadAgentModel(bundled, game);
    if (loaded.ok()) return loaded;
    reasons.push_back(std::string(loaded.status().message()));
  }
  if (reasons.empty()) return nullptr;
  *notice = absl::StrCat("no bundled model fits this game (", absl::StrJoin(reasons, "; "),
                         "); starting from an empty model (DFmodel) and learning online");
  return nullptr;
}

absl::StatusOr<std::unique_ptr<AgentPlayer>> AgentPlayer::Create(
    const poker::GameDef& game, std::unique_ptr<trainer::OpponentModel> model,
    AgentOptions options) {
  if (model != nullptr) {
    if (absl::Status s = trainer::CompareGames(model->game(), game); !s.ok()) {
      // The model file's data, not the command line (exit 1).
      return absl::FailedPreconditionError(
          absl::StrCat("the model was trained for another game: ", s.message()));
    }
  }
  const int n = game.num_players;
  if (!options.opponents.empty() && static_cast<int>(options.opponents.size()) != n - 1 &&
      static_cast<int>(options.opponents.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("--opponents names ", options.opponents.size(), " players; the game has ", n,
                     " seats: give the other ", n - 1, " seats (or all ", n, ") in seat order"));
  }
  if (options.seat >= n) {
    return absl::InvalidArgumentError(absl::StrCat("seat ", options.seat, " is not below ", n));
  }
  absl::StatusOr<std::unique_ptr<Policy>> policy =
      MakePolicy(options.policy, options.policy_params);
  if (!policy.ok()) return policy.status();
  if (absl::Status s = (*policy)->CheckGame(game); !s.ok()) return s;
  return std::unique_ptr<AgentPlayer>(
      new AgentPlayer(game, std::move(model), std::move(options), *std::move(policy)));
}

AgentPlayer::AgentPlayer(const poker::GameDef& game, std::unique_ptr<trainer::OpponentModel> model,
                         AgentOptions options, std::unique_ptr<Policy> policy)
    : game_(&game),
      model_(std::move(model)),
      options_(std::move(options)),
      policy_(std::move(policy)),
      rng_(poker::MixSeeds(options_.seed, 0x5EED)) {
  holdem_ = game.IsHoldemCards();
  policy_->SetGame(game);
  reading_ = holdem_ && policy_->wants_read_ranges();
  if (options_.seat >= 0) seat_ = options_.seat;
  if (options_.params.learn != 0 && model_ == nullptr) {
    // No model of this game: an empty one, counted as we play (DFmodel is its prior).
    trainer::ModelOptions model_options;
    if (!holdem_) model_options.num_buckets = 0;
    absl::StatusOr<trainer::OpponentModel> empty =
        trainer::OpponentModel::Create(game, model_options);
    if (empty.ok()) {
      model_ = std::make_unique<trainer::OpponentModel>(*std::move(empty));
      started_empty_ = true;
    }
  }
  if (reading_) {
    reader_ = std::make_unique<HandReader>(model_.get(), game, ReaderOptionsFrom(options_.params));
  }
  if (options_.params.learn != 0) {
    if (model_ != nullptr) {
      absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> online = EmptyLike(*model_);
      absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> learned = EmptyLike(*model_);
      if (online.ok() && learned.ok()) {
        online_ = *std::move(online);
        learned_ = *std::move(learned);
      }
    } else {
      trainer::ModelOptions model_options;
      if (!holdem_) model_options.num_buckets = 0;
      absl::StatusOr<trainer::OpponentModel> online =
          trainer::OpponentModel::Create(game, model_options);
      if (online.ok()) online_ = std::make_unique<trainer::OpponentModel>(*std::move(online));
    }
    if (online_ != nullptr) bucketer_ = std::make_unique<trainer::HandBucketer>(online_->buckets());
  }
}

void AgentPlayer::OwnDecisionLog(std::unique_ptr<std::ostream> log) {
  owned_log_ = std::move(log);
  options_.decision_log = owned_log_.get();
}

std::string AgentPlayer::SeatName(int seat) const {
  const int n = game_->num_players;
  const auto& names = options_.opponents;
  if (static_cast<int>(names.size()) == n) return names[seat];
  if (static_cast<int>(names.size()) == n - 1 && seat_ >= 0 && seat != seat_) {
    return names[seat < seat_ ? seat : seat - 1];
  }
  return absl::StrCat("seat", seat);
}

const trainer::PlayerModel* AgentPlayer::ReaderModelFor(int seat) const {
  if (model_ == nullptr) return nullptr;
  const std::string name = SeatName(seat);
  if (learned_ != nullptr && (started_empty_ || policy_->reads_learned_models_at_once() ||
                              hands_played_ >= options_.params.static_hands)) {
    if (const trainer::PlayerModel* learned = learned_->FindPlayer(name)) return learned;
  }
  return model_->FindPlayer(name);
}

std::string AgentPlayer::ModelSource(int seat) const {
  if (model_ == nullptr) return "dfmodel";
  const trainer::PlayerModel* used = ReaderModelFor(seat);
  if (used == nullptr) return "population";
  return learned_ != nullptr && used == learned_->FindPlayer(SeatName(seat)) ? "learned" : "player";
}

void AgentPlayer::StartHand(const MatchState& view) {
  const State& s = view.state;
  const int n = game_->num_players;
  in_hand_ = true;
  hand_done_ = false;
  hand_number_ = s.hand_number();
  viewer_ = view.viewer;
  decisions_in_hand_ = 0;
  if (!seats_known_) {
    rotation_ = seat_ >= 0 ? RotationOf(seat_, viewer_, hand_number_, n, options_.fixed_seats) : 0;
    seat_ = SeatOfPosition(viewer_, hand_number_, n, rotation_, options_.fixed_seats);
    seats_known_ = true;
  }
  for (int p = 0; p < n; ++p) {
    seat_of_position_[p] = SeatOfPosition(p, hand_number_, n, rotation_, options_.fixed_seats);
  }
  policy_->SeatsOfHand(absl::MakeConstSpan(seat_of_position_.data(), n));
  if (reader_ != nullptr) {
    std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
    for (int p = 0; p < n; ++p) {
      models[p] = p == viewer_ ? nullptr : ReaderModelFor(seat_of_position_[p]);
    }
    reader_->StartHand(s, viewer_, absl::MakeConstSpan(models.data(), n));
  }
}

void AgentPlayer::Observe(const MatchState& view) {
  observed_at_ = std::chrono::steady_clock::now();
  if (options_.decision_log != nullptr) observed_cpu_ms_ = ThreadCpuMs();
  const State& s = view.state;
  // A state that does not continue the last one (a new hand, or a dealer that played another
  // action than ours) restarts the hand's reading from this state.
  if (!in_hand_ || view.viewer != viewer_ || !last_state_ || !Extends(s, *last_state_)) {
    StartHand(view);
  }
  last_state_ = s;
  if (hand_done_) return;
  if (reader_ != nullptr) reader_->Update(s);
  if (s.finished()) FinishHand(view);
}

void AgentPlayer::FinishHand(const MatchState& view) {
  hand_done_ = true;
  ++hands_played_;
  const State& s = view.state;
  absl::StatusOr<double> value = s.Value(view.viewer);
  policy_->EndHand(s, view.viewer, value.ok() ? *value : 0.0);
  if (online_ != nullptr) Learn(s, view.viewer);
}

void AgentPlayer::Learn(const State& final_state, int me) {
  trainer::ObserveState(final_state, online_->abstraction(), online_->position_classes(),
                        &observation_);
  if (online_->buckets().enabled()) {
    bucketer_->SetBuckets(*game_, trainer::HandCards::FromState(final_state), &observation_);
  }
  for (int p = 0; p < game_->num_players; ++p) {
    if (p == me) continue;
    const std::string name = SeatName(seat_of_position_[p]);
    online_->MutablePlayer(name).AddHand(observation_, p);
    if (started_empty_) model_->mutable_population().AddHand(observation_, p);
    if (learned_ != nullptr) {
      if (learned_->FindPlayer(name) == nullptr) {
        trainer::PlayerModel& fresh = learned_->MutablePlayer(name);
        if (const trainer::PlayerModel* loaded = model_->FindPlayer(name)) {
          fresh.Merge(*loaded).IgnoreError();  // same shape by construction
        }
      }
      learned_->MutablePlayer(name).AddHand(observation_, p);
    }
  }
  ++online_->mutable_provenance().online_hands;
}

namespace {

// The board cards `state` shows, copied into `*board`; the span over them.
absl::Span<const poker::Card> VisibleBoard(const State& state,
                                           std::array<poker::Card, poker::kMaxBoardCards>* board) {
  const int board_size = state.NumBoardCardsVisible();
  for (int i = 0; i < board_size; ++i) (*board)[i] = state.board_card(i);
  return absl::MakeConstSpan(board->data(), board_size);
}

}  // namespace

EquityOptions AgentPlayer::EquityBudget(int64_t trials, int64_t micros, uint64_t seed) const {
  EquityOptions options;
  options.max_trials = std::max<int64_t>(trials, 1);
  // 0 = no time limit: in the arena only the trial budget binds (AgentOptions::wall_clock_cap).
  options.max_micros = options_.wall_clock_cap ? std::max<int64_t>(micros, 1) : 0;
  options.seed = seed;
  options.max_exact_evaluations = static_cast<int64_t>(options_.params.exact_evaluations);
  return options;
}

EquityResult AgentPlayer::ComputeEquity(const State& state, poker::PairCards hole,
                                        absl::Span<const Range* const> ranges, int64_t trials,
                                        int64_t micros, uint64_t seed) {
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const absl::Span<const poker::Card> board_span = VisibleBoard(state, &board);
  const EquityOptions options = EquityBudget(trials, micros, seed);
  absl::StatusOr<EquityResult> result = calculator_.Compute(hole, board_span, ranges, options);
  if (result.ok()) {
    if (!result->exact && result->trials < options.max_trials && options.max_micros > 0) {
      clock_cap_fired_ = true;
    }
    return *result;
  }
  // A range with no weight left (a reading that ruled out every pair): fall back to uniform.
  std::array<const Range*, kMaxOpponents> uniform{};
  for (size_t i = 0; i < ranges.size() && i < uniform.size(); ++i) uniform[i] = &uniform_;
  result = calculator_.Compute(hole, board_span, absl::MakeConstSpan(uniform.data(), ranges.size()),
                               options);
  if (result.ok()) return *result;
  EquityResult unknown;
  unknown.equity = 1.0 / (ranges.size() + 1);
  return unknown;
}

EquityResult AgentPlayer::ComputeUniformEquity(const State& state,
                                               absl::Span<const poker::Card> hole, int opponents_in,
                                               uint64_t seed) {
  std::array<poker::Card, poker::kMaxBoardCards> board{};
  const double budget_us = options_.params.time_per_action_ms * 1000 * kMainEquityShare;
  absl::StatusOr<EquityResult> result =
      agent::ComputeUniformEquity(*game_, hole, VisibleBoard(state, &board), opponents_in,
                                  EquityBudget(static_cast<int64_t>(options_.params.trials),
                                               static_cast<int64_t>(budget_us), seed));
  if (result.ok()) return *result;
  EquityResult unknown;  // cards the deck cannot deal: no information
  unknown.equity = 1.0 / (opponents_in + 1);
  return unknown;
}

void AgentPlayer::TemperRanges(const State& state, int me) {
  const float exponent = static_cast<float>(options_.params.read_temper);
  for (int p = 0; p < game_->num_players; ++p) {
    if (p == me || state.folded(p)) continue;
    read_[p] = reader_->range(p);
    if (exponent == 1.0f || !read_[p].Normalize()) continue;
    // Normalised first so that the powers neither underflow nor overflow.
    for (float& w : read_[p].mutable_weights()) w = w > 0 ? std::pow(w, exponent) : 0.0f;
  }
}

void AgentPlayer::ComputeBetOutcomes(const State& state, int me, poker::PairCards hole,
                                     Decision* decision, uint64_t seed) {
  const int n = game_->num_players;
  const double budget_us = options_.params.time_per_action_ms * 1000 * kBetEquityShare;
  for (int i = 0; i < kNumBetSizes; ++i) {
    BetOutcome& outcome = decision->bets[i];
    outcome.action = BetFraction(state, kBetFractions[i]);
    if (outcome.action.type != poker::ActionType::kRaise) continue;
    if (i > 0 && decision->bets[i - 1].valid && decision->bets[i - 1].action == outcome.action) {
      outcome = decision->bets[i - 1];
      continue;
    }
    for (int p = 0; p < n; ++p) continuing_[p] = read_[p];
    // Walk the opponents in acting order, each facing the bet (earlier ones assumed to call).
    State after = state;
    if (!after.Apply(outcome.action).ok()) continue;
    double all_fold = 1;
    double none_raise = 1;
    for (int k = 0; k < n && !after.finished(); ++k) {
      const int q = after.CurrentPlayer();
      if (q == me) break;
      reader_->ActionLikelihoods(after, q, trainer::kFold, &fold_likelihood_);
      reader_->ActionLikelihoods(after, q, trainer::kCall, &likelihood_);
      const std::array<float, poker::kNumPairs>& w = continuing_[q].weights();
      double total = 0;
      double folding = 0;
      double calling = 0;
      for (int h = 0; h < poker::kNumPairs; ++h) {
        total += w[h];
        folding += w[h] * fold_likelihood_[h];
        calling += w[h] * likelihood_[h];
      }
      const double p_fold = total > 0 ? folding / total : 0.0;
      const double p_call = total > 0 ? calling / total : 0.0;
      all_fold *= p_fold;
      none_raise *= std::clamp(p_fold + p_call, 0.0, 1.0);
      continuing_[q].Multiply(likelihood_);
      if (!after.Apply(Action::Call()).ok()) break;
    }
    std::array<const Range*, kMaxOpponents> ranges{};
    int count = 0;
    for (int p = 0; p < n && count < kMaxOpponents; ++p) {
      if (p != me && !state.folded(p)) ranges[count++] = &continuing_[p];
    }
    const EquityResult called =
        ComputeEquity(state, hole, absl::MakeConstSpan(ranges.data(), count),
                      static_cast<int64_t>(options_.params.bet_trials),
                      static_cast<int64_t>(budget_us), poker::MixSeeds(seed, i + 1));
    outcome.valid = true;
    outcome.fold_probability = all_fold;
    outcome.raise_probability = 1 - none_raise;
    outcome.called_equity = called.equity;
  }
}

Action AgentPlayer::Act(const MatchState& view) {
  const State& state = view.state;
  const int me = view.viewer;
  if (!IsViewersTurn(view)) return Action::Call();
  if (!in_hand_ || state.hand_number() != hand_number_) Observe(view);
  const int n = game_->num_players;
  const poker::PairCards hole{state.hole_card(me, 0), state.hole_card(me, 1)};
  std::array<poker::Card, poker::kMaxHoleCards> hole_cards{};
  for (int i = 0; i < game_->num_hole_cards; ++i) hole_cards[i] = state.hole_card(me, i);
  Decision decision{state, me, hole, EquityResult{}, 0, &rng_};
  decision.hole_cards = absl::MakeConstSpan(hole_cards.data(), game_->num_hole_cards);
  for (int p = 0; p < n; ++p) decision.opponents_in += p != me && !state.folded(p);
  const uint64_t seed =
      poker::MixSeeds(poker::MixSeeds(options_.seed, state.hand_number()), decisions_in_hand_++);
  if (options_.draws_per_decision) rng_.seed(poker::MixSeeds(seed, 0x5EED));
  clock_cap_fired_ = false;

  Action action = Action::Call();
  if (holdem_ && state.HoleCardsKnown(me)) {
    if (reading_) TemperRanges(state, me);
    std::array<const Range*, kMaxOpponents> ranges{};
    int count = 0;
    for (int p = 0; p < n && count < kMaxOpponents; ++p) {
      if (p == me || state.folded(p)) continue;
      ranges[count++] = reading_ ? &read_[p] : &uniform_;
    }
    const double budget_us = options_.params.time_per_action_ms * 1000 * kMainEquityShare;
    const bool wants_equity = policy_->wants_equity_for(decision.opponents_in);
    if (wants_equity) {
      decision.equity = ComputeEquity(state, hole, absl::MakeConstSpan(ranges.data(), count),
                                      static_cast<int64_t>(options_.params.trials),
                                      static_cast<int64_t>(budget_us), seed);
    }
    std::array<poker::Card, poker::kMaxBoardCards> board{};
    const absl::Span<const poker::Card> shown = VisibleBoard(state, &board);
    if (wants_equity && (shown.size() == 3 || shown.size() == 4)) {
      decision.outs = poker::CountOuts(hole, shown);
    }
    // Only a bet into a pot nobody has bet in this street is weighed by its fold equity.
    if (reading_ && model_ != nullptr && wants_equity && policy_->wants_bet_outcomes() &&
        ToCall(state) == 0 && state.CanRaise()) {
      ComputeBetOutcomes(state, me, hole, &decision, seed);
    }
    if (reading_) {
      decision.reader = reader_.get();
      for (int p = 0; p < n; ++p) {
        if (p != me && !state.folded(p)) decision.ranges[p] = &read_[p];
      }
    }
    decision.seed = seed;
    if (options_.wall_clock_cap) decision.started = observed_at_;
    action = MakeLegal(state, policy_->Decide(decision));
  } else if (state.HoleCardsKnown(me)) {
    // Outside hold'em nothing is read (the reader's ranges are over hold'em pairs): the equity is
    // against opponents dealt uniformly, exact in the small games (Kuhn, Leduc).
    if (policy_->wants_equity_for(decision.opponents_in)) {
      decision.equity =
          ComputeUniformEquity(state, decision.hole_cards, decision.opponents_in, seed);
    }
    decision.seed = seed;
    if (options_.wall_clock_cap) decision.started = observed_at_;
    action = MakeLegal(state, policy_->Decide(decision));
  }
  const double time_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - observed_at_)
          .count();
  decision_times_ms_.push_back(time_ms);
  if (options_.decision_log != nullptr) {
    LogDecision(view, decision, action, time_ms, ThreadCpuMs() - observed_cpu_ms_);
  }
  return action;
}

bool AgentPlayer::ReportStrategy(const MatchState& view, poker::StrategyReport* report) const {
  if (!IsViewersTurn(view)) return false;
  const bool same_hand = in_hand_ && view.state.hand_number() == hand_number_;
  const ReportQuery query{view.state, view.viewer, same_hand ? reader_.get() : nullptr,
                          poker::MixSeeds(poker::MixSeeds(options_.seed, view.state.hand_number()),
                                          same_hand ? decisions_in_hand_ : 0)};
  return policy_->ReportStrategy(query, report);
}

void AgentPlayer::LogDecision(const MatchState& view, const Decision& decision,
                              const Action& action, double time_ms, double cpu_ms) {
  const State& s = view.state;
  const int me = view.viewer;
  LoggedDecision entry;
  entry.state = &s;
  entry.position = me;
  entry.seat = seat_of_position_[me];
  entry.policy = policy_->name();
  for (int p = 0; p < game_->num_players; ++p) {
    if (p == me || s.folded(p)) continue;
    const int seat = seat_of_position_[p];
    LoggedOpponent opponent;
    opponent.position = p;
    opponent.seat = seat;
    opponent.name = SeatName(seat);
    if (reading_) {
      opponent.model = ModelSource(seat);
      opponent.range = &read_[p];
    }
    entry.opponents.push_back(std::move(opponent));
  }
  entry.decision = &decision;
  entry.action = acpc::AcpcSession::FormatAction(*game_, action);
  entry.explanation = policy_->explanation();
  entry.values = policy_->action_values();
  entry.clock_cap = clock_cap_fired_ || policy_->clock_cap_fired();
  entry.time_ms = time_ms;
  entry.cpu_ms = cpu_ms;
  *options_.decision_log << FormatDecisionLogLine(entry) << '\n';
}

absl::Status AgentPlayer::SaveModel(const std::string& path) const {
  if (model_ == nullptr) {
    if (online_ == nullptr) return absl::FailedPreconditionError("nothing was learned");
    return online_->Save(path);
  }
  absl::StatusOr<trainer::OpponentModel> saved =
      trainer::OpponentModel::FromProto(model_->ToProto());
  if (!saved.ok()) return saved.status();
  if (online_ != nullptr) {
    for (const trainer::PlayerModel* player : online_->players()) {
      if (absl::Status s = saved->MutablePlayer(player->name()).Merge(*player); !s.ok()) return s;
    }
    saved->mutable_provenance().online_hands += online_->provenance().online_hands;
  }
  return saved->Save(path);
}

absl::StatusOr<std::unique_ptr<poker::Player>> MakeAgentFromSpec(const poker::GameDef& game,
                                                                 int seat, uint64_t seed_offset,
                                                                 absl::string_view params) {
  AgentOptions options;
  options.seat = seat;
  // In-process: work budgets only (a seeded run repeats on a loaded machine).
  options.wall_clock_cap = false;
  std::optional<std::string> model_choice;
  std::string log_path;
  std::vector<std::pair<std::string, std::string>> assignments;
  for (absl::string_view item : absl::StrSplit(params, ',', absl::SkipEmpty())) {
    const size_t eq = item.find('=');
    if (eq == absl::string_view::npos) {
      return absl::InvalidArgumentError(absl::StrCat("'", item, "': expected key=value"));
    }
    const std::string key(absl::StripAsciiWhitespace(item.substr(0, eq)));
    const std::string value(absl::StripAsciiWhitespace(item.substr(eq + 1)));
    if (key == "model") {
      model_choice = value;
    } else if (key == "policy") {
      options.policy = value;
    } else if (key == "seed") {
      if (!absl::SimpleAtoi(value, &options.seed)) {
        return absl::InvalidArgumentError(absl::StrCat("seed '", value, "' is not a number"));
      }
    } else if (key == "opponents") {
      options.opponents = absl::StrSplit(value, '+');
    } else if (key == "config") {
      if (absl::Status s = LoadParamFile(value, &options); !s.ok()) return s;
    } else if (key == "log") {
      log_path = value;
    } else if (key == "fixed_seats") {
      if (value != "0" && value != "1" && value != "true" && value != "false") {
        return absl::InvalidArgumentError(
            absl::StrCat("fixed_seats '", value, "' is not 0, 1, true or false"));
      }
      options.fixed_seats = value == "1" || value == "true";
    } else if (key == "draws") {
      const std::optional<bool> hand_draws = poker::ParseHandDraws(value);
      if (!hand_draws.has_value()) {
        return absl::InvalidArgumentError(absl::StrCat("draws '", value, "' is not hand or match"));
      }
      options.draws_per_decision = *hand_draws;
    } else {
      assignments.emplace_back(key, value);
    }
  }
  // Explicit parameters override a config file, whatever their order.
  for (const auto& [key, value] : assignments) {
    if (absl::Status s = ApplyParamAssignment(absl::StrCat(key, "=", value), &options); !s.ok()) {
      return s;
    }
  }
  options.seed = options.seed + seed_offset * 1000003ULL;
  // In the arena the bundled model is passed over silently when it does not fit the game.
  std::string notice;
  absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> model =
      ChooseAgentModel(model_choice, game, &notice);
  // A model file that cannot be read or holds bad data: a failure (exit 1), not a bad spec, also
  // when the model's loader calls bad contents InvalidArgument.
  if (!model.ok()) return poker::FileDataFailure(model.status());
  absl::StatusOr<std::unique_ptr<AgentPlayer>> agent =
      AgentPlayer::Create(game, *std::move(model), std::move(options));
  if (!agent.ok()) return agent.status();
  if (!log_path.empty()) {
    // Appended: the arena builds a fresh player for every duplicate rotation.
    auto log = std::make_unique<std::ofstream>(log_path, std::ios::app);
    if (!*log) {
      return absl::UnavailableError(
          absl::StrCat("cannot write ", log_path, ": ", std::strerror(errno)));
    }
    (*agent)->OwnDecisionLog(std::move(log));
  }
  return std::unique_ptr<poker::Player>(std::move(*agent));
}

namespace {

// The arena's `agent:` player kind (the arena links this library whole-archive).
const bool kRegisteredWithArena = poker::RegisterPlayerFactory(
    "agent", [](const poker::PlayerContext& context, absl::string_view params) {
      return MakeAgentFromSpec(*context.game, context.seat, context.seed_offset, params);
    });

}  // namespace

}  // namespace agent
