// Readable views of a model for `trainer inspect`: a summary (game, abstraction, players,
// provenance) and a player's trees with action frequencies per node and per strength bucket,
// as text or JSON.
#ifndef TRAINER_MODEL_REPORT_H_
#define TRAINER_MODEL_REPORT_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "trainer/opponent_model.h"

namespace trainer {

// "preflop", "flop", "turn", "river" for hold'em's 4 rounds; "round N" otherwise.
std::string StreetName(int round, int num_rounds);
// The round of a street name ("preflop".."river" or a number), or -1.
int ParseStreet(absl::string_view name, int num_rounds);

// What FormatPlayer shows.
struct PlayerReportOptions {
  int street = -1;         // one round, or -1 for all
  int max_depth = -1;      // nodes up to this depth, or -1 for all
  uint64_t min_times = 0;  // nodes visited at least this often
  bool buckets = true;     // per-bucket rows (text) / arrays (JSON)
};

// The model's game, abstraction, provenance and players with their hands and entry rates.
std::string FormatSummary(const OpponentModel& model, bool json);

// One player's (or the population's) trees: per node its path, times, decisions, the action
// frequencies, and per strength bucket the action distribution.
std::string FormatPlayer(const OpponentModel& model, const PlayerModel& player,
                         const PlayerReportOptions& options, bool json);

}  // namespace trainer

#endif  // TRAINER_MODEL_REPORT_H_
