// arena: fast matches in one process, no sockets. Ring matches (stacks reset every hand, mbb/hand
// with 95% intervals, optional duplicate rotations, an ACPC log) and tournaments (SPEC section
// 12). Run `arena --help` for the options. Exit status: 0 success, 1 failure, 2 bad command line.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "cli/progress.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_convert.h"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"
#include "poker/game_def.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"
#include "tools/arena/ring_summary.h"
#include "tools/arena/tournament.h"

namespace po = boost::program_options;

namespace {

// Prints progress to stderr at most about once a second.
class Progress {
 public:
  explicit Progress(bool enabled, const char* unit) : enabled_(enabled), unit_(unit) {}
  void Report(int64_t done, int64_t total) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::cerr << absl::StrFormat("arena: %s (%.0f %s/s)\n",
                                 cli::ProgressText(done, total, unit_, seconds),
                                 seconds > 0 ? done / seconds : 0.0, unit_);
  }

 private:
  bool enabled_;
  const char* unit_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
};

void PrintRing(const arena::RingSummary& result, bool json) {
  if (json) {
    std::cout << arena::FormatRingJson(result) << "\n";
    return;
  }
  std::cout << absl::StrFormat("%d hands (%d deals x %d rotations) in %.2f s, %.0f hands/s\n",
                               result.hands, result.deals, result.rotations, result.seconds,
                               result.hands / std::max(result.seconds, 1e-9));
  std::cout << absl::StrFormat("%-16s %14s %12s %10s %12s\n", "player", "chips", "mbb/hand",
                               result.rotations > 1 ? "ci95 dup" : "ci95", "ci95 plain");
  for (const arena::SeatResult& p : result.players) {
    std::cout << absl::StrFormat("%-16s %14.2f %12.2f %10.2f %12.2f\n", p.name, p.chips,
                                 p.mbb_per_hand, p.ci95, p.ci95_unpaired);
  }
}

// Parses --shard I/N (0 <= I < N).
bool ParseShard(const std::string& text, uint32_t* index, uint32_t* count) {
  const std::vector<std::string> parts = absl::StrSplit(text, '/');
  return parts.size() == 2 && absl::SimpleAtoi(parts[0], index) &&
         absl::SimpleAtoi(parts[1], count) && *count >= 1 && *index < *count;
}

constexpr char kMergeUsage[] =
    "arena merge: pools shards of one ring experiment (the JSON files of `arena --out`,\n"
    "or earlier merges) into the result of one long run: sums of chips per hand and per deal are\n"
    "added, so means and intervals (duplicate ones still paired by deal) are those of one run\n"
    "over all the deals. Refuses files of different games, players, --duplicate or\n"
    "--fixed-seats, and deal ranges that overlap. A player's log=FILE may differ between\n"
    "shards (each writes its own decision log); the merged file names none.\n"
    "Usage: arena merge A.json B.json ... [--out ALL.json] [--json] [-q]\nOptions";

// `arena merge`.
int Merge(int argc, char** argv) {
  po::options_description visible(kMergeUsage);
  visible.add_options()("help,h", "this help")(
      "out", po::value<std::string>(),
      "write the merged JSON here (atomically: FILE.tmp, then renamed)")(
      "json", "print the merged JSON on stdout instead of a table")("quiet,q",
                                                                    "print nothing on success");
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::vector<std::string>>()->composing());
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("arena merge", argc, argv, visible, hidden, positional, &vm)) {
    return *done;
  }
  if (!vm.count("input")) return cli::UsageError("arena merge", "give the JSON files to merge");
  const std::vector<std::string> inputs = vm["input"].as<std::vector<std::string>>();
  std::vector<arena::RingSummary> parts;
  if (vm.count("out")) {
    if (absl::Status s = poker::CheckOutputPath(vm["out"].as<std::string>(), "--out"); !s.ok()) {
      std::cerr << "arena merge: " << s.message() << "\n";
      return 1;
    }
  }
  for (const std::string& input : inputs) {
    // The project's one way to read a file: a regular file, no larger than a result can be.
    absl::StatusOr<std::string> text = poker::ReadFileToString(input, arena::kMaxRingJsonBytes);
    if (!text.ok()) {
      std::cerr << "arena merge: cannot read " << text.status().message() << "\n";
      return 1;
    }
    absl::StatusOr<arena::RingSummary> part = arena::ParseRingJson(*text, input);
    if (!part.ok()) {
      std::cerr << "arena merge: " << part.status().message() << "\n";
      return 1;
    }
    parts.push_back(*std::move(part));
  }
  absl::StatusOr<arena::RingSummary> merged = arena::MergeRingSummaries(parts, inputs);
  if (!merged.ok()) {
    std::cerr << "arena merge: " << merged.status().message() << "\n";
    return 1;
  }
  if (vm.count("out")) {
    if (absl::Status s = arena::WriteRingJson(vm["out"].as<std::string>(), *merged); !s.ok()) {
      std::cerr << "arena merge: " << s.message() << "\n";
      return 1;
    }
  }
  if (vm.count("json")) {
    PrintRing(*merged, true);
  } else if (!vm.count("quiet")) {
    std::vector<std::string> ranges;
    for (const arena::DealRange& r : merged->ranges) {
      ranges.push_back(
          absl::StrCat("seed ", r.seed, " deals ", r.first_hand, "..", r.first_hand + r.deals - 1));
    }
    std::cout << "merged " << inputs.size() << " files: " << absl::StrJoin(ranges, ", ") << "\n";
    PrintRing(*merged, false);
  }
  return 0;
}

void PrintTournament(const arena::TournamentResult& result, bool json) {
  if (json) {
    nlohmann::ordered_json players = nlohmann::ordered_json::array();
    for (const arena::TournamentPlayerStats& p : result.players) {
      nlohmann::ordered_json player;
      player["name"] = logs_parser::Utf8OrLatin1(p.name);
      auto field = [&player](const char* name, const arena::MeanSe& v) {
        player[name] = arena::JsonNumber10(v.mean);
        player[absl::StrCat(name, "_se")] = arena::JsonNumber10(v.se);
      };
      field("win_rate", p.win_rate);
      field("avg_rank", p.rank);
      field("hands_survived", p.hands_survived);
      field("chips", p.chips);
      field("fluctuation", p.fluctuation);
      field("rebuys_used", p.rebuys_used);
      players.push_back(std::move(player));
    }
    nlohmann::ordered_json out;
    out["format"] = "tournament";
    out["repetitions"] = result.repetitions;
    out["hands"] = result.hands;
    out["seconds"] = arena::JsonNumber10(result.seconds);
    out["players"] = std::move(players);
    std::cout << logs_parser::DumpJson(out) << "\n";
    return;
  }
  std::cout << absl::StrFormat("%d tournaments, %d hands in %.2f s (mean +- standard error)\n",
                               result.repetitions, result.hands, result.seconds);
  std::cout << absl::StrFormat("%-14s %15s %13s %17s %17s %22s\n", "player", "win rate", "avg rank",
                               "hands survived", "chips left", "fluctuation F");
  for (const arena::TournamentPlayerStats& p : result.players) {
    std::cout << absl::StrFormat(
        "%-14s %7.3f+-%-6.3f %6.2f+-%-5.2f %8.1f+-%-7.1f %8.0f+-%-7.0f %11.4g+-%-9.3g\n", p.name,
        p.win_rate.mean, p.win_rate.se, p.rank.mean, p.rank.se, p.hands_survived.mean,
        p.hands_survived.se, p.chips.mean, p.chips.se, p.fluctuation.mean, p.fluctuation.se);
  }
}

// A match that could not be played: its message, and exit 2 when the command line was at fault
// (a player spec that does not parse: unknown kind, style, parameter or policy; the wrong number
// of players), as the bot and agent programs exit for the same spec, else 1 (a file that cannot be
// read or written, or holds bad data). The spec parsers (the player factories) decide: only a spec
// that does not parse is InvalidArgument; a file's error comes with another code, whatever its
// loader says of bad contents (poker::FileDataFailure).
int RunFailure(const absl::Status& status) {
  std::cerr << "arena: " << status.message() << "\n";
  return absl::IsInvalidArgument(status) ? 2 : 1;
}

// `--check`: builds each seat's player as a match would (the first deal's context) and plays
// nothing, so that a script can refuse a bad spec before it starts a long run.
int CheckPlayers(const poker::GameDef& game, const std::vector<arena::PlayerSpec>& players,
                 bool quiet) {
  if (static_cast<int>(players.size()) != game.num_players) {
    return cli::UsageError("arena", absl::StrCat("the game has ", game.num_players,
                                                 " players but ", players.size(), " were given"));
  }
  for (int seat = 0; seat < game.num_players; ++seat) {
    const arena::PlayerContext context{&game, seat, players[seat].name, 0};
    absl::StatusOr<std::unique_ptr<poker::Player>> player =
        arena::MakePlayer(players[seat].spec, context);
    if (!player.ok()) return RunFailure(player.status());
  }
  if (!quiet) std::cout << "arena: every player builds\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "merge") return Merge(argc - 1, argv + 1);
  po::options_description options(
      "arena: matches between players in one process.\n"
      "Usage: arena --game FILE --hands N --seed S --player NAME=SPEC ... [options]\n"
      "       arena merge A.json B.json ... --out ALL.json   (arena merge --help)\n"
      "SPEC is KIND:PARAMS, e.g. bot:style=ta[,alpha=A,beta=B,seed=S,trials=T,raise=pot|min|"
      "allin] (styles la lp ta tp station raiser random), bot:style=pushfold[,stack_bb=N] "
      "(shove or fold), or a solver strategy:\n"
      "bot:style=cfr,strategy=FILE[,seed=S,threshold=T,purify] (threshold: drop actions below "
      "probability T; purify: the most probable action only).\nEvery bot takes draws=hand: each "
      "decision's random draws from (seed, hand, actions so far), not one stream per match, so "
      "two players compared on the same deals meet the same choices until their play differs "
      "(the agent too: agent:...,draws=hand).\n"
      "Options");
  options.add_options()("help,h", "this help")(
      "game", po::value<std::string>(),
      "ACPC .game file, or a game name from data/games (e.g. holdem.nolimit.2p.reverse_blinds)")(
      "hands", po::value<int64_t>(),
      "ring: deals to play (default 1000; with --shard, of all the shards); tournament: most "
      "hands per tournament (default 600)")(
      "first-hand", po::value<int64_t>()->default_value(0),
      "ring: the first deal played (the earlier deals of the seed are skipped)")(
      "shard", po::value<std::string>(),
      "ring: I/N: play only the I-th of N consecutive parts of the --hands deals (0 <= I < N); "
      "`arena merge` pools the parts' JSON")(
      "out", po::value<std::string>(),
      "ring: also write the JSON result here, atomically (FILE.tmp, then renamed)")(
      "seed", po::value<int64_t>()->default_value(0), "deal seed (as the dealer's rngSeed)")(
      "player", po::value<std::vector<std::string>>()->composing(),
      "NAME=SPEC, once per seat in seat order")(
      "format", po::value<std::string>()->default_value("ring"), "ring or tournament")(
      "duplicate", "ring: play every deal once per rotation of the seats, pair the results")(
      "fixed-seats", "ring: no rotation of positions between hands (the dealer's -f)")(
      "log", po::value<std::string>(), "ring: write an ACPC log (rotation r>0: FILE.rot<r>)")(
      "phh", "ring, with --log: also write each log as PHH hand histories (FILE less .log, "
             "plus .phhs)")(
      "match-name", po::value<std::string>()->default_value("arena"), "name in the log header")(
      "repetitions", po::value<int>()->default_value(100), "tournament: how many")(
      "stack", po::value<int32_t>()->default_value(2000), "tournament: starting chips = re-buy")(
      "rebuys", po::value<int>()->default_value(1), "tournament: re-buys per player")(
      "blinds", po::value<std::string>()->default_value("20,40"), "tournament: SB,BB in chips")(
      "json", "print one JSON object instead of a table")("quiet,q", "no progress on stderr")(
      "check",
      "build every player from its spec (files loaded) and exit without playing: 0 when all "
      "build, else the exit status the match would have had");
  po::variables_map vm;
  if (std::optional<int> done = cli::ParseCommandLine("arena", argc, argv, options, &vm, [] {
        return absl::StrCat("Player kinds: ", absl::StrJoin(arena::RegisteredPlayerKinds(), ", "),
                            "\nExit status: 0 success, 1 failure, 2 bad command line.\n");
      })) {
    return *done;
  }
  if (!vm.count("game") || !vm.count("player")) {
    return cli::UsageError("arena", "--game and --player are required");
  }
  // Unsigned options would take -1 as 4294967295 (and then fail to allocate): read signed, check.
  if (vm.count("hands") &&
      (vm["hands"].as<int64_t>() < 1 || vm["hands"].as<int64_t>() > 1'000'000'000)) {
    return cli::UsageError("arena", "--hands must be in [1, 1e9]");
  }
  if (vm["seed"].as<int64_t>() < 0 || vm["seed"].as<int64_t>() > 4294967295) {
    return cli::UsageError("arena", "--seed must be in [0, 4294967295]");
  }
  if (vm["first-hand"].as<int64_t>() < 0 ||
      vm["first-hand"].as<int64_t>() + (vm.count("hands") ? vm["hands"].as<int64_t>() : 1000) >
          4294967295) {
    return cli::UsageError("arena", "--first-hand must be >= 0 and the deals within 2^32");
  }
  if (vm["repetitions"].as<int>() < 1 || vm["rebuys"].as<int>() < 0 ||
      vm["stack"].as<int32_t>() < 1) {
    return cli::UsageError("arena", "--repetitions and --stack must be positive, --rebuys >= 0");
  }
  std::vector<arena::PlayerSpec> players;
  for (const std::string& item : vm["player"].as<std::vector<std::string>>()) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      return cli::UsageError("arena", "--player '" + item + "' is not NAME=SPEC");
    }
    players.push_back({item.substr(0, eq), item.substr(eq + 1)});
  }
  const std::string game_file = vm["game"].as<std::string>();
  absl::StatusOr<logs_parser::NamedGame> named = logs_parser::LoadGameArgument(game_file, "");
  if (!named.ok()) {
    std::cerr << "arena: " << named.status().message() << "\n";
    return 1;
  }
  const poker::GameDef* game = &named->game;
  const bool json = vm.count("json") > 0;
  const bool quiet = vm.count("quiet") > 0;
  if (vm.count("check")) return CheckPlayers(*game, players, quiet);
  const std::string format = vm["format"].as<std::string>();
  // Where the results go is checked before the match.
  for (const char* output : {"out", "log"}) {
    if (!vm.count(output)) continue;
    if (absl::Status s =
            poker::CheckOutputPath(vm[output].as<std::string>(), absl::StrCat("--", output));
        !s.ok()) {
      std::cerr << "arena: " << s.message() << "\n";
      return 1;
    }
  }
  if (format == "ring") {
    arena::RingOptions ring;
    ring.hands = vm.count("hands") ? static_cast<uint32_t>(vm["hands"].as<int64_t>()) : 1000;
    ring.first_hand = static_cast<uint32_t>(vm["first-hand"].as<int64_t>());
    if (vm.count("shard")) {
      uint32_t index = 0, count = 1;
      if (!ParseShard(vm["shard"].as<std::string>(), &index, &count)) {
        return cli::UsageError("arena", "--shard must be I/N with 0 <= I < N");
      }
      if (count > ring.hands) {
        return cli::UsageError("arena", absl::StrCat("--shard: ", count, " shards of ", ring.hands,
                                                     " deals would leave some empty"));
      }
      // Shard I: deals [I * H / N, (I + 1) * H / N) of the H deals from --first-hand.
      const uint64_t begin = uint64_t{index} * ring.hands / count;
      const uint64_t end = uint64_t{index + 1} * ring.hands / count;
      ring.first_hand += static_cast<uint32_t>(begin);
      ring.hands = static_cast<uint32_t>(end - begin);
    }
    ring.seed = static_cast<uint32_t>(vm["seed"].as<int64_t>());
    ring.duplicate = vm.count("duplicate") > 0;
    ring.fixed_seats = vm.count("fixed-seats") > 0;
    ring.match_name = vm["match-name"].as<std::string>();
    ring.game_file = game_file;
    if (vm.count("log")) ring.log_path = vm["log"].as<std::string>();
    Progress progress(!quiet, "hands");
    ring.progress = [&progress](int64_t done, int64_t total) { progress.Report(done, total); };
    absl::StatusOr<arena::RingResult> result = arena::RunRing(*game, players, ring);
    if (!result.ok()) return RunFailure(result.status());
    if (vm.count("phh") && !ring.log_path.empty()) {
      for (int r = 0; r < result->rotations; ++r) {
        absl::StatusOr<std::string> phh = logs_parser::WritePhhBesideLog(
            arena::RotationLogPath(ring.log_path, r), *game, named->name);
        if (!phh.ok()) {
          std::cerr << "arena: " << phh.status().message() << "\n";
          return 1;
        }
      }
    }
    const arena::RingSummary summary =
        arena::SummarizeRing(*game, game_file, players, ring, *result);
    if (vm.count("out")) {
      if (absl::Status s = arena::WriteRingJson(vm["out"].as<std::string>(), summary); !s.ok()) {
        std::cerr << "arena: " << s.message() << "\n";
        return 1;
      }
    }
    PrintRing(summary, json);
    return 0;
  }
  if (format == "tournament") {
    for (const char* ring_only : {"shard", "out", "phh"}) {
      if (vm.count(ring_only)) {
        return cli::UsageError("arena", absl::StrCat("--", ring_only, " is for ring matches"));
      }
    }
    if (vm["first-hand"].as<int64_t>() != 0) {
      return cli::UsageError("arena", "--first-hand is for ring matches");
    }
    arena::TournamentOptions tournament;
    tournament.hands = vm.count("hands") ? static_cast<int>(vm["hands"].as<int64_t>()) : 600;
    tournament.seed = static_cast<uint32_t>(vm["seed"].as<int64_t>());
    tournament.repetitions = vm["repetitions"].as<int>();
    tournament.stack = vm["stack"].as<int32_t>();
    tournament.rebuys = vm["rebuys"].as<int>();
    const std::vector<std::string> blinds = absl::StrSplit(vm["blinds"].as<std::string>(), ',');
    if (blinds.size() != 2 || !absl::SimpleAtoi(blinds[0], &tournament.small_blind) ||
        !absl::SimpleAtoi(blinds[1], &tournament.big_blind)) {
      return cli::UsageError("arena", "--blinds must be SB,BB");
    }
    // A small blind above the big one (40,20) or a blind the stack cannot post was accepted.
    if (tournament.small_blind < 1 || tournament.big_blind < tournament.small_blind ||
        tournament.big_blind > tournament.stack) {
      return cli::UsageError(
          "arena", absl::StrCat("--blinds ", vm["blinds"].as<std::string>(),
                                ": want 1 <= SB <= BB <= --stack (", tournament.stack, ")"));
    }
    Progress progress(!quiet, "tournaments");
    tournament.progress = [&progress](int done, int total) { progress.Report(done, total); };
    absl::StatusOr<arena::TournamentResult> result =
        arena::RunTournaments(*game, players, tournament);
    if (!result.ok()) return RunFailure(result.status());
    PrintTournament(*result, json);
    return 0;
  }
  std::cerr << "arena: --format must be ring or tournament\n";
  return 2;
}
