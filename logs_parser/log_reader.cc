#include "logs_parser/log_reader.h"

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "logs_parser/game_detect.h"
#include "logs_parser/line_reader.h"
#include "logs_parser/phh_file.h"
#include "logs_parser/phh_hand.h"
#include "logs_parser/phh_record.h"
#include "logs_parser/phh_replay.h"
#include "logs_parser/state_line.h"
#include "poker/file_io.h"

#ifndef LOGS_PARSER_GAMES_DIR
#define LOGS_PARSER_GAMES_DIR "data/games"
#endif

namespace logs_parser {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr absl::string_view kGameSuffix = ".game";
// How often a worker looks at the clock for progress reports (lines).
constexpr int64_t kProgressCheckLines = 1 << 16;
constexpr auto kProgressInterval = std::chrono::seconds(1);

absl::string_view BaseName(absl::string_view path) {
  size_t slash = path.find_last_of("/\\");
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

absl::string_view WithoutGameSuffix(absl::string_view name) {
  if (absl::EndsWith(name, kGameSuffix)) name.remove_suffix(kGameSuffix.size());
  return name;
}

bool SameGameName(absl::string_view a, absl::string_view b) {
  return WithoutGameSuffix(BaseName(a)) == WithoutGameSuffix(BaseName(b));
}

bool IsLogFileName(const std::string& name) {
  return absl::EndsWith(name, ".log") || absl::EndsWith(name, ".log.gz") ||
         absl::EndsWith(name, ".log.bz2") || IsPhhFileName(name);
}

void AddCounts(const ReadSummary& from, ReadSummary* into) {
  into->files += from.files;
  into->lines += from.lines;
  into->hands += from.hands;
  into->rejected += from.rejected;
  into->files_failed += from.files_failed;
  into->files_skipped += from.files_skipped;
  into->bytes += from.bytes;
  into->other_lines += from.other_lines;
  into->skipped += from.skipped;
  for (const auto& [reason, count] : from.rejected_by_reason) {
    into->rejected_by_reason[reason] += count;
  }
  for (const auto& [reason, count] : from.skipped_by_reason) {
    into->skipped_by_reason[reason] += count;
  }
}

// State shared by the workers of one ReadLogs call.
struct Shared {
  const ReadOptions* options;
  const GameCatalog* catalog;
  std::string games_dir;
  const HandCallback* on_hand;
  const std::function<void(const ReadSummary&)>* progress;
  const std::vector<std::string>* files;

  std::atomic<size_t> next_file{0};
  std::atomic<bool> stop{false};

  std::mutex mutex;    // guards everything below
  ReadSummary totals;  // counts of finished files
  // Problems and notices with their file's index, put in file order at the end: memory grows
  // with the problems kept, not with the number of files.
  std::vector<std::pair<size_t, Problem>> problems;
  std::vector<std::pair<size_t, Problem>> notices;
  std::vector<FileReport> reports;  // one per file, by index
  Clock::time_point start;
  Clock::time_point last_progress;
  int64_t bytes_total = 0;           // of all the files
  std::optional<size_t> fatal_file;  // strict: the first failing file (lowest index)
  absl::Status fatal;
};

// Reads files one at a time for one worker thread.
class FileReader {
 public:
  FileReader(Shared* shared, int worker) : shared_(shared), worker_(worker) {}

  // Reads file `index` into `summary` (counts, its problems and notices). With `strict`, returns
  // the first problem as an error.
  absl::Status Read(size_t index, ReadSummary* summary, FileReport* report) {
    const ReadOptions& options = *shared_->options;
    const std::string& path = (*shared_->files)[index];
    summary_ = summary;
    path_ = &path;
    report_ = report;
    report->file = path;
    const FileGame* planned = options.plan != nullptr ? &options.plan->games[index] : nullptr;
    if (planned != nullptr && planned->skipped) {
      summary->files_skipped = 1;
      std::error_code size_error;
      const uintmax_t size = fs::file_size(path, size_error);
      summary->bytes = size_error ? 0 : static_cast<int64_t>(size);
      report->skipped = true;
      report->skip_reason = planned->skip_reason;
      report->skipped_game = planned->skipped_game;
      return absl::OkStatus();
    }
    summary->files = 1;

    absl::StatusOr<LogFormat> format = DetectLogFormat(path);
    if (!format.ok()) {
      summary->files_failed = 1;
      return FileProblem(0, kReasonUnreadable, format.status().message());
    }
    absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
    if (!source.ok()) {
      summary->files_failed = 1;
      return FileProblem(0, kReasonUnreadable, source.status().message());
    }
    source_ = source->get();
    if (*format == LogFormat::kPhh) {
      report->game = options.game != nullptr ? options.game_name : "";
      report->how = options.game != nullptr ? "PHH hands mapped onto --game"
                                            : "PHH: each hand read as its own game";
      return ReadPhh(source->get());
    }
    LineReader reader(source->get(), options.max_line_bytes);

    game_ = options.game;
    report->game = options.game_name;
    report->how = "--game";
    if (planned != nullptr) {
      game_ = planned->game != nullptr ? &planned->game->game : nullptr;
      report->game = planned->game != nullptr ? planned->game->name : "";
      report->how = planned->how;
    }
    game_missing_ = game_ == nullptr ? absl::StrCat(
                                           "no `# name/game/hands/seed` header names a game and no "
                                           "--game was given")
                                     : "";
    header_noticed_ = false;
    unknown_game_listed_ = false;
    name_options_.strip_name_suffix = options.strip_name_suffix;

    absl::string_view line;
    while (true) {
      if (shared_->stop.load(std::memory_order_relaxed) ||
          (options.stop != nullptr && options.stop->load(std::memory_order_relaxed))) {
        return absl::OkStatus();
      }
      LineReader::Result result = reader.Next(&line);
      if (result == LineReader::Result::kEnd) break;
      if (result == LineReader::Result::kError) {
        summary->files_failed = 1;
        return FileProblem(reader.line_number() + 1, kReasonCorrupt,
                           absl::StrCat(reader.status().message(), "; lines from ",
                                        reader.line_number() + 1, " on were not read"));
      }
      const int64_t line_number = reader.line_number();
      if ((line_number & (kProgressCheckLines - 1)) == 0) MaybeReportProgress();
      if (result == LineReader::Result::kTooLong) {
        ++summary->lines;
        absl::Status status = RejectLine(
            line_number, kReasonTooLong,
            absl::StrCat("line of ", reader.too_long_bytes(), " bytes exceeds the limit of ",
                         options.max_line_bytes, " bytes; it starts ", QuoteForMessage(line, 40)));
        if (!status.ok()) return status;
        continue;
      }
      if (absl::StripAsciiWhitespace(line).empty()) continue;
      ++summary->lines;
      if (absl::Status status = HandleLine(line, line_number); !status.ok()) return status;
    }
    return absl::OkStatus();
  }

 private:
  // A PHH file: each hand read, replayed and made a record of --game or of its own game.
  absl::Status ReadPhh(ByteSource* source) {
    const ReadOptions& options = *shared_->options;
    PhhTableReader reader(source, options.max_hand_bytes);
    PhhMapping mapping;
    mapping.game = options.game;
    mapping.stack_tolerance = options.phh_stack_tolerance;
    mapping.names.strip_name_suffix = options.strip_name_suffix;
    while (true) {
      if (shared_->stop.load(std::memory_order_relaxed) ||
          (options.stop != nullptr && options.stop->load(std::memory_order_relaxed))) {
        return absl::OkStatus();
      }
      const PhhTableReader::Result result = reader.Next();
      if (result == PhhTableReader::Result::kEnd) break;
      if (result == PhhTableReader::Result::kError) {
        summary_->files_failed = 1;
        return FileProblem(reader.line(), kReasonCorrupt,
                           absl::StrCat(reader.status().message(),
                                        "; the hands from there on were not read"));
      }
      ++summary_->lines;
      if ((summary_->lines & 1023) == 0) MaybeReportProgress();
      const int64_t line = reader.line();
      if (result != PhhTableReader::Result::kTable) {
        absl::Status status = RejectLine(
            line,
            result == PhhTableReader::Result::kTooLong ? kReasonHandTooLong : kReasonBadToml,
            absl::StrCat("hand: ", reader.status().message()));
        if (!status.ok()) return status;
        continue;
      }
      const TomlTable& table = reader.table();
      const char* reason = kReasonBadToml;
      absl::Status status = ReadPhhHand(table, &phh_, &reason);
      if (status.ok()) status = ReplayPhhHand(phh_, &outcome_, &reason);
      if (!status.ok()) {
        const std::string label =
            table.has_header() ? absl::StrCat("hand [", table.header(), "]: ") : "hand: ";
        status = RejectLine(line, reason, absl::StrCat(label, status.message()));
        if (!status.ok()) return status;
        continue;
      }
      if (!record_.has_value()) {
        record_.emplace(options.game != nullptr ? *options.game : *DefaultGame());
      }
      status = builder_.Build(phh_, outcome_, mapping, &*record_, &reason);
      if (!status.ok()) {
        ++summary_->skipped;
        ++summary_->skipped_by_reason[reason];
        continue;
      }
      ++summary_->hands;
      record_->source = path_;
      record_->line = line;
      (*shared_->on_hand)(worker_, *record_);
      // An ACPC record read next must not keep these.
      record_->phh = nullptr;
      record_->values_known = true;
      record_->chip_unit = 1.0;
    }
    return absl::OkStatus();
  }

  // Any valid game to construct the reused record with before its first hand.
  static const poker::GameDef* DefaultGame() {
    static const poker::GameDef* game = [] {
      auto* g = new poker::GameDef;
      g->betting_type = poker::BettingType::kNoLimit;
      g->num_players = 2;
      g->num_rounds = 4;
      g->stack = {100, 100};
      g->blind = {2, 1};
      g->first_player = {1, 0, 0, 0};
      g->max_raises = {255, 255, 255, 255};
      g->num_board_cards = {0, 3, 1, 1};
      return g;
    }();
    return game;
  }

  absl::Status HandleLine(absl::string_view line, int64_t line_number) {
    if (line[0] == '#' || line[0] == ';') {
      ++summary_->other_lines;
      absl::string_view game_path;
      if (ParseGameHeader(line, &game_path)) HandleHeader(game_path, line_number);
      return absl::OkStatus();
    }
    if (absl::StartsWith(line, "SCORE:")) {
      ++summary_->other_lines;
      return absl::OkStatus();
    }
    const char* reason = kReasonNotLogLine;
    absl::Status status;
    if (absl::StartsWith(line, "STATE:") && game_ == nullptr) {
      // One listed problem says it for the file (until a header changes the game); the lines
      // are all counted.
      const bool list = !unknown_game_listed_;
      unknown_game_listed_ = true;
      return RejectLine(line_number, kReasonUnknownGame,
                        absl::StrCat(game_missing_,
                                     " (this file's further STATE lines without a game are "
                                     "counted, not listed)"),
                        list);
    }
    if (game_ != nullptr) {
      if (!record_.has_value()) record_.emplace(*game_);
      status = ParseHandLine(line, *game_, name_options_, &*record_, &reason);
    } else {
      status =
          absl::InvalidArgumentError(absl::StrCat("not a STATE line: ", QuoteForMessage(line)));
    }
    if (!status.ok()) return RejectLine(line_number, reason, std::string(status.message()));
    ++summary_->hands;
    record_->source = path_;
    record_->line = line_number;
    (*shared_->on_hand)(worker_, *record_);
    return absl::OkStatus();
  }

  void HandleHeader(absl::string_view game_path, int64_t line_number) {
    const ReadOptions& options = *shared_->options;
    if (options.plan != nullptr) return;  // the plan chose the game, headers included
    const NamedGame* known = shared_->catalog->Find(game_path);
    if (options.game != nullptr) {
      // --game wins. Say so once per file unless the header names that same game (by file name,
      // or another file with the same definition).
      if (header_noticed_ || SameGameName(game_path, options.game_name) ||
          (known != nullptr && known->game == *options.game)) {
        return;
      }
      header_noticed_ = true;
      std::string what = known != nullptr ? "a different game"
                                          : absl::StrCat("not a game in ", shared_->games_dir);
      summary_->notices.push_back(
          Problem{*path_, line_number, kNoticeHeaderGame,
                  absl::StrCat(*path_, ":", line_number, ": note: the header names game '",
                               game_path, "' (", what, "); the file is read as --game ",
                               options.game_name.empty() ? "(unnamed)" : options.game_name)});
      return;
    }
    unknown_game_listed_ = false;
    if (known != nullptr) {
      game_ = &known->game;
      game_missing_.clear();
      report_->game = known->name;
      report_->how = "its header";
    } else {
      game_ = nullptr;
      game_missing_ =
          absl::StrCat("the header (line ", line_number, ") names game '", game_path,
                       "', which is not in ", shared_->games_dir, "; give its file with --game");
    }
  }

  absl::Status RejectLine(int64_t line_number, const char* reason, std::string detail,
                          bool list = true) {
    ++summary_->rejected;
    ++summary_->rejected_by_reason[reason];
    if (!list && !shared_->options->strict) return absl::OkStatus();
    return Report(line_number, reason, std::move(detail));
  }

  // The sources' errors name the file; the report names it already.
  absl::Status FileProblem(int64_t line_number, const char* reason, absl::string_view detail) {
    absl::ConsumePrefix(&detail, absl::StrCat(*path_, ": "));
    return Report(line_number, reason, std::string(detail));
  }

  absl::Status Report(int64_t line_number, const char* reason, std::string detail) {
    const bool strict = shared_->options->strict;
    if (!strict && kept_in_file() >= shared_->options->max_problems_kept_per_file) {
      return absl::OkStatus();  // counted by the caller, not listed
    }
    std::string location =
        line_number > 0 ? absl::StrCat(*path_, ":", line_number) : std::string(*path_);
    std::string message = absl::StrCat(location, ": ", reason, ": ", detail);
    if (strict) return absl::InvalidArgumentError(message);
    summary_->problems.push_back(Problem{*path_, line_number, reason, std::move(message)});
    return absl::OkStatus();
  }

  int kept_in_file() const { return static_cast<int>(summary_->problems.size()); }

  void MaybeReportProgress() {
    if (!*shared_->progress) return;
    Clock::time_point now = Clock::now();
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (now - shared_->last_progress < kProgressInterval) return;
    shared_->last_progress = now;
    ReadSummary running;
    AddCounts(shared_->totals, &running);
    AddCounts(*summary_, &running);
    running.files -= summary_->files;  // this file is not finished yet
    running.bytes += source_ != nullptr ? source_->file_bytes_read() : 0;
    running.bytes_total = shared_->bytes_total;
    running.seconds = std::chrono::duration<double>(now - shared_->start).count();
    (*shared_->progress)(running);
  }

  Shared* shared_;
  int worker_;
  ReadSummary* summary_ = nullptr;
  FileReport* report_ = nullptr;
  const ByteSource* source_ = nullptr;  // of the file being read
  const std::string* path_ = nullptr;
  const poker::GameDef* game_ = nullptr;
  std::string game_missing_;  // why game_ is null
  bool header_noticed_ = false;
  bool unknown_game_listed_ = false;
  NameOptions name_options_;
  std::optional<HandRecord> record_;  // reused across lines and files: no allocation per hand
  PhhHand phh_;                       // reused across PHH hands
  PhhOutcome outcome_;
  PhhRecordBuilder builder_;
};

void RunWorker(Shared* shared, int worker) {
  FileReader reader(shared, worker);
  const size_t num_files = shared->files->size();
  const std::atomic<bool>* caller_stop = shared->options->stop;
  while (!shared->stop.load() && (caller_stop == nullptr || !caller_stop->load())) {
    size_t index = shared->next_file.fetch_add(1);
    if (index >= num_files) break;
    ReadSummary summary;
    FileReport report;
    absl::Status status = reader.Read(index, &summary, &report);
    if (summary.bytes == 0) {
      std::error_code size_error;
      const uintmax_t size = fs::file_size((*shared->files)[index], size_error);
      summary.bytes = size_error ? 0 : static_cast<int64_t>(size);
    }
    report.hands = summary.hands;
    report.rejected = summary.rejected;
    report.failed = summary.files_failed > 0;
    int64_t most = 0;
    for (const auto& [reason, count] : summary.rejected_by_reason) {
      if (count > most) {
        most = count;
        report.top_reason = reason;
      }
    }
    std::lock_guard<std::mutex> lock(shared->mutex);
    shared->reports[index] = std::move(report);
    AddCounts(summary, &shared->totals);
    for (Problem& problem : summary.problems)
      shared->problems.emplace_back(index, std::move(problem));
    for (Problem& notice : summary.notices) shared->notices.emplace_back(index, std::move(notice));
    if (!status.ok()) {
      if (!shared->fatal_file.has_value() || index < *shared->fatal_file) {
        shared->fatal_file = index;
        shared->fatal = status;
      }
      shared->stop.store(true);
    }
    const Clock::time_point now = Clock::now();
    if (*shared->progress && now - shared->last_progress >= kProgressInterval) {
      ReadSummary running;
      AddCounts(shared->totals, &running);
      running.bytes_total = shared->bytes_total;
      running.seconds = std::chrono::duration<double>(now - shared->start).count();
      shared->last_progress = now;
      (*shared->progress)(running);
    }
  }
}

// Adds a folder's log files (recursively) to `out`. A folder that cannot be listed is added as
// if it were a file, so reading it reports why instead of skipping it silently.
void ListFolder(const fs::path& folder, std::vector<std::string>* out) {
  std::error_code error;
  fs::directory_iterator it(folder, error), end;
  if (error) {
    out->push_back(folder.string());
    return;
  }
  for (; it != end; it.increment(error)) {
    if (error) {
      out->push_back(folder.string());
      return;
    }
    const fs::directory_entry& entry = *it;
    std::error_code type_error;
    if (entry.is_directory(type_error) && !entry.is_symlink(type_error)) {
      ListFolder(entry.path(), out);
    } else if (IsLogFileName(entry.path().filename().string()) && !entry.is_directory(type_error)) {
      out->push_back(entry.path().string());
    }
  }
}

}  // namespace

std::string DefaultGamesDir() { return LOGS_PARSER_GAMES_DIR; }

absl::StatusOr<NamedGame> LoadGameArgument(const std::string& argument,
                                           const std::string& games_dir) {
  std::vector<std::string> candidates{argument};
  if (argument.find('/') == std::string::npos) {
    const std::string dir = games_dir.empty() ? DefaultGamesDir() : games_dir;
    candidates.push_back(absl::StrCat(dir, "/", argument));
    candidates.push_back(absl::StrCat(dir, "/", argument, kGameSuffix));
  }
  for (const std::string& path : candidates) {
    std::error_code error;
    if (fs::is_directory(path, error)) {
      return absl::FailedPreconditionError(absl::StrCat(path, ": is a folder, not a game file"));
    }
    if (!fs::is_regular_file(path, error)) {
      // A device or a FIFO is there, not missing: say what it is.
      if (fs::exists(path, error)) {
        if (absl::Status status = poker::CheckRegularFile(path); !status.ok()) {
          return absl::Status(status.code(), absl::StrCat("game file ", status.message()));
        }
      }
      continue;
    }
    absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(path);
    if (!game.ok()) return game.status();
    return NamedGame{*std::move(game), std::string(BaseName(path)), path};
  }
  return absl::NotFoundError(absl::StrCat("game file '", argument, "' not found (tried ",
                                          absl::StrJoin(candidates, ", "), ")"));
}

absl::StatusOr<std::vector<std::string>> ListLogFiles(const std::vector<std::string>& paths,
                                                      const ReadOptions& options) {
  if (options.shard_count < 1 || options.shard_index < 0 ||
      options.shard_index >= options.shard_count) {
    return absl::InvalidArgumentError(absl::StrCat("shard ", options.shard_index, " of ",
                                                   options.shard_count, " does not exist"));
  }
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
    fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) {
      return absl::NotFoundError(absl::StrCat(path, ": no such file or folder"));
    }
    if (fs::is_directory(status)) {
      ListFolder(path, &files);
    } else {
      files.push_back(path);
    }
  }
  if (files.empty()) {
    return absl::NotFoundError(absl::StrCat(
        "no log files (*.log, *.phh, *.phhs, each also .gz or .bz2) under ",
        absl::StrJoin(paths, ", ")));
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  // The same file under two spellings (`logs/a.log` and `./logs//a.log`, a symlink, a hard link,
  // a folder and a file in it both given) is read once: the first spelling in sorted order.
  std::set<std::pair<dev_t, ino_t>> seen;
  files.erase(std::remove_if(files.begin(), files.end(),
                             [&seen](const std::string& file) {
                               struct stat info {};
                               if (stat(file.c_str(), &info) != 0) return false;  // reported later
                               return !seen.insert({info.st_dev, info.st_ino}).second;
                             }),
              files.end());
  if (options.shard_count > 1) {
    std::vector<std::string> shard;
    for (size_t i = static_cast<size_t>(options.shard_index); i < files.size();
         i += static_cast<size_t>(options.shard_count)) {
      shard.push_back(std::move(files[i]));
    }
    files = std::move(shard);
  }
  return files;
}

absl::StatusOr<ReadSummary> ReadLogs(const std::vector<std::string>& paths,
                                     const ReadOptions& options, const HandCallback& on_hand,
                                     const std::function<void(const ReadSummary&)>& progress) {
  absl::StatusOr<std::vector<std::string>> files = ListLogFiles(paths, options);
  if (!files.ok()) return files.status();

  if (options.plan != nullptr && options.plan->files != *files) {
    return absl::InternalError("the game plan was made for other files than these paths list");
  }
  Shared shared;
  shared.options = &options;
  shared.games_dir = options.games_dir.empty() ? DefaultGamesDir() : options.games_dir;
  GameCatalog catalog;
  std::vector<Problem> catalog_notices;
  if (options.plan == nullptr) {
    catalog.Load(shared.games_dir, &catalog_notices);
  } else {
    catalog_notices = options.plan->notices;
  }
  shared.catalog = options.plan != nullptr ? &options.plan->catalog : &catalog;
  shared.reports.resize(files->size());
  for (const std::string& file : *files) {
    std::error_code size_error;
    const uintmax_t size = fs::file_size(file, size_error);
    if (!size_error) shared.bytes_total += static_cast<int64_t>(size);
  }
  shared.on_hand = &on_hand;
  shared.progress = &progress;
  shared.files = &*files;
  shared.start = shared.last_progress = Clock::now();

  int threads =
      options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, static_cast<int>(std::max<size_t>(files->size(), 1)));
  if (threads == 1) {
    RunWorker(&shared, 0);
  } else {
    std::vector<std::thread> workers;
    for (int worker = 0; worker < threads; ++worker) {
      workers.emplace_back(RunWorker, &shared, worker);
    }
    for (std::thread& worker : workers) worker.join();
  }
  if (!shared.fatal.ok()) return shared.fatal;

  ReadSummary summary = std::move(shared.totals);
  summary.notices = std::move(catalog_notices);
  // Within a file, problems were found in line order; stable sorting keeps it.
  auto by_file = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::stable_sort(shared.problems.begin(), shared.problems.end(), by_file);
  std::stable_sort(shared.notices.begin(), shared.notices.end(), by_file);
  for (auto& [index, problem] : shared.problems) summary.problems.push_back(std::move(problem));
  for (auto& [index, notice] : shared.notices) summary.notices.push_back(std::move(notice));
  summary.file_reports = std::move(shared.reports);
  summary.bytes_total = shared.bytes_total;
  summary.seconds = std::chrono::duration<double>(Clock::now() - shared.start).count();
  return summary;
}

std::string FormatReadSummary(const ReadSummary& summary) {
  std::string out = absl::StrFormat(
      "files: %d read, %d failed%s\n"
      "lines: %d read: %d hands, %d rejected, %d headers/comments/SCORE\n",
      summary.files, summary.files_failed,
      summary.files_skipped > 0
          ? absl::StrFormat(", %d skipped (another game: see below)", summary.files_skipped)
          : "",
      summary.lines, summary.hands, summary.rejected, summary.other_lines);
  if (summary.skipped > 0) {
    absl::StrAppendFormat(&out, "PHH hands skipped (valid, not of the game):\n");
    for (const auto& [reason, count] : summary.skipped_by_reason) {
      absl::StrAppendFormat(&out, "  %s: %d\n", reason, count);
    }
  }
  if (!summary.rejected_by_reason.empty()) {
    out += "rejected by reason:\n";
    for (const auto& [reason, count] : summary.rejected_by_reason) {
      absl::StrAppendFormat(&out, "  %s: %d\n", reason, count);
    }
  }
  if (!summary.problems.empty()) {
    out += "problems (the first of each file):\n";
    for (const Problem& problem : summary.problems)
      absl::StrAppend(&out, "  ", problem.message, "\n");
  }
  if (!summary.notices.empty()) {
    out += "notices:\n";
    for (const Problem& notice : summary.notices) absl::StrAppend(&out, "  ", notice.message, "\n");
  }
  if (summary.seconds > 0) {
    absl::StrAppendFormat(&out, "time: %.2f s (%.0f hands/s)\n", summary.seconds,
                          static_cast<double>(summary.hands) / summary.seconds);
  }
  return out;
}

std::string FormatFileReports(const ReadSummary& summary, bool every_file, size_t max_lines) {
  // Files and hands by the game they were read with (and how many of those files have a header
  // naming another game), then the files skipped.
  struct GameCount {
    int64_t files = 0;
    int64_t hands = 0;
    int64_t other_header = 0;
  };
  std::map<std::string, GameCount> by_game;
  std::map<std::string, int64_t> skipped_by_game;
  int64_t skipped = 0;
  for (const FileReport& report : summary.file_reports) {
    if (report.file.empty()) continue;  // not reached: the run stopped before it
    if (report.skipped) {
      ++skipped;
      ++skipped_by_game[report.skipped_game.empty() ? "no known game" : report.skipped_game];
      continue;
    }
    const std::string game = !report.game.empty()                 ? report.game
                             : absl::StartsWith(report.how, "PHH") ? "PHH hand histories (each "
                                                                     "hand its own game)"
                                                                   : "(no game)";
    GameCount& count = by_game[game];
    ++count.files;
    count.hands += report.hands;
    if (absl::StrContains(report.how, "header names ") &&
        !absl::StrContains(report.how, "names it too")) {
      ++count.other_header;
    }
  }
  std::string out = "games read (each file's game; --files says how each was chosen):\n";
  for (const auto& [game, count] : by_game) {
    absl::StrAppendFormat(&out, "  %s: %d file%s, %d hands%s\n", game, count.files,
                          count.files == 1 ? "" : "s", count.hands,
                          count.other_header == 0
                              ? ""
                              : absl::StrFormat(" (%d of these files' headers name another game)",
                                                count.other_header));
  }
  if (skipped > 0) {
    std::vector<std::string> games;
    for (const auto& [game, files] : skipped_by_game) {
      games.push_back(absl::StrCat(files, " of ", game));
    }
    absl::StrAppendFormat(&out, "  skipped: %d file%s, their lines of another game: %s\n",
                          skipped, skipped == 1 ? "" : "s", absl::StrJoin(games, ", "));
  }
  // One line per file: every file, or those worth a look (not read whole, or not read at all).
  std::vector<const FileReport*> shown;
  for (const FileReport& report : summary.file_reports) {
    if (report.file.empty()) continue;
    const bool worth_a_look = report.skipped || report.failed || report.rejected > 0;
    if (every_file || worth_a_look) shown.push_back(&report);
  }
  if (shown.empty()) return out;
  absl::StrAppend(&out, every_file ? "every file:\n" : "files worth a look:\n");
  const size_t limit = every_file ? shown.size() : std::min(shown.size(), max_lines);
  for (size_t i = 0; i < limit; ++i) {
    const FileReport& report = *shown[i];
    if (report.skipped) {
      absl::StrAppend(&out, "  ", report.file, ": SKIPPED: ", report.skip_reason, "\n");
      continue;
    }
    absl::StrAppendFormat(
        &out, "  %s: %s (%s): %d hands, %d rejected%s%s\n", report.file,
        report.game.empty() ? "no game" : report.game, report.how, report.hands, report.rejected,
        report.top_reason.empty() ? "" : absl::StrCat(" (mostly ", report.top_reason, ")"),
        report.failed ? "; UNREADABLE or truncated" : "");
  }
  if (shown.size() > limit) {
    absl::StrAppendFormat(&out, "  ... and %d more (--files lists every file)\n",
                          shown.size() - limit);
  }
  return out;
}

}  // namespace logs_parser
