// Fuzzes the rules engine: the bytes choose a game, a seed and a stream of actions, each made
// legal by Normalize as the server would. Every hand must end, conserve chips (values sum to 0),
// and its betting must replay from its own text.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "poker/codec.h"
#include "poker/deal.h"
#include "tools/fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto& games = poker::fuzz::FuzzGames();
  const poker::GameDef& game = games[data[0] % games.size()];
  poker::Dealer dealer(game, data[1]);
  poker::State state(game, 0);
  dealer.DealNext(&state);
  size_t i = 2;
  while (!state.finished() && i < size) {
    const uint8_t op = data[i++];
    poker::Action action = poker::Action::Call();
    if (op % 3 == 0) action = poker::Action::Fold();
    if (op % 3 == 2) {
      int32_t to = 0;
      if (i + 1 < size) {
        to = static_cast<int32_t>(data[i] | (data[i + 1] << 8)) * (op >> 2);
        i += 2;
      }
      action = poker::Action::Raise(to);
    }
    if (!state.Apply(state.Normalize(action)).ok()) std::abort();
  }
  while (!state.finished()) {
    if (!state.Apply(poker::Action::Call()).ok()) std::abort();
  }
  double values[poker::kMaxPlayers];
  if (!state.Values(absl::MakeSpan(values, game.num_players)).ok()) std::abort();
  double sum = 0;
  for (int p = 0; p < game.num_players; ++p) sum += values[p];
  if (std::fabs(sum) > 1e-6) std::abort();
  poker::State replay(game, 0);
  const std::string betting = poker::FormatBetting(state);
  if (!poker::ApplyBetting(betting, &replay).ok()) std::abort();
  if (poker::FormatBetting(replay) != betting) std::abort();
  return 0;
}
