// Hand reading (000 sections 4.2-4.3, 003 Algorithm 1, SPEC 7): a weight for each of an
// opponent's 1326 pairs, multiplied by P(action | node, pair) for every action it takes.
#ifndef AGENT_HAND_READER_H_
#define AGENT_HAND_READER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "agent/df_model.h"
#include "agent/range.h"
#include "poker/state.h"
#include "trainer/opponent_model.h"

namespace agent {

// The abstract actions available to the player to act in `state` (bit a = abstract action a):
// fold when facing a bet, check or call, and the raise classes (and all-in) its legal raise
// sizes fall in. 0 when the hand is finished.
uint32_t AvailableActions(const poker::State& state, const trainer::ActionAbstraction& abstraction);

// Parameters of P(a | node, pair): a hierarchical backoff with pseudo-counts (SPEC 7).
struct ReaderOptions {
  // A player's bucket counts at a node are smoothed toward the population's distribution there
  // with this many pseudo-decisions (unless fitted: fit_player_prior).
  double player_prior = 10;
  // The population's bucket counts are smoothed toward DFmodel with this many pseudo-decisions
  // (unless fitted: fit_population_prior).
  double population_prior = 5;
  // A player without bucket counts at a node (learned online: cards rarely seen) but with at
  // least this many node decisions gets 003's deviation: the population's bucket-conditional
  // distribution shifted by O_T - B_T and renormalised.
  int deviation_min_decisions = 20;
  // Likelihood floor, so that one surprising action never rules a pair out entirely.
  float min_likelihood = 1e-3f;
  // Use the model's entry rate by position class as a preflop prior (000 eq. 5).
  bool entry_prior = true;
  // Replace player_prior, per street, by the pseudo-decisions fitted on the model's players by
  // empirical Bayes (PlayerPseudoDecisions) when the reader is made; player_prior stays where
  // the model has too few player decisions to fit them (a model learned online from nothing).
  // Off by default: it reads Pluribus better and DeepStack worse (docs/hand_reading.md).
  bool fit_player_prior = false;
  // Replace population_prior, per street, by the pseudo-decisions fitted on the population's
  // counts (PopulationPseudoDecisions); population_prior where too few. Off by default (within
  // noise).
  bool fit_population_prior = false;
  // DFmodel's theta (000 eq. 6: the score of a perfect match). The paper's 50 reads real hands
  // worse than no reading at all (docs/hand_reading.md); 3 is the measured compromise between
  // balanced players (DeepStack's match logs) and threshold bots.
  double df_theta = 3;
  // Share of DFmodel's P(a | win rate) spread evenly over the available actions, so that no
  // action rules much out where the model has no data (0 = eq. 6 as is).
  double df_uniform_share = 0.4;
  // Street-context models of version 2 and later (trainer/pattern_tree.h StreetContext): the
  // population's counts in a context's cell are smoothed toward the context-free cell (the same
  // node's counts summed over every context, themselves smoothed toward DFmodel) with this many
  // pseudo-decisions, so that a context with few counts reads as the context-free model does.
  // 0: no back-off (a context's cell backs off straight to DFmodel, as version 1 models read).
  double context_prior = 150;
  // Models whose K strength buckets are a multiple of coarse_buckets, and more: each bucket's
  // population counts at a node are smoothed toward the counts of the coarse bucket it nests in
  // (its K / coarse_buckets buckets summed, what a model of coarse_buckets buckets counts;
  // themselves smoothed toward DFmodel with population_prior) with this many pseudo-decisions,
  // so that fine buckets with few counts read as the coarse ones do. The draw bucket (and
  // preflop the small pairs' slot) is its own coarse bucket. 0: none (fine buckets back off
  // straight to DFmodel). Models of coarse_buckets buckets or fewer (every bundled model) read the
  // same either way.
  double bucket_prior = 50;
  int coarse_buckets = 8;
  // With bucket_prior on: a player's own counts in a fine bucket are smoothed with this many
  // pseudo-decisions toward its counts in the coarse bucket (those smoothed toward the
  // population's fine cell with player_prior). 0: straight toward the population's fine cell.
  double player_bucket_prior = 0;
  // With bucket_prior on: only the preflop reads the fine buckets (the default: 32 buckets read
  // this way were measured best, docs/eval_prediction.md); after the flop every level
  // (population, context-free, player) reads the coarse buckets' counts, as a model of
  // coarse_buckets buckets would.
  bool fine_buckets_preflop_only = true;
};

// Whether a model of `num_buckets` strength buckets (K) backs its fine buckets off to coarse ones
// under `options` (bucket_prior on, K at most trainer::kMaxStrengthBuckets and a multiple of
// coarse_buckets (c) above it); if so, sets parent[b] for every slot b of `parent` to the coarse
// bucket b reads: b * c / K for a strength bucket (equal-width HS buckets and preflop quantiles
// nest), c for the draw bucket K, b itself beyond. Otherwise leaves `parent` as it was. (An empty
// `parent` only asks.)
bool CoarseBucketParents(const ReaderOptions& options, int num_buckets, absl::Span<uint8_t> parent);

// The ranges of every opponent in one hand. Not thread-safe; one reader per agent.
class HandReader {
 public:
  // `model` may be null (DFmodel only); it must outlive the reader and may grow between hands
  // (online learning).
  HandReader(const trainer::OpponentModel* model, const poker::GameDef& game,
             ReaderOptions options = {});

  // Starts a hand. `observer` is our position (its hole cards, if known in `state`, are removed
  // from every range), or -1 for a spectator who knows no hole cards (evaluation).
  // `models[p]` is the model of position p's player (null: unknown player, population + DFmodel).
  // Reads no action yet: call Update(state) next.
  void StartHand(const poker::State& state, int observer,
                 absl::Span<const trainer::PlayerModel* const> models);

  // Reads every action in `state` not read yet (call with each new state of the hand; the state
  // must extend the one seen before, and carry the board cards). Our own actions are not read.
  // Strength buckets of all pairs are computed once per street. After each action the range is
  // rescaled to sum to 1, so long hands do not underflow. In games that are not 52-card,
  // 2-hole-card hold'em the ranges stay uniform.
  void Update(const poker::State& state);

  // Position p's current range (unnormalised weights; conflicts with known cards are 0).
  const Range& range(int position) const { return ranges_[position]; }

  // P(action | the node where `position` is to act in `state`, pair) for all 1326 pairs: the
  // factor Update multiplies the range by (exposed for tests and evaluation), entry prior
  // included when the action is the player's first voluntary call or raise preflop. 0 for pairs
  // that conflict with the board; 1 everywhere when the board is unknown or `position` is not
  // the player to act.
  void ActionLikelihoods(const poker::State& state, int position, trainer::AbstractAction action,
                         std::array<float, poker::kNumPairs>* likelihood);

  const ReaderOptions& options() const { return options_; }
  // The action abstraction the model counts with (raise classes by pot fraction, all-in).
  const trainer::ActionAbstraction& abstraction() const { return abstraction_; }

  // How many decisions position p's own player model and the population recorded at the node
  // where p is to act in `state` (0 where there is no model or the node was never seen): what
  // the search's confidence in the model at that node is computed from (agent/search.h).
  struct NodeCounts {
    double player = 0;
    double population = 0;
  };
  NodeCounts NodeDecisions(const poker::State& state, int position) const;

  // The player pseudo-decisions the reader smooths with on a street: options().player_prior,
  // or fitted (fit_player_prior).
  double player_prior(int round) const {
    return player_prior_[round >= 0 && round < poker::kMaxRounds ? round : 0];
  }
  // The same for the population's pseudo-decisions (population_prior, fit_population_prior).
  double population_prior(int round) const {
    return population_prior_[round >= 0 && round < poker::kMaxRounds ? round : 0];
  }

  // Computes (or reuses) the strength buckets and win rates of all 1326 pairs on the board of
  // `state`'s round: what every action of that street is read with. Update calls it on the first
  // action of a street; exposed for the benchmark and tests.
  void PrepareStreet(const poker::State& state);
  // The buckets of the street last prepared (trainer::kNoBucket for pairs that conflict with the
  // board, and for every pair when the model has no buckets).
  const std::array<uint8_t, poker::kNumPairs>& street_buckets() const { return street_.bucket; }
  // The win rate each pair of the street last prepared is read with: HS against a random hand
  // post-flop, the percentile of its preflop equity before the flop (-1: conflicts with the
  // board). Exact (not the binned value the likelihood tables use).
  const std::array<float, poker::kNumPairs>& street_win_rates() const { return street_.win_rate; }
  // The DFmodel position p is read with this hand: theta from the options, the call interval
  // adapted to its player model's call and fold rates.
  const DfModel& df_model(int position) const { return df_models_[position]; }

  // Range-relative buckets ("hs_draw_range", trainer/strength_buckets.h) of all 1326 pairs for
  // `position` on the street last prepared, by `buckets`' K and draw rule, from position's
  // current range: a drawing hand gets the draw bucket, a made hand bucket floor(K x its HS
  // percentile in the range) (weight below it plus half the weight tied with it, over the
  // range's total). kNoBucket for pairs that conflict with the board; the HS buckets of
  // `buckets` when the range is empty or the street is preflop or not prepared. A reader of a
  // range-relative model reads each player's actions on a street with the buckets of its range
  // at the start of the street (its first action there).
  void RangeBuckets(int position, const trainer::StrengthBuckets& buckets,
                    std::array<uint8_t, poker::kNumPairs>* out);
  // Counting a hand into a range-relative model: for every position whose bucket in `hand` is
  // set on a street after the flop and is not the draw bucket, replaces it by the range bucket
  // of its hole cards in `state` (RangeBuckets with `buckets`), its range being what this reader
  // reads (as a spectator, with `models`) from the actions before that street. `state` is the
  // hand as far as it went, with the board and the hole cards of those positions. Starts a new
  // hand on this reader. Does nothing unless `buckets` is range-relative.
  void SetRangeBuckets(const poker::State& state,
                       absl::Span<const trainer::PlayerModel* const> models,
                       const trainer::StrengthBuckets& buckets, trainer::HandObservation* hand);

 private:
  // Win rates are binned so that DFmodel is evaluated per bin, not per pair.
  static constexpr int kWinRateBins = 128;
  // Cells group the pairs that get the same likelihood: same bucket, same win-rate bin.
  static constexpr int kMaxCells = poker::kNumPairs + 1;

  // What is known about the pairs on one street (hand_reader.cc explains the cells).
  struct Street {
    bool valid = false;  // the board is known and the game is 52-card, 2-hole-card poker
    int round = -1;
    int board_size = -1;
    std::array<poker::Card, poker::kMaxBoardCards> board{};
    std::array<uint8_t, poker::kNumPairs> bucket{};
    std::array<float, poker::kNumPairs> win_rate{};
    std::array<uint16_t, poker::kNumPairs> cell{};  // 0 for board conflicts (likelihood 0)
    int num_cells = 0;
    std::array<uint8_t, kMaxCells> cell_bucket{};  // 0 when the model has no buckets
    std::array<uint8_t, kMaxCells> cell_bin{};
    std::array<uint16_t, kMaxCells> cell_pairs{};  // live pairs in the cell
    int num_used_bins = 0;
    std::array<uint8_t, kWinRateBins> used_bins{};
    // Range-relative models: the live pairs by ascending win rate (RangeBuckets).
    int num_live = 0;
    std::array<uint16_t, poker::kNumPairs> by_rate{};
  };
  // Groups the pairs of `st` into cells from its buckets and win rates.
  static void AssignCells(Street* st);
  // The street a position's action is read with: street_, or for a range-relative model after
  // the flop a copy with the position's range buckets, made at its first action on the street.
  const Street& StreetFor(int position);

  // The likelihood of `action` by `position` at `path` (its street path before the action) in
  // `before`, for every pair, into `out`.
  void Likelihoods(const poker::State& before, int position, trainer::PathKey path,
                   trainer::AbstractAction action, float* out);
  static constexpr int kBucketSlots = trainer::kMaxStrengthBuckets + 1;
  // What the per-cell likelihoods of one action are computed from (hand_reader.cc).
  struct CellInputs {
    const Street* st = nullptr;     // the cells the likelihoods are for
    trainer::NodeView pop, player;  // the node in the population's and the player's trees
    std::array<trainer::AbstractAction, trainer::kMaxAbstractActions> acts{};  // available
    double player_prior = 0;      // pseudo-decisions of the street (player_prior(round))
    double population_prior = 0;  // population_prior(round)
    int na = 0;                   // number of available actions
    int k_obs = 0;                // the observed action's slot in acts
    std::array<std::array<double, trainer::kMaxAbstractActions>, kBucketSlots> pop_n{}, player_n{};
    std::array<double, kBucketSlots> pop_total{}, player_total{};
    double player_bucket_decisions = 0;
    bool deviate = false;
    std::array<double, trainer::kMaxAbstractActions> deviation{};
    // Street-context models (version 2) read with back-off: the population's counts summed
    // over every context (the context-free cell), and that cell's pseudo-decisions in the
    // context's (ReaderOptions::context_prior).
    bool context = false;
    double context_prior = 0;
    std::array<std::array<double, trainer::kMaxAbstractActions>, kBucketSlots> pop_free_n{};
    std::array<double, kBucketSlots> pop_free_total{};
    // Fine buckets backed off to coarse ones (ReaderOptions::bucket_prior): each bucket's coarse
    // bucket, and the population's counts summed per coarse bucket (context-free ones too).
    bool coarse = false;
    double bucket_prior = 0;
    double player_bucket_prior = 0;
    std::array<uint8_t, kBucketSlots> parent{};
    std::array<std::array<double, trainer::kMaxAbstractActions>, kBucketSlots> pop_coarse_n{},
        pop_free_coarse_n{}, player_coarse_n{};
    std::array<double, kBucketSlots> pop_coarse_total{}, pop_free_coarse_total{},
        player_coarse_total{};
  };
  // Per-cell likelihoods for Likelihoods, into cell_likelihood_, and its parts.
  void CellLikelihoods(const poker::State& before, int position, trainer::PathKey path,
                       trainer::AbstractAction action, uint32_t available, const Street& st);
  void FillDfTable(const poker::State& before, int position, const CellInputs& in);
  void CountBuckets(CellInputs& in) const;
  // The population's context-free counts of a street-context node (`path` starts with its
  // context step), into `in`.
  void CountContextFree(trainer::PathKey path, int round, CellInputs& in) const;
  // The population's counts (and context-free counts) summed per coarse bucket, when the model's
  // buckets back off to coarse ones (ReaderOptions::bucket_prior).
  void CountCoarse(int round, CellInputs& in) const;
  void ComputeDeviation(CellInputs& in) const;
  double CellProbability(const CellInputs& in, int cell, int k) const;
  void ApplyEntryPrior(int position, trainer::PathKey path, const trainer::PlayerModel& player,
                       const CellInputs& in);
  // DFmodel::Default with the options' theta.
  DfModel DefaultDfModel() const;
  // Removes the board cards of `state` not seen yet from every range.
  void RemoveBoardConflicts(const poker::State& state);

  const trainer::OpponentModel* model_;
  const poker::GameDef* game_;
  ReaderOptions options_;
  trainer::ActionAbstraction abstraction_;
  bool holdem_pairs_ = false;  // ranges over 1326 pairs make sense for this game
  std::array<Range, poker::kMaxPlayers> ranges_;

  // The hand being read.
  int observer_ = -1;
  std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models_{};
  std::array<DfModel, poker::kMaxPlayers> df_models_{};
  poker::State replay_;  // the hand replayed up to the last action read
  int read_round_ = 0;   // next action to read: state.action(read_round_, read_index_)
  int read_index_ = 0;
  int board_cards_seen_ = 0;
  int path_round_ = 0;  // the street of street_actions_
  int num_street_actions_ = 0;
  int raises_read_ = 0;           // raise-class and all-in actions read this hand
  int raises_before_street_ = 0;  // of which before the street being read (street context)
  int last_raiser_ = -1;          // position of the last raise read (street context)
  int last_raiser_before_street_ = -1;
  bool previous_raised_ = false;  // the street before the one being read had a raise
  std::array<trainer::StreetAction, poker::kMaxActionsPerRound> street_actions_{};

  // DFmodel adaptation cache: the player model and hand count it was computed for.
  std::array<const trainer::PlayerModel*, poker::kMaxPlayers> adapted_for_{};
  std::array<uint64_t, poker::kMaxPlayers> adapted_hands_{};

  Street street_;
  // Range-relative models: per position, its cells on the current street (StreetFor).
  // (kMaxPlayers entries for such a model, else none.)
  std::vector<Street> range_street_;
  std::array<bool, poker::kMaxPlayers> range_street_ready_{};
  // Scratch (no allocation per action).
  std::array<float, kMaxCells> cell_likelihood_{};
  std::array<std::array<float, trainer::kMaxAbstractActions>, kWinRateBins> df_table_{};
  std::array<float, poker::kNumPairs> factors_{};
  // Entry-rate pseudo-hands per position class (EntryPseudoHands, fitted when constructed).
  std::array<double, trainer::kNumPositionClasses> entry_pseudo_hands_{};
  // Player pseudo-decisions per street (player_prior()).
  std::array<double, poker::kMaxRounds> player_prior_{};
  std::array<double, poker::kMaxRounds> population_prior_{};
};

// The pseudo-hands smoothing a player's entry rate in a position class toward the population's,
// fitted on the model's players by empirical Bayes (beta-binomial, method of moments): the
// between-player spread of their entry rates beyond what sampling explains. 20 when the model has
// fewer than 3 players with 30 hands dealt there.
double EntryPseudoHands(const trainer::OpponentModel& model, trainer::PositionClass position_class);

// The pseudo-decisions smoothing a player's bucket counts toward the population's on a street,
// fitted on the model's players by empirical Bayes (held-out likelihood): over every node and
// bucket where a player has at least 2 decisions and the population at least 20, the m (of a
// grid 1..1000) under which each of the player's decisions is best predicted by its other
// decisions there smoothed toward the population's frequencies with m pseudo-decisions
// (leave-one-out). `fallback` when fewer than 50 such cells exist.
double PlayerPseudoDecisions(const trainer::OpponentModel& model, int round, double fallback);

// The pseudo-decisions smoothing the population's bucket counts toward DFmodel on a street,
// fitted the same way on the population's nodes and buckets with at least 2 decisions, DFmodel
// (`df`, `uniform_share` of it spread evenly) evaluated at the bucket's middle win rate over
// the actions taken at the node. `fallback` when fewer than 50 such cells exist.
double PopulationPseudoDecisions(const trainer::OpponentModel& model, int round, const DfModel& df,
                                 double uniform_share, double fallback);

}  // namespace agent

#endif  // AGENT_HAND_READER_H_
