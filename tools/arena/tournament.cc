#include "tools/arena/tournament.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <numeric>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "poker/deal.h"
#include "poker/state.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/stats.h"

namespace arena {

poker::GameDef TournamentHandGame(const poker::GameDef& base, absl::Span<const int32_t> stacks,
                                  int32_t small_blind, int32_t big_blind) {
  poker::GameDef game = base;
  const int k = static_cast<int>(stacks.size());
  game.betting_type = poker::BettingType::kNoLimit;
  game.num_players = k;
  game.stack.fill(0);
  game.blind.fill(0);
  for (int p = 0; p < k; ++p) game.stack[p] = stacks[p];
  if (k == 2) {
    game.blind[0] = std::min(big_blind, stacks[0]);
    game.blind[1] = std::min(small_blind, stacks[1]);
    game.first_player[0] = 1;
  } else {
    game.blind[0] = std::min(small_blind, stacks[0]);
    game.blind[1] = std::min(big_blind, stacks[1]);
    game.first_player[0] = 2;
  }
  for (int r = 1; r < poker::kMaxRounds; ++r) game.first_player[r] = 0;
  return game;
}

namespace {

// Ranks 1..N by (hands survived, chips), both higher better; ties share their mean rank.
std::vector<double> RankSeats(const std::vector<int>& survived, const std::vector<double>& chips) {
  const int n = static_cast<int>(survived.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  auto better = [&](int a, int b) {
    if (survived[a] != survived[b]) return survived[a] > survived[b];
    return chips[a] > chips[b];
  };
  std::stable_sort(order.begin(), order.end(), better);
  std::vector<double> rank(n);
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (j < n && !better(order[i], order[j]) && !better(order[j], order[i])) ++j;
    const double shared = (i + 1 + j) / 2.0;  // mean of ranks i+1 .. j
    for (int t = i; t < j; ++t) rank[order[t]] = shared;
    i = j;
  }
  return rank;
}

MeanSe Summarize(const std::vector<double>& samples) {
  const MeanInterval interval = MeanCi95(samples);
  return MeanSe{interval.mean, interval.std_error};
}

}  // namespace

absl::StatusOr<TournamentOutcome> PlayTournament(const poker::GameDef& base,
                                                 absl::Span<poker::Player* const> seats,
                                                 const TournamentOptions& options,
                                                 uint32_t deal_seed, int seat_offset) {
  const int n = base.num_players;
  if (!base.is_no_limit()) return absl::InvalidArgumentError("tournaments need a no-limit game");
  if (static_cast<int>(seats.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("the game has ", n, " players but ", seats.size(), " were given"));
  }
  if (options.stack < 1 || options.big_blind < 1 || options.small_blind < 0) {
    return absl::InvalidArgumentError("the stack and the big blind must be positive");
  }
  TournamentOutcome out;
  out.chips.assign(n, options.stack);
  out.hands_survived.assign(n, 0);
  out.fluctuation.assign(n, 0.0);
  out.rebuys_used.assign(n, 0);
  std::vector<bool> in(n, true);
  std::vector<int> hands_played(n, 0);
  std::vector<int> order;
  std::vector<int32_t> stacks;
  std::vector<poker::Player*> by_position;
  std::vector<double> values;
  poker::Dealer deal(base, deal_seed);
  for (int hand = 0; hand < options.hands; ++hand) {
    order.clear();
    for (int s = 0; s < n; ++s) {
      if (in[s]) order.push_back(s);
    }
    const int k = static_cast<int>(order.size());
    if (k < 2) break;
    const int shift = (hand + seat_offset) % k;
    std::rotate(order.begin(), order.begin() + shift, order.end());
    stacks.resize(k);
    by_position.resize(k);
    values.assign(k, 0.0);
    for (int p = 0; p < k; ++p) {
      stacks[p] = static_cast<int32_t>(std::floor(out.chips[order[p]]));
      by_position[p] = seats[order[p]];
    }
    const poker::GameDef game =
        TournamentHandGame(base, stacks, options.small_blind, options.big_blind);
    // Deal as for the full table (the generator advances the same way whoever is out); positions
    // 0..k-1 keep their cards.
    poker::State full(base, hand);
    deal.DealNext(&full);
    poker::State state(game, hand);
    for (int p = 0; p < k; ++p) {
      for (int i = 0; i < game.num_hole_cards; ++i) state.set_hole_card(p, i, full.hole_card(p, i));
    }
    for (int i = 0; i < game.TotalBoardCards(); ++i) state.set_board_card(i, full.board_card(i));
    if (absl::Status s = PlayHand(&state, by_position); !s.ok()) return s;
    if (absl::Status s = state.Values(absl::MakeSpan(values)); !s.ok()) return s;
    for (int p = 0; p < k; ++p) {
      const int seat = order[p];
      out.chips[seat] += values[p];
      if (++hands_played[seat] >= 2) out.fluctuation[seat] += values[p] * values[p];
    }
    out.hands_played = hand + 1;
    for (int seat : order) {
      out.hands_survived[seat] = hand + 1;
      if (out.chips[seat] >= 1) continue;
      if (out.rebuys_used[seat] < options.rebuys) {
        ++out.rebuys_used[seat];
        out.chips[seat] += options.stack;
      } else {
        in[seat] = false;
        out.chips[seat] = 0;
      }
    }
  }
  out.rank = RankSeats(out.hands_survived, out.chips);
  return out;
}

absl::StatusOr<TournamentResult> RunTournaments(const poker::GameDef& base,
                                                absl::Span<const PlayerSpec> players,
                                                const TournamentOptions& options) {
  const int n = base.num_players;
  if (static_cast<int>(players.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("the game has ", n, " players but ", players.size(), " were given"));
  }
  if (options.repetitions < 1) return absl::InvalidArgumentError("--repetitions must be >= 1");
  const auto start = std::chrono::steady_clock::now();
  TournamentResult result;
  result.repetitions = options.repetitions;
  // samples[metric][seat][repetition]
  enum { kWin, kRank, kSurvived, kChips, kFluctuation, kRebuys, kMetrics };
  std::vector<std::vector<std::vector<double>>> samples(kMetrics,
                                                        std::vector<std::vector<double>>(n));
  for (int rep = 0; rep < options.repetitions; ++rep) {
    std::vector<std::unique_ptr<poker::Player>> owned;
    std::vector<poker::Player*> seats;
    for (int seat = 0; seat < n; ++seat) {
      PlayerContext context{&base, seat, players[seat].name, static_cast<uint64_t>(rep)};
      absl::StatusOr<std::unique_ptr<poker::Player>> player =
          MakePlayer(players[seat].spec, context);
      if (!player.ok()) return player.status();
      seats.push_back(player->get());
      owned.push_back(std::move(*player));
    }
    absl::StatusOr<TournamentOutcome> outcome =
        PlayTournament(base, seats, options, options.seed + rep, rep % n);
    if (!outcome.ok()) return outcome.status();
    result.hands += outcome->hands_played;
    for (int seat = 0; seat < n; ++seat) {
      samples[kWin][seat].push_back(outcome->rank[seat] == 1.0 ? 1.0 : 0.0);
      samples[kRank][seat].push_back(outcome->rank[seat]);
      samples[kSurvived][seat].push_back(outcome->hands_survived[seat]);
      samples[kChips][seat].push_back(outcome->chips[seat]);
      samples[kFluctuation][seat].push_back(outcome->fluctuation[seat]);
      samples[kRebuys][seat].push_back(outcome->rebuys_used[seat]);
    }
    if (options.progress) options.progress(rep + 1, options.repetitions);
  }
  for (int seat = 0; seat < n; ++seat) {
    TournamentPlayerStats stats;
    stats.name = players[seat].name;
    stats.win_rate = Summarize(samples[kWin][seat]);
    stats.rank = Summarize(samples[kRank][seat]);
    stats.hands_survived = Summarize(samples[kSurvived][seat]);
    stats.chips = Summarize(samples[kChips][seat]);
    stats.fluctuation = Summarize(samples[kFluctuation][seat]);
    stats.rebuys_used = Summarize(samples[kRebuys][seat]);
    result.players.push_back(std::move(stats));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace arena
