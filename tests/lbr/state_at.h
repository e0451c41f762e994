// The lbr tests' states: a game after a betting string, with the cards of an ACPC card section
// (hole cards "|", then the board by round "/") dealt as far as the betting has reached.
#ifndef TESTS_LBR_STATE_AT_H_
#define TESTS_LBR_STATE_AT_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"

namespace lbr {

inline poker::State StateOf(const poker::GameDef& game, const std::string& betting,
                            const std::string& cards, uint32_t hand = 0) {
  poker::State state(game, hand);
  EXPECT_TRUE(poker::ApplyBetting(betting, &state).ok()) << betting;
  const std::vector<std::string> parts = absl::StrSplit(cards, '/');
  const std::string visible = absl::StrJoin(
      parts.begin(), parts.begin() + std::min<size_t>(parts.size(), state.round() + 1), "/");
  EXPECT_TRUE(poker::ApplyCards(visible, false, &state).ok()) << visible;
  return state;
}

}  // namespace lbr

#endif  // TESTS_LBR_STATE_AT_H_
