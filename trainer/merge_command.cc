// `trainer merge`: adds the counts of several model files into one.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
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
inputs) are dropped from the player list (they stay in the population), unless --no-prune; the
file records each dropped player with its hands, and the summary says how many were dropped.

A pruned input (the output of a merge without --no-prune, or of an unsharded `trainer train
--min-hands N`) has lost the counts of its dropped players. When another input has hands of such
a player and the result would keep that player (enough hands in all, or --no-prune), its model
would hold only part of its hands: the merge refuses, naming the players and the hands lost.
Merge the unpruned inputs instead (shard outputs are unpruned; `trainer merge --no-prune` writes
a partial merge that can be merged again), or give --drop-partial to leave those players out
(they stay in the population; they are named on stderr). An input pruned by a trainer that did
not record its dropped players is merged with a warning that some players may have lost hands.

Exit codes: 0 written, 1 failure (unreadable or incompatible model, players that a pruned input
lost part of, cannot write), 2 usage error.

Options)";

int Usage(const std::string& message) { return cli::UsageError("trainer merge", message); }

// A model pruned by a trainer that did not record which players it dropped: its players' hands
// add up to less than the population's, and nothing says whose are missing.
void WarnIfDropsUnrecorded(const std::string& path, const OpponentModel& model) {
  if (!model.pruned() || model.min_hands() == 0 || !model.pruned_players().empty() ||
      !model.provenance().player_filter.empty()) {
    return;
  }
  uint64_t player_hands = 0;
  for (const PlayerModel* player : model.players()) player_hands += player->hands();
  if (player_hands >= model.population().hands()) return;
  std::cerr << absl::StrFormat(
      "trainer merge: warning: %s was pruned at %d hands by a trainer that did not record the "
      "players it dropped (%d of its %d player-hands): a player it dropped that another input has "
      "keeps only that input's hands\n",
      path, model.min_hands(), model.population().hands() - player_hands,
      model.population().hands());
}

int RunMerge(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::string out_path;
  int64_t min_hands = 0;
  bool no_prune = false;
  bool drop_partial = false;
  bool json = false;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")("out", po::value(&out_path),
                                                     "model file to write (required)")(
      "min-hands", po::value(&min_hands),
      "players with fewer hands keep no model of their own (default: from the inputs)")(
      "no-prune", po::bool_switch(&no_prune),
      "keep every player (for a partial merge to be merged again later)")(
      "drop-partial", po::bool_switch(&drop_partial),
      "leave out the players whose counts a pruned input dropped in part, instead of refusing")(
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
  WarnIfDropsUnrecorded(inputs[0], *merged);
  for (size_t i = 1; i < inputs.size(); ++i) {
    absl::StatusOr<OpponentModel> next = OpponentModel::Load(inputs[i], &merged->game());
    if (!next.ok()) {
      std::cerr << "trainer merge: " << next.status().message() << "\n";
      return 1;
    }
    WarnIfDropsUnrecorded(inputs[i], *next);
    if (absl::Status status = merged->Merge(*next); !status.ok()) {
      std::cerr << "trainer merge: cannot add " << inputs[i] << " to " << inputs[0] << ": "
                << status.message() << "\n";
      return 1;
    }
  }
  if (vm.count("min-hands")) merged->set_min_hands(static_cast<uint64_t>(min_hands));
  // Players a pruned input dropped and another input has: kept, their model would hold only
  // part of their hands. Those with too few hands in all are pruned below, which loses nothing.
  std::vector<std::string> partial;
  for (const auto& [name, dropped] : merged->PartialPlayers()) {
    const uint64_t total = merged->FindPlayer(name)->hands() + dropped;
    if (!no_prune && total < merged->min_hands()) continue;
    partial.push_back(absl::StrFormat("%s (%d of its %d hands)", name, dropped, total));
  }
  if (!partial.empty()) {
    // Every name up to a screenful; the rest counted.
    constexpr size_t kNamed = 30;
    std::string list = absl::StrJoin(partial.begin(),
                                     partial.begin() + std::min(partial.size(), kNamed), ", ");
    if (partial.size() > kNamed) absl::StrAppend(&list, " and ", partial.size() - kNamed, " more");
    if (!drop_partial) {
      std::cerr << absl::StrFormat(
          "trainer merge: %d player%s would keep only part of their hands' counts: a pruned input "
          "dropped the counts of %s; nothing written. Merge the unpruned inputs (shard outputs, or "
          "`trainer merge --no-prune` results) instead, or give --drop-partial to leave these "
          "players out (they stay in the population)\n",
          partial.size(), partial.size() == 1 ? "" : "s", list);
      return 1;
    }
    merged->DropPartialPlayers();
    std::cerr << absl::StrFormat(
        "trainer merge: warning: --drop-partial: left out %d player%s whose counts a pruned input "
        "dropped in part: %s\n",
        partial.size(), partial.size() == 1 ? "" : "s", list);
  }
  const int players_before = merged->num_players();
  if (!no_prune) merged->Prune();
  const int64_t pruned_now = players_before - merged->num_players();
  const int64_t partial_dropped = drop_partial ? static_cast<int64_t>(partial.size()) : 0;
  if (absl::Status status = merged->Save(out_path); !status.ok()) {
    std::cerr << "trainer merge: " << status.message() << "\n";
    return 1;
  }
  if (json) {
    const nlohmann::json summary = {{"models", inputs.size()},
                                    {"players", merged->num_players()},
                                    {"players_dropped", pruned_now + partial_dropped},
                                    {"players_dropped_in_all", merged->pruned_players().size()},
                                    {"min_hands", merged->min_hands()},
                                    {"population_hands", merged->population().hands()},
                                    {"out", out_path}};
    std::cout << summary.dump() << "\n";
    return 0;
  }
  std::string detail = no_prune ? std::string("--no-prune: none left out")
                                : absl::StrFormat("%d left out for fewer than %d hands",
                                                  pruned_now, merged->min_hands());
  if (partial_dropped > 0) {
    absl::StrAppendFormat(&detail, ", %d with part of their hands (--drop-partial)",
                          partial_dropped);
  }
  if (pruned_now + partial_dropped > 0) detail += "; they stay in the population";
  std::cout << absl::StrFormat("merged %d models: %d players with a model (%s), %d player-hands; "
                               "wrote %s\n",
                               inputs.size(), merged->num_players(), detail,
                               merged->population().hands(), out_path);
  return 0;
}

const bool kRegistered = RegisterCommand(
    "merge", "add the counts of model files (e.g. training shards) into one", &RunMerge);

}  // namespace
}  // namespace trainer
