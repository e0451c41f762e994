// ACPC match logs: the hands of files and folders (plain, .gz, .bz2) as Python objects, streamed
// by the C++ reader on its own thread, and per-player statistics.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "logs_parser/hand_record.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/log_stats.h"
#include "poker/codec.h"
#include "python/src/common.h"
#include "python/src/games.h"

namespace poker_py {
namespace {

using logs_parser::ActionRecord;
using logs_parser::ReadOptions;
using logs_parser::ReadSummary;

// A hand of a log as Python sees it (a logs_parser::HandRecord that owns its game and source).
struct LoggedHand {
  std::string source;
  int64_t line = 0;
  std::vector<std::string> names;
  std::vector<ActionRecord> actions;
  std::vector<double> values;
  PyState state;
};

// What the Python caller asks of a read.
struct ReadRequest {
  std::vector<std::string> paths;
  GamePtr game;  // null: each file's header names its game
  ReadOptions options;
};

ReadRequest MakeRequest(py::handle paths, py::handle game, const std::string& games_dir,
                        bool strip_name_suffix, bool strict, int threads) {
  ReadRequest r;
  if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) {
    r.paths.push_back(py::str(paths).cast<std::string>());
  } else {
    for (py::handle p : paths) r.paths.push_back(py::str(p).cast<std::string>());
  }
  if (!game.is_none()) {
    r.game = GameArg(game);
    r.options.game = &r.game->def;
    r.options.game_name = r.game->name;
  }
  r.options.games_dir = games_dir.empty() ? logs_parser::DefaultGamesDir() : games_dir;
  r.options.strip_name_suffix = strip_name_suffix;
  r.options.strict = strict;
  if (threads < 1) ThrowStatus(absl::InvalidArgumentError("threads must be at least 1"));
  r.options.threads = threads;
  return r;
}

// Streams the hands of a read: ReadLogs runs on a thread of its own and hands each record over
// through a bounded queue; Python takes them one at a time. Stopping early (close, or the
// iterator dropped) tells the reader to stop at its next line.
class HandIterator {
 public:
  explicit HandIterator(ReadRequest request) : request_(std::move(request)) {
    request_.options.stop = &stop_;
    request_.options.threads = 1;  // one reader: the hands come in file and line order
    thread_ = std::thread([this] { Run(); });
  }
  ~HandIterator() { Close(); }

  LoggedHand Next() {
    std::optional<LoggedHand> hand;
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [this] { return !queue_.empty() || done_; });
      if (!queue_.empty()) {
        hand.emplace(std::move(queue_.front()));
        queue_.pop_front();
        space_.notify_one();
      }
    }
    if (hand.has_value()) return *std::move(hand);
    if (!status_.ok()) {
      absl::Status status = status_;
      status_ = absl::OkStatus();  // raised once; later calls end the iteration
      ThrowStatus(status);
    }
    throw py::stop_iteration();
  }

  void Close() {
    if (!thread_.joinable()) return;
    {
      // Under the lock, so that the reader cannot miss the wake-up between its check and its wait.
      std::lock_guard<std::mutex> lock(mutex_);
      stop_.store(true);
    }
    space_.notify_all();
    py::gil_scoped_release release;
    thread_.join();
  }

  // The read's counts so far (all of them once the iteration has ended).
  ReadSummary summary() {
    std::lock_guard<std::mutex> lock(mutex_);
    return summary_;
  }

 private:
  void Run() {
    absl::StatusOr<ReadSummary> result = logs_parser::ReadLogs(
        request_.paths, request_.options,
        [this](int, const logs_parser::HandRecord& record) { Push(record); },
        [this](const ReadSummary& running) {
          std::lock_guard<std::mutex> lock(mutex_);
          summary_ = running;
        });
    std::lock_guard<std::mutex> lock(mutex_);
    if (result.ok()) {
      summary_ = *std::move(result);
    } else {
      status_ = result.status();
    }
    done_ = true;
    ready_.notify_all();
  }

  // The game a record's state points into, owned here: the request's, or an equal copy of the
  // reader's own (header games live only as long as ReadLogs).
  GamePtr GameOf(const poker::GameDef& def) {
    if (request_.game != nullptr && request_.game->def == def) return request_.game;
    for (const GamePtr& g : header_games_) {
      if (g->def == def) return g;
    }
    header_games_.push_back(std::make_shared<Game>(Game{def, "", ""}));
    return header_games_.back();
  }

  void Push(const logs_parser::HandRecord& record) {
    LoggedHand hand{*record.source, record.line,      record.names,
                    record.actions, record.values,    PyState(GameOf(*record.game), record.state)};
    std::unique_lock<std::mutex> lock(mutex_);
    space_.wait(lock, [this] { return queue_.size() < kQueueHands || stop_.load(); });
    if (stop_.load()) return;
    queue_.push_back(std::move(hand));
    ready_.notify_one();
  }

  static constexpr size_t kQueueHands = 512;

  ReadRequest request_;
  std::atomic<bool> stop_{false};
  std::vector<GamePtr> header_games_;  // reader thread only
  std::mutex mutex_;                   // guards everything below
  std::condition_variable ready_;      // a hand was queued, or the read ended
  std::condition_variable space_;      // a hand was taken, or stop_
  std::deque<LoggedHand> queue_;
  bool done_ = false;
  absl::Status status_;
  ReadSummary summary_;
  std::thread thread_;  // last: started once everything above exists
};

py::dict ProblemDict(const logs_parser::Problem& p) {
  py::dict d;
  d["file"] = p.file;
  d["line"] = p.line;
  d["reason"] = p.reason;
  d["message"] = p.message;
  return d;
}

py::dict StatsDict(const std::string& name, const logs_parser::PlayerStats& s) {
  py::dict d;
  d["name"] = name;
  d["hands"] = s.hands;
  d["decisions"] = s.decisions;
  d["showdowns"] = s.showdowns;
  d["vpip_hands"] = s.vpip_hands;
  d["pfr_hands"] = s.pfr_hands;
  d["vpip"] = s.vpip();
  d["pfr"] = s.pfr();
  d["net_chips"] = s.net_chips;
  d["net_big_blinds"] = s.net_big_blinds;
  d["mbb_per_hand"] = s.mbb_per_hand();
  return d;
}

struct StatsResult {
  std::vector<logs_parser::NamedPlayerStats> players;
  ReadSummary summary;
};

}  // namespace

void BindLogs(py::module_& m) {
  py::class_<ReadSummary>(m, "ReadSummary", "What a read of logs saw.")
      .def_readonly("files", &ReadSummary::files)
      .def_readonly("lines", &ReadSummary::lines, "Non-empty lines read.")
      .def_readonly("hands", &ReadSummary::hands, "STATE lines used.")
      .def_readonly("rejected", &ReadSummary::rejected, "Lines rejected (bad STATE lines, garbage).")
      .def_readonly("files_failed", &ReadSummary::files_failed)
      .def_readonly("other_lines", &ReadSummary::other_lines, "Headers, comments, SCORE lines.")
      .def_readonly("skipped", &ReadSummary::skipped,
                    "Valid PHH hands that do not fit the game they are read for.")
      .def_readonly("skipped_by_reason", &ReadSummary::skipped_by_reason)
      .def_readonly("rejected_by_reason", &ReadSummary::rejected_by_reason)
      .def_readonly("seconds", &ReadSummary::seconds)
      .def_property_readonly("problems",
                             [](const ReadSummary& s) {
                               py::list out;
                               for (const auto& p : s.problems) out.append(ProblemDict(p));
                               return out;
                             },
                             "The first problems of each file: dicts of file, line, reason, message.")
      .def_property_readonly("notices",
                             [](const ReadSummary& s) {
                               py::list out;
                               for (const auto& p : s.notices) out.append(ProblemDict(p));
                               return out;
                             })
      .def("__str__", &logs_parser::FormatReadSummary);

  py::class_<ActionRecord>(m, "LoggedAction",
                           "One action of a logged hand with its betting arithmetic (chips).")
      .def_property_readonly("player", [](const ActionRecord& a) { return int{a.player}; })
      .def_property_readonly("round", [](const ActionRecord& a) { return int{a.round}; })
      .def_property_readonly("kind", [](const ActionRecord& a) { return logs_parser::ActionKindName(a.kind); },
                             "'fold', 'check', 'call', 'raise' or 'all-in'.")
      .def_readonly("raise_to", &ActionRecord::raise_to, "Raise or all-in: the player's total after it.")
      .def_readonly("pot_before", &ActionRecord::pot_before)
      .def_readonly("to_call", &ActionRecord::to_call)
      .def_readonly("spent_before", &ActionRecord::spent_before)
      .def("__repr__", [](const ActionRecord& a) {
        return absl::StrCat("<LoggedAction p", a.player, " r", a.round, " ",
                            logs_parser::ActionKindName(a.kind),
                            a.raise_to > 0 ? absl::StrCat(" to ", a.raise_to) : "", ">");
      });

  py::class_<LoggedHand>(m, "LoggedHand", "One hand of a log, replayed and checked under the rules.")
      .def_readonly("source", &LoggedHand::source, "The log file.")
      .def_readonly("line", &LoggedHand::line, "1-based line number in the file.")
      .def_property_readonly("hand_number", [](const LoggedHand& h) { return h.state.state.hand_number(); })
      .def_readonly("names", &LoggedHand::names, "Player names by position.")
      .def_readonly("values", &LoggedHand::values, "Chips won by position.")
      .def_readonly("actions", &LoggedHand::actions)
      .def_readonly("state", &LoggedHand::state, "The finished hand, every card known.")
      .def_property_readonly("num_players", [](const LoggedHand& h) { return h.state.game->def.num_players; })
      .def("saw_showdown",
           [](const LoggedHand& h, int p) { return h.state.state.IsShowdown() && !h.state.state.folded(p); },
           py::arg("position"))
      .def("to_line",
           [](const LoggedHand& h) {
             return poker::FormatLogLine(poker::LogLine{h.state.state, h.values, h.names, ""});
           },
           "The hand as the dealer's STATE line.")
      .def("__repr__", [](const LoggedHand& h) {
        return absl::StrCat("<LoggedHand ", h.source, ":", h.line, " ",
                            poker::FormatLogLine(poker::LogLine{h.state.state, h.values, h.names, ""}),
                            ">");
      });

  py::class_<HandIterator>(m, "HandIterator",
                           "The hands of a read_hands call, in file and line order. `summary` "
                           "holds the read's counts (complete once the iteration ends); close() "
                           "(or leaving a with block) stops the reader early.")
      .def("__iter__", [](HandIterator& it) -> HandIterator& { return it; })
      .def("__next__", &HandIterator::Next)
      .def("close", &HandIterator::Close)
      .def_property_readonly("summary", &HandIterator::summary)
      .def("__enter__", [](HandIterator& it) -> HandIterator& { return it; })
      .def("__exit__", [](HandIterator& it, py::args) { it.Close(); });

  m.def(
      "read_hands",
      [](py::handle paths, py::handle game, const std::string& games_dir, bool strip, bool strict) {
        return std::make_unique<HandIterator>(MakeRequest(paths, game, games_dir, strip, strict, 1));
      },
      py::arg("paths"), py::arg("game") = py::none(), py::arg("games_dir") = "",
      py::arg("strip_name_suffix") = false, py::arg("strict") = false,
      "Iterates over the hands of ACPC logs and PHH hand histories: `paths` is a file or "
      "folder or a list of them (folders: *.log, *.phh, *.phhs, each also .gz or .bz2, "
      "recursively; compression is told by the bytes). "
      "`game` (a Game, path or name) is the game of every file; None: each file's "
      "'# name/game/hands/seed' header names a game of `games_dir` (default data/games). "
      "Bad lines are counted in `summary` and skipped (with strict=True the first one raises). "
      "The C++ reader runs on its own thread; hands are LoggedHand objects.");

  m.def(
      "read_logs",
      [](py::handle paths, py::handle game, const std::string& games_dir, bool strip, bool strict,
         int threads) {
        ReadRequest request = MakeRequest(paths, game, games_dir, strip, strict, threads);
        absl::StatusOr<ReadSummary> result;
        {
          py::gil_scoped_release release;
          result = logs_parser::ReadLogs(request.paths, request.options,
                                         [](int, const logs_parser::HandRecord&) {});
        }
        return Unwrap(std::move(result));
      },
      py::arg("paths"), py::arg("game") = py::none(), py::arg("games_dir") = "",
      py::arg("strip_name_suffix") = false, py::arg("strict") = false, py::arg("threads") = 1,
      "Reads and checks logs without keeping the hands; returns the ReadSummary (hands, "
      "rejected lines by reason, problems). Releases the GIL.");

  py::class_<StatsResult>(m, "LogStats", "Per-player statistics of logs (what `trainer stats` prints).")
      .def_property_readonly("players",
                             [](const StatsResult& r) {
                               py::list out;
                               for (const auto& p : r.players) out.append(StatsDict(p.name, p.stats));
                               return out;
                             },
                             "Dicts of name, hands, decisions, showdowns, vpip_hands, pfr_hands, "
                             "vpip, pfr, net_chips, net_big_blinds, mbb_per_hand; most hands first.")
      .def_readonly("summary", &StatsResult::summary)
      .def("to_json", [](const StatsResult& r) { return logs_parser::FormatStatsJson(r.summary, r.players); },
           "The JSON of `trainer stats --json`.")
      .def("table", [](const StatsResult& r) { return logs_parser::FormatStatsTable(r.players); },
           "The table of `trainer stats`.");

  m.def(
      "log_stats",
      [](py::handle paths, py::handle game, const std::string& games_dir, bool strip, int threads) {
        ReadRequest request = MakeRequest(paths, game, games_dir, strip, false, threads);
        StatsResult out;
        absl::Status status;
        {
          py::gil_scoped_release release;
          logs_parser::StatsCollector collector(request.options.threads);
          absl::StatusOr<ReadSummary> result = logs_parser::ReadLogs(
              request.paths, request.options,
              [&collector](int worker, const logs_parser::HandRecord& hand) {
                collector.Add(worker, hand);
              });
          if (result.ok()) {
            out.summary = *std::move(result);
            out.players = collector.Players();
          } else {
            status = result.status();
          }
        }
        Check(status);
        return out;
      },
      py::arg("paths"), py::arg("game") = py::none(), py::arg("games_dir") = "",
      py::arg("strip_name_suffix") = false, py::arg("threads") = 1,
      "Per-player hands, decisions, showdowns, VPIP, PFR, chips and mbb/hand over logs, read "
      "with `threads` threads (GIL released).");

  m.def(
      "list_log_files",
      [](py::handle paths) {
        ReadRequest request = MakeRequest(paths, py::none(), "", false, false, 1);
        return Unwrap(logs_parser::ListLogFiles(request.paths, request.options));
      },
      py::arg("paths"), "The log files a read of `paths` would read, sorted.");
}

}  // namespace poker_py
