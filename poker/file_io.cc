#include "poker/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

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

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string HostName() {
  char name[HOST_NAME_MAX + 1] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  std::string host(name);
  // A name with a '/' cannot be part of a file name.
  for (char& c : host) {
    if (c == '/') c = '_';
  }
  return host;
}

// Removes `PATH.tmp.HOST.PID` files of this host whose process no longer runs: left by a writer
// killed between creating and renaming its temporary file. Files of other hosts (a shared
// folder) and of running processes are kept. Best effort: errors are ignored.
void RemoveStaleTemporaries(const std::string& path) {
  const std::string prefix = absl::StrCat(BaseName(path), ".tmp.", HostName(), ".");
  DIR* folder = opendir(FolderOf(path).c_str());
  if (folder == nullptr) return;
  std::vector<std::string> stale;
  while (const dirent* entry = readdir(folder)) {
    absl::string_view name(entry->d_name);
    if (!absl::ConsumePrefix(&name, prefix)) continue;
    int pid = 0;
    if (!absl::SimpleAtoi(name, &pid) || pid <= 0 || pid == getpid()) continue;
    if (kill(pid, 0) != 0 && errno == ESRCH) stale.emplace_back(entry->d_name);
  }
  closedir(folder);
  for (const std::string& name : stale) unlink((FolderOf(path) + "/" + name).c_str());
}

}  // namespace

absl::StatusOr<int> OpenRegularFile(const std::string& path, int64_t* size_bytes) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer; reads of a regular file ignore it.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const int error = errno;
    const std::string message = absl::StrCat(path, ": cannot open: ", std::strerror(error));
    if (error == EACCES || error == EPERM) return absl::PermissionDeniedError(message);
    return absl::NotFoundError(message);
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
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": not a regular file (a device, FIFO or socket is not read)"));
  }
  if (size_bytes != nullptr) *size_bytes = info.st_size;
  closer.fd = -1;
  return fd;
}

absl::Status CheckRegularFile(const std::string& path) {
  absl::StatusOr<int> fd = OpenRegularFile(path);
  if (!fd.ok()) return fd.status();
  close(*fd);
  return absl::OkStatus();
}

absl::Status FileDataFailure(const absl::Status& status) {
  if (!absl::IsInvalidArgument(status)) return status;
  return absl::FailedPreconditionError(status.message());
}

absl::StatusOr<std::string> ReadFileToString(const std::string& path, int64_t max_bytes) {
  int64_t size = 0;
  absl::StatusOr<int> opened = OpenRegularFile(path, &size);
  if (!opened.ok()) return opened.status();
  const int fd = *opened;
  FdCloser closer{fd};
  const auto too_large = [&](int64_t bytes) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": ", bytes, " bytes or more, larger than the ", max_bytes,
        " bytes a file of this kind may have (not one of the files this program reads?)"));
  };
  if (size > max_bytes) return too_large(size);
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
    // A file that grows while it is read is still held to the limit.
    if (static_cast<int64_t>(data.size()) + n > max_bytes) {
      return too_large(static_cast<int64_t>(data.size()) + n);
    }
    data.append(buffer, static_cast<size_t>(n));
  }
  return data;
}

absl::Status CheckOutputPath(const std::string& path, absl::string_view what) {
  const std::string name = what.empty() ? path : absl::StrCat(what, " ", path);
  if (path.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what.empty() ? "an output" : what, " names no file (an empty path)"));
  }
  struct stat info {};
  if (stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) {
      return absl::FailedPreconditionError(absl::StrCat(name, ": is a folder, not a file"));
    }
    if (!S_ISREG(info.st_mode)) {
      return absl::FailedPreconditionError(absl::StrCat(
          name, ": not a regular file (writing replaces the file: give a file's path)"));
    }
  }
  const std::string folder = FolderOf(path);
  if (stat(folder.c_str(), &info) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(name, ": the folder ", folder, " does not exist"));
  }
  if (!S_ISDIR(info.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(name, ": ", folder, " is not a folder"));
  }
  if (access(folder.c_str(), W_OK | X_OK) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(name, ": cannot write in the folder ", folder, ": ", std::strerror(errno)));
  }
  return absl::OkStatus();
}

uint64_t Fnv1a64(absl::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string TemporaryPathFor(const std::string& path) {
  return absl::StrCat(path, ".tmp.", HostName(), ".", getpid());
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view data) {
  struct stat existing {};
  if (stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, S_ISDIR(existing.st_mode) ? ": is a folder, not a file"
                                                     : ": not a regular file: not replaced"));
  }
  RemoveStaleTemporaries(path);
  const std::string temp = TemporaryPathFor(path);
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
