// Code shared by the test suites: where the shared data and the project's game files are,
// temporary folders, and reading a file whole.
#ifndef TESTS_COMMON_TEST_SUPPORT_H_
#define TESTS_COMMON_TEST_SUPPORT_H_

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "poker/game_def.h"

namespace test_support {

// ../shared/data, which holds the reference and real logs (absent on some machines).
inline std::string SharedDataDir() { return std::string(POKER_SHARED_DIR) + "/data"; }

// The project's game files.
inline std::string GamesDir() { return std::string(POKER_SOURCE_DIR) + "/data/games"; }

// A project game file by name; a failure to load fails the test and gives an empty game.
inline poker::GameDef LoadProjectGame(const std::string& name) {
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(GamesDir() + "/" + name);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : poker::GameDef{};
}

// A fresh folder under the system's temporary folder, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "poker_test.XXXXXX").string();
    path_ = mkdtemp(pattern.data()) ? pattern : "";
    EXPECT_FALSE(path_.empty()) << "mkdtemp failed";
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }
  // Writes `bytes` to `name` in the folder (creating subfolders) and returns its path.
  std::string Write(const std::string& name, const std::string& bytes) const {
    const std::string file = File(name);
    std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
  }

 private:
  std::string path_;
};

// The whole file as bytes (empty if unreadable).
inline std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace test_support

#endif  // TESTS_COMMON_TEST_SUPPORT_H_
