// Online particle swarm optimisation with time-dimension particles (004 §2.2-2.3, SPEC 10): the
// m particles of a swarm take turns, each playing n_f hands whose chips won are its fitness, and
// after all m have played the swarm makes one PSO update, either the standard one or BR-PSO
// (best replacement: 004 eq. 6-8). The swarm's whole state can be written to a file and read back.
#ifndef AGENT_SWARM_H_
#define AGENT_SWARM_H_

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace agent {

// A point of the search space: 004's policy vector X = (x1..x5) (see agent/pso_policy.h).
inline constexpr int kPsoDims = 5;
using PsoPoint = std::array<double, kPsoDims>;

// How personal and global bests are chosen at an update.
enum class PsoVariant {
  // Personal best: the position of the particle's highest fitness ever; global best: the
  // personal best of the highest personal-best fitness.
  kStandard,
  // 004 eq. 6-8: only positive fitness counts as a personal best; particles without one borrow
  // a top-3 particle's; the global best is the centroid of up to 3 elites' personal bests.
  kBrPso,
};

// How w, c1 and c2 change over the updates.
enum class PsoSchedule {
  kFixed,  // SwarmOptions::inertia, cognitive, social at every update
  // 004 §3.2.1 after its reference [29] (sine-cosine acceleration coefficients): with
  // tau = min(t / schedule_updates, 1) for update t = 0, 1, ... and q = sin((1 - tau) pi / 2),
  // w = 0.675 + 0.275 q (0.95 -> 0.675), c1 = 0.5 + 2 q (2.5 -> 0.5),
  // c2 = 0.5 + 2 cos((1 - tau) pi / 2) (0.5 -> 2.5); constant after schedule_updates updates.
  kSinCos,
};

// Everything that configures a swarm. Validated by ValidateSwarmOptions.
struct SwarmOptions {
  int particles = 20;             // m
  int hands_per_particle = 1000;  // n_f: hands each particle plays per turn
  PsoVariant variant = PsoVariant::kBrPso;
  PsoSchedule schedule = PsoSchedule::kFixed;
  // Fixed coefficients: inertia w, cognitive c1 (toward the personal best), social c2 (toward
  // the global best). 004's standard PSO: 0.5, 0.1, 0.1; its BR-PSO case 2: 0.5, 1.5, 1.5.
  double inertia = 0.5;
  double cognitive = 1.5;
  double social = 1.5;
  // Updates over which the sin/cos schedule runs from its start to its end values.
  int schedule_updates = 20;
  // Largest |velocity| per dimension per update; 0 = unlimited (004 case 3: 0.1, 0.1, 5, 0.1, 5).
  PsoPoint max_velocity = {0, 0, 0, 0, 0};
  // Bounds of the positions (004: the expected probabilities in (0, 1), d > 1). Positions are
  // drawn uniformly between them at the start and clamped into them after every move.
  PsoPoint lower = {0.01, 0.01, 1, 0.01, 1};
  PsoPoint upper = {0.99, 0.99, 100, 0.99, 100};
  // Seeds the initial positions and the update's random factors.
  uint64_t seed = 1;
};

// InvalidArgument naming the first bad field.
absl::Status ValidateSwarmOptions(const SwarmOptions& options);

// "standard" / "br-pso"; "fixed" / "sincos".
const char* VariantName(PsoVariant variant);
const char* ScheduleName(PsoSchedule schedule);

// One particle.
struct Particle {
  PsoPoint position{};
  PsoPoint velocity{};
  // Chips won in its latest turn (the fitness f_i(t)); meaningful once evaluated.
  double fitness = 0;
  bool evaluated = false;
  // Personal best p^l_i and its fitness f^l_i. Standard PSO: the best fitness ever (may be
  // negative). BR-PSO: the best positive fitness, 0 if it never had one, in which case
  // best_position is a top-3 particle's personal best (or, while no particle has a positive
  // best, its own standard best: see own_best_*).
  PsoPoint best_position{};
  double best_fitness = 0;
  // The standard personal best (highest fitness ever, any sign), kept by both variants.
  PsoPoint own_best_position{};
  double own_best_fitness = 0;
};

// The coefficients used at an update.
struct PsoCoefficients {
  double inertia = 0;
  double cognitive = 0;
  double social = 0;
};
PsoCoefficients CoefficientsAt(const SwarmOptions& options, int update);

// Where the global best of the latest update came from (for logs and tests).
enum class GlobalBestSource {
  kNone,       // no update yet
  kBest,       // standard PSO: the best personal best
  kElites,     // BR-PSO: centroid of up to 3 elites
  kPotential,  // BR-PSO: no elite; centroid of up to 3 potential elites
  kPositive,   // BR-PSO, no potential elite (first update): up to 3 particles positive now
  kFallback,   // BR-PSO, no positive fitness anywhere: the standard global best
};
const char* GlobalBestSourceName(GlobalBestSource source);

// What one update found (the swarm keeps one per update: the run's trajectory).
struct UpdateRecord {
  int64_t hands = 0;        // hands played when the update was made
  double mean_fitness = 0;  // mean fitness of the round
  double max_fitness = 0;   // best fitness of the round
  PsoPoint global_best{};
  double global_best_fitness = 0;
  GlobalBestSource source = GlobalBestSource::kNone;
};

// The swarm. Feed it the chips of every hand the current particle plays (AddHand); it moves to
// the next particle after n_f hands and updates after all m. Not thread-safe.
class Swarm {
 public:
  // Fails on invalid options. Positions uniform in the bounds, velocities 0.
  static absl::StatusOr<Swarm> Create(const SwarmOptions& options);

  const SwarmOptions& options() const { return options_; }
  // The particle playing now and its policy.
  int current_particle() const { return current_; }
  const PsoPoint& current_position() const { return particles_[current_].position; }
  // Hands the current particle has played in this turn, and the chips it won in them.
  int hands_in_turn() const { return hands_in_turn_; }
  double turn_chips() const { return turn_chips_; }

  // Records one hand of the current particle (chips won, negative when lost). Returns true when
  // that hand completed the swarm's round and an update was made.
  bool AddHand(double chips);

  // Updates made so far (t), hands recorded so far, and the chips won in them.
  int updates() const { return updates_; }
  int64_t hands() const { return hands_; }
  double total_chips() const { return total_chips_; }

  const std::vector<Particle>& particles() const { return particles_; }
  // The global best of the latest update (the particles' mean position before the first).
  const PsoPoint& global_best() const { return global_best_; }
  // Its fitness: the best personal-best fitness (standard) or the mean personal-best fitness of
  // the particles whose centroid it is (BR-PSO).
  double global_best_fitness() const { return global_best_fitness_; }
  GlobalBestSource global_best_source() const { return global_best_source_; }
  // Particles whose personal bests made the BR-PSO global best (empty for standard PSO).
  const std::vector<int>& global_best_members() const { return global_best_members_; }

  // One record per update so far, oldest first.
  const std::vector<UpdateRecord>& history() const { return history_; }

  // One JSON object: options, progress, global best, and every particle's position, velocity,
  // fitness and bests.
  std::string ToJson() const;

  // The whole state (options, progress, particles, history, random generator) as text, and back: a
  // swarm restored from Serialize continues exactly as the original would have.
  std::string Serialize() const;
  static absl::StatusOr<Swarm> Deserialize(absl::string_view text);
  // Serialize to `path` atomically (poker::WriteFileAtomically), and Deserialize from a file.
  // Errors name the file.
  absl::Status Save(const std::string& path) const;
  static absl::StatusOr<Swarm> Load(const std::string& path);

 private:
  explicit Swarm(const SwarmOptions& options);

  // The PSO update after every particle has played its turn.
  void Update();
  void UpdateStandardBests();
  void UpdateBrPsoBests();
  void MoveParticles();
  // Uniform in [0, 1) from 53 bits (the same on every standard library, unlike
  // generate_canonical).
  double Uniform() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

  SwarmOptions options_;
  std::vector<Particle> particles_;
  std::mt19937_64 rng_;
  int current_ = 0;
  int hands_in_turn_ = 0;
  double turn_chips_ = 0;
  int updates_ = 0;
  int64_t hands_ = 0;
  double total_chips_ = 0;
  PsoPoint global_best_{};
  double global_best_fitness_ = 0;
  GlobalBestSource global_best_source_ = GlobalBestSource::kNone;
  std::vector<int> global_best_members_;
  std::vector<UpdateRecord> history_;
};

}  // namespace agent

#endif  // AGENT_SWARM_H_
