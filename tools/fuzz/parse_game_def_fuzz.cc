// Fuzzes ParseGameDef: any bytes must give a game or an error; an accepted game must survive
// FormatGameDef and play a hand (every player calling) without trouble.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "poker/game_def.h"
#include "poker/state.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(text, "fuzz");
  if (!game.ok()) return 0;
  absl::StatusOr<poker::GameDef> again = poker::ParseGameDef(poker::FormatGameDef(*game));
  if (!again.ok() || !(*again == *game)) std::abort();
  poker::State state(*game, 0);
  for (int i = 0; i < 1000 && !state.finished(); ++i) {
    if (!state.Apply(poker::Action::Call()).ok()) std::abort();
  }
  if (!state.finished()) std::abort();
  return 0;
}
