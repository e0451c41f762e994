// Monte Carlo CFR with external sampling (Lanctot et al. 2009) on an abstract game (SPEC 13):
// regrets and average-strategy sums in flat arrays indexed by (node, bucket, action), shared
// lock-free by the worker threads (relaxed atomic loads and stores; a lost update now and then is
// the accepted price, as in every multi-threaded MCCFR). Iterations are done in chunks whose
// random streams depend only on (seed, chunk), so one thread is deterministic for a seed and a
// resumed run continues exactly as an uninterrupted one.
#ifndef SOLVER_MCCFR_H_
#define SOLVER_MCCFR_H_

#include <atomic>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/profile.h"

namespace solver {

// How iteration t's regrets and average-strategy contributions are weighted.
enum class Weighting : uint8_t {
  kUniform = 0,  // plain CFR: weight 1
  kLinear = 1,   // linear CFR (Brown and Sandholm 2019): weight t, for regrets and averages
};

// Iterations per chunk: the unit of random streams, of work handed to threads, of checkpoints.
inline constexpr int64_t kChunkIterations = 256;

struct MccfrOptions {
  int threads = 1;
  uint64_t seed = 1;
  Weighting weighting = Weighting::kUniform;  // measured on Leduc: linear did not help
};

class Mccfr {
 public:
  // `tree` and `cards` must outlive the solver.
  Mccfr(const BettingTree& tree, const CardAbstraction& cards, const MccfrOptions& options);

  // Runs until `iterations` in total are done (rounded up to whole chunks), or `seconds` of wall
  // clock pass (when > 0), or `*stop` becomes true; then returns with whole chunks done. Call
  // again to go on (the caller prints progress and writes checkpoints between calls).
  // ResourceExhausted when the system refuses a worker thread (the threads started are stopped
  // and joined; the chunks they finished count).
  absl::Status Run(int64_t iterations, double seconds = 0, const std::atomic<bool>* stop = nullptr);

  int64_t iterations() const { return chunks_done_ * kChunkIterations; }
  const MccfrOptions& options() const { return options_; }

  // The average strategy (what converges to an equilibrium in 2-player zero-sum games).
  Profile AverageProfile() const { return ProfileFromSums(*tree_, *cards_, average_); }
  // The current (regret-matching) strategy.
  Profile CurrentProfile() const;

  // The state a checkpoint saves and restores.
  std::vector<double>& regrets() { return regrets_; }
  std::vector<double>& average() { return average_; }
  const std::vector<double>& regrets() const { return regrets_; }
  const std::vector<double>& average() const { return average_; }
  int64_t chunks_done() const { return chunks_done_; }
  void set_chunks_done(int64_t chunks) { chunks_done_ = chunks; }

 private:
  struct Worker;
  void RunChunk(int64_t chunk, Worker* worker);
  double Walk(int node, int traverser, Worker* worker);

  const BettingTree* tree_;
  const CardAbstraction* cards_;
  MccfrOptions options_;
  std::vector<double> regrets_;
  std::vector<double> average_;
  int64_t chunks_done_ = 0;
};

}  // namespace solver

#endif  // SOLVER_MCCFR_H_
