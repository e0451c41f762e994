// Fuzzes ParseLogLine: any bytes must give a value or an error, and an accepted line must format
// to text that parses back to the same line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "poker/codec.h"
#include "tools/fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view line(reinterpret_cast<const char*>(data), size);
  for (const poker::GameDef& game : poker::fuzz::FuzzGames()) {
    absl::StatusOr<poker::LogLine> log = poker::ParseLogLine(game, line);
    if (!log.ok()) continue;
    const std::string text = poker::FormatLogLine(*log);
    absl::StatusOr<poker::LogLine> again = poker::ParseLogLine(game, text);
    if (!again.ok() || poker::FormatLogLine(*again) != text) std::abort();
  }
  return 0;
}
