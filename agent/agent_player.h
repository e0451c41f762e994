// The agent as a poker::Player (SPEC 1.2, 7-9): it reads every opponent's hand from its actions
// with the opponent model, computes its equity against those ranges, lets a policy decide, logs
// each decision, and keeps learning the opponents' pattern trees during the match. The same
// object plays behind an ACPC connection (agent_main.cc) and in the arena
// (`agent:model=FILE,policy=fold,...`, registered by this library).
#ifndef AGENT_AGENT_PLAYER_H_
#define AGENT_AGENT_PLAYER_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "agent/equity.h"
#include "agent/hand_reader.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "agent/range.h"
#include "cli/numbers.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"
#include "trainer/hand_observation.h"
#include "trainer/opponent_model.h"

namespace agent {

// The agent's own numeric parameters (the policy's are in PolicyParams). Set by name with
// SetAgentParam; documented in docs/agent.md.
struct AgentParams {
  // Monte Carlo trials per equity estimate (exact enumeration is used where cheaper).
  double trials = 20000;
  // Exact enumeration when it takes at most this many hand evaluations.
  double exact_evaluations = 2e6;
  // Wall-clock cap of one decision's equity estimates in milliseconds; the equity computations
  // get fractions of it (so a slow machine stays inside it; with the default trials the trial
  // budget binds first, which keeps runs repeatable for a seed). The search policy's look-ahead
  // is capped by its own search_cap_ms, not by this.
  double time_per_action_ms = 40;
  // Trials for each equity against the ranges that call a bet (fold-equity estimates).
  double bet_trials = 4000;
  // Online learning (003): 1 = count every hand into the opponents' pattern trees.
  double learn = 1;
  // Hands during which the model stays static (003: 500): the loaded model only; afterwards an
  // opponent is read with its learned model (loaded counts plus everything seen online).
  double static_hands = 500;
  // Hand reader (agent/hand_reader.h ReaderOptions): pseudo-decisions of the backoff from a
  // player to the population and from the population to DFmodel, the node decisions from which
  // 003's deviation is used for a player without bucket counts, the likelihood floor, and the
  // preflop entry-rate prior (1 = on).
  double player_prior = 10;
  double population_prior = 5;
  double deviation_min_decisions = 20;
  double min_likelihood = 1e-3;
  double entry_prior = 1;
  // Each read range's normalised weights are raised to this power before equity is computed
  // (a tempered likelihood): the reader multiplies one likelihood per action as if actions were
  // independent given the pair, which over-concentrates a range after several actions; < 1
  // flattens it back toward its support. 1 = use the ranges as read; 0.7 was tuned on
  // arena matches (docs/agent.md).
  double read_temper = 0.7;
};

// One documented parameter of AgentParams.
struct AgentParamSpec {
  const char* name;
  double AgentParams::*field;
  const char* help;
  cli::Range range = cli::AtLeast(0);  // the values accepted, shown in --help
};
absl::Span<const AgentParamSpec> AgentParamSpecs();

// Everything that configures an agent.
struct AgentOptions {
  std::string policy = "search";
  PolicyParams policy_params;
  AgentParams params;
  // Seeds the policy's randomisation and every Monte Carlo estimate (same seed, same inputs:
  // same decisions).
  uint64_t seed = 1;
  // Model names of the players by seat: either the other seats in seat order (ours skipped) or
  // every seat (ours ignored). Empty: opponents are named "seat<k>" (k = seat index from 0).
  std::vector<std::string> opponents;
  // Our seat when known (the arena knows it); -1: inferred from the dealer's rotation, in hand h
  // position p is seat (p + h) mod N, so ours is (position + h) mod N.
  int seat = -1;
  // Seats do not rotate (the dealer's -f): position p is seat p.
  bool fixed_seats = false;
  // The policy's random draws (Decision::rng) come from a generator seeded afresh at every
  // decision by the decision's seed (the seed, the hand, our decisions so far in it) instead of
  // one stream for the match (the arena's `draws=hand`): the agent plays the same in
  // distribution, and two agents compared on the same deals draw alike wherever they reach the
  // same decision (e.g. the search's mixed anchor and the `cfr` policy playing its blueprint).
  bool draws_per_decision = false;
  // One JSON object per decision (see docs/agent.md), or null.
  std::ostream* decision_log = nullptr;
  // time_per_action_ms caps the Monte Carlo and search work by the wall clock (a safety net
  // behind a dealer's time limit; the decision log says when it fired). False in the arena
  // (MakeAgentFromSpec): there only the work budgets (trials, nodes) bound a decision, so a seeded
  // run gives the same result however loaded the machine is.
  bool wall_clock_cap = true;
};

// Sets an agent or policy parameter by name. InvalidArgument for unknown names.
absl::Status SetAgentParam(absl::string_view name, double value, AgentOptions* options);
// Applies one `name=value` assignment (as given to --param).
absl::Status ApplyParamAssignment(absl::string_view assignment, AgentOptions* options);
// Applies a config file read by Boost.Program_options' parse_config_file: `name = value` lines,
// `#` comments and blank lines skipped. Errors name the file and the parameter; a bad line is
// the file's data, so FailedPrecondition (the programs exit 1), never InvalidArgument (exit 2).
absl::Status LoadParamFile(const std::string& path, AgentOptions* options);
// Every parameter with its current value and help, one per line (for --help and docs).
std::string DescribeParams(const AgentOptions& options);

// The seat that plays `position` in hand `hand` of an N-player match: the dealer's rotation
// (p + hand + rotation) mod N, or (p + rotation) mod N with fixed seats. `rotation` is 0 behind
// the dealer; the arena's duplicate rotations shift it.
int SeatOfPosition(int position, uint32_t hand, int num_players, int rotation, bool fixed_seats);
// The rotation that puts `seat` at `position` in hand `hand` (inverse of SeatOfPosition).
int RotationOf(int seat, int position, uint32_t hand, int num_players, bool fixed_seats);
// True when the viewer of a MATCHSTATE is to act (the protocol never says so).
bool IsViewersTurn(const poker::MatchState& view);

// The project's bundled model (data/models/default.pb) if it exists, else "".
std::string DefaultModelPath();
// Every bundled model (the *.pb files beside DefaultModelPath(): heads-up no-limit, heads-up
// limit, 6-player no-limit with 10000 stacks), default.pb first, the others by name.
std::vector<std::string> BundledModelPaths();

// Loads a model for `game`; InvalidArgument naming the file if it was trained for another game.
absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> LoadAgentModel(const std::string& path,
                                                                       const poker::GameDef& game);

// The model an agent reads hands with, from its `--model` (`model=` in the arena): not given, the
// first bundled model trained for `game`, else none with `*notice` saying that none fits; "none",
// none; a path must load for `game` or it is an error. With none, an agent that learns starts
// from an empty model of the game (AgentPlayer).
absl::StatusOr<std::unique_ptr<trainer::OpponentModel>> ChooseAgentModel(
    const std::optional<std::string>& requested, const poker::GameDef& game, std::string* notice);

// The agent. Not thread-safe; one match at a time.
class AgentPlayer : public poker::Player {
 public:
  // `model` may be null (DFmodel only). `game` must outlive the agent. Fails for an unknown
  // policy or a model of another game.
  static absl::StatusOr<std::unique_ptr<AgentPlayer>> Create(
      const poker::GameDef& game, std::unique_ptr<trainer::OpponentModel> model,
      AgentOptions options);

  void Observe(const poker::MatchState& view) override;
  poker::Action Act(const poker::MatchState& view) override;
  // The policy's report (Policy::ReportStrategy) at `view`, with the hand reader as of the last
  // state observed; false when the policy cannot report or the viewer is not to act.
  bool ReportStrategy(const poker::MatchState& view, poker::StrategyReport* report) const override;

  // Writes the loaded model with every opponent's online counts added (or, without a loaded
  // model, a model of the online counts only), atomically (PATH.tmp then rename).
  absl::Status SaveModel(const std::string& path) const;

  // Our seat (-1 before the first hand when it is inferred).
  int seat() const { return seat_; }
  // The seat playing `position` in the current hand.
  int SeatAt(int position) const { return seat_of_position_[position]; }
  // The model name of the player in `seat`.
  std::string SeatName(int seat) const;
  int64_t hands_played() const { return hands_played_; }
  // Milliseconds each decision took (Observe of the state we act on through Act).
  const std::vector<double>& decision_times_ms() const { return decision_times_ms_; }
  const Policy& policy() const { return *policy_; }
  const trainer::OpponentModel* model() const { return model_.get(); }
  // Counts learned online only (null when learning is off or the game has no model shape).
  const trainer::OpponentModel* online_model() const { return online_.get(); }
  // What the reader uses for the player in `seat` now: "player" (loaded counts), "learned"
  // (loaded plus online), "population" (no model of its own), or "dfmodel" (no model loaded).
  std::string ModelSource(int seat) const;
  // Makes the agent own the stream its decision log is written to (replaces
  // AgentOptions::decision_log).
  void OwnDecisionLog(std::unique_ptr<std::ostream> log);

 private:
  AgentPlayer(const poker::GameDef& game, std::unique_ptr<trainer::OpponentModel> model,
              AgentOptions options, std::unique_ptr<Policy> policy);

  void StartHand(const poker::MatchState& view);
  void FinishHand(const poker::MatchState& view);
  void Learn(const poker::State& final_state, int me);
  const trainer::PlayerModel* ReaderModelFor(int seat) const;
  // The equity options of one decision: these trials and microseconds (the clock only when
  // AgentOptions::wall_clock_cap), this seed, the exact-evaluation limit of the params.
  EquityOptions EquityBudget(int64_t trials, int64_t micros, uint64_t seed) const;
  EquityResult ComputeEquity(const poker::State& state, poker::PairCards hole,
                             absl::Span<const Range* const> ranges, int64_t trials, int64_t micros,
                             uint64_t seed);
  // Outside hold'em: our equity against `opponents_in` opponents dealt uniformly.
  EquityResult ComputeUniformEquity(const poker::State& state, absl::Span<const poker::Card> hole,
                                    int opponents_in, uint64_t seed);
  // read_[p] = the reader's range of p, tempered (AgentParams::read_temper).
  void TemperRanges(const poker::State& state, int me);
  void ComputeBetOutcomes(const poker::State& state, int me, poker::PairCards hole,
                          Decision* decision, uint64_t seed);
  void LogDecision(const poker::MatchState& view, const Decision& decision,
                   const poker::Action& action, double time_ms, double cpu_ms);

  const poker::GameDef* game_;
  std::unique_ptr<trainer::OpponentModel> model_;
  AgentOptions options_;
  std::unique_ptr<Policy> policy_;
  bool holdem_ = false;
  bool reading_ = false;  // the policy wants read ranges and the game is hold'em
  std::unique_ptr<HandReader> reader_;
  // No model was given: model_ is an empty model of the game (population prior DFmodel) whose
  // population counts every opponent online; opponents are read with their learned models from
  // the first hand.
  bool started_empty_ = false;
  // Online learning: counts seen in this match only (saved), and loaded + online (read).
  std::unique_ptr<trainer::OpponentModel> online_;
  std::unique_ptr<trainer::OpponentModel> learned_;
  std::unique_ptr<trainer::HandBucketer> bucketer_;
  trainer::HandObservation observation_;

  EquityCalculator calculator_;
  Range uniform_;
  std::array<Range, poker::kMaxPlayers> read_;
  std::array<Range, poker::kMaxPlayers> continuing_;
  std::array<float, poker::kNumPairs> likelihood_{};
  std::array<float, poker::kNumPairs> fold_likelihood_{};
  std::mt19937_64 rng_;

  // Seats: rotation_ is fixed at the first hand.
  int seat_ = -1;
  int rotation_ = 0;
  bool seats_known_ = false;
  // The hand in progress.
  bool in_hand_ = false;
  bool hand_done_ = false;
  uint32_t hand_number_ = 0;
  int viewer_ = 0;
  std::optional<poker::State> last_state_;
  int decisions_in_hand_ = 0;
  std::array<int, poker::kMaxPlayers> seat_of_position_{};
  int64_t hands_played_ = 0;
  std::chrono::steady_clock::time_point observed_at_;
  // Some computation of the current decision was cut short by the wall-clock cap.
  bool clock_cap_fired_ = false;
  double observed_cpu_ms_ = 0;
  std::vector<double> decision_times_ms_;
  std::unique_ptr<std::ostream> owned_log_;
};

// Builds an agent from an arena spec's parameters: `model=FILE|none`, `policy=NAME`, `seed=S`,
// `opponents=A+B+...`, `config=FILE`, `log=FILE` (decision log), `fixed_seats=1`,
// `draws=hand|match` (AgentOptions::draws_per_decision), and any parameter name (`call_thr=0.55`).
// Without `model` the first bundled model trained for this game is used (ChooseAgentModel), else an
// empty model; a model named with `model=` must load.
absl::StatusOr<std::unique_ptr<poker::Player>> MakeAgentFromSpec(const poker::GameDef& game,
                                                                 int seat, uint64_t seed_offset,
                                                                 absl::string_view params);

}  // namespace agent

#endif  // AGENT_AGENT_PLAYER_H_
