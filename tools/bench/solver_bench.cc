// Benchmarks of the solver's card abstraction on one thread: building the hold'em buckets, the
// per-board roll-out tables (E[HS], sd(HS)), DealBuckets per deal (2 players, all 4 rounds; the
// call MCCFR makes once per iteration) and Bucket per round, with every table already filled (the
// steady state of a training run) or not.
//
// `solver_bench --quality [BOARDS [BUCKETS]]` instead prints how well flop and turn buckets
// separate hands (no benchmark): over BOARDS random 5-card boards (default 100, seed 1) and every
// live pair on each, with BUCKETS (default 64) percentile buckets of HS, E[HS], E[HS^2] and E[HS]
// groups x sd(HS) levels (edges from that same data), and the abstraction's own buckets (edges
// fixed at construction), the share of the variance of the final river HS and of the roll-out's
// standard deviation sd(HS) that is left within buckets (smaller is better).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "cli/version.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "poker/hand_strength.h"
#include "poker/random_deal.h"
#include "poker/rng.h"
#include "solver/card_abstraction.h"
#include "solver/holdem_buckets.h"

namespace {

using poker::Card;
using poker::kNumPairs;

poker::GameDef HoldemGame() {
  poker::GameDef game;
  game.num_players = 2;
  game.num_rounds = 4;
  game.num_board_cards = {0, 3, 1, 1};
  return game;
}

std::unique_ptr<solver::CardAbstraction> MakeBuckets(int post_flop_buckets = 64) {
  solver::HoldemBucketCounts counts;
  counts.per_round = {169, post_flop_buckets, post_flop_buckets, post_flop_buckets};
  return solver::MakeHoldemBuckets(HoldemGame(), counts).value();
}

using Deal = poker::HeadsUpDeal;

// One abstraction for the warm benchmarks, its tables filled for kWarmDeals deals (~5 s once).
constexpr int kWarmDeals = 256;
const solver::CardAbstraction& WarmBuckets(const std::vector<Deal>& deals) {
  static const auto* buckets = [&] {
    auto* b = MakeBuckets().release();
    std::array<int, 8> out;
    for (const Deal& d : deals) b->DealBuckets(d.holes, d.board, absl::MakeSpan(out));
    return b;
  }();
  return *buckets;
}

const std::vector<Deal>& WarmDeals() {
  static const auto* deals = new std::vector<Deal>(poker::RandomHeadsUpDeals(kWarmDeals, 1));
  return *deals;
}

void BM_MakeHoldemBuckets(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(MakeBuckets());
}
BENCHMARK(BM_MakeHoldemBuckets)->Unit(benchmark::kMillisecond)->Iterations(1);

// The table of one board: arg 3 = a flop, 4 = a turn board.
void BM_AllPairsRolloutStrength(benchmark::State& state) {
  const std::vector<Card> board = poker::ParseCards("Kh7d2c9s").value();
  std::array<int64_t, kNumPairs> sums;
  for (auto _ : state) {
    solver::AllPairsRolloutStrength(absl::MakeConstSpan(board).first(state.range(0)), &sums);
    benchmark::DoNotOptimize(sums);
  }
}
BENCHMARK(BM_AllPairsRolloutStrength)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// Steady state: DealBuckets over deals whose flop and turn tables are filled. Items = deals.
void BM_DealBucketsWarm(benchmark::State& state) {
  const std::vector<Deal>& deals = WarmDeals();
  const solver::CardAbstraction& buckets = WarmBuckets(deals);
  std::array<int, 8> out;
  size_t i = 0;
  for (auto _ : state) {
    const Deal& d = deals[i++ % deals.size()];
    buckets.DealBuckets(d.holes, d.board, absl::MakeSpan(out));
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DealBucketsWarm)->Unit(benchmark::kMicrosecond);

// Bucket of one hand in round arg (0 preflop .. 3 river), tables filled.
void BM_BucketWarm(benchmark::State& state) {
  const std::vector<Deal>& deals = WarmDeals();
  const solver::CardAbstraction& buckets = WarmBuckets(deals);
  constexpr std::array<int, 4> kBoardCards = {0, 3, 4, 5};
  const int round = static_cast<int>(state.range(0));
  size_t i = 0;
  for (auto _ : state) {
    const Deal& d = deals[i++ % deals.size()];
    benchmark::DoNotOptimize(
        buckets.Bucket(round, absl::MakeConstSpan(d.holes).first(2),
                       absl::MakeConstSpan(d.board).first(kBoardCards[round])));
  }
}
BENCHMARK(BM_BucketWarm)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

// Before warm-up: DealBuckets on deals never seen by a fresh abstraction (most flops and turn
// boards new), the cost of the first minutes of a run. Items = deals.
void BM_DealBucketsCold(benchmark::State& state) {
  const std::vector<Deal> deals = poker::RandomHeadsUpDeals(64, 2);
  std::unique_ptr<solver::CardAbstraction> buckets = MakeBuckets();
  std::array<int, 8> out;
  size_t i = 0;
  for (auto _ : state) {
    const Deal& d = deals[i++ % deals.size()];
    buckets->DealBuckets(d.holes, d.board, absl::MakeSpan(out));
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DealBucketsCold)->Unit(benchmark::kMillisecond)->Iterations(64);

// Bucket of one hand in round arg (1 flop, 2 turn) on boards whose table is not filled: what the
// first look at a board costs in play (Bucket evaluates the one hand, fills nothing).
void BM_BucketCold(benchmark::State& state) {
  const std::vector<Deal> deals = poker::RandomHeadsUpDeals(64, 3);
  static const solver::CardAbstraction* buckets = MakeBuckets().release();
  const int round = static_cast<int>(state.range(0));
  size_t i = 0;
  for (auto _ : state) {
    const Deal& d = deals[i++ % deals.size()];
    benchmark::DoNotOptimize(buckets->Bucket(round, absl::MakeConstSpan(d.holes).first(2),
                                             absl::MakeConstSpan(d.board).first(2 + round)));
  }
}
BENCHMARK(BM_BucketCold)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// --quality: percentile buckets of a feature (ties kept together: a bucket ends only where the
// feature changes).
std::vector<int> PercentileBuckets(const std::vector<double>& feature, int num_buckets) {
  const size_t n = feature.size();
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return feature[a] < feature[b]; });
  std::vector<int> bucket(n);
  int b = 0;
  for (size_t k = 0; k < n; ++k) {
    if (k > 0 && feature[order[k]] != feature[order[k - 1]]) {
      b = std::max(b, static_cast<int>(k * num_buckets / n));
    }
    bucket[order[k]] = b;
  }
  return bucket;
}

// The share of a target's variance left within buckets.
double WithinShare(const std::vector<int>& bucket, const std::vector<double>& target,
                   int num_buckets) {
  std::vector<double> sum(num_buckets), sum_sq(num_buckets), count(num_buckets);
  double total = 0, total_sq = 0;
  const size_t n = bucket.size();
  for (size_t i = 0; i < n; ++i) {
    const double t = target[i];
    sum[bucket[i]] += t, sum_sq[bucket[i]] += t * t, count[bucket[i]] += 1;
    total += t, total_sq += t * t;
  }
  double within = 0;
  for (int b = 0; b < num_buckets; ++b) {
    if (count[b] > 0) within += sum_sq[b] - sum[b] * sum[b] / count[b];
  }
  return within / (total_sq - total * total / n);
}

// The largest bucket's population over the mean population (1 = all equal).
double LargestBucketRatio(const std::vector<int>& bucket, int num_buckets) {
  std::vector<int> count(num_buckets);
  for (int b : bucket) ++count[b];
  return *std::max_element(count.begin(), count.end()) * num_buckets /
         static_cast<double>(bucket.size());
}

// Two-dimensional buckets: `groups` percentile groups of `first`, each split into
// num_buckets / groups percentile buckets of `second` within the group. Returns bucket per sample.
std::vector<int> TwoDimensional(const std::vector<double>& first, const std::vector<double>& second,
                                int num_buckets, int groups) {
  const size_t n = first.size();
  const int per_group = num_buckets / groups;
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return first[a] < first[b]; });
  std::vector<int> group(n);
  int g = 0;
  for (size_t k = 0; k < n; ++k) {
    if (k > 0 && first[order[k]] != first[order[k - 1]]) {
      g = std::max(g, static_cast<int>(k * groups / n));
    }
    group[order[k]] = g;
  }
  std::vector<int> bucket(n);
  for (int gi = 0; gi < groups; ++gi) {
    std::vector<size_t> members;
    for (size_t i = 0; i < n; ++i) {
      if (group[i] == gi) members.push_back(i);
    }
    std::stable_sort(members.begin(), members.end(),
                     [&](size_t a, size_t b) { return second[a] < second[b]; });
    int sub = 0;
    for (size_t k = 0; k < members.size(); ++k) {
      if (k > 0 && second[members[k]] != second[members[k - 1]]) {
        sub = std::max(sub, static_cast<int>(k * per_group / members.size()));
      }
      bucket[members[k]] = gi * per_group + sub;
    }
  }
  return bucket;
}

int RunQuality(int num_boards, int kBuckets) {
  constexpr double kMaxNumerator = 2 * 990;
  poker::Rng rng(1);
  // Per round (flop, turn), per sample: features HS, E[HS], E[HS^2]; targets river HS, sd(HS).
  std::vector<double> hs[2], ehs[2], ehs2[2], sd[2], river;
  // The abstraction's own buckets (edges fixed at construction, default counts 64).
  const std::unique_ptr<solver::CardAbstraction> buckets = MakeBuckets(kBuckets);
  std::vector<int> own[3];
  std::array<int64_t, kNumPairs> squares, sums;
  std::array<int32_t, kNumPairs> now, final_num;
  for (int b = 0; b < num_boards; ++b) {
    std::vector<Card> board;
    uint64_t used = 0;
    while (board.size() < 5) {
      const Card c = static_cast<Card>(rng.Below(poker::kNumCards));
      if (!((used >> c) & 1)) board.push_back(c), used |= uint64_t{1} << c;
    }
    poker::AllPairsStrengthNumerators(board, &final_num);
    {  // One deal on this board fills its flop and turn tables, so Bucket below reads them.
      std::array<Card, 4> holes;
      for (int c = 0, k = 0; k < 4; ++c) {
        if (!((used >> c) & 1)) holes[k++] = static_cast<Card>(c);
      }
      std::array<int, 8> out;
      buckets->DealBuckets(holes, board, absl::MakeSpan(out));
    }
    for (int r = 0; r < 2; ++r) {
      const absl::Span<const Card> visible = absl::MakeConstSpan(board).first(3 + r);
      const double rollouts = r == 0 ? 1081 : 46;
      const double live_pairs = r == 0 ? 47 * 46 / 2 : 46 * 45 / 2;
      solver::AllPairsRolloutStrength(visible, &squares, &sums);
      poker::AllPairsStrengthNumerators(visible, &now);
      for (int p = 0; p < kNumPairs; ++p) {
        if (final_num[p] < 0) continue;
        const double mean = sums[p] / rollouts / kMaxNumerator;
        const double mean_sq = squares[p] / rollouts / (kMaxNumerator * kMaxNumerator);
        hs[r].push_back(now[p] / (2 * live_pairs));
        ehs[r].push_back(mean);
        ehs2[r].push_back(mean_sq);
        sd[r].push_back(std::sqrt(std::max(0.0, mean_sq - mean * mean)));
        const poker::PairCards pc = poker::PairFromIndex(p);
        const Card hole[2] = {pc.low, pc.high};
        own[r].push_back(buckets->Bucket(1 + r, hole, visible));
        if (r == 0) {
          river.push_back(final_num[p] / kMaxNumerator);
          own[2].push_back(buckets->Bucket(3, hole, board));
        }
      }
    }
  }
  std::printf(
      "%d boards, %zu hands, %d percentile buckets; share of variance left within buckets\n",
      num_boards, river.size(), kBuckets);
  std::printf("(largest: the largest bucket's population over the mean)\n");
  std::printf("%-6s %-22s %10s %10s %10s\n", "round", "buckets (edges)", "river HS", "sd(HS)",
              "largest");
  auto row = [&](int r, const std::string& name, const std::vector<int>& b) {
    std::printf("%-6s %-22s %10.4f %10.4f %10.2f\n", r == 0 ? "flop" : "turn", name.c_str(),
                WithinShare(b, river, kBuckets), WithinShare(b, sd[r], kBuckets),
                LargestBucketRatio(b, kBuckets));
  };
  for (int r = 0; r < 2; ++r) {
    row(r, "HS (in sample)", PercentileBuckets(hs[r], kBuckets));
    row(r, "E[HS] (in sample)", PercentileBuckets(ehs[r], kBuckets));
    row(r, "E[HS^2] (in sample)", PercentileBuckets(ehs2[r], kBuckets));
    for (int levels : {2, 3, 4, 6, 8}) {
      if (kBuckets % levels != 0 || kBuckets / levels < 2) continue;
      const int groups = kBuckets / levels;
      row(r,
          "E[HS]" + std::to_string(groups) + "xsd" + std::to_string(kBuckets / groups) +
              " (in sample)",
          TwoDimensional(ehs[r], sd[r], kBuckets, groups));
    }
    row(r, "holdem_ehs_pot (fixed)", own[r]);
  }
  std::printf("river  holdem_ehs_pot (fixed) %10.4f %10s %10.2f\n",
              WithinShare(own[2], river, kBuckets), "-", LargestBucketRatio(own[2], kBuckets));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (cli::AsksForVersion(argc, argv)) {
    std::cout << cli::VersionLine("solver_bench");
    return 0;
  }
  if (argc >= 2 && std::strcmp(argv[1], "--quality") == 0) {
    const int boards = argc >= 3 ? std::atoi(argv[2]) : 100;
    const int buckets = argc >= 4 ? std::atoi(argv[3]) : 64;
    if (argc > 4 || boards <= 0 || buckets < 4 || buckets > solver::kMaxHoldemBuckets) {
      std::fprintf(stderr, "usage: solver_bench --quality [BOARDS > 0 [BUCKETS 4..%d]]\n",
                   solver::kMaxHoldemBuckets);
      return 2;
    }
    return RunQuality(boards, buckets);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
