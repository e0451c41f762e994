// Loading strategy files: reading, checking the checksum and rebuilding the betting tree and card
// abstraction (from the bucket edges the file keeps), as `agent --policy cfr` and
// `bot --style cfr` do once per process. The bundled files (data/strategies/) and a synthetic
// no-limit strategy of over a million infosets (written once to a temporary file, not timed).
// Part of solver_bench.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "poker/game_def.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "solver/profile.h"
#include "solver/strategy_file.h"

namespace {

void LoadLoop(benchmark::State& state, const std::string& path) {
  int64_t infosets = 0;
  for (auto _ : state) {
    absl::StatusOr<std::unique_ptr<solver::Blueprint>> blueprint = solver::Blueprint::Load(path);
    if (!blueprint.ok()) {
      state.SkipWithError(std::string(blueprint.status().message()).c_str());
      return;
    }
    infosets = (*blueprint)->header().num_infosets();
    benchmark::DoNotOptimize(blueprint);
  }
  state.counters["infosets"] = static_cast<double>(infosets);
}

void BM_LoadBlueprint(benchmark::State& state, const std::string& file) {
  LoadLoop(state, std::string(POKER_SOURCE_DIR) + "/data/strategies/" + file);
}
BENCHMARK_CAPTURE(BM_LoadBlueprint, limit, std::string("holdem.limit.2p.strategy"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_LoadBlueprint, nolimit, std::string("holdem.nolimit.2p.strategy"))
    ->Unit(benchmark::kMillisecond);

// Heads-up no-limit, 0.5/1/2 pot + all-in, 2 raises a round, holdem:169,16,16,16: about 1.1 M
// infosets, a uniform strategy.
void BM_LoadMillionInfosets(benchmark::State& state) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "solver_bench_million.strategy").string();
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(
      std::string(POKER_SOURCE_DIR) + "/data/games/holdem.nolimit.2p.reverse_blinds.game");
  const std::string spec = "holdem:169,16,16,16";
  absl::StatusOr<std::unique_ptr<solver::CardAbstraction>> cards =
      game.ok() ? solver::MakeCardAbstraction(*game, spec)
                : absl::StatusOr<std::unique_ptr<solver::CardAbstraction>>(game.status());
  if (!cards.ok()) {
    state.SkipWithError(std::string(cards.status().message()).c_str());
    return;
  }
  solver::ActionAbstraction actions;
  actions.pot_fractions = {0.5, 1, 2};
  absl::StatusOr<solver::BettingTree> tree = solver::BettingTree::Build(*game, actions, **cards);
  if (!tree.ok()) {
    state.SkipWithError(std::string(tree.status().message()).c_str());
    return;
  }
  const solver::Profile uniform =
      solver::ProfileFromSums(*tree, **cards, std::vector<double>(tree->num_entries(), 0.0));
  solver::TrainingInfo info;
  info.card_spec = spec;
  if (absl::Status s = solver::WriteStrategyFile(path, *tree, **cards, uniform, info); !s.ok()) {
    state.SkipWithError(std::string(s.message()).c_str());
    return;
  }
  LoadLoop(state, path);
  std::remove(path.c_str());
}
BENCHMARK(BM_LoadMillionInfosets)->Unit(benchmark::kMillisecond);

}  // namespace
