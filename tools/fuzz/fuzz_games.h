// Games the fuzz targets parse lines against, built in so that a target needs no files.
#ifndef TOOLS_FUZZ_FUZZ_GAMES_H_
#define TOOLS_FUZZ_FUZZ_GAMES_H_

#include <cstdlib>
#include <vector>

#include "poker/game_def.h"

namespace poker::fuzz {

// Heads-up no-limit (reverse blinds), 3-player no-limit with unequal stacks (side pots),
// 3-player limit, 3-player Kuhn (a smaller deck, one card), 10-player no-limit.
inline const std::vector<GameDef>& FuzzGames() {
  static const auto* games = [] {
    const char* texts[] = {
        "GAMEDEF\nnolimit\nnumPlayers 2\nnumRounds 4\nstack 20000 20000\nblind 100 50\n"
        "firstPlayer 2 1 1 1\nnumSuits 4\nnumRanks 13\nnumHoleCards 2\nnumBoardCards 0 3 1 1\n"
        "END GAMEDEF\n",
        "GAMEDEF\nnolimit\nnumPlayers 3\nnumRounds 4\nstack 1001 3000 5000\nblind 50 100 0\n"
        "firstPlayer 3 1 1 1\nnumSuits 4\nnumRanks 13\nnumHoleCards 2\nnumBoardCards 0 3 1 1\n"
        "END GAMEDEF\n",
        "GAMEDEF\nlimit\nnumPlayers 3\nnumRounds 4\nblind 5 10 0\nraiseSize 10 10 20 20\n"
        "firstPlayer 3 1 1 1\nmaxRaises 3 4 4 4\nnumSuits 4\nnumRanks 13\nnumHoleCards 2\n"
        "numBoardCards 0 3 1 1\nEND GAMEDEF\n",
        "GAMEDEF\nlimit\nnumPlayers 3\nnumRounds 1\nblind 1 1 1\nraiseSize 1\nfirstPlayer 1\n"
        "maxRaises 1\nnumSuits 1\nnumRanks 4\nnumHoleCards 1\nnumBoardCards 0\nEND GAMEDEF\n",
        "GAMEDEF\nnolimit\nnumPlayers 10\nnumRounds 4\n"
        "stack 20000 20000 20000 20000 20000 20000 20000 20000 20000 20000\n"
        "blind 50 100 0 0 0 0 0 0 0 0\nfirstPlayer 3 1 1 1\nnumSuits 4\nnumRanks 13\n"
        "numHoleCards 2\nnumBoardCards 0 3 1 1\nEND GAMEDEF\n",
    };
    auto* out = new std::vector<GameDef>();
    for (const char* text : texts) {
      absl::StatusOr<GameDef> game = ParseGameDef(text, "fuzz");
      if (!game.ok()) std::abort();
      out->push_back(*game);
    }
    return out;
  }();
  return *games;
}

}  // namespace poker::fuzz

#endif  // TOOLS_FUZZ_FUZZ_GAMES_H_
