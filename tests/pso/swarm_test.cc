// The swarm: time-dimension turns, the standard and BR-PSO personal and global bests on
// hand-made fitness sequences (each particle plays one hand a turn, so a hand's chips are its
// fitness), schedules, velocity limits and bounds, and save/resume.
#include "agent/swarm.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace agent {
namespace {

SwarmOptions Options(PsoVariant variant, int particles) {
  SwarmOptions o;
  o.variant = variant;
  o.particles = particles;
  o.hands_per_particle = 1;
  o.seed = 42;
  return o;
}

// Plays one round: particle i wins fitness[i] in its single hand. Returns the positions the
// particles played with.
std::vector<PsoPoint> PlayRound(Swarm* swarm, const std::vector<double>& fitness) {
  std::vector<PsoPoint> played;
  for (size_t i = 0; i < fitness.size(); ++i) {
    EXPECT_EQ(swarm->current_particle(), static_cast<int>(i));
    played.push_back(swarm->current_position());
    const bool updated = swarm->AddHand(fitness[i]);
    EXPECT_EQ(updated, i + 1 == fitness.size());
  }
  return played;
}

PsoPoint Centroid(const std::vector<PsoPoint>& points) {
  PsoPoint c{};
  for (const PsoPoint& p : points) {
    for (int d = 0; d < kPsoDims; ++d) c[d] += p[d] / points.size();
  }
  return c;
}

void ExpectPointNear(const PsoPoint& a, const PsoPoint& b) {
  for (int d = 0; d < kPsoDims; ++d) EXPECT_NEAR(a[d], b[d], 1e-12) << "x" << d + 1;
}

bool Contains(const std::vector<PsoPoint>& candidates, const PsoPoint& p) {
  return std::find(candidates.begin(), candidates.end(), p) != candidates.end();
}

TEST(SwarmTest, ParticlesTakeTurnsOfNfHandsAndFitnessIsTheirChips) {
  SwarmOptions o = Options(PsoVariant::kStandard, 3);
  o.hands_per_particle = 4;
  Swarm swarm = *Swarm::Create(o);
  const std::vector<double> chips = {10, -5, 3, 2, -100, 50, 0, 1, 7, 7, 7, 7};
  for (size_t h = 0; h < chips.size(); ++h) {
    EXPECT_EQ(swarm.current_particle(), static_cast<int>(h / 4));
    EXPECT_EQ(swarm.hands_in_turn(), static_cast<int>(h % 4));
    EXPECT_EQ(swarm.AddHand(chips[h]), h + 1 == chips.size());
  }
  EXPECT_EQ(swarm.updates(), 1);
  EXPECT_EQ(swarm.hands(), 12);
  EXPECT_DOUBLE_EQ(swarm.total_chips(), 10 - 49 + 28);
  EXPECT_DOUBLE_EQ(swarm.particles()[0].fitness, 10);
  EXPECT_DOUBLE_EQ(swarm.particles()[1].fitness, -49);
  EXPECT_DOUBLE_EQ(swarm.particles()[2].fitness, 28);
  EXPECT_EQ(swarm.current_particle(), 0);
}

TEST(SwarmTest, InitialPositionsAreInBoundsAndSeeded) {
  SwarmOptions o = Options(PsoVariant::kBrPso, 50);
  Swarm a = *Swarm::Create(o);
  Swarm b = *Swarm::Create(o);
  o.seed = 43;
  Swarm c = *Swarm::Create(o);
  for (int i = 0; i < 50; ++i) {
    for (int d = 0; d < kPsoDims; ++d) {
      EXPECT_GE(a.particles()[i].position[d], o.lower[d]);
      EXPECT_LE(a.particles()[i].position[d], o.upper[d]);
    }
    EXPECT_EQ(a.particles()[i].position, b.particles()[i].position);
  }
  EXPECT_NE(a.particles()[0].position, c.particles()[0].position);
}

TEST(SwarmTest, StandardPsoTracksTheBestFitnessEverAndTheBestOfThem) {
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kStandard, 3));
  const std::vector<PsoPoint> r1 = PlayRound(&swarm, {-10, -30, -20});
  // Negative fitness still counts in standard PSO.
  EXPECT_EQ(swarm.particles()[1].best_position, r1[1]);
  EXPECT_DOUBLE_EQ(swarm.particles()[1].best_fitness, -30);
  EXPECT_EQ(swarm.global_best(), r1[0]);
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kBest);
  const std::vector<PsoPoint> r2 = PlayRound(&swarm, {-50, 5, -20});
  EXPECT_EQ(swarm.particles()[0].best_position, r1[0]);  // -50 < -10
  EXPECT_EQ(swarm.particles()[1].best_position, r2[1]);
  EXPECT_EQ(swarm.particles()[2].best_position, r1[2]);  // a tie keeps the older best
  EXPECT_EQ(swarm.global_best(), r2[1]);
  EXPECT_DOUBLE_EQ(swarm.global_best_fitness(), 5);
}

TEST(BrPsoTest, HandMadeSequenceFollowsEquationsSixToEight) {
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kBrPso, 5));

  // Round 1. Nobody had a best before, so there are neither elites nor potential elites; the
  // particles positive now (3: 20, 4: 8, 1: 5) stand in for them.
  const std::vector<PsoPoint> r1 = PlayRound(&swarm, {-10, 5, -3, 20, 8});
  const std::vector<Particle>& p = swarm.particles();
  EXPECT_DOUBLE_EQ(p[0].best_fitness, 0);  // eq. 6: only positive fitness counts
  EXPECT_DOUBLE_EQ(p[2].best_fitness, 0);
  EXPECT_DOUBLE_EQ(p[1].best_fitness, 5);
  EXPECT_EQ(p[1].best_position, r1[1]);
  EXPECT_EQ(p[3].best_position, r1[3]);
  // Eq. 7: no positive best, so a top-3 particle's personal best.
  EXPECT_TRUE(Contains({r1[3], r1[4], r1[1]}, p[0].best_position));
  EXPECT_TRUE(Contains({r1[3], r1[4], r1[1]}, p[2].best_position));
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kPositive);
  EXPECT_EQ(swarm.global_best_members(), (std::vector<int>{3, 4, 1}));
  ExpectPointNear(swarm.global_best(), Centroid({r1[3], r1[4], r1[1]}));
  EXPECT_DOUBLE_EQ(swarm.global_best_fitness(), (20 + 8 + 5) / 3.0);

  // Round 2. Bests before: {0, 5, 0, 20, 8}. Elites (best was positive and fitness positive
  // now): only 3, whose best moves to its new position (30 > 20).
  const std::vector<PsoPoint> r2 = PlayRound(&swarm, {-1, -2, 7, 30, -4});
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kElites);
  EXPECT_EQ(swarm.global_best_members(), (std::vector<int>{3}));
  ExpectPointNear(swarm.global_best(), r2[3]);
  EXPECT_DOUBLE_EQ(p[3].best_fitness, 30);
  EXPECT_EQ(p[1].best_position, r1[1]);    // 5 is still its best; -2 does not replace it
  EXPECT_DOUBLE_EQ(p[2].best_fitness, 7);  // its first positive fitness
  EXPECT_EQ(p[2].best_position, r2[2]);
  // Particle 0 has still no positive best: the top 3 are now 3 (30), 4 (8) and 2 (7), not 1 (5).
  EXPECT_DOUBLE_EQ(p[0].best_fitness, 0);
  EXPECT_TRUE(Contains({r2[3], r1[4], r2[2]}, p[0].best_position));

  // Round 3: everyone loses. No elites; the potential elites (best positive before) are 1, 2, 3
  // and 4, and the 3 best of them by best fitness are 3, 4 and 2.
  PlayRound(&swarm, {-1, -1, -1, -1, -1});
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kPotential);
  EXPECT_EQ(swarm.global_best_members(), (std::vector<int>{3, 4, 2}));
  ExpectPointNear(swarm.global_best(), Centroid({r2[3], r1[4], r2[2]}));

  // Round 4: four elites (all but 0 positive again); the centroid is of the best three by best
  // fitness: 1 (100, new best), 3 (30) and 4 (9, new best).
  const std::vector<PsoPoint> r4 = PlayRound(&swarm, {-5, 100, 1, 2, 9});
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kElites);
  EXPECT_EQ(swarm.global_best_members(), (std::vector<int>{1, 3, 4}));
  ExpectPointNear(swarm.global_best(), Centroid({r4[1], r2[3], r4[4]}));
  EXPECT_DOUBLE_EQ(swarm.global_best_fitness(), (100 + 30 + 9) / 3.0);

  // The history has one record per update.
  ASSERT_EQ(swarm.history().size(), 4u);
  EXPECT_EQ(swarm.history()[0].hands, 5);
  EXPECT_DOUBLE_EQ(swarm.history()[0].mean_fitness, 4);
  EXPECT_DOUBLE_EQ(swarm.history()[0].max_fitness, 20);
  EXPECT_EQ(swarm.history()[0].source, GlobalBestSource::kPositive);
  EXPECT_EQ(swarm.history()[2].source, GlobalBestSource::kPotential);
  EXPECT_EQ(swarm.history()[3].hands, 20);
  EXPECT_EQ(swarm.history()[3].global_best, swarm.global_best());
}

TEST(BrPsoTest, ElitesNeedAPositiveBestBeforeThisRound) {
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kBrPso, 4));
  PlayRound(&swarm, {10, -1, -1, -1});
  // Particle 1 is positive for the first time: not an elite (its best was 0), particle 0 is.
  PlayRound(&swarm, {2, 50, -1, -1});
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kElites);
  EXPECT_EQ(swarm.global_best_members(), (std::vector<int>{0}));
  ExpectPointNear(swarm.global_best(), swarm.particles()[0].best_position);
  EXPECT_DOUBLE_EQ(swarm.particles()[0].best_fitness, 10);
}

TEST(BrPsoTest, WithNoPositiveFitnessAnywhereItFallsBackToStandardBests) {
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kBrPso, 3));
  const std::vector<PsoPoint> r1 = PlayRound(&swarm, {-7, -3, -9});
  EXPECT_EQ(swarm.global_best_source(), GlobalBestSource::kFallback);
  EXPECT_EQ(swarm.global_best(), r1[1]);
  for (int i = 0; i < 3; ++i) {
    EXPECT_DOUBLE_EQ(swarm.particles()[i].best_fitness, 0);
    EXPECT_EQ(swarm.particles()[i].best_position, r1[i]);  // its own (standard) best
  }
}

TEST(SwarmMoveTest, VelocityFollowsTheUpdateRuleInBoundsAndLimited) {
  SwarmOptions o = Options(PsoVariant::kStandard, 2);
  o.inertia = 0;
  o.cognitive = 0;
  o.social = 2;
  Swarm swarm = *Swarm::Create(o);
  const std::vector<PsoPoint> r1 = PlayRound(&swarm, {1, 2});
  // Particle 1 is the global best and has no velocity; particle 0 moves toward it by r2 * 2.
  EXPECT_EQ(swarm.particles()[1].position, r1[1]);
  for (int d = 0; d < kPsoDims; ++d) {
    const double step = swarm.particles()[0].position[d] - r1[0][d];
    const double gap = r1[1][d] - r1[0][d];
    if (gap != 0) {
      EXPECT_GE(step / gap, 0);
      EXPECT_LE(step / gap, 2);
    }
  }

  o.social = 4;
  o.particles = 20;
  o.max_velocity = {0.1, 0.1, 5, 0.1, 5};
  Swarm limited = *Swarm::Create(o);
  std::vector<double> fitness(20);
  for (int round = 0; round < 5; ++round) {
    for (int i = 0; i < 20; ++i) fitness[i] = (i * 7919 + round * 104729) % 200 - 100.0;
    PlayRound(&limited, fitness);
    for (const Particle& p : limited.particles()) {
      for (int d = 0; d < kPsoDims; ++d) {
        EXPECT_LE(std::abs(p.velocity[d]), o.max_velocity[d] + 1e-12);
        EXPECT_GE(p.position[d], o.lower[d]);
        EXPECT_LE(p.position[d], o.upper[d]);
      }
    }
  }
}

// The whole update rule, each term checked: v' = w v + c1 r1 (pbest - x) + c2 r2 (gbest - x),
// with the swarm's random numbers drawn again from its seed (positions first, then r1, r2 per
// particle and dimension). Round 1 gives particle 0 a velocity (social term only: its personal
// best is where it is); round 2 it scored worse, so its personal best stays behind it: inertia,
// cognitive and social terms are all non-zero.
TEST(SwarmMoveTest, InertiaCognitiveAndSocialTermsFollowTheRule) {
  SwarmOptions o = Options(PsoVariant::kStandard, 2);
  o.inertia = 0.7;
  o.cognitive = 1.3;
  o.social = 0.9;
  Swarm swarm = *Swarm::Create(o);
  std::mt19937_64 rng(o.seed);
  const auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  for (int i = 0; i < 2 * kPsoDims; ++i) uniform();  // the initial positions
  const PsoPoint x0 = swarm.particles()[0].position;
  const PsoPoint x1 = swarm.particles()[1].position;

  PlayRound(&swarm, {1, 2});  // particle 1 is the global best; particle 0 moves toward it
  PsoPoint v1{};
  for (int p = 0; p < 2; ++p) {
    for (int d = 0; d < kPsoDims; ++d) {
      uniform();  // r1: its term is zero (personal best = position)
      const double r2 = uniform();
      if (p == 0) v1[d] = o.social * r2 * (x1[d] - x0[d]);
    }
  }
  ExpectPointNear(swarm.particles()[0].velocity, v1);
  ExpectPointNear(swarm.particles()[1].position, x1);
  const PsoPoint moved = swarm.particles()[0].position;

  PlayRound(&swarm, {-5, 1});  // particle 0 did worse: its personal best stays x0
  for (int d = 0; d < kPsoDims; ++d) {
    const double r1 = uniform();
    const double r2 = uniform();
    const double expected = o.inertia * v1[d] + o.cognitive * r1 * (x0[d] - moved[d]) +
                            o.social * r2 * (x1[d] - moved[d]);
    const double x = moved[d] + expected;
    if (x <= o.lower[d] || x >= o.upper[d]) continue;  // stopped at a bound: not this rule
    EXPECT_NEAR(swarm.particles()[0].velocity[d], expected, 1e-12) << "x" << d + 1;
    EXPECT_NEAR(swarm.particles()[0].position[d], x, 1e-12) << "x" << d + 1;
    EXPECT_NE(o.cognitive * r1 * (x0[d] - moved[d]), 0);
  }
}

TEST(SwarmMoveTest, LargeCoefficientsStayInBounds) {
  SwarmOptions o = Options(PsoVariant::kBrPso, 10);
  o.inertia = 1.5;
  o.cognitive = 4;
  o.social = 4;
  Swarm swarm = *Swarm::Create(o);
  std::vector<double> fitness(10);
  for (int round = 0; round < 30; ++round) {
    for (int i = 0; i < 10; ++i) fitness[i] = ((i + 3) * (round + 5) * 37) % 21 - 10.0;
    PlayRound(&swarm, fitness);
    for (const Particle& p : swarm.particles()) {
      for (int d = 0; d < kPsoDims; ++d) {
        ASSERT_GE(p.position[d], o.lower[d]);
        ASSERT_LE(p.position[d], o.upper[d]);
      }
    }
  }
}

TEST(ScheduleTest, SinCosRunsFromStartToEndValues) {
  SwarmOptions o;
  o.schedule = PsoSchedule::kSinCos;
  o.schedule_updates = 10;
  const PsoCoefficients start = CoefficientsAt(o, 0);
  EXPECT_NEAR(start.inertia, 0.95, 1e-12);
  EXPECT_NEAR(start.cognitive, 2.5, 1e-12);
  EXPECT_NEAR(start.social, 0.5, 1e-12);
  const PsoCoefficients end = CoefficientsAt(o, 10);
  EXPECT_NEAR(end.inertia, 0.675, 1e-12);
  EXPECT_NEAR(end.cognitive, 0.5, 1e-12);
  EXPECT_NEAR(end.social, 2.5, 1e-12);
  const PsoCoefficients later = CoefficientsAt(o, 25);
  EXPECT_NEAR(later.cognitive, 0.5, 1e-12);
  const PsoCoefficients mid = CoefficientsAt(o, 5);
  EXPECT_NEAR(mid.cognitive, 0.5 + 2 * std::sin(std::numbers::pi / 4), 1e-12);
  EXPECT_NEAR(mid.social, 0.5 + 2 * std::cos(std::numbers::pi / 4), 1e-12);
  for (int t = 1; t <= 10; ++t) {
    EXPECT_LT(CoefficientsAt(o, t).inertia, CoefficientsAt(o, t - 1).inertia);
    EXPECT_LT(CoefficientsAt(o, t).cognitive, CoefficientsAt(o, t - 1).cognitive);
    EXPECT_GT(CoefficientsAt(o, t).social, CoefficientsAt(o, t - 1).social);
  }
  o.schedule = PsoSchedule::kFixed;
  o.inertia = 0.5;
  o.cognitive = 0.1;
  o.social = 0.2;
  EXPECT_DOUBLE_EQ(CoefficientsAt(o, 7).social, 0.2);
}

TEST(SwarmOptionsTest, RejectsBadValues) {
  SwarmOptions o;
  EXPECT_TRUE(ValidateSwarmOptions(o).ok());
  o.particles = 0;
  EXPECT_FALSE(ValidateSwarmOptions(o).ok());
  o = SwarmOptions();
  o.lower[2] = 200;
  EXPECT_FALSE(ValidateSwarmOptions(o).ok());
  o = SwarmOptions();
  o.max_velocity[0] = -1;
  EXPECT_FALSE(ValidateSwarmOptions(o).ok());
  o = SwarmOptions();
  o.social = std::nan("");
  EXPECT_FALSE(Swarm::Create(o).ok());
}

// Chips of a deterministic pseudo-random hand sequence.
double Chips(int h) { return ((h * 2654435761u) % 20001) - 10000.0; }

TEST(SwarmStateTest, ARestoredSwarmContinuesExactlyAsTheOriginal) {
  for (PsoVariant variant : {PsoVariant::kStandard, PsoVariant::kBrPso}) {
    SwarmOptions o = Options(variant, 6);
    o.hands_per_particle = 5;
    o.schedule = PsoSchedule::kSinCos;
    o.max_velocity = {0.3, 0.3, 5, 0.3, 5};
    Swarm original = *Swarm::Create(o);
    int h = 0;
    for (; h < 97; ++h) original.AddHand(Chips(h));  // mid-turn, after 3 updates
    ASSERT_EQ(original.updates(), 3);
    absl::StatusOr<Swarm> restored = Swarm::Deserialize(original.Serialize());
    ASSERT_TRUE(restored.ok()) << restored.status();
    EXPECT_EQ(restored->Serialize(), original.Serialize());
    for (; h < 400; ++h) {
      EXPECT_EQ(restored->AddHand(Chips(h)), original.AddHand(Chips(h)));
    }
    EXPECT_EQ(restored->Serialize(), original.Serialize());
    EXPECT_EQ(restored->ToJson(), original.ToJson());
  }
}

TEST(SwarmStateTest, SaveIsAtomicAndLoadNamesTheFileOnErrors) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("pso_swarm_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "swarm.txt").string();
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kBrPso, 4));
  for (int h = 0; h < 10; ++h) swarm.AddHand(Chips(h));
  ASSERT_TRUE(swarm.Save(path).ok());
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  absl::StatusOr<Swarm> loaded = Swarm::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->Serialize(), swarm.Serialize());

  EXPECT_EQ(Swarm::Load((dir / "missing.txt").string()).status().code(),
            absl::StatusCode::kNotFound);
  std::string text = swarm.Serialize();
  text.replace(text.find("particle "), 9, "particle x ");
  {
    std::ofstream out(path);
    out << text;
  }
  const absl::Status bad = Swarm::Load(path).status();
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find(path), std::string::npos) << bad;
  EXPECT_NE(bad.message().find("line"), std::string::npos) << bad;
  EXPECT_FALSE(Swarm::Deserialize("hello\n").ok());
  std::filesystem::remove_all(dir);
}

TEST(SwarmStateTest, JsonHasEveryParticle) {
  Swarm swarm = *Swarm::Create(Options(PsoVariant::kBrPso, 3));
  PlayRound(&swarm, {1, -2, 3});
  const std::string json = swarm.ToJson();
  EXPECT_NE(json.find("\"variant\": \"br-pso\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"global_best_source\": \"positive\""), std::string::npos) << json;
  size_t count = 0;
  for (size_t at = json.find("\"x\": ["); at != std::string::npos;
       at = json.find("\"x\": [", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 3u);
}

}  // namespace
}  // namespace agent
