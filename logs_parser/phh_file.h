// Streams the hands (TOML tables) of a PHH file, plain or compressed, through a bounded buffer:
// a `.phh` file is one hand (keys at the top), a `.phhs` file many (`[1]`, `[2]`, ...).
#ifndef LOGS_PARSER_PHH_FILE_H_
#define LOGS_PARSER_PHH_FILE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "logs_parser/line_reader.h"
#include "logs_parser/toml_subset.h"

namespace logs_parser {

// What a file holds.
enum class LogFormat { kAcpc, kPhh };

// By name: `.phh`, `.phhs` (with `.gz`/`.bz2`) are PHH, `.log` (with `.gz`/`.bz2`) ACPC; other
// names are told by content: the first line that is neither blank nor a `#` comment starts a
// TOML table or key (`[1]`, `variant = ...`) in PHH and anything else (`STATE:`) in ACPC logs.
absl::StatusOr<LogFormat> DetectLogFormat(const std::string& path);
bool IsPhhFileName(absl::string_view name);

class PhhTableReader {
 public:
  enum class Result {
    kTable,     // table() is the next hand (valid until the next call)
    kBadTable,  // a hand that is not valid TOML: status() says why; it was skipped
    kTooLong,   // a hand longer than max_hand_bytes: skipped
    kEnd,
    kError,     // the source failed (status()); the hands before stand
  };

  PhhTableReader(ByteSource* source, size_t max_hand_bytes);

  Result Next();
  const TomlTable& table() const { return table_; }
  const absl::Status& status() const { return status_; }
  int32_t line() const { return table_line_; }  // first line of the hand just returned

 private:
  bool Fill();  // false on a source error (status_ set)
  // Drops the failed hand: its first line, then every line up to one that opens a table.
  bool SkipHand(size_t offset);
  absl::string_view Data() const {
    return absl::string_view(buffer_.data() + begin_, end_ - begin_);
  }

  ByteSource* source_;
  size_t max_hand_bytes_;
  std::vector<char> buffer_;
  size_t begin_ = 0;
  size_t end_ = 0;
  bool eof_ = false;
  int32_t line_ = 1;  // line of buffer_[begin_]
  int32_t table_line_ = 0;
  TomlParser parser_;
  TomlTable table_;
  absl::Status status_;
};

}  // namespace logs_parser

#endif  // LOGS_PARSER_PHH_FILE_H_
