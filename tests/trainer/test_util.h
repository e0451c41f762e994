// Helpers of the trainer tests: shared data, the project's games, temporary folders, and a
// model trained from log text.
#ifndef TESTS_TRAINER_TEST_UTIL_H_
#define TESTS_TRAINER_TEST_UTIL_H_

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "poker/game_def.h"

namespace trainer::testing {

// ../shared/data, which holds the real logs (absent on some machines).
inline std::string SharedDataDir() { return std::string(POKER_SHARED_DIR) + "/data"; }

#define TRAINER_SKIP_WITHOUT_SHARED_DATA()                                               \
  do {                                                                                   \
    if (!std::filesystem::is_directory(::trainer::testing::SharedDataDir() + "/logs")) { \
      GTEST_SKIP() << "shared data not found at " << ::trainer::testing::SharedDataDir() \
                   << " (the real logs live outside the project); skipping";             \
    }                                                                                    \
  } while (0)

// The project's game files.
inline std::string GamesDir() { return std::string(POKER_SOURCE_DIR) + "/data/games"; }

inline poker::GameDef LoadProjectGame(const std::string& name) {
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(GamesDir() + "/" + name);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : poker::GameDef{};
}

// A fresh folder under the system's temporary folder, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "trainer_test.XXXXXX").string();
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
  std::string Write(const std::string& name, const std::string& bytes) const {
    const std::string file = File(name);
    std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
  }

 private:
  std::string path_;
};

inline std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace trainer::testing

#endif  // TESTS_TRAINER_TEST_UTIL_H_
