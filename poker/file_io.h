// Whole-file reads, output-path checks and atomic writes with errors that name the file: the one
// place the project opens a file it reads (game files, models, parameter, strategy and JSON files
// whole; logs through logs_parser's line reader, which opens them here too), checks where it will
// write before the work starts, and replaces a file atomically (models, strategies, swarms,
// pages, match results).
#ifndef POKER_FILE_IO_H_
#define POKER_FILE_IO_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace poker {

// The most ReadFileToString reads unless the caller gives a smaller limit: above any file the
// project writes (the largest are solver checkpoints, 16 bytes per strategy entry).
inline constexpr int64_t kMaxFileBytes = int64_t{8} << 30;

// Opens `path` for reading when it is a regular file and returns the descriptor (the caller
// closes it); `size_bytes` (if given) gets its size. Errors (the message starts with the path):
// NotFound when it does not exist, PermissionDenied when it may not be read, FailedPrecondition
// when it is a folder or not a regular file (a device such as /dev/zero or /dev/urandom would be
// read forever; a FIFO is refused at once, without waiting for a writer), DataLoss when it cannot
// be examined.
absl::StatusOr<int> OpenRegularFile(const std::string& path, int64_t* size_bytes = nullptr);

// The bytes of the regular file `path` (OpenRegularFile's checks), refused with
// FailedPrecondition when it holds more than `max_bytes` (a format's own limit: a game file, a
// match result; nothing larger is allocated). DataLoss on a read error.
absl::StatusOr<std::string> ReadFileToString(const std::string& path,
                                             int64_t max_bytes = kMaxFileBytes);

// OK when `path` opens and is a regular file, with OpenRegularFile's errors otherwise; reads
// nothing (a file that is loaded later, or only when needed).
absl::Status CheckRegularFile(const std::string& path);

// Whether a program may write `path` (checked before its work starts, so that an hour of work is
// not lost to a typo): the folder exists, is a folder and may be written, and `path` is not a
// folder nor anything but a regular file (atomic writes replace it: a device or a link to one
// would be replaced). `what` names the option in the message ("--out"). Errors:
// InvalidArgument for an empty path, FailedPrecondition otherwise; writes nothing.
absl::Status CheckOutputPath(const std::string& path, absl::string_view what = "");

// The error of a file a command line or a player spec names, as the programs report it: what the
// file holds is data, so a loader's InvalidArgument (bad contents) becomes FailedPrecondition,
// keeping the message; other codes are kept. The programs exit 2 for InvalidArgument only (a bad
// command line) and 1 for the rest, as the README's rule says.
absl::Status FileDataFailure(const absl::Status& status);

// Replaces `path` with `data` atomically: writes a temporary file next to it
// (`PATH.tmp.HOST.PID`), fsyncs it, renames it over `path` and fsyncs the folder, so that a crash
// leaves the old file or the new one, never a part. Temporary files of `path` left by a process of
// this host that no longer runs (killed with SIGKILL or by a power cut) are removed first. Errors
// name the file; the temporary file is removed on failure. Refuses a `path` that exists and is not
// a regular file.
absl::Status WriteFileAtomically(const std::string& path, absl::string_view data);

// The temporary file name WriteFileAtomically uses for `path` in this process.
std::string TemporaryPathFor(const std::string& path);

// FNV-1a 64 of `bytes`: the checksum the project's files carry over their header and payload
// (strategy files, match results), so that a file is checked whole when it is read back.
uint64_t Fnv1a64(absl::string_view bytes);

}  // namespace poker

#endif  // POKER_FILE_IO_H_
