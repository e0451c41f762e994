#include "logs_parser/line_reader.h"

#include <bzlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "poker/file_io.h"

namespace logs_parser {

const char* CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kNone:
      return "plain";
    case Compression::kGzip:
      return "gzip";
    case Compression::kBzip2:
      return "bzip2";
  }
  return "?";
}

namespace {

constexpr size_t kInputChunkBytes = 128 * 1024;
// How much of an over-long line is kept for the message.
constexpr size_t kPrefixBytes = 64;

absl::Status ErrnoStatus(int error, const std::string& path, absl::string_view what) {
  std::string message = absl::StrCat(path, ": ", what, ": ", std::strerror(error));
  switch (error) {
    case ENOENT:
      return absl::NotFoundError(message);
    case EACCES:
    case EPERM:
      return absl::PermissionDeniedError(message);
    default:
      return absl::UnavailableError(message);
  }
}

// Owns a file descriptor; reads retry on EINTR.
class File {
 public:
  File(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~File() {
    if (fd_ >= 0) ::close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;

  absl::StatusOr<size_t> Read(char* buffer, size_t n) {
    while (true) {
      ssize_t got = ::read(fd_, buffer, n);
      if (got >= 0) {
        bytes_read_ += got;
        return static_cast<size_t>(got);
      }
      if (errno != EINTR) return ErrnoStatus(errno, path_, "read failed");
    }
  }
  const std::string& path() const { return path_; }
  int64_t bytes_read() const { return bytes_read_; }

 private:
  int fd_;
  std::string path_;
  int64_t bytes_read_ = 0;
};

class PlainSource : public ByteSource {
 public:
  explicit PlainSource(std::unique_ptr<File> file) : file_(std::move(file)) {}
  absl::StatusOr<size_t> Read(char* buffer, size_t n) override { return file_->Read(buffer, n); }
  Compression compression() const override { return Compression::kNone; }
  int64_t file_bytes_read() const override { return file_->bytes_read(); }

 private:
  std::unique_ptr<File> file_;
};

// Shared input buffering for the decompressors.
class CompressedInput {
 public:
  explicit CompressedInput(std::unique_ptr<File> file)
      : file_(std::move(file)), input_(kInputChunkBytes) {}

  // Makes sure some input is buffered unless the file is at its end. False on a read error.
  absl::Status Refill(size_t* available, const char** next) {
    if (*available == 0 && !eof_) {
      absl::StatusOr<size_t> got = file_->Read(input_.data(), input_.size());
      if (!got.ok()) return got.status();
      if (*got == 0) eof_ = true;
      *available = *got;
      *next = input_.data();
    }
    return absl::OkStatus();
  }
  bool eof() const { return eof_; }
  const std::string& path() const { return file_->path(); }
  int64_t bytes_read() const { return file_->bytes_read(); }

 private:
  std::unique_ptr<File> file_;
  std::vector<char> input_;
  bool eof_ = false;
};

class GzipSource : public ByteSource {
 public:
  explicit GzipSource(std::unique_ptr<File> file) : in_(std::move(file)) {
    stream_ = {};
    // 15 + 16: a gzip wrapper (not zlib, not raw deflate), the largest window.
    init_status_ = inflateInit2(&stream_, 15 + 16);
  }
  ~GzipSource() override {
    if (init_status_ == Z_OK) inflateEnd(&stream_);
  }

  absl::StatusOr<size_t> Read(char* buffer, size_t n) override {
    if (init_status_ != Z_OK) return absl::InternalError(in_.path() + ": zlib init failed");
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = static_cast<uInt>(n);
    while (stream_.avail_out == n && !finished_) {
      size_t available = stream_.avail_in;
      const char* next = reinterpret_cast<const char*>(stream_.next_in);
      if (absl::Status status = in_.Refill(&available, &next); !status.ok()) return status;
      stream_.avail_in = static_cast<uInt>(available);
      stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(next));
      if (stream_.avail_in == 0 && in_.eof()) {
        if (in_member_) {
          return absl::DataLossError(absl::StrCat(
              in_.path(), ": truncated gzip data (the file ends inside a compressed stream)"));
        }
        finished_ = true;
        break;
      }
      if (!in_member_) {
        // Another member of a concatenated .gz; anything else after a member is corruption.
        if (stream_.next_in[0] != 0x1f) {
          return absl::DataLossError(
              absl::StrCat(in_.path(), ": data after the end of the gzip stream"));
        }
        inflateReset(&stream_);
        in_member_ = true;
      }
      int result = inflate(&stream_, Z_NO_FLUSH);
      if (result == Z_STREAM_END) {
        in_member_ = false;
      } else if (result != Z_OK && result != Z_BUF_ERROR) {
        return absl::DataLossError(absl::StrCat(in_.path(), ": corrupt gzip data (",
                                                stream_.msg ? stream_.msg : "zlib error", ")"));
      }
    }
    return n - stream_.avail_out;
  }
  Compression compression() const override { return Compression::kGzip; }
  int64_t file_bytes_read() const override { return in_.bytes_read(); }

 private:
  CompressedInput in_;
  z_stream stream_;
  int init_status_;
  bool in_member_ = true;
  bool finished_ = false;
};

class Bzip2Source : public ByteSource {
 public:
  explicit Bzip2Source(std::unique_ptr<File> file) : in_(std::move(file)) {
    stream_ = {};
    init_status_ = BZ2_bzDecompressInit(&stream_, 0, 0);
  }
  ~Bzip2Source() override {
    if (init_status_ == BZ_OK) BZ2_bzDecompressEnd(&stream_);
  }

  absl::StatusOr<size_t> Read(char* buffer, size_t n) override {
    if (init_status_ != BZ_OK) return absl::InternalError(in_.path() + ": bzip2 init failed");
    stream_.next_out = buffer;
    stream_.avail_out = static_cast<unsigned>(n);
    while (stream_.avail_out == n && !finished_) {
      size_t available = stream_.avail_in;
      const char* next = stream_.next_in;
      if (absl::Status status = in_.Refill(&available, &next); !status.ok()) return status;
      stream_.avail_in = static_cast<unsigned>(available);
      stream_.next_in = const_cast<char*>(next);
      if (stream_.avail_in == 0 && in_.eof()) {
        if (in_stream_) {
          return absl::DataLossError(absl::StrCat(
              in_.path(), ": truncated bzip2 data (the file ends inside a compressed stream)"));
        }
        finished_ = true;
        break;
      }
      if (!in_stream_) {
        // A further stream of a concatenated .bz2 (as written by pbzip2 or `cat a.bz2 b.bz2`).
        if (stream_.next_in[0] != 'B') {
          return absl::DataLossError(
              absl::StrCat(in_.path(), ": data after the end of the bzip2 stream"));
        }
        BZ2_bzDecompressEnd(&stream_);
        const bz_stream keep = stream_;
        stream_ = {};
        init_status_ = BZ2_bzDecompressInit(&stream_, 0, 0);
        if (init_status_ != BZ_OK) return absl::InternalError(in_.path() + ": bzip2 init failed");
        stream_.next_in = keep.next_in;
        stream_.avail_in = keep.avail_in;
        stream_.next_out = keep.next_out;
        stream_.avail_out = keep.avail_out;
        in_stream_ = true;
      }
      int result = BZ2_bzDecompress(&stream_);
      if (result == BZ_STREAM_END) {
        in_stream_ = false;
      } else if (result != BZ_OK) {
        return absl::DataLossError(
            absl::StrCat(in_.path(), ": corrupt bzip2 data (libbz2 error ", result, ")"));
      }
    }
    return n - stream_.avail_out;
  }
  Compression compression() const override { return Compression::kBzip2; }
  int64_t file_bytes_read() const override { return in_.bytes_read(); }

 private:
  CompressedInput in_;
  bz_stream stream_;
  int init_status_;
  bool in_stream_ = true;
  bool finished_ = false;
};

}  // namespace

absl::StatusOr<std::unique_ptr<ByteSource>> OpenByteSource(const std::string& path) {
  // Regular files only: a device (/dev/zero, /dev/urandom) or a FIFO would be read forever.
  absl::StatusOr<int> opened = poker::OpenRegularFile(path);
  if (!opened.ok()) return opened.status();
  const int fd = *opened;
  // OpenRegularFile opens without blocking (a FIFO is refused, not waited for); reads block.
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  auto file = std::make_unique<File>(fd, path);
  unsigned char magic[3] = {0, 0, 0};
  ssize_t got = ::pread(fd, magic, sizeof(magic), 0);
  if (got < 0 && errno != ESPIPE) return ErrnoStatus(errno, path, "cannot read");
  if (got >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    return std::make_unique<GzipSource>(std::move(file));
  }
  if (got >= 3 && magic[0] == 'B' && magic[1] == 'Z' && magic[2] == 'h') {
    return std::make_unique<Bzip2Source>(std::move(file));
  }
  return std::make_unique<PlainSource>(std::move(file));
}

LineReader::LineReader(ByteSource* source, size_t max_line_bytes)
    : source_(source),
      max_line_bytes_(max_line_bytes),
      // Room for a whole maximal line plus large reads.
      buffer_(std::max<size_t>(4 * max_line_bytes, 256 * 1024)) {}

bool LineReader::Fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  absl::StatusOr<size_t> got = source_->Read(buffer_.data() + end_, buffer_.size() - end_);
  if (!got.ok()) {
    status_ = got.status();
    return false;
  }
  if (*got == 0) eof_ = true;
  end_ += *got;
  return true;
}

bool LineReader::SkipRestOfLine() {
  char last = 0;  // the byte before the newline: a `\r` is not counted in the length
  while (true) {
    const char* start = buffer_.data() + begin_;
    const void* newline = std::memchr(start, '\n', end_ - begin_);
    if (newline != nullptr) {
      size_t skipped = static_cast<const char*>(newline) - start;
      if (skipped > 0) last = start[skipped - 1];
      too_long_bytes_ += static_cast<int64_t>(skipped) - (last == '\r' ? 1 : 0);
      begin_ += skipped + 1;
      return true;
    }
    if (end_ > begin_) last = buffer_[end_ - 1];
    too_long_bytes_ += static_cast<int64_t>(end_ - begin_);
    begin_ = end_ = 0;
    if (eof_) {
      if (last == '\r') --too_long_bytes_;
      return true;
    }
    if (!Fill()) return false;
  }
}

LineReader::Result LineReader::Next(absl::string_view* line) {
  if (!status_.ok()) return Result::kError;
  size_t scanned = 0;  // bytes after begin_ already known to hold no newline
  while (true) {
    const char* start = buffer_.data() + begin_;
    size_t available = end_ - begin_;
    const void* newline = std::memchr(start + scanned, '\n', available - scanned);
    size_t length;
    if (newline != nullptr) {
      length = static_cast<const char*>(newline) - start;
      begin_ += length + 1;
    } else if (available > max_line_bytes_ + 1) {  // + 1: room for a `\r` before the `\n`
      ++line_number_;
      too_long_prefix_.assign(start, std::min<size_t>(available, kPrefixBytes));
      too_long_bytes_ = 0;
      if (!SkipRestOfLine()) return Result::kError;
      *line = too_long_prefix_;
      return Result::kTooLong;
    } else if (eof_) {
      if (available == 0) return Result::kEnd;
      length = available;  // the last line has no final newline
      begin_ = end_;
    } else {
      scanned = available;
      if (!Fill()) return Result::kError;
      continue;
    }
    ++line_number_;
    if (length > 0 && start[length - 1] == '\r') --length;
    if (length > max_line_bytes_) {
      too_long_bytes_ = static_cast<int64_t>(length);
      too_long_prefix_.assign(start, std::min<size_t>(length, kPrefixBytes));
      *line = too_long_prefix_;
      return Result::kTooLong;
    }
    *line = absl::string_view(start, length);
    return Result::kLine;
  }
}

}  // namespace logs_parser
