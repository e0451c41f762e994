// The `draws=hand|match` setting every randomised player takes in an arena spec (the bots, the
// cfr bot, the agent): `hand` draws each decision from a generator seeded by the seed, the hand
// and the decisions or actions so far (poker::DrawSeed; common random numbers for paired runs),
// `match` from one stream for the match (the default).
#ifndef POKER_DRAWS_H_
#define POKER_DRAWS_H_

#include <optional>

#include "absl/strings/string_view.h"

namespace poker {

// True for "hand", false for "match", nothing for any other value (the caller names it).
inline std::optional<bool> ParseHandDraws(absl::string_view value) {
  if (value == "hand") return true;
  if (value == "match") return false;
  return std::nullopt;
}

}  // namespace poker

#endif  // POKER_DRAWS_H_
