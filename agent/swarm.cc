#include "agent/swarm.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <system_error>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "poker/file_io.h"

namespace agent {
namespace {

constexpr char kMagic[] = "pso-swarm";
constexpr int kFormatVersion = 1;
// At most this many particles make a replacement personal best or a global-best centroid (004).
constexpr int kTop = 3;

// Shortest text that reads back as the same double.
std::string Exact(double x) { return absl::StrFormat("%.17g", x); }
// Short text for logs.
std::string Short(double x) { return absl::StrFormat("%.6g", x); }

std::string PointText(const PsoPoint& p, std::string (*format)(double), absl::string_view sep) {
  return absl::StrJoin(p, sep, [format](std::string* out, double x) { out->append(format(x)); });
}

// Indices of the particles that pass `keep`, by best fitness (highest first, lower index first on
// ties), at most kTop of them.
template <typename Keep>
std::vector<int> TopByBestFitness(const std::vector<Particle>& particles, Keep keep) {
  std::vector<int> ids;
  for (int i = 0; i < static_cast<int>(particles.size()); ++i) {
    if (keep(i)) ids.push_back(i);
  }
  std::stable_sort(ids.begin(), ids.end(), [&particles](int a, int b) {
    return particles[a].best_fitness > particles[b].best_fitness;
  });
  if (ids.size() > kTop) ids.resize(kTop);
  return ids;
}

// The index of the highest standard personal best (lowest index on ties).
int BestOwn(const std::vector<Particle>& particles) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(particles.size()); ++i) {
    if (particles[i].own_best_fitness > particles[best].own_best_fitness) best = i;
  }
  return best;
}

}  // namespace

absl::Status ValidateSwarmOptions(const SwarmOptions& o) {
  auto bad = [](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("swarm: ", what));
  };
  if (o.particles < 1) return bad("particles (m) must be at least 1");
  if (o.hands_per_particle < 1) return bad("hands per particle (n_f) must be at least 1");
  if (!(o.inertia >= 0) || !(o.cognitive >= 0) || !(o.social >= 0) ||
      !std::isfinite(o.inertia + o.cognitive + o.social)) {
    return bad("w, c1 and c2 must be finite and not negative");
  }
  if (o.schedule_updates < 1) return bad("the schedule must run over at least 1 update");
  for (int d = 0; d < kPsoDims; ++d) {
    if (!std::isfinite(o.lower[d]) || !std::isfinite(o.upper[d]) || !(o.lower[d] <= o.upper[d])) {
      return bad(absl::StrCat("bounds of x", d + 1, ": need finite lower <= upper, got [",
                              o.lower[d], ", ", o.upper[d], "]"));
    }
    if (!(o.max_velocity[d] >= 0) || !std::isfinite(o.max_velocity[d])) {
      return bad(absl::StrCat("max velocity of x", d + 1, " must be finite and >= 0 (0: none)"));
    }
  }
  return absl::OkStatus();
}

const char* VariantName(PsoVariant variant) {
  return variant == PsoVariant::kStandard ? "standard" : "br-pso";
}

const char* ScheduleName(PsoSchedule schedule) {
  return schedule == PsoSchedule::kFixed ? "fixed" : "sincos";
}

const char* GlobalBestSourceName(GlobalBestSource source) {
  switch (source) {
    case GlobalBestSource::kNone:
      return "none";
    case GlobalBestSource::kBest:
      return "best";
    case GlobalBestSource::kElites:
      return "elites";
    case GlobalBestSource::kPotential:
      return "potential";
    case GlobalBestSource::kPositive:
      return "positive";
    case GlobalBestSource::kFallback:
      return "fallback";
  }
  return "none";
}

PsoCoefficients CoefficientsAt(const SwarmOptions& options, int update) {
  if (options.schedule == PsoSchedule::kFixed) {
    return {options.inertia, options.cognitive, options.social};
  }
  const double tau = std::min(1.0, static_cast<double>(update) / options.schedule_updates);
  const double angle = (1 - tau) * std::numbers::pi / 2;
  const double q = std::sin(angle);
  return {0.675 + 0.275 * q, 0.5 + 2 * q, 0.5 + 2 * std::cos(angle)};
}

Swarm::Swarm(const SwarmOptions& options) : options_(options), rng_(options.seed) {}

absl::StatusOr<Swarm> Swarm::Create(const SwarmOptions& options) {
  if (absl::Status s = ValidateSwarmOptions(options); !s.ok()) return s;
  Swarm swarm(options);
  swarm.particles_.resize(options.particles);
  for (Particle& p : swarm.particles_) {
    for (int d = 0; d < kPsoDims; ++d) {
      p.position[d] = options.lower[d] + (options.upper[d] - options.lower[d]) * swarm.Uniform();
    }
    p.best_position = p.position;
    p.own_best_position = p.position;
  }
  for (int d = 0; d < kPsoDims; ++d) {
    double sum = 0;
    for (const Particle& p : swarm.particles_) sum += p.position[d];
    swarm.global_best_[d] = sum / options.particles;
  }
  return swarm;
}

bool Swarm::AddHand(double chips) {
  turn_chips_ += chips;
  total_chips_ += chips;
  ++hands_;
  if (++hands_in_turn_ < options_.hands_per_particle) return false;
  Particle& p = particles_[current_];
  p.fitness = turn_chips_;
  p.evaluated = true;
  hands_in_turn_ = 0;
  turn_chips_ = 0;
  if (++current_ < options_.particles) return false;
  current_ = 0;
  Update();
  return true;
}

void Swarm::Update() {
  if (options_.variant == PsoVariant::kStandard) {
    UpdateStandardBests();
  } else {
    UpdateBrPsoBests();
  }
  UpdateRecord record;
  record.hands = hands_;
  record.max_fitness = particles_[0].fitness;
  for (const Particle& p : particles_) {
    record.mean_fitness += p.fitness / particles_.size();
    record.max_fitness = std::max(record.max_fitness, p.fitness);
  }
  record.global_best = global_best_;
  record.global_best_fitness = global_best_fitness_;
  record.source = global_best_source_;
  history_.push_back(record);
  MoveParticles();
  ++updates_;
}

void Swarm::UpdateStandardBests() {
  for (Particle& p : particles_) {
    if (updates_ == 0 || p.fitness > p.own_best_fitness) {
      p.own_best_fitness = p.fitness;
      p.own_best_position = p.position;
    }
    p.best_fitness = p.own_best_fitness;
    p.best_position = p.own_best_position;
  }
  const int best = BestOwn(particles_);
  global_best_ = particles_[best].best_position;
  global_best_fitness_ = particles_[best].best_fitness;
  global_best_source_ = GlobalBestSource::kBest;
  global_best_members_ = {best};
}

void Swarm::UpdateBrPsoBests() {
  const int m = static_cast<int>(particles_.size());
  // f^l_i(t - 1): elites and potential elites are judged on the bests before this round.
  std::vector<double> previous_best(m);
  for (int i = 0; i < m; ++i) previous_best[i] = particles_[i].best_fitness;

  // Eq. 6-7 for particles with a positive fitness now or before.
  for (Particle& p : particles_) {
    if (updates_ == 0 || p.fitness > p.own_best_fitness) {
      p.own_best_fitness = p.fitness;
      p.own_best_position = p.position;
    }
    if (p.fitness > 0 && p.fitness > p.best_fitness) {
      p.best_fitness = p.fitness;
      p.best_position = p.position;
    }
  }
  // Eq. 7, first case: a particle without a positive best borrows that of a random one of the
  // (up to) 3 best particles that have one. While none has, it keeps its standard best, which is
  // what standard PSO would follow.
  const std::vector<int> donors =
      TopByBestFitness(particles_, [this](int i) { return particles_[i].best_fitness > 0; });
  for (Particle& p : particles_) {
    if (p.best_fitness > 0) continue;
    if (donors.empty()) {
      p.best_position = p.own_best_position;
    } else {
      const int pick = static_cast<int>(Uniform() * donors.size());
      p.best_position = particles_[donors[std::min<int>(pick, donors.size() - 1)]].best_position;
    }
  }

  // Eq. 8: elites had a positive best before this round and are positive again now.
  std::vector<int> members = TopByBestFitness(
      particles_, [&](int i) { return previous_best[i] > 0 && particles_[i].fitness > 0; });
  global_best_source_ = GlobalBestSource::kElites;
  if (members.empty()) {
    members = TopByBestFitness(particles_, [&](int i) { return previous_best[i] > 0; });
    global_best_source_ = GlobalBestSource::kPotential;
  }
  // Not in 004: at the first update nobody had a best before, so eq. 8 is empty; the particles
  // with a positive best now (positive this round) stand in for the potential elites.
  if (members.empty()) {
    members = donors;
    global_best_source_ = GlobalBestSource::kPositive;
  }
  if (members.empty()) {
    const int best = BestOwn(particles_);
    global_best_ = particles_[best].own_best_position;
    global_best_fitness_ = particles_[best].own_best_fitness;
    global_best_source_ = GlobalBestSource::kFallback;
    global_best_members_ = {best};
    return;
  }
  PsoPoint centroid{};
  double fitness = 0;
  for (int i : members) {
    for (int d = 0; d < kPsoDims; ++d) centroid[d] += particles_[i].best_position[d];
    fitness += particles_[i].best_fitness;
  }
  for (double& x : centroid) x /= members.size();
  global_best_ = centroid;
  global_best_fitness_ = fitness / members.size();
  global_best_members_ = std::move(members);
}

void Swarm::MoveParticles() {
  const PsoCoefficients c = CoefficientsAt(options_, updates_);
  for (Particle& p : particles_) {
    for (int d = 0; d < kPsoDims; ++d) {
      const double r1 = Uniform();
      const double r2 = Uniform();
      double v = c.inertia * p.velocity[d] +
                 c.cognitive * r1 * (p.best_position[d] - p.position[d]) +
                 c.social * r2 * (global_best_[d] - p.position[d]);
      const double vmax = options_.max_velocity[d];
      if (vmax > 0) v = std::clamp(v, -vmax, vmax);
      double x = p.position[d] + v;
      // A particle that hits a bound stops there: keeping its speed would only press it
      // against the bound for the next updates.
      if (x < options_.lower[d] || x > options_.upper[d]) {
        x = std::clamp(x, options_.lower[d], options_.upper[d]);
        v = 0;
      }
      p.position[d] = x;
      p.velocity[d] = v;
    }
  }
}

std::string Swarm::ToJson() const {
  const PsoCoefficients next = CoefficientsAt(options_, updates_);
  std::string out = absl::StrCat(
      "{\"variant\": \"", VariantName(options_.variant), "\", \"m\": ", options_.particles,
      ", \"n_f\": ", options_.hands_per_particle, ", \"updates\": ", updates_,
      ", \"hands\": ", hands_, ", \"chips\": ", Short(total_chips_), ", \"current\": ", current_,
      ", \"next_coefficients\": [", Short(next.inertia), ", ", Short(next.cognitive), ", ",
      Short(next.social), "], \"global_best\": [", PointText(global_best_, Short, ", "),
      "], \"global_best_fitness\": ", Short(global_best_fitness_), ", \"global_best_source\": \"",
      GlobalBestSourceName(global_best_source_), "\", \"global_best_members\": [",
      absl::StrJoin(global_best_members_, ", "), "], \"particles\": [");
  for (size_t i = 0; i < particles_.size(); ++i) {
    const Particle& p = particles_[i];
    absl::StrAppend(&out, i == 0 ? "" : ", ", "{\"x\": [", PointText(p.position, Short, ", "),
                    "], \"v\": [", PointText(p.velocity, Short, ", "),
                    "], \"fitness\": ", p.evaluated ? Short(p.fitness) : "null", ", \"best\": [",
                    PointText(p.best_position, Short, ", "),
                    "], \"best_fitness\": ", Short(p.best_fitness), "}");
  }
  absl::StrAppend(&out, "]}");
  return out;
}

std::string Swarm::Serialize() const {
  const SwarmOptions& o = options_;
  std::string out = absl::StrCat(kMagic, " ", kFormatVersion, "\n");
  absl::StrAppend(&out, "particles ", o.particles, "\nhands_per_particle ", o.hands_per_particle,
                  "\nvariant ", VariantName(o.variant), "\nschedule ", ScheduleName(o.schedule),
                  "\ninertia ", Exact(o.inertia), "\ncognitive ", Exact(o.cognitive), "\nsocial ",
                  Exact(o.social), "\nschedule_updates ", o.schedule_updates, "\nmax_velocity ",
                  PointText(o.max_velocity, Exact, " "), "\nlower ", PointText(o.lower, Exact, " "),
                  "\nupper ", PointText(o.upper, Exact, " "), "\nseed ", o.seed, "\n");
  absl::StrAppend(&out, "current ", current_, "\nhands_in_turn ", hands_in_turn_, "\nturn_chips ",
                  Exact(turn_chips_), "\nupdates ", updates_, "\nhands ", hands_, "\ntotal_chips ",
                  Exact(total_chips_), "\nglobal_best ", PointText(global_best_, Exact, " "),
                  "\nglobal_best_fitness ", Exact(global_best_fitness_), "\nglobal_best_source ",
                  GlobalBestSourceName(global_best_source_), "\nglobal_best_members",
                  global_best_members_.empty() ? "" : " ", absl::StrJoin(global_best_members_, " "),
                  "\n");
  for (const Particle& p : particles_) {
    absl::StrAppend(&out, "particle ", PointText(p.position, Exact, " "), " ",
                    PointText(p.velocity, Exact, " "), " ", Exact(p.fitness), " ",
                    p.evaluated ? 1 : 0, " ", PointText(p.best_position, Exact, " "), " ",
                    Exact(p.best_fitness), " ", PointText(p.own_best_position, Exact, " "), " ",
                    Exact(p.own_best_fitness), "\n");
  }
  for (const UpdateRecord& r : history_) {
    absl::StrAppend(&out, "history ", r.hands, " ", Exact(r.mean_fitness), " ",
                    Exact(r.max_fitness), " ", PointText(r.global_best, Exact, " "), " ",
                    Exact(r.global_best_fitness), " ", GlobalBestSourceName(r.source), "\n");
  }
  std::ostringstream rng;
  rng << rng_;
  absl::StrAppend(&out, "rng ", rng.str(), "\n");
  return out;
}

namespace {

// Reads the `key value...` lines of a serialized swarm in order.
class LineReader {
 public:
  explicit LineReader(absl::string_view text) : lines_(absl::StrSplit(text, '\n')) {}

  // The values of the next line, which must start with `key`.
  absl::StatusOr<std::vector<absl::string_view>> Next(absl::string_view key) {
    while (index_ < lines_.size() && absl::StripAsciiWhitespace(lines_[index_]).empty()) ++index_;
    if (index_ >= lines_.size()) return Error(absl::StrCat("missing '", key, "'"));
    std::vector<absl::string_view> words =
        absl::StrSplit(lines_[index_++], absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (words.empty() || words[0] != key) {
      return Error(absl::StrCat("expected '", key, "'"));
    }
    words.erase(words.begin());
    return words;
  }

  template <typename T>
  absl::Status Numbers(absl::string_view key, T* out, size_t count) {
    absl::StatusOr<std::vector<absl::string_view>> words = Next(key);
    if (!words.ok()) return words.status();
    if (words->size() != count) {
      return Error(absl::StrCat("'", key, "' needs ", count, " values, got ", words->size()));
    }
    for (size_t i = 0; i < count; ++i) {
      if (!Parse((*words)[i], &out[i])) {
        return Error(absl::StrCat("'", key, "': '", (*words)[i], "' is not a number"));
      }
    }
    return absl::OkStatus();
  }

  absl::Status Error(absl::string_view message) const {
    return absl::InvalidArgumentError(absl::StrCat("line ", index_, ": ", message));
  }

 private:
  static bool Parse(absl::string_view word, double* x) { return absl::SimpleAtod(word, x); }
  static bool Parse(absl::string_view word, int* x) { return absl::SimpleAtoi(word, x); }
  static bool Parse(absl::string_view word, int64_t* x) { return absl::SimpleAtoi(word, x); }
  static bool Parse(absl::string_view word, uint64_t* x) { return absl::SimpleAtoi(word, x); }

  std::vector<absl::string_view> lines_;
  size_t index_ = 0;
};

absl::StatusOr<GlobalBestSource> ParseSource(absl::string_view name) {
  for (GlobalBestSource g :
       {GlobalBestSource::kNone, GlobalBestSource::kBest, GlobalBestSource::kElites,
        GlobalBestSource::kPotential, GlobalBestSource::kPositive, GlobalBestSource::kFallback}) {
    if (name == GlobalBestSourceName(g)) return g;
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown global best source '", name, "'"));
}

}  // namespace

absl::StatusOr<Swarm> Swarm::Deserialize(absl::string_view text) {
  LineReader in(text);
  absl::StatusOr<std::vector<absl::string_view>> header = in.Next(kMagic);
  if (!header.ok()) return in.Error("not a PSO swarm state (no 'pso-swarm' header)");
  int version = 0;
  if (header->size() != 1 || !absl::SimpleAtoi((*header)[0], &version) ||
      version != kFormatVersion) {
    return in.Error(
        absl::StrCat("unsupported swarm state version (expected ", kFormatVersion, ")"));
  }
  SwarmOptions o;
  auto word = [&in](absl::string_view key, absl::string_view a, absl::string_view b,
                    bool* first) -> absl::Status {
    absl::StatusOr<std::vector<absl::string_view>> words = in.Next(key);
    if (!words.ok()) return words.status();
    if (words->size() != 1 || ((*words)[0] != a && (*words)[0] != b)) {
      return in.Error(absl::StrCat("'", key, "' must be ", a, " or ", b));
    }
    *first = (*words)[0] == a;
    return absl::OkStatus();
  };
  bool first = false;
  absl::Status s = in.Numbers("particles", &o.particles, 1);
  if (s.ok()) s = in.Numbers("hands_per_particle", &o.hands_per_particle, 1);
  if (s.ok()) s = word("variant", "standard", "br-pso", &first);
  if (s.ok()) o.variant = first ? PsoVariant::kStandard : PsoVariant::kBrPso;
  if (s.ok()) s = word("schedule", "fixed", "sincos", &first);
  if (s.ok()) o.schedule = first ? PsoSchedule::kFixed : PsoSchedule::kSinCos;
  if (s.ok()) s = in.Numbers("inertia", &o.inertia, 1);
  if (s.ok()) s = in.Numbers("cognitive", &o.cognitive, 1);
  if (s.ok()) s = in.Numbers("social", &o.social, 1);
  if (s.ok()) s = in.Numbers("schedule_updates", &o.schedule_updates, 1);
  if (s.ok()) s = in.Numbers("max_velocity", o.max_velocity.data(), kPsoDims);
  if (s.ok()) s = in.Numbers("lower", o.lower.data(), kPsoDims);
  if (s.ok()) s = in.Numbers("upper", o.upper.data(), kPsoDims);
  if (s.ok()) s = in.Numbers("seed", &o.seed, 1);
  if (!s.ok()) return s;
  if (absl::Status valid = ValidateSwarmOptions(o); !valid.ok()) return in.Error(valid.message());

  Swarm swarm(o);
  s = in.Numbers("current", &swarm.current_, 1);
  if (s.ok()) s = in.Numbers("hands_in_turn", &swarm.hands_in_turn_, 1);
  if (s.ok()) s = in.Numbers("turn_chips", &swarm.turn_chips_, 1);
  if (s.ok()) s = in.Numbers("updates", &swarm.updates_, 1);
  if (s.ok()) s = in.Numbers("hands", &swarm.hands_, 1);
  if (s.ok()) s = in.Numbers("total_chips", &swarm.total_chips_, 1);
  if (s.ok()) s = in.Numbers("global_best", swarm.global_best_.data(), kPsoDims);
  if (s.ok()) s = in.Numbers("global_best_fitness", &swarm.global_best_fitness_, 1);
  if (!s.ok()) return s;
  if (swarm.current_ < 0 || swarm.current_ >= o.particles || swarm.hands_in_turn_ < 0 ||
      swarm.hands_in_turn_ >= o.hands_per_particle || swarm.updates_ < 0 || swarm.hands_ < 0) {
    return in.Error("progress out of range for the swarm's m and n_f");
  }
  absl::StatusOr<std::vector<absl::string_view>> source_words = in.Next("global_best_source");
  if (!source_words.ok()) return source_words.status();
  absl::StatusOr<GlobalBestSource> source =
      ParseSource(source_words->size() == 1 ? (*source_words)[0] : "");
  if (!source.ok()) return in.Error(source.status().message());
  swarm.global_best_source_ = *source;
  absl::StatusOr<std::vector<absl::string_view>> members = in.Next("global_best_members");
  if (!members.ok()) return members.status();
  for (absl::string_view w : *members) {
    int i = 0;
    if (!absl::SimpleAtoi(w, &i) || i < 0 || i >= o.particles) {
      return in.Error(absl::StrCat("global_best_members: bad particle '", w, "'"));
    }
    swarm.global_best_members_.push_back(i);
  }
  swarm.particles_.resize(o.particles);
  for (Particle& p : swarm.particles_) {
    // position, velocity, fitness, evaluated, best, best fitness, own best, own best fitness.
    std::array<double, 4 * kPsoDims + 4> v{};
    if (s = in.Numbers("particle", v.data(), v.size()); !s.ok()) return s;
    const double* at = v.data();
    auto point = [&at](PsoPoint* out) {
      std::copy(at, at + kPsoDims, out->begin());
      at += kPsoDims;
    };
    point(&p.position);
    point(&p.velocity);
    p.fitness = *at++;
    p.evaluated = *at++ != 0;
    point(&p.best_position);
    p.best_fitness = *at++;
    point(&p.own_best_position);
    p.own_best_fitness = *at++;
  }
  for (int t = 0; t < swarm.updates_; ++t) {
    absl::StatusOr<std::vector<absl::string_view>> words = in.Next("history");
    if (!words.ok()) return words.status();
    std::array<double, kPsoDims + 4> v{};
    if (words->size() != v.size() + 1) return in.Error("'history' needs 10 values");
    for (size_t i = 0; i < v.size(); ++i) {
      if (!absl::SimpleAtod((*words)[i], &v[i])) {
        return in.Error(absl::StrCat("'history': '", (*words)[i], "' is not a number"));
      }
    }
    UpdateRecord r;
    r.hands = static_cast<int64_t>(v[0]);
    r.mean_fitness = v[1];
    r.max_fitness = v[2];
    std::copy(v.begin() + 3, v.begin() + 3 + kPsoDims, r.global_best.begin());
    r.global_best_fitness = v[3 + kPsoDims];
    absl::StatusOr<GlobalBestSource> source = ParseSource(words->back());
    if (!source.ok()) return in.Error(source.status().message());
    r.source = *source;
    swarm.history_.push_back(r);
  }
  absl::StatusOr<std::vector<absl::string_view>> rng = in.Next("rng");
  if (!rng.ok()) return rng.status();
  std::istringstream rng_text(absl::StrJoin(*rng, " "));
  rng_text >> swarm.rng_;
  if (rng_text.fail()) return in.Error("bad random generator state");
  return swarm;
}

absl::Status Swarm::Save(const std::string& path) const {
  return poker::WriteFileAtomically(path, Serialize());
}

absl::StatusOr<Swarm> Swarm::Load(const std::string& path) {
  absl::StatusOr<std::string> text = poker::ReadFileToString(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<Swarm> swarm = Deserialize(*text);
  if (!swarm.ok()) {
    return absl::Status(swarm.status().code(), absl::StrCat(path, ": ", swarm.status().message()));
  }
  return swarm;
}

}  // namespace agent
