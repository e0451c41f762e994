// Shared code of the trainer tests (the common ones come from tests/common/test_support.h).
#ifndef TESTS_TRAINER_TEST_UTIL_H_
#define TESTS_TRAINER_TEST_UTIL_H_

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "tests/common/test_support.h"

namespace trainer::testing {

using ::test_support::GamesDir;
using ::test_support::LoadProjectGame;
using ::test_support::ReadFileBytes;
using ::test_support::SharedDataDir;
using ::test_support::TempDir;

#define TRAINER_SKIP_WITHOUT_SHARED_DATA()                                               \
  do {                                                                                   \
    if (!std::filesystem::is_directory(::trainer::testing::SharedDataDir() + "/logs")) { \
      GTEST_SKIP() << "shared data not found at " << ::trainer::testing::SharedDataDir() \
                   << " (the real logs live outside the project); skipping";             \
    }                                                                                    \
  } while (0)

}  // namespace trainer::testing

#endif  // TESTS_TRAINER_TEST_UTIL_H_
