// The text of an ACPC dealer's match log around the `STATE:` lines: the four `#` header lines and
// the final `SCORE:` line, byte for byte as the competition server writes them. Shared by the
// dealer and the arena so that both write logs the trainer reads.
#ifndef TOOLS_DEALER_MATCH_LOG_H_
#define TOOLS_DEALER_MATCH_LOG_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace dealer {

// The server's defaults for the three time limits, in milliseconds.
inline constexpr int64_t kDefaultResponseMs = 600000;
inline constexpr int64_t kDefaultHandMs = 600000;
inline constexpr int64_t kDefaultPerHandMs = 7000;

// The four header lines, each ending in '\n':
// `# name/game/hands/seed <match> <game> <hands> <seed>`, `#--t_response <ms>`, `#--t_hand <ms>`,
// `#--t_per_hand <ms>`. `game_file` is printed as given on the command line.
std::string FormatLogHeader(absl::string_view match_name, absl::string_view game_file,
                            uint32_t num_hands, uint32_t seed, int64_t t_response_ms,
                            int64_t t_hand_ms, int64_t t_per_hand_ms);

// `SCORE:<total per seat>|...:<name per seat>|...` without a line ending; totals formatted like
// the log's values (`%.6f` without trailing zeros).
std::string FormatScoreLine(absl::Span<const double> totals, absl::Span<const std::string> names);

}  // namespace dealer

#endif  // TOOLS_DEALER_MATCH_LOG_H_
