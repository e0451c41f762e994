// Whole-file reads and atomic writes with errors that name the file: the one place the project
// opens a file it reads whole (game files, models, parameter and strategy files) or replaces
// atomically (models, swarms).
#ifndef POKER_FILE_IO_H_
#define POKER_FILE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace poker {

// The bytes of the regular file `path`. Errors (the message starts with the path): NotFound when
// it cannot be opened, FailedPrecondition when it is a folder or not a regular file (reading a
// folder with std::ifstream throws std::ios_failure), DataLoss on a read error.
absl::StatusOr<std::string> ReadFileToString(const std::string& path);

// OK when `path` opens and is a regular file, with ReadFileToString's errors otherwise; reads
// nothing (a file that is loaded later, or only when needed). A FIFO is refused at once.
absl::Status CheckRegularFile(const std::string& path);

// The error of a file a command line or a player spec names, as the programs report it: what the
// file holds is data, so a loader's InvalidArgument (bad contents) becomes FailedPrecondition,
// keeping the message; other codes are kept. The programs exit 2 for InvalidArgument only (a bad
// command line) and 1 for the rest, as the README's rule says.
absl::Status FileDataFailure(const absl::Status& status);

// Replaces `path` with `data` atomically: writes a temporary file next to it, fsyncs it, renames
// it over `path` and fsyncs the folder, so that a crash leaves the old file or the new one, never
// a part. Errors name the file; the temporary file is removed on failure.
absl::Status WriteFileAtomically(const std::string& path, absl::string_view data);

}  // namespace poker

#endif  // POKER_FILE_IO_H_
