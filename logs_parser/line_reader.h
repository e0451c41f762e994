// Reads the lines of a plain, gzip or bzip2 file in bounded memory, whatever the file and line
// lengths.
#ifndef LOGS_PARSER_LINE_READER_H_
#define LOGS_PARSER_LINE_READER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace logs_parser {

// How a file's bytes are stored.
enum class Compression { kNone, kGzip, kBzip2 };
const char* CompressionName(Compression compression);  // "plain", "gzip", "bzip2"

// A file's bytes, decompressed on the fly. Not thread-safe; one reader per file.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads up to `n` bytes into `buffer`; 0 means the end of the data. Truncated or corrupt
  // compressed data is an error (DataLossError) naming the file.
  virtual absl::StatusOr<size_t> Read(char* buffer, size_t n) = 0;
  virtual Compression compression() const = 0;
  // Bytes of the file read so far, as stored (compressed): for progress.
  virtual int64_t file_bytes_read() const { return 0; }
};

// Opens `path`. The compression is told by the first bytes (gzip 1f 8b, bzip2 `BZh`), not by the
// file name, so a renamed file still reads; concatenated gzip members / bzip2 streams are read as
// one. Only regular files are opened (poker::OpenRegularFile: a device such as /dev/zero or a
// FIFO is refused, not read forever). Errors: NotFound / PermissionDenied / FailedPrecondition
// naming the file and the reason.
absl::StatusOr<std::unique_ptr<ByteSource>> OpenByteSource(const std::string& path);

// Splits a ByteSource into lines. A line ends at `\n`; a `\r` before it and a missing final
// newline are tolerated. Memory is one fixed buffer: a line longer than `max_line_bytes` is
// skipped as it streams by and reported as kTooLong, never held whole.
class LineReader {
 public:
  enum class Result { kLine, kTooLong, kEnd, kError };

  // The default limit is far above any real STATE line (a 10-player hand is under 2 KB).
  static constexpr size_t kDefaultMaxLineBytes = 64 * 1024;

  explicit LineReader(ByteSource* source, size_t max_line_bytes = kDefaultMaxLineBytes);

  // kLine: `*line` is the next line without its ending, valid until the next call. kTooLong: the
  // line was skipped; `*line` holds its first bytes (for messages) and too_long_bytes() its
  // length. kEnd: no more lines. kError: the source failed (status()); lines already returned
  // stand, the partial line being read is dropped.
  Result Next(absl::string_view* line);

  // 1-based number of the line last returned (0 before the first).
  int64_t line_number() const { return line_number_; }
  int64_t too_long_bytes() const { return too_long_bytes_; }
  const absl::Status& status() const { return status_; }

 private:
  // Reads more bytes after end_, compacting the buffer first. False on error (status_ set).
  bool Fill();
  // Discards the rest of an over-long line up to its newline; false on error.
  bool SkipRestOfLine();

  ByteSource* source_;
  size_t max_line_bytes_;
  std::vector<char> buffer_;
  size_t begin_ = 0;  // start of unread data in buffer_
  size_t end_ = 0;    // end of valid data in buffer_
  bool eof_ = false;
  int64_t line_number_ = 0;
  int64_t too_long_bytes_ = 0;
  std::string too_long_prefix_;
  absl::Status status_;
};

}  // namespace logs_parser

#endif  // LOGS_PARSER_LINE_READER_H_
