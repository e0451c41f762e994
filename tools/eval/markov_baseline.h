// The Markov baseline of the prediction experiment (SPEC 12; 000 section 5.2 after a 2013
// thesis): a hidden Markov chain over a player's hand class street to street, observed through
// the player's actions on each street, with every probability counted on training hands, and
// prediction by the forward algorithm.
#ifndef TOOLS_EVAL_MARKOV_BASELINE_H_
#define TOOLS_EVAL_MARKOV_BASELINE_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tools/eval/hand_class.h"
#include "tools/eval/metrics.h"
#include "trainer/action_abstraction.h"
#include "trainer/hand_observation.h"

namespace eval {

// What the chain observes of a player's street (its "action").
enum class MarkovAlphabet {
  // The player's own abstract actions on the street in order, e.g. "check call", at most
  // MarkovOptions::max_sequence of them ("+" marks a longer sequence); "none" when it did not
  // act (all-in earlier).
  kSequence,
  // 000's simplification: the street's most aggressive own action (check < call < raise classes
  // by size < all-in; check-raise is the raise), "/fold" appended when it then folded; a fold
  // with nothing before it is "fold"; "none" when it did not act.
  kAggressive,
};
absl::StatusOr<MarkovAlphabet> ParseMarkovAlphabet(const std::string& text);
const char* MarkovAlphabetName(MarkovAlphabet alphabet);

struct MarkovOptions {
  MarkovAlphabet alphabet = MarkovAlphabet::kSequence;
  int max_sequence = 4;
  // Add-alpha smoothing of the population's emissions: alpha pseudo-observations per class,
  // spread evenly over the street's symbols seen in training plus one for every unseen symbol.
  double emission_prior = 1;
  // A player's own emissions (players modelled by name) are smoothed toward the population's
  // with this many pseudo-observations per class.
  double player_prior = 10;
  // Add-gamma smoothing of the initial and transition probabilities, spread over the classes.
  double transition_prior = 1;
  // The paper's chain (`markov-paper`): rule out the classes no pair can hold on the visible
  // board (Predict's `possible`); false predicts as if the board were unknown (the chain alone,
  // without card combinatorics). The card-counting chain (`markov`, PredictWeighted with
  // CardCountWeights) does not use it.
  bool restrict_to_board = true;
};

// The symbol of `position`'s actions on `round` of an observed hand.
std::string StreetSymbol(const trainer::HandObservation& hand, int position, int round,
                         const trainer::ActionAbstraction& abstraction,
                         const MarkovOptions& options);

// The forward algorithm (filtering). Step 0 has initial[c0]; step t >= 1 moves from the classes
// of step t-1 to those of step t by transitions[t - 1] (row-major, rows = classes of t-1, columns
// = classes of t); likelihoods[t][c] is P(what was observed at step t | class c) (zero rules c
// out). Returns, per step t, P(class at t | observations 0..t), normalised; a step whose
// observations have probability 0 under every class gets all zeros, as do the steps after it.
std::vector<std::vector<double>> ForwardFilter(absl::Span<const double> initial,
                                               absl::Span<const std::vector<double>> transitions,
                                               absl::Span<const std::vector<double>> likelihoods);

// The counted chain. Training adds whole observed sequences; prediction filters one. Players
// are small integers (kPopulation: none); each player with an id gets its own emission counts
// (smoothed toward the population's), while initial and transition probabilities are the
// population's (cards, not players, drive them). Not thread-safe for training; const methods
// are thread-safe.
class MarkovBaseline {
 public:
  static constexpr int kPopulation = -1;

  explicit MarkovBaseline(MarkovOptions options = {});

  const MarkovOptions& options() const { return options_; }

  // Counts one player's hand: classes[t] and symbols[t] for the streets 0..n-1 it reached
  // (n = classes.size(); a fold ends the sequence on the street where it happened).
  void AddSequence(int player, absl::Span<const int> classes,
                   absl::Span<const std::string> symbols);

  // P(class at t | symbols 0..t) for t = 0..n-1, classes restricted at step t to the bits of
  // possible[t] (bit c: class c possible on the board then; all bits set preflop).
  std::vector<std::vector<double>> Predict(int player, absl::Span<const std::string> symbols,
                                           absl::Span<const uint32_t> possible) const;
  // The same with step t's emissions multiplied by weights[t][c] (0 rules c out): the
  // card-counting chain passes CardCountWeights, so that the board's share of pairs in each
  // class moves the prediction, not only whether the class is possible.
  std::vector<std::vector<double>> PredictWeighted(
      int player, absl::Span<const std::string> symbols,
      absl::Span<const std::vector<double>> weights) const;

  // Counts how many live pairs make each class on a board the chain saw in training (street
  // >= 1; counts[c] for the street's classes): their mean over the training boards is what the
  // transitions already say on an average board.
  void AddBoardCounts(int street, absl::Span<const double> counts);
  // The mean number of live pairs in class `cls` over the training boards of `street` (0 before
  // any board was counted).
  double MeanBoardCount(int street, int cls) const;
  // Per class, the board's pair count over the mean count (0 where the board has no pair of the
  // class; 1 preflop and where no training board was counted): the card-counting weights.
  std::vector<double> CardCountWeights(int street, absl::Span<const double> counts) const;

  // The smoothed probabilities (exposed for tests and reports).
  double Initial(int cls) const;
  double Transition(int step, int from, int to) const;  // step t >= 1: class at t-1 -> class at t
  double Emission(int player, int street, const std::string& symbol, int cls) const;
  // Distinct symbols seen on a street in training.
  int NumSymbols(int street) const { return static_cast<int>(symbols_[street].size()); }

 private:
  using Counts = std::array<double, kMaxClasses>;
  // Emission counts of one player (or the population) on one street: per symbol id, per class;
  // and the per-class totals.
  struct StreetEmissions {
    absl::flat_hash_map<int, Counts> by_symbol;
    Counts totals{};
  };
  using PlayerEmissions = std::array<StreetEmissions, kNumStreets>;

  int SymbolId(int street, const std::string& symbol) const;  // -1: unseen
  double PopulationEmission(int street, int symbol, int cls) const;
  double EmissionById(int player, int street, int symbol, int cls) const;

  MarkovOptions options_;
  std::array<absl::flat_hash_map<std::string, int>, kNumStreets> symbols_;
  Counts initial_{};
  double initial_total_ = 0;
  // transitions_[t - 1][from][to], and the row totals.
  std::array<std::array<Counts, kMaxClasses>, kNumStreets - 1> transitions_{};
  std::array<Counts, kNumStreets - 1> transition_rows_{};
  PlayerEmissions population_;
  absl::flat_hash_map<int, PlayerEmissions> players_;
  std::array<Counts, kNumStreets> board_count_sums_{};
  std::array<double, kNumStreets> boards_counted_{};
};

// The class prior: each street's class frequencies among the training cases (players who
// finished the street without folding), restricted to the classes possible on the board.
class ClassPrior {
 public:
  void Add(int street, int cls) {
    ++counts_[street][cls];
    ++totals_[street];
  }
  // Frequencies of the street's classes with the impossible ones set to 0 (not renormalised:
  // only the order matters).
  std::vector<double> Predict(int street, uint32_t possible) const;
  int64_t count(int street, int cls) const { return counts_[street][cls]; }

 private:
  std::array<std::array<int64_t, kMaxClasses>, kNumStreets> counts_{};
  std::array<int64_t, kNumStreets> totals_{};
};

}  // namespace eval

#endif  // TOOLS_EVAL_MARKOV_BASELINE_H_
