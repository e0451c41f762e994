#include "tools/dealer/match_log.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "poker/codec.h"

namespace dealer {

std::string FormatLogHeader(absl::string_view match_name, absl::string_view game_file,
                            uint32_t num_hands, uint32_t seed, int64_t t_response_ms,
                            int64_t t_hand_ms, int64_t t_per_hand_ms) {
  return absl::StrFormat(
      "# name/game/hands/seed %s %s %u %u\n#--t_response %d\n#--t_hand %d\n#--t_per_hand %d\n",
      match_name, game_file, num_hands, seed, t_response_ms, t_hand_ms, t_per_hand_ms);
}

std::string FormatScoreLine(absl::Span<const double> totals, absl::Span<const std::string> names) {
  std::string line = "SCORE:";
  for (size_t s = 0; s < totals.size(); ++s) {
    if (s > 0) line += '|';
    line += poker::FormatValue(totals[s]);
  }
  absl::StrAppend(&line, ":", absl::StrJoin(names, "|"));
  return line;
}

}  // namespace dealer
