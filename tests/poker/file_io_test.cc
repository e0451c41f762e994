// Whole-file reads and atomic writes: contents, a folder where a file is expected, missing files,
// FIFOs; the regular-file check and how a file's errors are reported.
#include "poker/file_io.h"

#include <sys/stat.h>

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

}  // namespace
}  // namespace poker
