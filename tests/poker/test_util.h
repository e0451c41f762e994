// Code shared by the poker tests: where the shared data and the project's game files are, and
// reading a file's lines.
#ifndef TESTS_POKER_TEST_UTIL_H_
#define TESTS_POKER_TEST_UTIL_H_

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/game_def.h"

namespace poker::testing {

// ../shared/data, which holds the reference and real logs (absent on some machines).
inline std::string SharedDataDir() { return std::string(POKER_SHARED_DIR) + "/data"; }
inline bool HaveSharedData() { return std::filesystem::is_directory(SharedDataDir()); }

// Skips the calling test when ../shared/data is absent.
#define POKER_SKIP_WITHOUT_SHARED_DATA()                                                   \
  do {                                                                                     \
    if (!::poker::testing::HaveSharedData()) {                                             \
      GTEST_SKIP() << "shared data not found at " << ::poker::testing::SharedDataDir()     \
                   << " (the reference and real logs live outside the project); skipping"; \
    }                                                                                      \
  } while (0)

// The path of one of the project's own game files (data/games/<name>).
inline std::string ProjectGamePath(const std::string& name) {
  return std::string(POKER_SOURCE_DIR) + "/data/games/" + name;
}

// A project game, loaded once per test binary; a failure to load fails the calling test.
inline const GameDef& ProjectGame(const std::string& name) {
  static auto* cache = new std::map<std::string, std::unique_ptr<GameDef>>();
  auto it = cache->find(name);
  if (it == cache->end()) {
    absl::StatusOr<GameDef> game = LoadGameDef(ProjectGamePath(name));
    EXPECT_TRUE(game.ok()) << game.status();
    it = cache->emplace(name, std::make_unique<GameDef>(game.ok() ? *game : GameDef{})).first;
  }
  return *it->second;
}

// The file's lines without their `\n` (a `\r` before it is kept).
inline std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace poker::testing

#endif  // TESTS_POKER_TEST_UTIL_H_
