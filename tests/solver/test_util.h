// Shared code of the solver tests: a small game (Kuhn, Leduc) with its exact card abstraction and
// its betting tree; zlib's deflate and inflate for files built or damaged by hand.
#ifndef TESTS_SOLVER_TEST_UTIL_H_
#define TESTS_SOLVER_TEST_UTIL_H_

#include <memory>
#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "solver/betting_tree.h"
#include "solver/card_abstraction.h"
#include "tests/common/test_support.h"
#include "zlib.h"

namespace solver {

// A project game file by name, with the "exact" card abstraction and the default action
// abstraction's tree; a failure fails the test and leaves the missing parts null.
struct SmallGame {
  poker::GameDef game;
  std::unique_ptr<CardAbstraction> cards;
  std::unique_ptr<BettingTree> tree;

  explicit SmallGame(const std::string& name) {
    game = test_support::LoadProjectGame(name);
    absl::StatusOr<std::unique_ptr<CardAbstraction>> exact = MakeCardAbstraction(game, "exact");
    EXPECT_TRUE(exact.ok()) << exact.status();
    if (!exact.ok()) return;
    cards = std::move(*exact);
    absl::StatusOr<BettingTree> built = BettingTree::Build(game, ActionAbstraction{}, *cards);
    EXPECT_TRUE(built.ok()) << built.status();
    if (built.ok()) tree = std::make_unique<BettingTree>(std::move(*built));
  }
};

// `data` deflated at the best compression (a failure fails the test).
inline std::string Deflate(const std::string& data) {
  uLongf size = compressBound(data.size());
  std::string out(size, '\0');
  EXPECT_EQ(compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                      reinterpret_cast<const Bytef*>(data.data()), data.size(), 9),
            Z_OK);
  out.resize(size);
  return out;
}

// `data` inflated, expected to give `size` bytes (a failure fails the test).
inline std::string Inflate(const std::string& data, size_t size) {
  std::string out(size, '\0');
  uLongf got = size;
  EXPECT_EQ(uncompress(reinterpret_cast<Bytef*>(out.data()), &got,
                       reinterpret_cast<const Bytef*>(data.data()), data.size()),
            Z_OK);
  EXPECT_EQ(got, size);
  return out;
}

}  // namespace solver

#endif  // TESTS_SOLVER_TEST_UTIL_H_
