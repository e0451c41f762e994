// `trainer convert`: ACPC match logs to PHH hand histories and back.
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "boost/program_options.hpp"
#include "cli/command_line.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/phh_convert.h"
#include "logs_parser/phh_file.h"
#include "poker/file_io.h"
#include "trainer/command.h"

namespace trainer {
namespace {

namespace po = boost::program_options;
namespace fs = std::filesystem;

constexpr char kUsage[] = R"(Usage: trainer convert [--to phh|acpc] --out DIR PATH... [options]

Converts ACPC match logs (STATE: lines) into PHH hand histories (one .phhs file per log, a hand
per STATE line) and PHH files (.phh, .phhs) into ACPC logs (a STATE line per hand). Each file
goes the other way from what it holds (told by name and content, plain, .gz or .bz2), unless
--to says which way; files already in the target format are skipped.

ACPC -> PHH keeps everything: the lines that are not hands (headers, SCORE lines, comments,
lines that are not valid hands), the comments after the names, the line endings and the lines
the dealer would format differently ride in user-defined fields (_acpc_before, _acpc_after,
_acpc_comment, _acpc_eol, _acpc_line, _acpc_game), so converting back gives the same bytes.
Hold'em games become variant NT or FT; other ACPC games (Kuhn, Leduc), which PHH has no variant
for, the project's own code _ACPC, read back only by this command.

PHH -> ACPC needs the game: --game, else each hand's _acpc_game, else the game its carried
header names. Hands of that game's stacks and blinds are replayed exactly; other NT/FT hands are
mapped onto it (amounts in big blinds; effective stacks within --stack-tolerance), as
`trainer train --game` reads them. Hands with unknown hole cards (a STATE line carries every
card) or that do not fit are refused, counted and listed on stderr.

Output: DIR/<name>.phhs or DIR/<name>.log (the input's name less .log/.phh/.phhs and .gz/.bz2),
written atomically; one summary line per file on stdout.

Exit codes: 0 every file converted (refused hands are counted, not failures), 1 a file could not
be read or converted, 2 usage error.

Options)";

std::string OutputName(const std::string& path, bool to_phh) {
  std::string name = fs::path(path).filename().string();
  for (absl::string_view suffix : {".gz", ".bz2"}) {
    if (absl::EndsWith(name, suffix)) name.resize(name.size() - suffix.size());
  }
  for (absl::string_view suffix : {".log", ".phhs", ".phh"}) {
    if (absl::EndsWith(name, suffix)) {
      name.resize(name.size() - suffix.size());
      break;
    }
  }
  return name + (to_phh ? ".phhs" : ".log");
}

int RunConvert(int argc, char** argv) {
  std::vector<std::string> paths;
  std::string to, out_dir, game_argument;
  logs_parser::ConvertOptions options;
  po::options_description visible(kUsage);
  visible.add_options()("help,h", "print this help")(
      "logs", po::value(&paths)->multitoken()->composing(),
      "files and folders to convert (also accepted without --logs)")(
      "to", po::value(&to), "phh or acpc (default: the other format of each file)")(
      "out", po::value(&out_dir), "folder for the converted files (created if missing)")(
      "game", po::value(&game_argument),
      "the ACPC game (path, or name in --games-dir); overrides headers and _acpc_game")(
      "games-dir", po::value(&options.games_dir),
      "folder of known game files (default: the project's data/games)")(
      "stack-tolerance", po::value(&options.stack_tolerance)->default_value(2.0),
      "PHH -> ACPC: hands mapped onto the game need an effective stack within this factor of "
      "the game's (in big blinds)");
  po::positional_options_description positional;
  positional.add("logs", -1);
  po::variables_map vm;
  if (std::optional<int> done =
          cli::ParseCommandLine("trainer convert", argc, argv, visible, {}, positional, &vm)) {
    return *done;
  }
  if (paths.empty()) return cli::UsageError("trainer convert", "no PATH given");
  if (out_dir.empty()) return cli::UsageError("trainer convert", "--out DIR is required");
  if (!to.empty() && to != "phh" && to != "acpc") {
    return cli::UsageError("trainer convert", "--to must be phh or acpc");
  }
  if (!(options.stack_tolerance >= 1.0)) {
    return cli::UsageError("trainer convert", "--stack-tolerance must be at least 1");
  }
  logs_parser::NamedGame game;
  if (!game_argument.empty()) {
    absl::StatusOr<logs_parser::NamedGame> loaded =
        logs_parser::LoadGameArgument(game_argument, options.games_dir);
    if (!loaded.ok()) {
      std::cerr << "trainer convert: " << loaded.status().message() << "\n";
      return 1;
    }
    game = *std::move(loaded);
    options.game = &game.game;
    options.game_name = game.name;
  }
  logs_parser::ReadOptions list_options;
  absl::StatusOr<std::vector<std::string>> files = logs_parser::ListLogFiles(paths, list_options);
  if (!files.ok()) {
    std::cerr << "trainer convert: " << files.status().message() << "\n";
    return 1;
  }
  std::error_code error;
  fs::create_directories(out_dir, error);
  if (error) {
    std::cerr << "trainer convert: " << out_dir << ": " << error.message() << "\n";
    return 1;
  }
  int failures = 0;
  for (const std::string& path : *files) {
    absl::StatusOr<logs_parser::LogFormat> format = logs_parser::DetectLogFormat(path);
    if (!format.ok()) {
      std::cerr << "trainer convert: " << format.status().message() << "\n";
      ++failures;
      continue;
    }
    const bool is_phh = *format == logs_parser::LogFormat::kPhh;
    const bool to_phh = to.empty() ? !is_phh : to == "phh";
    if (to_phh == is_phh) {
      std::cout << path << ": already " << (is_phh ? "PHH" : "ACPC") << ", skipped\n";
      continue;
    }
    logs_parser::ConvertCounts counts;
    absl::StatusOr<std::string> text = to_phh ? logs_parser::AcpcLogToPhh(path, options, &counts)
                                              : logs_parser::PhhToAcpcLog(path, options, &counts);
    const std::string out_path = (fs::path(out_dir) / OutputName(path, to_phh)).string();
    absl::Status written = text.ok() ? poker::WriteFileAtomically(out_path, *text) : text.status();
    if (!written.ok()) {
      std::cerr << "trainer convert: " << written.message() << "\n";
      ++failures;
      continue;
    }
    for (const std::string& problem : counts.problems) std::cerr << problem << "\n";
    std::cout << path << " -> " << out_path << ": " << counts.hands << " hands";
    if (to_phh) std::cout << ", " << counts.carried_lines << " other lines carried";
    if (counts.refused > 0) {
      std::cout << ", " << counts.refused << " refused (";
      bool first = true;
      for (const auto& [reason, count] : counts.refused_by_reason) {
        std::cout << (first ? "" : ", ") << reason << ": " << count;
        first = false;
      }
      std::cout << ")";
    }
    std::cout << "\n";
  }
  std::cout.flush();
  return failures > 0 || !std::cout.good() ? 1 : 0;
}

const bool kRegistered = RegisterCommand(
    "convert", "convert ACPC logs to PHH hand histories and back", &RunConvert);

}  // namespace
}  // namespace trainer
