// Whole-file reads and atomic writes: contents, a folder where a file is expected, missing files,
// FIFOs; the regular-file check and how a file's errors are reported.
#include "poker/file_io.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "tests/common/test_support.h"

namespace poker {
namespace {

using ::testing::HasSubstr;

TEST(FileIoTest, WritesAtomicallyAndReadsBack) {
  const test_support::TempDir dir;
  const std::string path = dir.File("data.bin");
  const std::string bytes("a\0b\nc", 5);
  ASSERT_TRUE(WriteFileAtomically(path, bytes).ok());
  absl::StatusOr<std::string> back = ReadFileToString(path);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, bytes);
  ASSERT_TRUE(WriteFileAtomically(path, "new").ok());  // replaces
  EXPECT_EQ(*ReadFileToString(path), "new");
  // No temporary file is left behind.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

TEST(FileIoTest, AFolderIsAClearErrorNotAnException) {
  const test_support::TempDir dir;
  absl::StatusOr<std::string> read = ReadFileToString(dir.path());
  ASSERT_FALSE(read.ok());
  EXPECT_TRUE(absl::IsFailedPrecondition(read.status()));
  EXPECT_THAT(std::string(read.status().message()), HasSubstr("is a folder, not a file"));
  // The game loader goes through it (it used to abort with std::ios_failure).
  absl::StatusOr<GameDef> game = LoadGameDef(dir.path());
  ASSERT_FALSE(game.ok());
  EXPECT_THAT(std::string(game.status().message()), HasSubstr("is a folder, not a file"));
  // Writing over a folder fails and names it.
  const absl::Status write = WriteFileAtomically(dir.path(), "x");
  EXPECT_FALSE(write.ok());
  EXPECT_THAT(std::string(write.message()), HasSubstr(dir.path()));
}

TEST(FileIoTest, MissingFileAndUnwritableFolder) {
  const test_support::TempDir dir;
  absl::StatusOr<std::string> missing = ReadFileToString(dir.File("nope"));
  EXPECT_TRUE(absl::IsNotFound(missing.status()));
  EXPECT_THAT(std::string(missing.status().message()), HasSubstr("nope: cannot open"));
  EXPECT_FALSE(WriteFileAtomically(dir.File("no/such/folder/f"), "x").ok());
}

TEST(FileIoTest, CheckRegularFileReadsNothingAndRefusesWhatReadingWould) {
  const test_support::TempDir dir;
  const std::string path = dir.File("data.bin");
  ASSERT_TRUE(WriteFileAtomically(path, "abc").ok());
  EXPECT_TRUE(CheckRegularFile(path).ok());
  EXPECT_TRUE(absl::IsNotFound(CheckRegularFile(dir.File("nope"))));
  const absl::Status folder = CheckRegularFile(dir.path());
  EXPECT_TRUE(absl::IsFailedPrecondition(folder));
  EXPECT_THAT(std::string(folder.message()), HasSubstr("is a folder, not a file"));
  // A FIFO with no writer is refused at once by both (neither waits for a writer).
  const std::string fifo = dir.File("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const absl::Status checked = CheckRegularFile(fifo);
  EXPECT_TRUE(absl::IsFailedPrecondition(checked));
  EXPECT_THAT(std::string(checked.message()), HasSubstr("not a regular file"));
  EXPECT_TRUE(absl::IsFailedPrecondition(ReadFileToString(fifo).status()));
}

TEST(FileIoTest, FileDataFailureTurnsBadContentsIntoAFailureNotAUsageError) {
  const absl::Status bad = FileDataFailure(absl::InvalidArgumentError("x.strategy: no magic"));
  EXPECT_TRUE(absl::IsFailedPrecondition(bad));
  EXPECT_EQ(bad.message(), "x.strategy: no magic");
  EXPECT_TRUE(absl::IsNotFound(FileDataFailure(absl::NotFoundError("gone"))));
  EXPECT_TRUE(FileDataFailure(absl::OkStatus()).ok());
}

TEST(FileIoTest, DevicesAreRefusedAndNotReadForever) {
  // /dev/zero and /dev/urandom never end: reading one used to grow without bound.
  for (const char* device : {"/dev/zero", "/dev/urandom"}) {
    absl::StatusOr<std::string> read = ReadFileToString(device);
    ASSERT_FALSE(read.ok()) << device;
    EXPECT_TRUE(absl::IsFailedPrecondition(read.status()));
    EXPECT_THAT(std::string(read.status().message()), HasSubstr("not a regular file"));
  }
}

TEST(FileIoTest, AFileLargerThanTheFormatAllowsIsRefusedBeforeItIsRead) {
  const test_support::TempDir dir;
  const std::string path = dir.Write("big.json", std::string(1000, 'x'));
  EXPECT_TRUE(ReadFileToString(path, 1000).ok());
  absl::StatusOr<std::string> read = ReadFileToString(path, 999);
  ASSERT_FALSE(read.ok());
  EXPECT_TRUE(absl::IsFailedPrecondition(read.status()));
  EXPECT_THAT(std::string(read.status().message()),
              HasSubstr("1000 bytes or more, larger than the 999 bytes"));
}

TEST(FileIoTest, OutputPathsAreCheckedBeforeAnyWork) {
  const test_support::TempDir dir;
  EXPECT_TRUE(CheckOutputPath(dir.File("new.pb"), "--out").ok());
  const std::string existing = dir.Write("old.pb", "x");
  EXPECT_TRUE(CheckOutputPath(existing).ok());
  const absl::Status missing = CheckOutputPath(dir.File("no/such/folder/x.pb"), "--out");
  EXPECT_TRUE(absl::IsFailedPrecondition(missing));
  EXPECT_THAT(std::string(missing.message()),
              HasSubstr("--out " + dir.File("no/such/folder/x.pb") + ": the folder " +
                        dir.File("no/such/folder") + " does not exist"));
  EXPECT_THAT(std::string(CheckOutputPath(dir.path()).message()),
              HasSubstr("is a folder, not a file"));
  EXPECT_THAT(std::string(CheckOutputPath(existing + "/x").message()),
              HasSubstr("is not a folder"));
  EXPECT_THAT(std::string(CheckOutputPath("/dev/null").message()), HasSubstr("not a regular file"));
  EXPECT_TRUE(absl::IsInvalidArgument(CheckOutputPath("", "--csv")));
  EXPECT_TRUE(CheckOutputPath("relative_in_cwd.txt").ok());  // the current folder
  if (geteuid() != 0) {                                      // root may write anywhere
    const std::string locked = dir.File("locked");
    ASSERT_EQ(mkdir(locked.c_str(), 0500), 0);
    EXPECT_THAT(std::string(CheckOutputPath(locked + "/x").message()),
                HasSubstr("cannot write in the folder"));
  }
}

TEST(FileIoTest, AtomicWritesNeverReplaceADevice) {
  // As root, renaming a temporary file over /dev/null would replace the device.
  const test_support::TempDir dir;
  const std::string fifo = dir.File("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const absl::Status status = WriteFileAtomically(fifo, "x");
  EXPECT_TRUE(absl::IsFailedPrecondition(status));
  struct stat info {};
  ASSERT_EQ(stat(fifo.c_str(), &info), 0);
  EXPECT_TRUE(S_ISFIFO(info.st_mode));
}

TEST(FileIoTest, TemporaryFilesOfKilledWritersAreRemovedByTheNextWrite) {
  const test_support::TempDir dir;
  const std::string path = dir.File("model.pb");
  // A pid that ran and exited: a child reaped at once.
  const pid_t child = fork();
  if (child == 0) _exit(0);
  ASSERT_GT(child, 0);
  waitpid(child, nullptr, 0);
  const std::string ours = TemporaryPathFor(path);
  const std::string host_and_pid = ours.substr(path.size() + 5);  // after ".tmp."
  const std::string host = host_and_pid.substr(0, host_and_pid.rfind('.'));
  const std::string dead = dir.Write("model.pb.tmp." + host + "." + std::to_string(child), "part");
  const std::string alive =
      dir.Write("model.pb.tmp." + host + "." + std::to_string(getppid()), "writing");
  const std::string other_host =
      dir.Write("model.pb.tmp.otherhost." + std::to_string(child), "remote");
  const std::string other_file =
      dir.Write("other.pb.tmp." + host + "." + std::to_string(child), "");
  ASSERT_TRUE(WriteFileAtomically(path, "whole").ok());
  EXPECT_FALSE(std::filesystem::exists(dead));
  EXPECT_TRUE(std::filesystem::exists(alive));
  EXPECT_TRUE(std::filesystem::exists(other_host));
  EXPECT_TRUE(std::filesystem::exists(other_file));
  EXPECT_FALSE(std::filesystem::exists(ours));
  EXPECT_EQ(*ReadFileToString(path), "whole");
}

}  // namespace
}  // namespace poker
