// A strict reader of the part of TOML that hand histories (PHH) use: one table at a time out of a
// buffer, so that a file of many hands (`[1]`, `[2]`, ...) streams through bounded memory.
//
// Read: comments, bare and quoted keys, `[table]` headers, basic and literal strings (one-line
// and multi-line, every escape), integers and floats (decimal; `inf`, `nan`), booleans, dates and
// times (kept as their text), arrays (across lines, trailing commas, comments inside), inline
// tables (kept as their text). Refused with a message naming the line: dotted keys, arrays of
// tables (`[[x]]`), a key given twice, and anything that is not TOML.
//
// Values keep their source text: numbers are converted by the caller from that text, so decimal
// amounts are read exactly (never through a binary float).
#ifndef LOGS_PARSER_TOML_SUBSET_H_
#define LOGS_PARSER_TOML_SUBSET_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace logs_parser {

enum class TomlType : uint8_t {
  kString,
  kInteger,
  kFloat,  // including inf and nan
  kBool,
  kDateTime,  // any of TOML's dates and times
  kArray,
  kInlineTable,
};
const char* TomlTypeName(TomlType type);

struct TomlValue {
  TomlType type = TomlType::kString;
  int32_t line = 0;        // 1-based line in the file where the value starts
  uint32_t raw_begin = 0;  // the value's source text: [raw_begin, raw_end) in the parsed buffer
  uint32_t raw_end = 0;
  uint32_t text_begin = 0;  // kString: the decoded text in TomlTable::text(); kBool: 1 for true
  uint32_t text_size = 0;
  uint32_t first_child = 0;  // kArray: its elements are children[first_child .. + num_children)
  uint32_t num_children = 0;
};

struct TomlEntry {
  uint32_t key_begin = 0;  // decoded key in TomlTable::text()
  uint32_t key_size = 0;
  uint32_t value = 0;  // index in TomlTable::values
  int32_t line = 0;
};

// One table (a hand) as parsed: its header, its entries in file order, and their values. Reused
// from table to table: once its vectors have grown it parses without allocating.
class TomlTable {
 public:
  void Clear();

  bool has_header() const { return has_header_; }
  absl::string_view header() const { return Text(header_begin_, header_size_); }
  int32_t header_line() const { return header_line_; }
  int32_t first_line() const { return first_line_; }  // line of the header or first entry
  bool empty() const { return entries_.empty(); }

  const std::vector<TomlEntry>& entries() const { return entries_; }
  absl::string_view key(const TomlEntry& entry) const {
    return Text(entry.key_begin, entry.key_size);
  }
  const TomlValue& value(uint32_t index) const { return values_[index]; }
  const TomlValue& child(const TomlValue& array, uint32_t i) const {
    return values_[children_[array.first_child + i]];
  }
  // kString: the decoded string.
  absl::string_view string(const TomlValue& value) const {
    return Text(value.text_begin, value.text_size);
  }
  // The value's text as written in the buffer that was parsed (valid while that buffer is).
  absl::string_view raw(const TomlValue& value) const {
    return source_.substr(value.raw_begin, value.raw_end - value.raw_begin);
  }

 private:
  friend class TomlParser;
  absl::string_view Text(uint32_t begin, uint32_t size) const {
    return absl::string_view(text_.data() + begin, size);
  }

  absl::string_view source_;
  bool has_header_ = false;
  uint32_t header_begin_ = 0;
  uint32_t header_size_ = 0;
  int32_t header_line_ = 0;
  int32_t first_line_ = 0;
  std::vector<TomlEntry> entries_;
  std::vector<TomlValue> values_;
  std::vector<uint32_t> children_;
  std::string text_;  // decoded keys and strings
};

// Parses tables one after another out of a buffer.
class TomlParser {
 public:
  enum class Result {
    kTable,     // `*table` holds the next table (it may be the root's keys, without a header)
    kEnd,       // nothing but blank lines and comments remained (needs `at_eof`)
    kNeedMore,  // the buffer ends inside the table: call again with more bytes from `data`
    kError,     // status() says what and where
  };

  // Parses the table starting at `data` (the first unread byte of the file, on line
  // `line`). `at_eof`: no bytes follow `data`. On kTable/kEnd, consumed() bytes and
  // consumed_lines() newlines were used. The table refers to `data` until the next call.
  Result Next(absl::string_view data, bool at_eof, int32_t line, TomlTable* table);

  size_t consumed() const { return consumed_; }
  int32_t consumed_lines() const { return consumed_lines_; }
  const absl::Status& status() const { return status_; }
  // After kError or kNeedMore: the offset in `data` where the unfinished table starts.
  size_t error_offset() const { return error_offset_; }

 private:
  struct Cursor;
  bool ParseHeader(Cursor* c, TomlTable* table);
  bool ParseKey(Cursor* c, TomlTable* table, uint32_t* begin, uint32_t* size);
  bool ParseValue(Cursor* c, TomlTable* table, int depth, uint32_t* index);
  bool ParseBasicString(Cursor* c, TomlTable* table, bool multi_line);
  bool ParseLiteralString(Cursor* c, TomlTable* table, bool multi_line);
  bool ParseScalar(Cursor* c, TomlValue* value);
  bool SkipInlineTable(Cursor* c, TomlTable* table, int depth);
  bool EndOfLine(Cursor* c);  // whitespace, an optional comment, then a newline or the end

  size_t consumed_ = 0;
  size_t error_offset_ = 0;  // after kError: where the failing table starts
  int32_t consumed_lines_ = 0;
  absl::Status status_;
  std::vector<uint32_t> scratch_;  // elements of the arrays being parsed
};

// Whether `text` is a TOML bare key (letters, digits, `_`, `-`).
bool IsTomlBareKey(absl::string_view text);

// `text` as a TOML basic string with its quotes, escaping what must be escaped.
std::string TomlQuote(absl::string_view text);

}  // namespace logs_parser

#endif  // LOGS_PARSER_TOML_SUBSET_H_
