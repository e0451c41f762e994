// Benchmarks of the agent's numeric kernels on one thread: Monte Carlo equity (items = trials),
// exact heads-up enumeration, all-pairs hand strength, potential and outs, and range updates.
// BM_EquityStdErrorIn20ms reports the standard error reached in a 20 ms budget against 1, 2 and 5
// opponents (counter `std_error`).
#include <array>
#include <vector>

#include "agent/alias_table.h"
#include "agent/equity.h"
#include "agent/range.h"
#include "benchmark/benchmark.h"
#include "poker/card.h"
#include "poker/hand_strength.h"
#include "poker/rng.h"
#include "tools/bench/bench_main.h"

namespace {

using agent::EquityCalculator;
using agent::EquityOptions;
using agent::EquityResult;
using agent::Range;
using poker::Card;
using poker::PairCards;

std::vector<Card> Cards(const char* text) { return poker::ParseCards(text).value(); }

PairCards Hole(const char* text) { return poker::ParsePair(text).value(); }

// A reading-like range: every pair weighted by its ranks, pairs up, the weakest hands out.
Range WeightedRange(int variant) {
  Range r;
  for (int p = 0; p < poker::kNumPairs; ++p) {
    const PairCards pc = poker::PairFromIndex(p);
    const int hi = poker::RankOf(pc.high), lo = poker::RankOf(pc.low);
    float w = 0.05f + (hi + lo + variant) / 24.0f;
    if (hi == lo) w *= 3;
    if (hi < 5 && lo < 5) w = 0;
    r.set_weight(p, w);
  }
  return r;
}

// Runs Compute repeatedly; items = trials (or enumerated combinations when exact).
void RunEquity(benchmark::State& state, PairCards hole, const std::vector<Card>& board,
               const std::vector<const Range*>& opponents, const EquityOptions& options) {
  EquityCalculator calc;
  int64_t trials = 0;
  int64_t rejections = 0;
  double se = 0;
  for (auto _ : state) {
    const EquityResult r = calc.Compute(hole, board, opponents, options).value();
    benchmark::DoNotOptimize(r.equity);
    trials += r.trials;
    rejections += r.rejections;
    se = r.std_error;
  }
  state.SetItemsProcessed(trials);
  state.counters["std_error"] = se;
  // Whole-trial redraws per accepted trial (card removal between opponents).
  if (opponents.size() > 1) state.counters["redraws"] = static_cast<double>(rejections) / trials;
}

void BM_EquityHeadsUpPreflopWeighted(benchmark::State& state) {
  const Range range = WeightedRange(0);
  EquityOptions options;
  options.max_trials = 200'000;
  RunEquity(state, Hole("AhKd"), {}, {&range}, options);
}
BENCHMARK(BM_EquityHeadsUpPreflopWeighted)->Unit(benchmark::kMillisecond);

void BM_EquityHeadsUpPreflopUniform(benchmark::State& state) {
  const Range range;
  EquityOptions options;
  options.max_trials = 200'000;
  RunEquity(state, Hole("AhKd"), {}, {&range}, options);
}
BENCHMARK(BM_EquityHeadsUpPreflopUniform)->Unit(benchmark::kMillisecond);

void BM_EquityThreeWayFlopWeighted(benchmark::State& state) {
  const Range r1 = WeightedRange(0), r2 = WeightedRange(3);
  EquityOptions options;
  options.max_trials = 200'000;
  RunEquity(state, Hole("AhKh"), Cards("Qh7h2c"), {&r1, &r2}, options);
}
BENCHMARK(BM_EquityThreeWayFlopWeighted)->Unit(benchmark::kMillisecond);

// Monte Carlo against 1 to 9 weighted opponents on the flop: the cost of whole-trial rejection.
void BM_EquityFlopWeightedOpponents(benchmark::State& state) {
  std::vector<Range> ranges;
  for (int i = 0; i < state.range(0); ++i) ranges.push_back(WeightedRange(i));
  std::vector<const Range*> opponents;
  for (const Range& r : ranges) opponents.push_back(&r);
  EquityOptions options;
  options.max_trials = 100'000;
  options.max_exact_evaluations = 0;  // Monte Carlo even heads-up
  RunEquity(state, Hole("AhKh"), Cards("Qh7h2c"), opponents, options);
}
BENCHMARK(BM_EquityFlopWeightedOpponents)
    ->DenseRange(1, 9, 4)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

void BM_ExactFlopVsRange(benchmark::State& state) {
  const Range range = WeightedRange(0);
  RunEquity(state, Hole("AhKh"), Cards("Qh7h2c"), {&range}, EquityOptions());
}
BENCHMARK(BM_ExactFlopVsRange)->Unit(benchmark::kMillisecond);

void BM_ExactTurnVsRange(benchmark::State& state) {
  const Range range = WeightedRange(0);
  RunEquity(state, Hole("AhKh"), Cards("Qh7h2c5d"), {&range}, EquityOptions());
}
BENCHMARK(BM_ExactTurnVsRange)->Unit(benchmark::kMicrosecond);

// The standard error reached in 20 ms (preflop, uniform opponents) for 1, 2 and 5 opponents.
void BM_EquityStdErrorIn20ms(benchmark::State& state) {
  const Range uniform;
  std::vector<const Range*> opponents(state.range(0), &uniform);
  EquityOptions options;
  options.max_trials = int64_t{1} << 40;
  options.max_micros = 20'000;
  RunEquity(state, Hole("AhKd"), {}, opponents, options);
}
BENCHMARK(BM_EquityStdErrorIn20ms)
    ->Arg(1)
    ->Arg(2)
    ->Arg(5)
    ->Arg(9)
    ->Iterations(10)
    ->Unit(benchmark::kMillisecond);

// All-pairs HS on one board; the range argument is the board size (3 flop, 4 turn, 5 river).
void BM_AllPairsHandStrength(benchmark::State& state) {
  const std::vector<Card> full = Cards("Ah7d2cThTs");
  const std::vector<Card> board(full.begin(), full.begin() + state.range(0));
  std::array<float, poker::kNumPairs> hs;
  for (auto _ : state) {
    poker::AllPairsHandStrength(board, &hs);
    benchmark::DoNotOptimize(hs.data());
  }
}
BENCHMARK(BM_AllPairsHandStrength)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

void BM_HandStrengthCounts(benchmark::State& state) {
  const std::vector<Card> board = Cards("Ah7d2cTh");
  for (auto _ : state) {
    benchmark::DoNotOptimize(poker::HandStrengthCounts(Hole("KhQh"), board).ahead);
  }
}
BENCHMARK(BM_HandStrengthCounts)->Unit(benchmark::kMicrosecond);

void BM_HandPotentialFlop(benchmark::State& state) {
  const std::vector<Card> board = Cards("2h5hKc");
  for (auto _ : state) benchmark::DoNotOptimize(poker::HandPotential(Hole("9h8h"), board).ppot);
}
BENCHMARK(BM_HandPotentialFlop)->Unit(benchmark::kMicrosecond);

void BM_CountOutsFlop(benchmark::State& state) {
  const std::vector<Card> board = Cards("2h5hKc");
  for (auto _ : state) benchmark::DoNotOptimize(poker::CountOuts(Hole("9h8h"), board));
}
BENCHMARK(BM_CountOutsFlop)->Unit(benchmark::kMicrosecond);

// Eq. 29 outs of every pair on one flop (49 all-pairs HS computations on the turn boards).
void BM_AllPairsOutsFlop(benchmark::State& state) {
  const std::vector<Card> board = Cards("2h5hKc");
  std::array<int8_t, poker::kNumPairs> outs;
  for (auto _ : state) {
    poker::AllPairsOuts(board, &outs);
    benchmark::DoNotOptimize(outs.data());
  }
}
BENCHMARK(BM_AllPairsOutsFlop)->Unit(benchmark::kMicrosecond);

void BM_RangeMultiply(benchmark::State& state) {
  Range range = WeightedRange(0);
  std::array<float, poker::kNumPairs> factors;
  for (int i = 0; i < poker::kNumPairs; ++i) factors[i] = 0.5f + (i % 13) / 13.0f;
  int n = 0;
  for (auto _ : state) {
    range.Multiply(factors);
    if (++n % 64 == 0) range.Normalize();  // keep the weights finite
    benchmark::DoNotOptimize(range.mutable_weights().data());
  }
  state.SetItemsProcessed(state.iterations() * poker::kNumPairs);
}
BENCHMARK(BM_RangeMultiply);

void BM_AliasSample(benchmark::State& state) {
  agent::AliasTable table;
  table.Build(WeightedRange(0).weights());
  poker::Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(table.Sample(rng.Next()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AliasSample);

}  // namespace

POKER_BENCHMARK_MAIN("agent_bench");
