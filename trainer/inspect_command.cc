// `trainer inspect`: a readable view of a model file.
#include <iostream>
#include <optional>
#include <string>

#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "html/html_page.h"
#include "poker/file_io.h"
#include "trainer/command.h"
#include "trainer/model_page.h"
#include "trainer/model_report.h"
#include "trainer/opponent_model.h"

namespace trainer {
namespace {

namespace po = boost::program_options;

constexpr char kUsage[] = R"(Usage: trainer inspect MODEL [options]

Prints a model file written by `trainer train` or `trainer merge`.

Without --player (or --population): a summary: the game, the abstraction (abstract actions and
raise-size edges, tree depth cap, strength bucket function and its HS edges per street), the
provenance (files, hands read and used, rejected lines by reason, trainer version, name mapping,
min hands) and every player with its hands, tree nodes and entry rate (hands played voluntarily
to the flop) per position class.

With --player NAME or --population: that player's trees, street by street. One line per node
(indented by depth; "me:" marks the player's own actions, "other:" anyone else's): times (hands
in which the player was at the node), decisions (the player's actions there), and the frequency
of each abstract action; under it one line per strength bucket (b0 weakest .. bK-1 strongest,
"draw" for flush and 8-out straight draws on the flop and turn, with the bucket's HS range)
giving the distribution of the player's actions when it held such cards. So the river line of
a node shows e.g. how often the player bets with weak hands.

Output: text, or with --json one JSON object. With --html: one self-contained HTML page (written
to --out, default MODEL.html) with the trees of the population and of every player as collapsible
trees (action frequencies, decisions, per-bucket heat strips) and a search box for a betting
sequence; --street, --depth, --min-times and --no-buckets select what it holds (docs/report.md).
Exit codes: 0 printed, 1 the model cannot be read (the reason is printed), 2 usage error.

Options)";

int Usage(const std::string& message) { return cli::UsageError("trainer inspect", message); }

int RunInspect(int argc, char** argv) {
  std::string model_path;
  std::string player_name;
  std::string street;
  PlayerReportOptions report;
  bool population = false;
  bool json = false;
  bool no_buckets = false;
  bool html = false;
  std::string out_path;

  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")("player", po::value(&player_name),
                                                     "show this player's trees")(
      "population", po::bool_switch(&population), "show the population's trees")(
      "street", po::value(&street), "only this street: preflop, flop, turn or river")(
      "depth", po::value(&report.max_depth)->default_value(-1),
      "only nodes up to this many actions into the street (-1: all)")(
      "min-times", po::value(&report.min_times)->default_value(0),
      "only nodes the player was at at least this often")(
      "no-buckets", po::bool_switch(&no_buckets), "leave out the per-bucket rows")(
      "json", po::bool_switch(&json), "print one JSON object")(
      "html", po::bool_switch(&html), "write every tree as one HTML page (to --out)")(
      "out", po::value(&out_path), "the HTML file (default: MODEL.html)");
  po::options_description hidden;
  hidden.add_options()("model", po::value(&model_path));
  po::positional_options_description positional;
  positional.add("model", 1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("trainer inspect", argc, argv, visible, hidden, positional, &vm)) {
    return *done;
  }
  if (model_path.empty()) return Usage("no MODEL given");
  if (population && !player_name.empty())
    return Usage("--player and --population exclude each other");
  if (report.max_depth < -1) return Usage("--depth must be -1 (every node) or at least 0");
  report.buckets = !no_buckets;
  if (html) {
    const std::string page_path = out_path.empty() ? model_path + ".html" : out_path;
    if (absl::Status s = poker::CheckOutputPath(page_path, "--out"); !s.ok()) {
      std::cerr << "trainer inspect: " << s.message() << "\n";
      return 1;
    }
  }

  absl::StatusOr<OpponentModel> model = OpponentModel::Load(model_path);
  if (!model.ok()) {
    std::cerr << "trainer inspect: " << model.status().message() << "\n";
    return 1;
  }
  if (!street.empty()) {
    report.street = ParseStreet(street, model->game().num_rounds);
    if (report.street < 0) return Usage("unknown --street '" + street + "'");
  }
  if (html) {
    if (json || population || !player_name.empty()) {
      return Usage("--html shows every player; it excludes --json, --player and --population");
    }
    if (out_path.empty()) out_path = model_path + ".html";
    const std::string page = ::report::ModelPageHtml(*model, "Model: " + model_path, report);
    if (absl::Status s = poker::WriteFileAtomically(out_path, page); !s.ok()) {
      std::cerr << "trainer inspect: " << s.message() << "\n";
      return 1;
    }
    std::cout << out_path << ": " << model->num_players() << " players and the population, "
              << page.size() << " bytes\n";
    return 0;
  }
  if (!out_path.empty()) return Usage("--out goes with --html");
  if (!population && player_name.empty()) {
    std::cout << FormatSummary(*model, json);
    return std::cout.good() ? 0 : 1;
  }
  const PlayerModel* player = population ? &model->population() : model->FindPlayer(player_name);
  if (player == nullptr) {
    std::cerr << "trainer inspect: " << model_path << " has no player '" << player_name
              << "' (trainer inspect " << model_path << " lists the players)\n";
    return 1;
  }
  std::cout << FormatPlayer(*model, *player, report, json);
  return std::cout.good() ? 0 : 1;
}

const bool kRegistered = RegisterCommand(
    "inspect", "print a model file: summary, or a player's trees with action frequencies",
    &RunInspect);

}  // namespace
}  // namespace trainer
