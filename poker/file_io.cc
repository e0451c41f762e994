#include "poker/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"

namespace poker {
namespace {

// Closes a descriptor when it goes out of scope.
struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) close(fd);
  }
};

std::string FolderOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Opens `path` for reading and checks that it is a regular file (O_NONBLOCK: opening a FIFO does
// not wait for a writer; reads of a regular file ignore the flag). `size` gets its size.
absl::StatusOr<int> OpenRegularFile(const std::string& path, off_t* size) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot open: ", std::strerror(errno)));
  }
  FdCloser closer{fd};
  struct stat info {};
  if (fstat(fd, &info) != 0) {
    return absl::DataLossError(absl::StrCat(path, ": cannot stat: ", std::strerror(errno)));
  }
  if (S_ISDIR(info.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": is a folder, not a file"));
  }
  if (!S_ISREG(info.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": not a regular file"));
  }
  *size = info.st_size;
  closer.fd = -1;
  return fd;
}

}  // namespace

absl::Status CheckRegularFile(const std::string& path) {
  off_t size = 0;
  absl::StatusOr<int> fd = OpenRegularFile(path, &size);
  if (!fd.ok()) return fd.status();
  close(*fd);
  return absl::OkStatus();
}

absl::Status FileDataFailure(const absl::Status& status) {
  if (!absl::IsInvalidArgument(status)) return status;
  return absl::FailedPreconditionError(status.message());
}

absl::StatusOr<std::string> ReadFileToString(const std::string& path) {
  off_t size = 0;
  absl::StatusOr<int> opened = OpenRegularFile(path, &size);
  if (!opened.ok()) return opened.status();
  const int fd = *opened;
  FdCloser closer{fd};
  std::string data;
  data.reserve(static_cast<size_t>(size));
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      return absl::DataLossError(absl::StrCat(path, ": read error: ", std::strerror(errno)));
    }
    if (n == 0) break;
    data.append(buffer, static_cast<size_t>(n));
  }
  return data;
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view data) {
  const std::string temp = absl::StrCat(path, ".tmp.", getpid());
  const auto fail = [&temp](absl::Status status) {
    unlink(temp.c_str());
    return status;
  };
  {
    const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
      return absl::PermissionDeniedError(
          absl::StrCat(temp, ": cannot create: ", std::strerror(errno)));
    }
    FdCloser closer{fd};
    size_t written = 0;
    while (written < data.size()) {
      const ssize_t n = write(fd, data.data() + written, data.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        return fail(
            absl::DataLossError(absl::StrCat(temp, ": write failed: ", std::strerror(errno))));
      }
      written += static_cast<size_t>(n);
    }
    if (fsync(fd) != 0) {
      return fail(
          absl::DataLossError(absl::StrCat(temp, ": fsync failed: ", std::strerror(errno))));
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string error = std::strerror(errno);
    return fail(absl::PermissionDeniedError(
        absl::StrCat(path, ": cannot rename ", temp, " over it: ", error)));
  }
  // The rename itself is durable once the folder is synced (best effort: some file systems
  // refuse fsync on a folder).
  const int folder = open(FolderOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder >= 0) {
    fsync(folder);
    close(folder);
  }
  return absl::OkStatus();
}

}  // namespace poker
