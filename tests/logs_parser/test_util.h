// Helpers of the logs_parser tests: the shared data, the project's game files, temporary folders
// and compressed copies written with zlib and libbz2.
#ifndef TESTS_LOGS_PARSER_TEST_UTIL_H_
#define TESTS_LOGS_PARSER_TEST_UTIL_H_

#include <bzlib.h>
#include <stdlib.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "poker/game_def.h"

namespace logs_parser::testing {

// ../shared/data, which holds the reference and real logs (absent on some machines).
inline std::string SharedDataDir() { return std::string(POKER_SHARED_DIR) + "/data"; }

#define LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA()                                               \
  do {                                                                                       \
    if (!std::filesystem::is_directory(::logs_parser::testing::SharedDataDir())) {           \
      GTEST_SKIP() << "shared data not found at " << ::logs_parser::testing::SharedDataDir() \
                   << " (the real and reference logs live outside the project); skipping";   \
    }                                                                                        \
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
    std::string pattern =
        (std::filesystem::temp_directory_path() / "logs_parser_test.XXXXXX").string();
    path_ = mkdtemp(pattern.data()) ? pattern : "";
    EXPECT_FALSE(path_.empty()) << "mkdtemp failed";
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }
  std::string Write(const std::string& name, const std::string& bytes) const {
    std::string file = path_ + "/" + name;
    std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
  }

 private:
  std::string path_;
};

inline std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string Gzip(const std::string& bytes) {
  z_stream stream{};
  EXPECT_EQ(deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&stream, bytes.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

inline std::string Bzip2(const std::string& bytes) {
  unsigned int size = static_cast<unsigned int>(bytes.size() + bytes.size() / 100 + 600);
  std::string out(size, '\0');
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(bytes.data()),
                                     static_cast<unsigned int>(bytes.size()), 9, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

}  // namespace logs_parser::testing

#endif  // TESTS_LOGS_PARSER_TEST_UTIL_H_
