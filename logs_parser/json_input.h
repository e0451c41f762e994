// Reading JSON the project wrote (match results of `arena --out`, decision logs) from files a
// user names: bounded nesting and size, errors that name the file, the line and what is wrong.
#ifndef LOGS_PARSER_JSON_INPUT_H_
#define LOGS_PARSER_JSON_INPUT_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace logs_parser {

// Deeper than anything the project writes (a match result nests 4 levels).
inline constexpr int kMaxJsonDepth = 64;

// Parses `text` as one JSON value (blanks around it allowed). Refused with InvalidArgument, the
// message starting with `source` (a file name) and the line: nesting deeper than `max_depth`
// (checked in one pass before parsing: no recursion grows with the input), text that is not JSON
// or has more after the value, a number too large for a double.
absl::StatusOr<nlohmann::ordered_json> ParseJson(absl::string_view text, absl::string_view source,
                                                 int max_depth = kMaxJsonDepth);

// The depth of the deepest array or object of `text` (strings skipped), stopping as soon as it
// passes `limit`; `offset` gets where that happened. 0 for a scalar.
int JsonNestingDepth(absl::string_view text, int limit, size_t* offset);

}  // namespace logs_parser

#endif  // LOGS_PARSER_JSON_INPUT_H_
