#include "logs_parser/phh_file.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace logs_parser {
namespace {

constexpr size_t kChunkBytes = 256 * 1024;
// Enough of a file's start to find its first line that is not a comment.
constexpr size_t kSniffBytes = 64 * 1024;

absl::string_view WithoutCompressionSuffix(absl::string_view name) {
  if (absl::EndsWith(name, ".gz")) name.remove_suffix(3);
  if (absl::EndsWith(name, ".bz2")) name.remove_suffix(4);
  return name;
}

}  // namespace

bool IsPhhFileName(absl::string_view name) {
  name = WithoutCompressionSuffix(name);
  return absl::EndsWith(name, ".phh") || absl::EndsWith(name, ".phhs");
}

absl::StatusOr<LogFormat> DetectLogFormat(const std::string& path) {
  if (IsPhhFileName(path)) return LogFormat::kPhh;
  if (absl::EndsWith(WithoutCompressionSuffix(path), ".log")) return LogFormat::kAcpc;
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
  if (!source.ok()) return source.status();
  std::string head(kSniffBytes, '\0');
  size_t size = 0;
  while (size < head.size()) {
    absl::StatusOr<size_t> got = (*source)->Read(head.data() + size, head.size() - size);
    if (!got.ok()) return got.status();
    if (*got == 0) break;
    size += *got;
  }
  head.resize(size);
  for (absl::string_view line : absl::StrSplit(head, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') return LogFormat::kPhh;
    // `key = value` with a bare key.
    size_t key_end = 0;
    while (key_end < line.size() &&
           (absl::ascii_isalnum(static_cast<unsigned char>(line[key_end])) ||
            line[key_end] == '_' || line[key_end] == '-')) {
      ++key_end;
    }
    absl::string_view rest = absl::StripLeadingAsciiWhitespace(line.substr(key_end));
    if (key_end > 0 && !rest.empty() && rest[0] == '=') return LogFormat::kPhh;
    return LogFormat::kAcpc;
  }
  return LogFormat::kAcpc;
}

PhhTableReader::PhhTableReader(ByteSource* source, size_t max_hand_bytes)
    : source_(source),
      max_hand_bytes_(max_hand_bytes),
      buffer_(std::max(kChunkBytes, std::min(max_hand_bytes, 4 * kChunkBytes))) {}

bool PhhTableReader::Fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kChunkBytes / 2) buffer_.resize(buffer_.size() * 2);
  absl::StatusOr<size_t> got = source_->Read(buffer_.data() + end_, buffer_.size() - end_);
  if (!got.ok()) {
    status_ = got.status();
    return false;
  }
  if (*got == 0) eof_ = true;
  end_ += *got;
  return true;
}

bool PhhTableReader::SkipHand(size_t offset) {
  // Up to the hand's start.
  line_ += static_cast<int32_t>(std::count(buffer_.data() + begin_,
                                           buffer_.data() + begin_ + offset, '\n'));
  begin_ += offset;
  bool first = true;
  while (true) {
    const char* start = buffer_.data() + begin_;
    const void* newline = std::memchr(start, '\n', end_ - begin_);
    if (newline == nullptr) {
      if (eof_) {
        begin_ = end_;
        return true;
      }
      // The rest of a long line: nothing of it is needed.
      begin_ = end_;
      if (!Fill()) return false;
      continue;
    }
    if (!first) {
      size_t q = 0;
      const size_t size = static_cast<const char*>(newline) - start;
      while (q < size && (start[q] == ' ' || start[q] == '\t')) ++q;
      if (q < size && start[q] == '[') return true;
    }
    first = false;
    begin_ += static_cast<const char*>(newline) - start + 1;
    ++line_;
    if (begin_ == end_ && !eof_ && !Fill()) return false;
  }
}

PhhTableReader::Result PhhTableReader::Next() {
  status_ = absl::OkStatus();
  if (end_ == 0 && !eof_ && !Fill()) return Result::kError;
  while (true) {
    const TomlParser::Result result = parser_.Next(Data(), eof_, line_, &table_);
    switch (result) {
      case TomlParser::Result::kTable:
        table_line_ = table_.first_line();
        begin_ += parser_.consumed();
        line_ += parser_.consumed_lines();
        return Result::kTable;
      case TomlParser::Result::kEnd:
        begin_ = end_;
        return Result::kEnd;
      case TomlParser::Result::kError: {
        status_ = parser_.status();
        const size_t offset = parser_.error_offset();
        table_line_ = line_ + static_cast<int32_t>(std::count(
                                  buffer_.data() + begin_, buffer_.data() + begin_ + offset, '\n'));
        if (!SkipHand(offset)) return Result::kError;
        return Result::kBadTable;
      }
      case TomlParser::Result::kNeedMore:
        if (end_ - begin_ >= max_hand_bytes_) {
          const size_t offset = parser_.error_offset();
          table_line_ = line_ + static_cast<int32_t>(std::count(
                                    buffer_.data() + begin_, buffer_.data() + begin_ + offset,
                                    '\n'));
          status_ = absl::InvalidArgumentError(
              absl::StrCat("a hand of more than ", max_hand_bytes_, " bytes"));
          if (!SkipHand(offset)) return Result::kError;
          return Result::kTooLong;
        }
        if (!Fill()) return Result::kError;
        break;
    }
  }
}

}  // namespace logs_parser
