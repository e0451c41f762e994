#include "logs_parser/toml_subset.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace logs_parser {

const char* TomlTypeName(TomlType type) {
  switch (type) {
    case TomlType::kString:
      return "string";
    case TomlType::kInteger:
      return "integer";
    case TomlType::kFloat:
      return "float";
    case TomlType::kBool:
      return "boolean";
    case TomlType::kDateTime:
      return "date-time";
    case TomlType::kArray:
      return "array";
    case TomlType::kInlineTable:
      return "inline table";
  }
  return "?";
}

void TomlTable::Clear() {
  source_ = {};
  has_header_ = false;
  header_begin_ = header_size_ = 0;
  header_line_ = first_line_ = 0;
  entries_.clear();
  values_.clear();
  children_.clear();
  text_.clear();
}

namespace {

// Nesting deeper than this is not PHH and only risks the stack.
constexpr int kMaxDepth = 8;

bool IsBareKeyChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Digits with single underscores between them ("1_000"), at least one digit.
bool IsDigitRun(absl::string_view s) {
  if (s.empty() || !IsDigit(s.front()) || !IsDigit(s.back())) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (!IsDigit(s[i + 1]) || !IsDigit(s[i - 1])) return false;
    } else if (!IsDigit(s[i])) {
      return false;
    }
  }
  return true;
}

// TOML's decimal integer: [+-]? (0 | [1-9] digits).
bool IsDecimalInteger(absl::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (!IsDigitRun(s)) return false;
  return s.size() == 1 || s[0] != '0';
}

bool IsFloat(absl::string_view s) {
  absl::string_view body = s;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
  if (body == "inf" || body == "nan") return true;
  size_t exp = absl::string_view::npos;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == 'e' || body[i] == 'E') {
      exp = i;
      break;
    }
  }
  absl::string_view mantissa = body.substr(0, exp);
  size_t dot = mantissa.find('.');
  absl::string_view int_part = mantissa.substr(0, dot);
  if (!IsDigitRun(int_part) || (int_part.size() > 1 && int_part[0] == '0')) return false;
  if (dot != absl::string_view::npos && !IsDigitRun(mantissa.substr(dot + 1))) return false;
  if (exp != absl::string_view::npos) {
    absl::string_view e = body.substr(exp + 1);
    if (!e.empty() && (e[0] == '+' || e[0] == '-')) e.remove_prefix(1);
    if (!IsDigitRun(e)) return false;
  }
  return dot != absl::string_view::npos || exp != absl::string_view::npos;
}

// Dates and times: only their characters are checked; PHH keeps them as text.
bool IsDateTime(absl::string_view s) {
  bool date = s.size() >= 10 && IsDigit(s[0]) && IsDigit(s[3]) && s[4] == '-' && s[7] == '-';
  bool time = s.size() >= 8 && IsDigit(s[0]) && IsDigit(s[1]) && s[2] == ':' && s[5] == ':';
  if (!date && !time) return false;
  for (char c : s) {
    if (!IsDigit(c) && c != '-' && c != ':' && c != '.' && c != 'T' && c != 't' && c != 'Z' &&
        c != 'z' && c != '+' && c != ' ') {
      return false;
    }
  }
  return true;
}

void AppendUtf8(uint32_t code, std::string* out) {
  if (code < 0x80) {
    out->push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (code >> 6)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (code >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (code >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

}  // namespace

// The read position in the buffer. Running off its end sets `truncated` (more bytes may follow
// unless at_eof) and fails like any other error.
struct TomlParser::Cursor {
  const char* begin;
  const char* p;
  const char* end;
  bool at_eof;
  int32_t line;
  bool truncated = false;
  absl::Status* status;

  bool AtEnd() const { return p >= end; }
  bool Fail(absl::string_view what) {
    if (status->ok()) *status = absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
    return false;
  }
  bool Truncated(absl::string_view what) {
    truncated = true;
    return Fail(absl::StrCat("the file ends inside ", what));
  }
  void SkipSpaces() {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
  }
  uint32_t Offset() const { return static_cast<uint32_t>(p - begin); }
};

bool TomlParser::EndOfLine(Cursor* c) {
  c->SkipSpaces();
  if (c->AtEnd()) return c->at_eof ? true : c->Truncated("a line");
  if (*c->p == '#') {
    const void* newline = std::memchr(c->p, '\n', c->end - c->p);
    if (newline == nullptr) {
      if (!c->at_eof) return c->Truncated("a comment");
      c->p = c->end;
      return true;
    }
    c->p = static_cast<const char*>(newline);
  }
  if (*c->p == '\r' && c->p + 1 < c->end && c->p[1] == '\n') ++c->p;
  if (*c->p != '\n') {
    if (*c->p == '\r' && c->p + 1 >= c->end && !c->at_eof) return c->Truncated("a line");
    return c->Fail(absl::StrCat("unexpected '", absl::string_view(c->p, 1),
                                "' after the value (one key = value a line)"));
  }
  ++c->p;
  ++c->line;
  return true;
}

bool TomlParser::ParseKey(Cursor* c, TomlTable* table, uint32_t* begin, uint32_t* size) {
  *begin = static_cast<uint32_t>(table->text_.size());
  if (c->AtEnd()) return c->Truncated("a key");
  if (*c->p == '"' || *c->p == '\'') {
    const bool basic = *c->p == '"';
    TomlValue scratch;
    const size_t mark = table->values_.size();
    table->values_.emplace_back();
    bool ok = basic ? ParseBasicString(c, table, false) : ParseLiteralString(c, table, false);
    if (!ok) return false;
    scratch = table->values_.back();
    table->values_.resize(mark);
    *begin = scratch.text_begin;
    *size = scratch.text_size;
  } else {
    const char* start = c->p;
    while (c->p < c->end && IsBareKeyChar(*c->p)) ++c->p;
    if (c->p == start) {
      return c->Fail(absl::StrCat("expected a key, found '", absl::string_view(c->p, 1), "'"));
    }
    if (c->AtEnd() && !c->at_eof) return c->Truncated("a key");
    table->text_.append(start, c->p - start);
    *size = static_cast<uint32_t>(c->p - start);
  }
  c->SkipSpaces();
  if (c->p < c->end && *c->p == '.') return c->Fail("dotted keys are not used in hand histories");
  return true;
}

bool TomlParser::ParseHeader(Cursor* c, TomlTable* table) {
  ++c->p;  // '['
  if (c->AtEnd()) return c->Truncated("a table header");
  if (*c->p == '[') return c->Fail("arrays of tables ([[...]]) are not used in hand histories");
  c->SkipSpaces();
  table->header_line_ = c->line;
  if (!ParseKey(c, table, &table->header_begin_, &table->header_size_)) return false;
  c->SkipSpaces();
  if (c->AtEnd()) return c->Truncated("a table header");
  if (*c->p != ']') return c->Fail("expected ']' to close the table header");
  ++c->p;
  table->has_header_ = true;
  return EndOfLine(c);
}

bool TomlParser::ParseBasicString(Cursor* c, TomlTable* table, bool multi_line) {
  TomlValue& value = table->values_.back();
  std::string& out = table->text_;
  value.text_begin = static_cast<uint32_t>(out.size());
  c->p += multi_line ? 3 : 1;
  if (multi_line) {  // a newline right after the opening quotes is not part of the string
    if (c->p < c->end && *c->p == '\n') {
      ++c->p;
      ++c->line;
    } else if (c->p + 1 < c->end && c->p[0] == '\r' && c->p[1] == '\n') {
      c->p += 2;
      ++c->line;
    }
  }
  while (true) {
    // The plain run up to the next quote, backslash or control character, copied at once.
    const char* run = c->p;
    while (run < c->end && *run != '"' && *run != '\\' &&
           (static_cast<unsigned char>(*run) >= 0x20 || *run == '\t') && *run != 0x7f) {
      ++run;
    }
    out.append(c->p, run - c->p);
    c->p = run;
    if (c->AtEnd()) return c->Truncated("a string");
    const char ch = *c->p;
    if (ch == '"') {
      if (!multi_line) {
        ++c->p;
        break;
      }
      if (c->end - c->p < 3) {
        if (!c->at_eof) return c->Truncated("a string");
      } else if (c->p[1] == '"' && c->p[2] == '"') {
        c->p += 3;
        // Up to two more quotes just before the closing ones belong to the string.
        for (int extra = 0; extra < 2 && c->p < c->end && *c->p == '"'; ++extra) {
          out.push_back('"');
          ++c->p;
        }
        break;
      }
      out.push_back('"');
      ++c->p;
      continue;
    }
    if (ch == '\\') {
      if (c->end - c->p < 2) return c->Truncated("a string");
      const char e = c->p[1];
      c->p += 2;
      switch (e) {
        case 'b':
          out.push_back('\b');
          continue;
        case 't':
          out.push_back('\t');
          continue;
        case 'n':
          out.push_back('\n');
          continue;
        case 'f':
          out.push_back('\f');
          continue;
        case 'r':
          out.push_back('\r');
          continue;
        case 'e':
          out.push_back('\x1b');
          continue;
        case '"':
          out.push_back('"');
          continue;
        case '\\':
          out.push_back('\\');
          continue;
        case 'u':
        case 'U': {
          const int digits = e == 'u' ? 4 : 8;
          if (c->end - c->p < digits) return c->Truncated("a string");
          uint32_t code = 0;
          for (int i = 0; i < digits; ++i) {
            const char h = c->p[i];
            int v = IsDigit(h) ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                                          : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                                   : -1;
            if (v < 0) return c->Fail("bad \\u escape in a string");
            code = code * 16 + static_cast<uint32_t>(v);
          }
          if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
            return c->Fail("a \\u escape that is not a Unicode scalar value");
          }
          c->p += digits;
          AppendUtf8(code, &out);
          continue;
        }
        default:
          if (multi_line && (e == ' ' || e == '\t' || e == '\n' || e == '\r')) {
            // A line-ending backslash: the newline and the whitespace after it are trimmed.
            c->p -= 1;
            const char* q = c->p;
            while (q < c->end && (*q == ' ' || *q == '\t')) ++q;
            if (q < c->end && *q == '\r') ++q;
            if (q >= c->end || *q != '\n') return c->Fail("bad escape in a string");
            while (q < c->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) {
              if (*q == '\n') ++c->line;
              ++q;
            }
            c->p = q;
            continue;
          }
          return c->Fail(absl::StrCat("bad escape '\\", absl::string_view(&e, 1), "' in a string"));
      }
    }
    if (ch == '\n') {
      if (!multi_line) return c->Fail("a newline inside a one-line string");
      ++c->line;
    } else if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\r') {
      return c->Fail("a control character inside a string (escape it)");
    }
    out.push_back(ch);
    ++c->p;
  }
  value.text_size = static_cast<uint32_t>(out.size() - value.text_begin);
  return true;
}

bool TomlParser::ParseLiteralString(Cursor* c, TomlTable* table, bool multi_line) {
  TomlValue& value = table->values_.back();
  c->p += multi_line ? 3 : 1;
  if (multi_line) {
    if (c->p < c->end && *c->p == '\n') {
      ++c->p;
      ++c->line;
    } else if (c->p + 1 < c->end && c->p[0] == '\r' && c->p[1] == '\n') {
      c->p += 2;
      ++c->line;
    }
  }
  const char* start = c->p;
  while (true) {
    if (c->AtEnd()) return c->Truncated("a string");
    const char ch = *c->p;
    if (ch == '\'') {
      if (!multi_line) break;
      if (c->end - c->p < 3) {
        if (!c->at_eof) return c->Truncated("a string");
      } else if (c->p[1] == '\'' && c->p[2] == '\'') {
        int extra = 0;
        while (extra < 2 && c->p + 3 + extra < c->end && c->p[3 + extra] == '\'') ++extra;
        c->p += extra;
        break;
      }
    } else if (ch == '\n') {
      if (!multi_line) return c->Fail("a newline inside a one-line string");
      ++c->line;
    } else if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\r') {
      return c->Fail("a control character inside a literal string");
    }
    ++c->p;
  }
  value.text_begin = static_cast<uint32_t>(table->text_.size());
  table->text_.append(start, c->p - start);
  value.text_size = static_cast<uint32_t>(c->p - start);
  c->p += multi_line ? 3 : 1;
  return true;
}

bool TomlParser::ParseScalar(Cursor* c, TomlValue* value) {
  const char* start = c->p;
  auto token_char = [](char ch) {
    return IsBareKeyChar(ch) || ch == '+' || ch == '.' || ch == ':';
  };
  while (c->p < c->end && token_char(*c->p)) ++c->p;
  // A date and a time may be separated by one space.
  if (c->p + 1 < c->end && *c->p == ' ' && IsDigit(c->p[1]) && c->p - start == 10 &&
      start[4] == '-') {
    ++c->p;
    while (c->p < c->end && token_char(*c->p)) ++c->p;
  }
  if (c->AtEnd() && !c->at_eof) return c->Truncated("a value");
  absl::string_view token(start, c->p - start);
  if (token.empty()) {
    return c->Fail(absl::StrCat("expected a value, found '", absl::string_view(c->p, 1), "'"));
  }
  if (token == "true" || token == "false") {
    value->type = TomlType::kBool;
    value->text_begin = token == "true" ? 1 : 0;
  } else if (IsDecimalInteger(token)) {
    value->type = TomlType::kInteger;
  } else if (token.size() > 2 && token[0] == '0' &&
             (token[1] == 'x' || token[1] == 'o' || token[1] == 'b')) {
    value->type = TomlType::kInteger;  // hexadecimal, octal, binary: kept as text
  } else if (IsFloat(token)) {
    value->type = TomlType::kFloat;
  } else if (IsDateTime(token)) {
    value->type = TomlType::kDateTime;
  } else {
    return c->Fail(absl::StrCat("'", token.substr(0, 40), "' is not a TOML value"));
  }
  return true;
}

bool TomlParser::SkipInlineTable(Cursor* c, TomlTable* table, int depth) {
  ++c->p;  // '{'
  c->SkipSpaces();
  if (c->AtEnd()) return c->Truncated("an inline table");
  if (*c->p == '}') {
    ++c->p;
    return true;
  }
  while (true) {
    c->SkipSpaces();
    uint32_t begin = 0, size = 0;
    if (!ParseKey(c, table, &begin, &size)) return false;
    c->SkipSpaces();
    if (c->AtEnd()) return c->Truncated("an inline table");
    if (*c->p != '=') return c->Fail("expected '=' in an inline table");
    ++c->p;
    c->SkipSpaces();
    uint32_t ignored = 0;
    if (!ParseValue(c, table, depth + 1, &ignored)) return false;
    c->SkipSpaces();
    if (c->AtEnd()) return c->Truncated("an inline table");
    if (*c->p == '}') {
      ++c->p;
      return true;
    }
    if (*c->p != ',') return c->Fail("expected ',' or '}' in an inline table");
    ++c->p;
  }
}

bool TomlParser::ParseValue(Cursor* c, TomlTable* table, int depth, uint32_t* index) {
  if (depth > kMaxDepth) return c->Fail("values nested too deeply");
  if (c->AtEnd()) return c->Truncated("a value");
  *index = static_cast<uint32_t>(table->values_.size());
  table->values_.emplace_back();
  table->values_.back().line = c->line;
  table->values_.back().raw_begin = c->Offset();
  const char ch = *c->p;
  bool ok;
  TomlType type = TomlType::kString;
  if (ch == '"' || ch == '\'') {
    const bool multi = c->end - c->p >= 3 && c->p[1] == ch && c->p[2] == ch;
    if (!multi && c->end - c->p < 3 && !c->at_eof) return c->Truncated("a string");
    ok = ch == '"' ? ParseBasicString(c, table, multi) : ParseLiteralString(c, table, multi);
  } else if (ch == '[') {
    type = TomlType::kArray;
    ++c->p;
    const size_t base = scratch_.size();
    while (true) {
      // Whitespace, newlines and comments may stand anywhere between the elements.
      while (true) {
        c->SkipSpaces();
        if (c->AtEnd()) return c->Truncated("an array");
        if (*c->p == '\n') {
          ++c->p;
          ++c->line;
        } else if (*c->p == '\r' && c->p + 1 < c->end && c->p[1] == '\n') {
          c->p += 2;
          ++c->line;
        } else if (*c->p == '#') {
          const void* newline = std::memchr(c->p, '\n', c->end - c->p);
          if (newline == nullptr) return c->Truncated("an array");
          c->p = static_cast<const char*>(newline);
        } else {
          break;
        }
      }
      if (*c->p == ']') {
        ++c->p;
        break;
      }
      uint32_t element = 0;
      if (!ParseValue(c, table, depth + 1, &element)) return false;
      scratch_.push_back(element);
      while (true) {
        c->SkipSpaces();
        if (c->AtEnd()) return c->Truncated("an array");
        if (*c->p == '\n') {
          ++c->p;
          ++c->line;
        } else if (*c->p == '\r' && c->p + 1 < c->end && c->p[1] == '\n') {
          c->p += 2;
          ++c->line;
        } else if (*c->p == '#') {
          const void* newline = std::memchr(c->p, '\n', c->end - c->p);
          if (newline == nullptr) return c->Truncated("an array");
          c->p = static_cast<const char*>(newline);
        } else {
          break;
        }
      }
      if (*c->p == ',') {
        ++c->p;
      } else if (*c->p != ']') {
        return c->Fail(absl::StrCat("expected ',' or ']' in an array, found '",
                                    absl::string_view(c->p, 1), "'"));
      }
    }
    TomlValue& array = table->values_[*index];
    array.first_child = static_cast<uint32_t>(table->children_.size());
    array.num_children = static_cast<uint32_t>(scratch_.size() - base);
    table->children_.insert(table->children_.end(), scratch_.begin() + base, scratch_.end());
    scratch_.resize(base);
    ok = true;
  } else if (ch == '{') {
    type = TomlType::kInlineTable;
    ok = SkipInlineTable(c, table, depth);
  } else {
    TomlValue scalar;
    ok = ParseScalar(c, &scalar);
    if (ok) {
      type = scalar.type;
      table->values_[*index].text_begin = scalar.text_begin;
    }
  }
  if (!ok) return false;
  TomlValue& value = table->values_[*index];
  value.type = type;
  value.raw_end = c->Offset();
  return true;
}

TomlParser::Result TomlParser::Next(absl::string_view data, bool at_eof, int32_t line,
                                    TomlTable* table) {
  table->Clear();
  table->source_ = data;
  status_ = absl::OkStatus();
  scratch_.clear();
  Cursor c{data.data(), data.data(), data.data() + data.size(), at_eof, line, false, &status_};
  const char* table_start = nullptr;  // where the table's header or first entry begins
  auto fail = [&]() {
    error_offset_ = static_cast<size_t>((table_start != nullptr ? table_start : c.p) - data.data());
    return c.truncated && !at_eof ? Result::kNeedMore : Result::kError;
  };
  const char* table_end = c.p;
  int32_t table_end_line = c.line;
  while (true) {
    c.SkipSpaces();
    if (c.AtEnd()) {
      if (!at_eof) {
        c.truncated = true;
        return fail();
      }
      break;
    }
    const char ch = *c.p;
    if (ch == '\n' || ch == '\r' || ch == '#') {
      if (!EndOfLine(&c)) return fail();
      // Blank lines and comments after a table's last entry belong to the gap, not the table.
      if (table->has_header_ || !table->entries_.empty()) continue;
      table_end = c.p;
      table_end_line = c.line;
      continue;
    }
    if (ch == '[') {
      if (table->has_header_ || !table->entries_.empty()) break;  // the next table starts
      table_start = c.p;
      if (!ParseHeader(&c, table)) return fail();
      table->first_line_ = table->header_line_;
      table_end = c.p;
      table_end_line = c.line;
      continue;
    }
    TomlEntry entry;
    entry.line = c.line;
    if (table_start == nullptr) table_start = c.p;
    if (!ParseKey(&c, table, &entry.key_begin, &entry.key_size)) return fail();
    c.SkipSpaces();
    if (c.AtEnd()) {
      c.Truncated("a key = value line");
      return fail();
    }
    if (*c.p != '=') {
      c.Fail(absl::StrCat("expected '=' after the key '", table->key(entry), "'"));
      return fail();
    }
    ++c.p;
    c.SkipSpaces();
    if (!ParseValue(&c, table, 0, &entry.value)) return fail();
    if (!EndOfLine(&c)) return fail();
    const absl::string_view key = table->key(entry);
    for (const TomlEntry& other : table->entries_) {
      if (other.key_size == entry.key_size && table->key(other) == key) {
        c.line = entry.line;
        c.Fail(absl::StrCat("the key '", key, "' is given twice (first on line ", other.line,
                            ")"));
        return fail();
      }
    }
    if (table->entries_.empty() && !table->has_header_) table->first_line_ = entry.line;
    table->entries_.push_back(entry);
    table_end = c.p;
    table_end_line = c.line;
  }
  if (!table->has_header_ && table->entries_.empty()) {
    consumed_ = static_cast<size_t>(c.p - data.data());
    consumed_lines_ = c.line - line;
    return Result::kEnd;
  }
  consumed_ = static_cast<size_t>(table_end - data.data());
  consumed_lines_ = table_end_line - line;
  return Result::kTable;
}

bool IsTomlBareKey(absl::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!IsBareKeyChar(c)) return false;
  }
  return true;
}

std::string TomlQuote(absl::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) {
          absl::StrAppendFormat(&out, "\\u%04x", static_cast<unsigned char>(ch));
        } else {
          out.push_back(ch);
        }
    }
  }
  out.push_back('"');
  return out;
}

}  // namespace logs_parser
