#include "logs_parser/json_input.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"

namespace logs_parser {
namespace {

// 1-based line of byte `offset`.
int64_t LineOf(absl::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + std::count(text.begin(), text.begin() + static_cast<ptrdiff_t>(offset), '\n');
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
// column 5: " prefix (the line is given by the caller).
std::string ShortMessage(const std::string& what) {
  const size_t colon = what.find(": ", what.find("] "));
  if (colon != std::string::npos && what.compare(0, 1, "[") == 0) return what.substr(colon + 2);
  const size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

}  // namespace

int JsonNestingDepth(absl::string_view text, int limit, size_t* offset) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (depth > limit) {
        if (offset != nullptr) *offset = i;
        return depth;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

absl::StatusOr<nlohmann::ordered_json> ParseJson(absl::string_view text, absl::string_view source,
                                                 int max_depth) {
  size_t offset = 0;
  if (JsonNestingDepth(text, max_depth, &offset) > max_depth) {
    return absl::InvalidArgumentError(absl::StrCat(source, ":", LineOf(text, offset),
                                                   ": not JSON of this program: nested deeper "
                                                   "than ",
                                                   max_depth, " levels"));
  }
  try {
    return nlohmann::ordered_json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    return absl::InvalidArgumentError(absl::StrCat(source, ":",
                                                   LineOf(text, e.byte > 0 ? e.byte - 1 : 0),
                                                   ": not JSON: ", ShortMessage(e.what())));
  } catch (const nlohmann::json::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": not JSON: ", ShortMessage(e.what())));
  }
}

}  // namespace logs_parser
