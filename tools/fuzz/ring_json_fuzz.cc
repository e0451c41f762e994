// Fuzzes ParseRingJson, what `arena merge` reads from files a user names: any bytes must give a
// result or an error (no crash, no recursion that grows with the input); an accepted result must
// write back to JSON that reads to the same sums, and merge with itself only as an overlap.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tools/arena/ring_summary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<arena::RingSummary> parsed = arena::ParseRingJson(text, "fuzz.json");
  if (!parsed.ok()) return 0;
  absl::StatusOr<arena::RingSummary> again =
      arena::ParseRingJson(arena::FormatRingJson(*parsed), "again.json");
  if (!again.ok() || again->players.size() != parsed->players.size()) std::abort();
  for (size_t i = 0; i < parsed->players.size(); ++i) {
    if (!(again->players[i].hand_sums == parsed->players[i].hand_sums)) std::abort();
  }
  const std::vector<arena::RingSummary> twice = {*parsed, *parsed};
  const std::vector<std::string> names = {"a", "b"};
  if (arena::MergeRingSummaries(twice, names).ok()) std::abort();  // the same deals twice
  return 0;
}
