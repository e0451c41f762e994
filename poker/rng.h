// A small, fast, seedable random generator for Monte Carlo draws (the agent's equity, the bots'
// equity): xoshiro256**.
#ifndef POKER_RNG_H_
#define POKER_RNG_H_

#include <cstdint>

namespace poker {

// xoshiro256** (Blackman and Vigna): 256 bits of state, a few cycles per 64-bit output, passes
// BigCrush. The state is filled from the seed with splitmix64 so that nearby seeds (1, 2, 3)
// give unrelated streams. A given seed always gives the same stream. Not thread-safe: one per
// thread.
class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { Seed(seed); }

  void Seed(uint64_t seed) {
    for (uint64_t& word : s_) {
      seed += 0x9E3779B97F4A7C15ULL;  // splitmix64
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      word = z ^ (z >> 31);
    }
  }

  // 64 uniformly random bits.
  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) from 32 random bits by multiply-shift (Lemire): no division. Each value's
  // probability is off from 1/n by less than n / 2^32 relative (< 2e-8 for n <= 52 cards).
  static uint32_t Below(uint32_t random32, uint32_t n) {
    return static_cast<uint32_t>((uint64_t{random32} * n) >> 32);
  }

  // Uniform in [0, n) for n < 2^32 from the next 32 high random bits (Below above).
  uint32_t Below(uint32_t n) { return Below(static_cast<uint32_t>(Next() >> 32), n); }

  // Uniform double in [0, 1) with 53 random bits.
  double Uniform() { return (Next() >> 11) * 0x1.0p-53; }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

// A 64-bit hash of two words (splitmix64's finaliser over a * golden ratio + b): seeds of
// samples derived from other seeds (boards, run-outs, decisions).
inline uint64_t MixSeeds(uint64_t a, uint64_t b) {
  uint64_t z = a * 0x9E3779B97F4A7C15ULL + b + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The seed of one decision's draws: a function of a player's seed, the hand and how many actions
// the hand has seen, so that a player drawing from Rng(DrawSeed(...)) acts alike wherever two
// matches reach the same point of the same deal (common random numbers: two players compared on
// the same deals then meet the same opponent choices until their own play differs). A cheap
// combination, not a hash: its users seed generators that scramble their seed (Rng::Seed's
// splitmix64, MT19937's initialisation), and the logs of the measured runs depend on it.
inline uint64_t DrawSeed(uint64_t seed, uint64_t hand, uint64_t actions) {
  return seed * 0x9E3779B97F4A7C15ULL ^ (hand + 1) * 0xBF58476D1CE4E5B9ULL ^
         (actions + 1) * 0x94D049BB133111EBULL;
}

}  // namespace poker

#endif  // POKER_RNG_H_
