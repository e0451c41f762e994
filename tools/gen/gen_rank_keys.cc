// gen_rank_keys: re-derives the evaluator's rank keys (poker::hand_internal::kRankKeys) by the
// greedy search described in poker/hand_evaluator.h: rank by rank, the smallest key above the
// previous one such that every multiset of at most 7 cards over the ranks so far (at most 4 of
// a rank) still has its own sum. Prints the keys and whether they equal the ones compiled in.
// Exit status: 0 when they are equal, 1 otherwise.
//
// Why the check is cheap: with keys k_0..k_{r-1} already giving distinct sums, adding j copies of
// a new key k to the multisets of at most 7 - j lower cards keeps all sums distinct unless
// s1 + j1 * k == s2 + j2 * k for two lower sums, i.e. s2 + (j2 - j1) * k is the sum of a lower
// multiset of at most 7 - j1 cards. A candidate is tested by looking up s2 + d * k in one bitmap
// per card budget, stopping at the first hit.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <vector>

#include "cli/version.h"
#include "poker/hand_evaluator.h"

namespace {

constexpr int kMaxCards = 7;
constexpr int kMaxPerRank = 4;

// The sums of the multisets of lower ranks, grouped by card count (sums[c]: exactly c cards).
using SumsByCount = std::vector<std::vector<uint32_t>>;

// Adds rank key `key` to the multisets: j = 0..4 copies on top of every multiset of at most
// 7 - j cards.
SumsByCount AddRank(const SumsByCount& sums, uint32_t key) {
  SumsByCount out(kMaxCards + 1);
  for (int c = 0; c <= kMaxCards; ++c) {
    for (int j = 0; j <= kMaxPerRank && c + j <= kMaxCards; ++j) {
      for (const uint32_t s : sums[c]) out[c + j].push_back(s + j * key);
    }
  }
  return out;
}

// True when `key` keeps every sum distinct. below[m] marks the sums of at most m lower cards;
// up_to[m] lists them.
bool KeepsSumsDistinct(uint32_t key, const std::vector<std::vector<bool>>& below,
                       const std::vector<std::vector<uint32_t>>& up_to) {
  for (int d = 1; d <= kMaxPerRank; ++d) {
    for (int j2 = d; j2 <= kMaxPerRank; ++j2) {
      const int j1 = j2 - d;
      const std::vector<bool>& targets = below[kMaxCards - j1];
      const uint64_t shift = static_cast<uint64_t>(d) * key;
      for (const uint32_t s2 : up_to[kMaxCards - j2]) {
        const uint64_t t = s2 + shift;
        if (t < targets.size() && targets[t]) return false;
      }
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (cli::AsksForVersion(argc, argv)) {
    std::cout << cli::VersionLine("gen_rank_keys");
    return 0;
  }
  SumsByCount sums(kMaxCards + 1);
  sums[0].push_back(0);
  std::vector<uint32_t> keys;
  uint32_t key = 0;
  for (int rank = 0; rank < poker::kNumRanks; ++rank) {
    // Sums of at most m lower cards, as lists and as bitmaps.
    std::vector<std::vector<uint32_t>> up_to(kMaxCards + 1);
    uint32_t largest = 0;
    for (int m = 0; m <= kMaxCards; ++m) {
      if (m > 0) up_to[m] = up_to[m - 1];
      up_to[m].insert(up_to[m].end(), sums[m].begin(), sums[m].end());
      for (const uint32_t s : sums[m]) largest = s > largest ? s : largest;
    }
    std::vector<std::vector<bool>> below(kMaxCards + 1, std::vector<bool>(largest + 1, false));
    for (int m = 0; m <= kMaxCards; ++m) {
      for (const uint32_t s : up_to[m]) below[m][s] = true;
    }
    do {
      ++key;
    } while (!KeepsSumsDistinct(key, below, up_to));
    keys.push_back(key);
    sums = AddRank(sums, key);
    std::fprintf(stderr, "rank %2d: key %u\n", rank, key);
  }

  bool same = true;
  std::printf("kRankKeys = {");
  for (int r = 0; r < poker::kNumRanks; ++r) {
    std::printf("%s%u", r > 0 ? ", " : "", keys[r]);
    same = same && keys[r] == poker::hand_internal::kRankKeys[r];
  }
  std::printf("}\n%s\n",
              same ? "equal to the compiled-in keys" : "DIFFERENT from the compiled-in keys");
  return same ? 0 : 1;
}
