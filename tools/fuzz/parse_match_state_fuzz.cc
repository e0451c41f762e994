// Fuzzes ParseMatchState (and ParseAction on the state it gives): any bytes must give a value or
// an error, and an accepted line must format to text that parses back to the same line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "poker/codec.h"
#include "tools/fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::string_view line(reinterpret_cast<const char*>(data), size);
  // An agent's reply is the state, ':', and an action: try the tail as an action as well.
  absl::string_view reply;
  if (const size_t colon = line.rfind(':'); colon != absl::string_view::npos) {
    reply = line.substr(colon + 1);
  }
  for (const poker::GameDef& game : poker::fuzz::FuzzGames()) {
    absl::StatusOr<poker::MatchState> ms = poker::ParseMatchState(game, line);
    if (!ms.ok()) continue;
    const std::string text = poker::FormatMatchState(*ms);
    absl::StatusOr<poker::MatchState> again = poker::ParseMatchState(game, text);
    if (!again.ok() || poker::FormatMatchState(*again) != text) std::abort();
    if (!ms->state.finished()) {
      absl::StatusOr<poker::Action> action = poker::ParseAction(ms->state, reply);
      const poker::Action played =
          ms->state.Normalize(action.ok() ? *action : poker::Action::Call());
      poker::State next = ms->state;
      if (!next.Apply(played).ok()) std::abort();  // a normalized action is always legal
    }
  }
  return 0;
}
