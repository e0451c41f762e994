// Benchmarks of log reading: one STATE line parsed and replayed, and whole logs read from disk
// (plain and gzip) through ReadLogs, in hands per second on one thread.
//
// BM_ParseDeepStackLog reads ../shared's DeepStack log (45,037 heads-up no-limit hands) when it
// is present; the *Generated* benchmarks read a log of the same shape (45,037 random heads-up
// hands, DeepStack-like names and ` # timestamp` comments) written to a temporary file at start.
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "benchmark/benchmark.h"
#include "logs_parser/hand_record.h"
#include "logs_parser/log_reader.h"
#include "logs_parser/state_line.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "tools/bench/bench_main.h"

namespace {

constexpr int kDeepStackHands = 45037;
constexpr char kGameName[] = "holdem.nolimit.2p.reverse_blinds.game";

const poker::GameDef& HeadsUpGame() {
  static const poker::GameDef* game = [] {
    absl::StatusOr<poker::GameDef> loaded =
        poker::LoadGameDef(std::string(POKER_SOURCE_DIR) + "/data/games/" + kGameName);
    if (!loaded.ok()) {
      std::fprintf(stderr, "logs_bench: %s\n", std::string(loaded.status().message()).c_str());
      std::exit(1);
    }
    return new poker::GameDef(*loaded);
  }();
  return *game;
}

std::string DeepStackPath() {
  return std::string(POKER_SHARED_DIR) + "/data/logs/deepstack_ifp/all_hands.log";
}

// One random legal heads-up hand: folds, calls and raises of mostly modest sizes, like human
// and DeepStack play (a few all-ins).
poker::State RandomHand(const poker::GameDef& game, uint32_t number, std::mt19937_64* rng) {
  poker::State state(game, number);
  std::uniform_real_distribution<double> unit(0, 1);
  while (!state.finished()) {
    double u = unit(*rng);
    int32_t min_to = 0, max_to = 0;
    poker::Action action = poker::Action::Call();
    if (u < 0.12 && state.CanFold()) {
      action = poker::Action::Fold();
    } else if (u > 0.6 && state.RaiseRange(&min_to, &max_to)) {
      double size = unit(*rng);
      int32_t to =
          size > 0.97 ? max_to
                      : min_to + static_cast<int32_t>((max_to - min_to) * size * size * size * 0.3);
      action = poker::Action::Raise(std::clamp(to, min_to, max_to));
    }
    if (!state.Apply(action).ok()) state.Apply(poker::Action::Call()).IgnoreError();
  }
  std::array<poker::Card, poker::kNumCards> deck;
  for (int i = 0; i < poker::kNumCards; ++i) deck[i] = static_cast<poker::Card>(i);
  std::shuffle(deck.begin(), deck.end(), *rng);
  int next = 0;
  for (int p = 0; p < game.num_players; ++p) {
    for (int i = 0; i < game.num_hole_cards; ++i) state.set_hole_card(p, i, deck[next++]);
  }
  for (int i = 0; i < state.NumBoardCardsVisible(); ++i) state.set_board_card(i, deck[next++]);
  return state;
}

// The text of a DeepStack-shaped log: CRLF, table-suffixed names, a timestamp comment.
std::string GeneratedLogText() {
  const poker::GameDef& game = HeadsUpGame();
  std::mt19937_64 rng(20170302);
  std::string text;
  for (int h = 0; h < kDeepStackHands; ++h) {
    poker::LogLine line{RandomHand(game, static_cast<uint32_t>(h % 1000), &rng), {0, 0}, {}, ""};
    if (!line.state.Values(absl::MakeSpan(line.values)).ok()) std::exit(1);
    std::string human = absl::StrCat("player", h % 33, ".", 1 + h % 4);
    line.names = h % 2 ? std::vector<std::string>{"DeepStack", human}
                       : std::vector<std::string>{human, "DeepStack"};
    absl::StrAppend(&text, poker::FormatLogLine(line), " # ", 1478520223 + 30 * h, ".88075\r\n");
  }
  return text;
}

std::string WriteTemp(const std::string& suffix, const std::string& bytes) {
  std::string path =
      (std::filesystem::temp_directory_path() / absl::StrCat("logs_bench_", getpid(), suffix))
          .string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

std::string GzipBytes(const std::string& bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size())) + 32;
  std::string out(size, '\0');
  z_stream stream{};
  deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// Temporary files made once and removed at exit.
struct Files {
  std::string generated_text = GeneratedLogText();
  std::string generated = WriteTemp(".log", generated_text);
  std::string generated_gz = WriteTemp(".log.gz", GzipBytes(generated_text));
  ~Files() {
    std::remove(generated.c_str());
    std::remove(generated_gz.c_str());
  }
};

Files& TheFiles() {
  static Files files;
  return files;
}

void ReadWholeLog(benchmark::State& bench, const std::string& path) {
  logs_parser::ReadOptions options;
  options.game = &HeadsUpGame();
  options.game_name = kGameName;
  int64_t hands = 0;
  for (auto _ : bench) {
    absl::StatusOr<logs_parser::ReadSummary> summary =
        logs_parser::ReadLogs({path}, options, [](int, const logs_parser::HandRecord& hand) {
          benchmark::DoNotOptimize(hand.actions.data());
        });
    if (!summary.ok() || summary->rejected != 0 || summary->hands != kDeepStackHands) {
      bench.SkipWithError("the log did not read cleanly");
      return;
    }
    hands += summary->hands;
  }
  bench.SetItemsProcessed(hands);
  bench.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

// The target figure: the real DeepStack log, read, parsed and replayed (>= 500,000 hands/s).
void BM_ParseDeepStackLog(benchmark::State& bench) {
  if (!std::filesystem::exists(DeepStackPath())) {
    bench.SkipWithError("../shared absent: see BM_ParseGeneratedLog");
    return;
  }
  ReadWholeLog(bench, DeepStackPath());
}
BENCHMARK(BM_ParseDeepStackLog)->Unit(benchmark::kMillisecond);

void BM_ParseGeneratedLog(benchmark::State& bench) { ReadWholeLog(bench, TheFiles().generated); }
BENCHMARK(BM_ParseGeneratedLog)->Unit(benchmark::kMillisecond);

void BM_ParseGeneratedLogGzip(benchmark::State& bench) {
  ReadWholeLog(bench, TheFiles().generated_gz);
}
BENCHMARK(BM_ParseGeneratedLogGzip)->Unit(benchmark::kMillisecond);

// ParseHandLine alone on lines held in memory: the parse and replay without any I/O.
void BM_ParseHandLine(benchmark::State& bench) {
  std::vector<std::string> lines;
  if (std::filesystem::exists(DeepStackPath())) {
    std::ifstream in(DeepStackPath(), std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  } else {
    lines = absl::StrSplit(TheFiles().generated_text, "\r\n", absl::SkipEmpty());
  }
  const poker::GameDef& game = HeadsUpGame();
  logs_parser::HandRecord record(game);
  logs_parser::NameOptions names;
  size_t i = 0;
  for (auto _ : bench) {
    const char* reason = nullptr;
    absl::Status status = logs_parser::ParseHandLine(lines[i], game, names, &record, &reason);
    if (!status.ok()) {
      bench.SkipWithError(std::string(status.message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(record.actions.data());
    if (++i == lines.size()) i = 0;
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_ParseHandLine);

// The rules engine's own STATE line parser, for comparison.
void BM_PokerParseLogLineInto(benchmark::State& bench) {
  std::vector<std::string> lines =
      absl::StrSplit(TheFiles().generated_text, "\r\n", absl::SkipEmpty());
  const poker::GameDef& game = HeadsUpGame();
  poker::LogLine out{poker::State(game, 0), {}, {}, ""};
  size_t i = 0;
  for (auto _ : bench) {
    absl::Status status = poker::ParseLogLineInto(game, lines[i], &out);
    if (!status.ok()) {
      bench.SkipWithError(std::string(status.message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(out.values.data());
    if (++i == lines.size()) i = 0;
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_PokerParseLogLineInto);

}  // namespace

POKER_BENCHMARK_MAIN("logs_bench");
