// `trainer merge`: adds the counts of several model files into one.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"
#include "trainer/command.h"
#include "trainer/opponent_model.h"

namespace trainer {
namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: trainer merge MODEL... --out MODEL [options]

Adds the counts of model files of the same game and abstraction (raise-size edges, strength
buckets, depth cap, name mapping) into one: e.g. the outputs of `trainer train --shard I/N` for
I = 0..N-1, which merge into exactly the model of one unsharded run (byte for byte). Models of
different games or abstractions, or trained on a common log file, are refused with the reason.

Then players with fewer than --min-hands hands (default: the largest min hands recorded in the
inputs) are dropped from the player list (they stay in the population), unless --no-prune.

Exit codes: 0 written, 1 failure (unreadable or incompatible model, cannot write), 2 usage
error.

Options)";

int Usage(const std::string& message) { return cli::UsageError("trainer merge", message); }

int RunMerge(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::string out_path;
  int64_t min_hands = 0;
  bool no_prune = false;
  bool json = false;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")("out", po::value(&out_path),
                                                     "model file to write (required)")(
      "min-hands", po::value(&min_hands),
      "players with fewer hands keep no model of their own (default: from the inputs)")(
      "no-prune", po::bool_switch(&no_prune),
      "keep every player (for a partial merge to be merged again later)")(
      "json", po::bool_switch(&json), "print the summary as one JSON object on stdout");
  po::options_description hidden;
  hidden.add_options()("model", po::value(&inputs));
  po::positional_options_description positional;
  positional.add("model", -1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("trainer merge", argc, argv, visible, hidden, positional, &vm)) {
    return *done;
  }
  if (inputs.empty()) return Usage("no MODEL given");
  if (out_path.empty()) return Usage("--out is required");
  if (no_prune && vm.count("min-hands"))
    return Usage("--min-hands and --no-prune exclude each other");
  if (min_hands < 0) return Usage("--min-hands must not be negative");
  if (absl::Status s = poker::CheckOutputPath(out_path, "--out"); !s.ok()) {
    std::cerr << "trainer merge: " << s.message() << "\n";
    return 1;
  }

  absl::StatusOr<OpponentModel> merged = OpponentModel::Load(inputs[0]);
  if (!merged.ok()) {
    std::cerr << "trainer merge: " << merged.status().message() << "\n";
    return 1;
  }
  for (size_t i = 1; i < inputs.size(); ++i) {
    absl::StatusOr<OpponentModel> next = OpponentModel::Load(inputs[i], &merged->game());
    if (!next.ok()) {
      std::cerr << "trainer merge: " << next.status().message() << "\n";
      return 1;
    }
    if (absl::Status status = merged->Merge(*next); !status.ok()) {
      std::cerr << "trainer merge: cannot add " << inputs[i] << " to " << inputs[0] << ": "
                << status.message() << "\n";
      return 1;
    }
  }
  if (vm.count("min-hands")) merged->set_min_hands(static_cast<uint64_t>(min_hands));
  if (!no_prune) merged->Prune();
  if (absl::Status status = merged->Save(out_path); !status.ok()) {
    std::cerr << "trainer merge: " << status.message() << "\n";
    return 1;
  }
  if (json) {
    const nlohmann::json summary = {{"models", inputs.size()},
                                    {"players", merged->num_players()},
                                    {"population_hands", merged->population().hands()},
                                    {"out", out_path}};
    std::cout << summary.dump() << "\n";
    return 0;
  }
  std::cout << absl::StrFormat(
      "merged %d models: %d players with a model, %d player-hands; wrote %s\n", inputs.size(),
      merged->num_players(), merged->population().hands(), out_path);
  return 0;
}

const bool kRegistered = RegisterCommand(
    "merge", "add the counts of model files (e.g. training shards) into one", &RunMerge);

}  // namespace
}  // namespace trainer
