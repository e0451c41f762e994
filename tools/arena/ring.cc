#include "tools/arena/ring.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "poker/deal.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/stats.h"
#include "tools/dealer/match_log.h"

namespace arena {

using poker::MatchState;
using poker::State;

MatchState ViewFor(const State& state, int viewer) {
  MatchState view{viewer, state};
  const poker::GameDef& game = state.game();
  const bool showdown = state.IsShowdown();
  for (int p = 0; p < game.num_players; ++p) {
    if (p == viewer || (showdown && !state.folded(p))) continue;
    for (int i = 0; i < game.num_hole_cards; ++i) view.state.set_hole_card(p, i, poker::kNoCard);
  }
  for (int i = state.NumBoardCardsVisible(); i < poker::kMaxBoardCards; ++i) {
    view.state.set_board_card(i, poker::kNoCard);
  }
  return view;
}

absl::Status PlayHand(State* state, absl::Span<poker::Player* const> by_position) {
  const int n = state->game().num_players;
  while (!state->finished()) {
    const int acting = state->CurrentPlayer();
    poker::Action action;
    for (int p = 0; p < n; ++p) {
      const MatchState view = ViewFor(*state, p);
      by_position[p]->Observe(view);
      if (p == acting) action = by_position[p]->Act(view);
    }
    if (absl::Status s = state->Apply(state->Normalize(action)); !s.ok()) return s;
  }
  for (int p = 0; p < n; ++p) by_position[p]->Observe(ViewFor(*state, p));
  return absl::OkStatus();
}

std::string RotationLogPath(const std::string& path, int rotation) {
  if (rotation == 0) return path;
  const size_t slash = path.rfind('/');
  const size_t dot = path.rfind('.');
  const bool has_extension =
      dot != std::string::npos && (slash == std::string::npos || dot > slash);
  const std::string suffix = absl::StrCat(".rot", rotation);
  if (!has_extension) return path + suffix;
  return absl::StrCat(path.substr(0, dot), suffix, path.substr(dot));
}

namespace {

// One rotation of the ring match; values (per hand and seat) appended to `values`.
absl::Status PlayRotation(const poker::GameDef& game, absl::Span<const PlayerSpec> specs,
                          const RingOptions& options, int rotation, int64_t hands_before,
                          int64_t hands_total, std::vector<double>* values) {
  const int n = game.num_players;
  std::vector<std::unique_ptr<poker::Player>> players;
  for (int seat = 0; seat < n; ++seat) {
    PlayerContext context{&game, seat, specs[seat].name, options.first_hand};
    absl::StatusOr<std::unique_ptr<poker::Player>> player = MakePlayer(specs[seat].spec, context);
    if (!player.ok()) return player.status();
    players.push_back(std::move(*player));
  }
  std::ofstream log;
  if (!options.log_path.empty()) {
    const std::string path = RotationLogPath(options.log_path, rotation);
    log.open(path, std::ios::trunc);
    if (!log) {
      return absl::UnavailableError(
          absl::StrCat("cannot write the log ", path, ": ", std::strerror(errno)));
    }
    log << dealer::FormatLogHeader(options.match_name, options.game_file, options.hands,
                                   options.seed, dealer::kDefaultResponseMs, dealer::kDefaultHandMs,
                                   dealer::kDefaultPerHandMs);
  }
  std::vector<std::string> names;
  for (const PlayerSpec& spec : specs) names.push_back(spec.name);
  std::vector<double> totals(n, 0.0);
  std::vector<double> hand_values(n, 0.0);
  std::vector<poker::Player*> by_position(n);
  poker::LogLine log_line{State(game, 0), std::vector<double>(n), std::vector<std::string>(n), ""};
  poker::Dealer deal(game, options.seed);
  for (uint32_t hand = 0; hand < options.first_hand; ++hand) {
    State skipped(game, hand);
    deal.DealNext(&skipped);
  }
  for (uint32_t hand = options.first_hand; hand - options.first_hand < options.hands; ++hand) {
    const int position0_seat = static_cast<int>(((options.fixed_seats ? 0 : hand) + rotation) % n);
    for (int p = 0; p < n; ++p) by_position[p] = players[(p + position0_seat) % n].get();
    State state(game, hand);
    deal.DealNext(&state);
    if (absl::Status s = PlayHand(&state, by_position); !s.ok()) return s;
    if (absl::Status s = state.Values(absl::MakeSpan(hand_values)); !s.ok()) return s;
    const size_t row = values->size();
    values->resize(row + n);
    for (int p = 0; p < n; ++p) {
      const int seat = (p + position0_seat) % n;
      (*values)[row + seat] = hand_values[p];
      totals[seat] += hand_values[p];
      log_line.values[p] = hand_values[p];
      log_line.names[p] = names[seat];
    }
    if (log.is_open()) {
      log_line.state = state;
      log << poker::FormatLogLine(log_line) << '\n';
    }
    const int64_t done = hands_before + (hand - options.first_hand) + 1;
    if (options.progress && (done % 1000 == 0 || done == hands_total)) {
      options.progress(done, hands_total);
    }
    if (options.after_hand) {
      if (absl::Status s = options.after_hand(); !s.ok()) return s;
    }
  }
  if (log.is_open()) {
    log << dealer::FormatScoreLine(totals, names) << '\n';
    log.flush();
    if (!log)
      return absl::UnavailableError(absl::StrCat("cannot write the log ", options.log_path));
  }
  return absl::OkStatus();
}

}  // namespace

void SetSeatFigures(double big_blind, int rotations, SeatResult* seat) {
  const MeanInterval unpaired = MeanCi95OfSums(seat->hand_sums);
  const MeanInterval paired = MeanCi95OfSums(seat->deal_sums);
  seat->chips = seat->hand_sums.sum;
  seat->mbb_per_hand = MilliBigBlinds(unpaired.mean, big_blind);
  seat->ci95 = MilliBigBlinds(paired.half_width / rotations, big_blind);
  seat->ci95_unpaired = MilliBigBlinds(unpaired.half_width, big_blind);
}

absl::StatusOr<RingResult> RunRing(const poker::GameDef& game, absl::Span<const PlayerSpec> players,
                                   const RingOptions& options) {
  const int n = game.num_players;
  if (static_cast<int>(players.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("the game has ", n, " players but ", players.size(), " were given"));
  }
  if (options.hands == 0) return absl::InvalidArgumentError("--hands must be positive");
  if (uint64_t{options.first_hand} + options.hands > uint64_t{1} << 32) {
    return absl::InvalidArgumentError("--first-hand + --hands is past the last deal (2^32)");
  }
  const auto start = std::chrono::steady_clock::now();
  RingResult result;
  result.first_hand = options.first_hand;
  result.rotations = options.duplicate ? n : 1;
  result.deals = options.hands;
  result.hands = result.deals * result.rotations;
  result.values.reserve(static_cast<size_t>(result.hands) * n);
  for (int r = 0; r < result.rotations; ++r) {
    if (absl::Status s =
            PlayRotation(game, players, options, r, r * result.deals, result.hands, &result.values);
        !s.ok()) {
      return s;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Duplicate: a deal's sample is the seat's sum over the rotations; the rotations' luck cancels.
  for (int seat = 0; seat < n; ++seat) {
    SeatResult seat_result;
    seat_result.name = players[seat].name;
    for (int64_t d = 0; d < result.deals; ++d) {
      double deal_sum = 0;
      for (int r = 0; r < result.rotations; ++r) {
        const double chips = result.values[(r * result.deals + d) * n + seat];
        seat_result.hand_sums.Add(chips);
        deal_sum += chips;
      }
      seat_result.deal_sums.Add(deal_sum);
    }
    SetSeatFigures(game.BigBlind(), result.rotations, &seat_result);
    result.players.push_back(std::move(seat_result));
  }
  return result;
}

}  // namespace arena
