// Shared code of the logs_parser tests: the shared data, the project's game files, temporary
// folders and compressed copies written with zlib and libbz2.
#ifndef TESTS_LOGS_PARSER_TEST_UTIL_H_
#define TESTS_LOGS_PARSER_TEST_UTIL_H_

#include <bzlib.h>
#include <stdlib.h>
#include <zlib.h>

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "tests/common/test_support.h"

namespace logs_parser::testing {

using ::test_support::GamesDir;
using ::test_support::LoadProjectGame;
using ::test_support::ReadFileBytes;
using ::test_support::SharedDataDir;
using ::test_support::TempDir;

#define LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA()                                               \
  do {                                                                                       \
    if (!std::filesystem::is_directory(::logs_parser::testing::SharedDataDir())) {           \
      GTEST_SKIP() << "shared data not found at " << ::logs_parser::testing::SharedDataDir() \
                   << " (the real and reference logs live outside the project); skipping";   \
    }                                                                                        \
  } while (0)

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
