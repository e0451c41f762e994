#include "tools/dealer/match_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "poker/deal.h"

namespace dealer {
namespace {

using poker::Action;
using poker::ActionType;
using poker::GameDef;
using poker::MatchState;
using poker::State;

// Reads an unsigned decimal as sscanf("%u") does: optional spaces, digits; false if none.
bool ReadUnsigned(absl::string_view* text, uint32_t* value) {
  size_t i = 0;
  while (i < text->size() && absl::ascii_isspace(static_cast<unsigned char>((*text)[i]))) ++i;
  const size_t start = i;
  uint64_t v = 0;
  while (i < text->size() && absl::ascii_isdigit(static_cast<unsigned char>((*text)[i]))) {
    v = std::min<uint64_t>(v * 10 + ((*text)[i] - '0'), std::numeric_limits<uint32_t>::max());
    ++i;
  }
  if (i == start) return false;
  *value = static_cast<uint32_t>(v);
  text->remove_prefix(i);
  return true;
}

// Reads a signed decimal raise size as sscanf("%d") does (saturating instead of overflowing).
bool ReadSize(absl::string_view text, int32_t* size) {
  size_t i = 0;
  while (i < text.size() && absl::ascii_isspace(static_cast<unsigned char>(text[i]))) ++i;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  const size_t start = i;
  int64_t v = 0;
  while (i < text.size() && absl::ascii_isdigit(static_cast<unsigned char>(text[i]))) {
    v = std::min<int64_t>(v * 10 + (text[i] - '0'), int64_t{1} << 40);
    ++i;
  }
  if (i == start) return false;
  if (negative) v = -v;
  *size = static_cast<int32_t>(std::clamp<int64_t>(v, std::numeric_limits<int32_t>::min(),
                                                   std::numeric_limits<int32_t>::max()));
  return true;
}

// The server's reading of an action: a letter, and for a no-limit raise a size; the rest ignored.
bool ReadReplyAction(const GameDef& game, const State& state, absl::string_view text,
                     Action* action) {
  ActionType type;
  if (text.empty() || !poker::ActionOfLetter(text[0], &type)) return false;
  if (type != ActionType::kRaise) {
    *action = Action{type, 0};
    return true;
  }
  if (!game.is_no_limit()) {
    // A limit raise has one size; a number after the letter is ignored as by the server.
    *action = Action::Raise(state.max_spent() + game.raise_size[state.round()]);
    return true;
  }
  int32_t size = 0;
  if (!ReadSize(text.substr(1), &size)) return false;
  *action = Action::Raise(size);
  return true;
}

// The server's matchStatesEqual: viewer, hand, betting, visible board, the viewer's hole cards.
bool SameMatchState(const MatchState& a, const MatchState& b) {
  const State& x = a.state;
  const State& y = b.state;
  if (a.viewer != b.viewer || x.hand_number() != y.hand_number() || x.round() != y.round()) {
    return false;
  }
  for (int r = 0; r <= x.round(); ++r) {
    if (x.num_actions(r) != y.num_actions(r)) return false;
    for (int i = 0; i < x.num_actions(r); ++i) {
      const Action& p = x.action(r, i);
      const Action& q = y.action(r, i);
      if (p.type != q.type) return false;
      if (p.type == ActionType::kRaise && p.raise_to != q.raise_to) return false;
    }
  }
  for (int i = 0; i < x.NumBoardCardsVisible(); ++i) {
    if (x.board_card(i) != y.board_card(i)) return false;
  }
  for (int i = 0; i < x.game().num_hole_cards; ++i) {
    if (x.hole_card(a.viewer, i) != y.hole_card(a.viewer, i)) return false;
  }
  return true;
}

int64_t WallMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string StampOf(int64_t micros) {
  return absl::StrFormat("%d.%06d", micros / 1000000, micros % 1000000);
}

std::string WallClockStamp() { return StampOf(WallMicros()); }

// Reads `seconds.microseconds` (at most six fraction digits, as the server's "%zu.%06zu").
bool ParseStamp(absl::string_view text, int64_t* micros) {
  const size_t dot = text.find('.');
  if (dot == absl::string_view::npos || dot == 0) return false;
  const absl::string_view fraction = text.substr(dot + 1);
  if (fraction.empty() || fraction.size() > 6) return false;
  for (const char c : text.substr(0, dot)) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  for (const char c : fraction) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  int64_t seconds = 0, part = 0;
  if (!absl::SimpleAtoi(text.substr(0, dot), &seconds) || !absl::SimpleAtoi(fraction, &part) ||
      seconds > int64_t{1} << 40) {
    return false;
  }
  // "%06zu" reads the digits as a number: "5" is 5 microseconds, as the server writes "000005".
  *micros = seconds * 1000000 + part;
  return true;
}

int64_t MicrosBetween(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::microseconds>(to - from).count();
}

// Checks the first line of every seat: `VERSION:<major>.<minor>.<revision>`.
absl::Status CheckVersions(const DealerOptions& options, absl::Span<SeatChannel* const> seats,
                           const MatchIo& io) {
  for (size_t s = 0; s < seats.size(); ++s) {
    // The server waits forever; we bound the wait by the start timeout, else the response limit.
    const int64_t wait_ms =
        options.start_timeout_ms >= 0 ? options.start_timeout_ms : options.t_response_ms;
    // Beyond about three years the wait is "forever" (and adding it to the clock could overflow).
    const Clock::time_point deadline = wait_ms > int64_t{100'000'000'000}
                                           ? Clock::time_point::max()
                                           : Clock::now() + std::chrono::milliseconds(wait_ms);
    absl::StatusOr<std::string> line = seats[s]->ReadLine(deadline);
    if (!line.ok()) {
      io.message(absl::StrFormat("ERROR: could not read version string from seat %d", s + 1));
      return absl::UnavailableError(absl::StrFormat("seat %d (%s) sent no version line: %s", s + 1,
                                                    options.names[s], line.status().message()));
    }
    absl::string_view text = absl::StripSuffix(*line, "\r");
    uint32_t major = 0, minor = 0, revision = 0;
    const bool ok = absl::ConsumePrefix(&text, "VERSION:") && ReadUnsigned(&text, &major) &&
                    absl::ConsumePrefix(&text, ".") && ReadUnsigned(&text, &minor) &&
                    absl::ConsumePrefix(&text, ".") && ReadUnsigned(&text, &revision);
    if (!ok) {
      io.message(absl::StrCat("ERROR: invalid version string ", *line));
      return absl::InvalidArgumentError(absl::StrFormat("seat %d (%s): invalid version string '%s'",
                                                        s + 1, options.names[s], *line));
    }
    if (major != 2 || minor > 0) {
      io.message("ERROR: this server is currently using version 2.0.0");
    }
  }
  return absl::OkStatus();
}

// Per-seat time used against the three limits, in microseconds.
struct TimeBudget {
  int64_t response_limit;
  int64_t hand_limit;
  int64_t match_limit;
  std::vector<int64_t> used_hand;
  std::vector<int64_t> used_match;

  // The most the seat may still take for one reply.
  int64_t Allowance(int seat) const {
    return std::max<int64_t>(0, std::min({response_limit, hand_limit - used_hand[seat],
                                          match_limit - used_match[seat]}));
  }

  // Counts a recorded reply time (the server's checkErrorTimes); false when a limit is exceeded.
  bool Charge(int seat, int64_t micros) {
    if (micros < 0) return true;  // the wall clock went backwards: not counted, as by the server
    used_hand[seat] += micros;
    used_match[seat] += micros;
    return micros <= response_limit && used_hand[seat] <= hand_limit &&
           used_match[seat] <= match_limit;
  }
};

int64_t SaturatingMicros(int64_t ms) {
  return ms > std::numeric_limits<int64_t>::max() / 1000 ? std::numeric_limits<int64_t>::max()
                                                         : ms * 1000;
}

// Reads the acting seat's reply to `current` and returns the action to apply (legal).
absl::StatusOr<Action> GetAction(const GameDef& game, const DealerOptions& options,
                                 const MatchState& current, int seat, SeatChannel* channel,
                                 Clock::time_point sent, TimeBudget* budget, const MatchIo& io) {
  const int64_t allowance = budget->Allowance(seat);
  // Beyond about three years the limit is "forever" (and adding it to the clock could overflow).
  constexpr int64_t kForeverMicros = int64_t{100'000'000} * 1'000'000;
  const Clock::time_point deadline = allowance >= kForeverMicros
                                         ? Clock::time_point::max()
                                         : sent + std::chrono::microseconds(allowance);
  while (true) {
    const Clock::time_point read_start = Clock::now();
    absl::StatusOr<std::string> raw = channel->ReadLine(deadline);
    if (!raw.ok()) {
      // The server waits for one reply up to the response limit and then reports it as a lost
      // action with the time waited; a reply that comes too late for the hand or match budget
      // is "ran out of time". We stop waiting as soon as any limit is reached and say which.
      const bool timed_out = absl::IsDeadlineExceeded(raw.status());
      if (timed_out && allowance < budget->response_limit) {
        io.message(absl::StrFormat("ERROR: seat %d ran out of time", seat + 1));
        return absl::DeadlineExceededError(
            absl::StrFormat("seat %d (%s) ran out of time", seat + 1, options.names[seat]));
      }
      io.message(absl::StrFormat("ERROR: could not get action from seat %d", seat + 1));
      io.message(absl::StrFormat("%.1f seconds spent waiting; timeout %.1f",
                                 MicrosBetween(read_start, Clock::now()) / 1e6,
                                 budget->response_limit / 1e6));
      if (timed_out) {
        return absl::DeadlineExceededError(
            absl::StrFormat("seat %d (%s) ran out of time", seat + 1, options.names[seat]));
      }
      return absl::UnavailableError(absl::StrFormat("seat %d (%s) disconnected: %s", seat + 1,
                                                    options.names[seat], raw.status().message()));
    }
    if (!options.quiet) {
      // As the server: the line as received, its '\r' included.
      io.message(absl::StrFormat("FROM %d at %s %s", seat + 1, WallClockStamp(), *raw));
    }
    const absl::string_view line = absl::StripSuffix(*raw, "\r");
    const Reply reply = ParseReply(game, current, line);
    if (reply.kind == Reply::Kind::kComment) continue;
    const int64_t elapsed = MicrosBetween(sent, Clock::now());
    if (elapsed > allowance) {
      io.message(absl::StrFormat("ERROR: seat %d ran out of time", seat + 1));
      return absl::DeadlineExceededError(
          absl::StrFormat("seat %d (%s) ran out of time", seat + 1, options.names[seat]));
    }
    switch (reply.kind) {
      case Reply::Kind::kBadState:
        io.message("WARNING: bad state format in response");
        continue;
      case Reply::Kind::kUnrequested:
        io.message("WARNING: ignoring un-requested response");
        continue;
      default:
        break;
    }
    budget->used_hand[seat] += elapsed;
    budget->used_match[seat] += elapsed;
    if (reply.kind == Reply::Kind::kBadAction) {
      io.message("WARNING: bad action format in response, changed to call");
      return Action::Call();
    }
    if (reply.kind == Reply::Kind::kInvalidAction) {
      io.message("WARNING: invalid action, changed to call");
      return Action::Call();
    }
    Action sent_action = reply.action;
    if (game.is_no_limit() && sent_action.type == ActionType::kRaise && sent_action.raise_to == 0) {
      // The server clamps an explicit `r0` up to the minimum; Normalize reads 0 as "no size".
      sent_action.raise_to = -1;
    }
    const Action applied = current.state.Normalize(sent_action);
    if (applied.type != reply.action.type) {
      io.message("WARNING: invalid action, changed to call");
    } else if (applied.type == ActionType::kRaise && applied.raise_to != reply.action.raise_to &&
               game.is_no_limit()) {
      io.message(absl::StrFormat(
          "WARNING: raise of %d %s to %d", reply.action.raise_to,
          applied.raise_to > reply.action.raise_to ? "increased" : "decreased", applied.raise_to));
    }
    return applied;
  }
}

// Sends every seat its view of `state` (seat s sees position (s - position0_seat) mod N).
absl::Status SendStates(const DealerOptions& options, const State& state,
                        absl::Span<SeatChannel* const> seats, int position0_seat,
                        const MatchIo& io) {
  const int n = static_cast<int>(seats.size());
  for (int seat = 0; seat < n; ++seat) {
    const MatchState view{(seat - position0_seat + n) % n, state};
    const std::string line = poker::FormatMatchState(view);
    if (absl::Status s = seats[seat]->Send(absl::StrCat(line, "\r\n")); !s.ok()) {
      io.message(absl::StrFormat("ERROR: could not send state to seat %d", seat + 1));
      return absl::UnavailableError(absl::StrFormat("seat %d (%s) disconnected: %s", seat + 1,
                                                    options.names[seat], s.message()));
    }
    if (!options.quiet) {
      // As the server, which prints the message with its "\r\n".
      io.message(absl::StrFormat("TO %d at %s %s\r", seat + 1, WallClockStamp(), line));
    }
  }
  return absl::OkStatus();
}

// One match in progress: the hand being played, whose seat is position 0, the time budgets and
// the seats' running totals. Hands advance only through StartHand.
class Match {
 public:
  Match(const GameDef& game, const DealerOptions& options, absl::Span<SeatChannel* const> seats,
        const MatchIo& io)
      : game_(game),
        options_(options),
        seats_(seats),
        io_(io),
        n_(game.num_players),
        budget_{SaturatingMicros(options.t_response_ms), SaturatingMicros(options.t_hand_ms),
                options.t_per_hand_ms > std::numeric_limits<int64_t>::max() / 1000 /
                                            std::max<int64_t>(1, options.num_hands)
                    ? std::numeric_limits<int64_t>::max()
                    : options.t_per_hand_ms * 1000 * options.num_hands,
                std::vector<int64_t>(n_, 0), std::vector<int64_t>(n_, 0)},
        totals_(n_, 0.0),
        values_(n_, 0.0),
        log_line_{State(game, 0), std::vector<double>(n_), std::vector<std::string>(n_), ""},
        deal_(game, options.seed),
        state_(game, 0) {
    StartHand(0);
  }

  // Replays the actions of io.resume (the .tlog of an interrupted run), counting their recorded
  // times, so that play goes on from where it stopped. Errors name the file and line.
  absl::Status ReplayTransactions() {
    std::string line;
    for (int line_number = 1; std::getline(*io_.resume, line); ++line_number) {
      const auto fail = [&](absl::string_view why) {
        const std::string text = absl::StrFormat("%s:%d: %s: '%s'", io_.resume_name, line_number,
                                                 why, absl::CHexEscape(line));
        io_.message(absl::StrCat("ERROR: ", text));
        return absl::InvalidArgumentError(absl::StrCat("cannot resume: ", text));
      };
      if (io_.resume->eof()) {
        return fail("incomplete line (no newline: the interrupted run stopped while writing it)");
      }
      const std::vector<absl::string_view> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
      uint32_t line_hand = 0;
      int64_t sent = 0, received = 0;
      if (fields.size() != 4 || !absl::SimpleAtoi(fields[1], &line_hand) ||
          !ParseStamp(fields[2], &sent) || !ParseStamp(fields[3], &received)) {
        return fail("expected '<action> <hand> <sent> <received>'");
      }
      if (hand_ >= options_.num_hands) return fail("a transaction after the match's last hand");
      if (line_hand != hand_) return fail(absl::StrCat("expected an action of hand ", hand_));
      absl::StatusOr<Action> action = poker::ParseAction(state_, fields[0]);
      if (!action.ok()) return fail(action.status().message());
      if (absl::Status legal = state_.CheckAction(*action); !legal.ok()) {
        return fail(absl::StrCat("illegal action: ", legal.message()));
      }
      const int seat = (state_.CurrentPlayer() + position0_seat_) % n_;
      if (!budget_.Charge(seat, received - sent)) {
        return fail(absl::StrFormat("seat %d ran out of time", seat + 1));
      }
      if (absl::Status s = state_.Apply(*action); !s.ok()) return fail(s.message());
      if (state_.finished()) {
        if (absl::Status s = FinishHand(false); !s.ok()) return s;
        StartHand(hand_ + 1);
      }
    }
    if (io_.resume->bad()) {
      io_.message(absl::StrCat("ERROR: could not read ", io_.resume_name));
      return absl::DataLossError(absl::StrCat("cannot resume: could not read ", io_.resume_name));
    }
    if (!options_.quiet) {
      io_.message(absl::StrFormat("RESUMED at hand %d after replaying %s", hand_, io_.resume_name));
    }
    return absl::OkStatus();
  }

  // Plays the current hand and every later one of the match.
  absl::Status PlayRemainingHands() {
    while (hand_ < options_.num_hands) {
      if (absl::Status s = PlayHand(); !s.ok()) return s;
      if (absl::Status s = FinishHand(true); !s.ok()) return s;
      if (absl::Status s = SendStates(options_, state_, seats_, position0_seat_, io_); !s.ok()) {
        return s;
      }
      if (!options_.quiet && hand_ % 100 == 0) {
        // The server's progress lines (its seats counted from 0 here, whole seconds truncated).
        for (int seat = 0; seat < n_; ++seat) {
          io_.message(absl::StrFormat("Seconds cumulatively spent in match for seat %d: %d", seat,
                                      budget_.used_match[seat] / 1000000));
        }
      }
      StartHand(hand_ + 1);
    }
    return absl::OkStatus();
  }

  const std::vector<double>& totals() const { return totals_; }

 private:
  void StartHand(uint32_t number) {
    hand_ = number;
    if (hand_ >= options_.num_hands) return;  // the match is over: nothing to deal
    position0_seat_ = options_.fixed_seats ? 0 : static_cast<int>(hand_ % n_);
    std::fill(budget_.used_hand.begin(), budget_.used_hand.end(), 0);
    state_ = State(game_, hand_);
    deal_.DealNext(&state_);
  }

  // Sends the states and applies the acting seats' replies until the hand is finished.
  absl::Status PlayHand() {
    while (!state_.finished()) {
      const int acting = state_.CurrentPlayer();
      const int acting_seat = (acting + position0_seat_) % n_;
      if (absl::Status s = SendStates(options_, state_, seats_, position0_seat_, io_); !s.ok()) {
        return s;
      }
      const Clock::time_point sent = Clock::now();
      const int64_t sent_wall = WallMicros();
      absl::StatusOr<Action> action =
          GetAction(game_, options_, MatchState{acting, state_}, acting_seat, seats_[acting_seat],
                    sent, &budget_, io_);
      if (!action.ok()) return action.status();
      if (io_.transactions != nullptr) {
        *io_.transactions << FormatTransaction(game_, *action, hand_, sent_wall, WallMicros())
                          << '\n';
        io_.transactions->flush();
        if (!*io_.transactions) {
          io_.message("ERROR: could not write to transaction file");
          return absl::DataLossError("could not write to the transaction file");
        }
      }
      if (absl::Status s = state_.Apply(*action); !s.ok()) {
        io_.message(absl::StrCat("ERROR: normalized action rejected: ", s.message()));
        return absl::InternalError(absl::StrCat("normalized action rejected: ", s.message()));
      }
    }
    return absl::OkStatus();
  }

  // Adds a finished hand's values to the seats' totals and, when `log_it`, logs it.
  absl::Status FinishHand(bool log_it) {
    if (absl::Status s = state_.Values(absl::MakeSpan(values_)); !s.ok()) {
      io_.message(absl::StrCat("ERROR: hand ", hand_, ": ", s.message()));
      return absl::InternalError(absl::StrCat("hand ", hand_, ": ", s.message()));
    }
    for (int p = 0; p < n_; ++p) {
      const int seat = (p + position0_seat_) % n_;
      totals_[seat] += values_[p];
      log_line_.values[p] = values_[p];
      log_line_.names[p] = options_.names[seat];
    }
    if (log_it && io_.log != nullptr) {
      log_line_.state = state_;
      *io_.log << poker::FormatLogLine(log_line_) << '\n';
      io_.log->flush();
    }
    return absl::OkStatus();
  }

  const GameDef& game_;
  const DealerOptions& options_;
  absl::Span<SeatChannel* const> seats_;
  const MatchIo& io_;
  const int n_;
  TimeBudget budget_;
  std::vector<double> totals_;
  std::vector<double> values_;
  poker::LogLine log_line_;
  poker::Dealer deal_;
  uint32_t hand_ = 0;
  int position0_seat_ = 0;
  State state_;
};

}  // namespace

std::string FormatTransaction(const GameDef& game, const Action& action, uint32_t hand,
                              int64_t sent_micros, int64_t received_micros) {
  const char letter = action.type == ActionType::kFold   ? 'f'
                      : action.type == ActionType::kCall ? 'c'
                                                         : 'r';
  const std::string text = letter == 'r' && game.is_no_limit() ? absl::StrCat("r", action.raise_to)
                                                               : std::string(1, letter);
  return absl::StrCat(text, " ", hand, " ", StampOf(sent_micros), " ", StampOf(received_micros));
}

Reply ParseReply(const GameDef& game, const MatchState& current, absl::string_view line) {
  Reply reply;
  if (!line.empty() && (line[0] == '#' || line[0] == ';')) {
    reply.kind = Reply::Kind::kComment;
    return reply;
  }
  // MATCHSTATE:<viewer>:<hand>:<betting>:<cards> has four ':'; the fifth starts the action.
  size_t end = 0;
  int colons = 0;
  for (; end < line.size(); ++end) {
    if (line[end] == ':' && ++colons == 5) break;
  }
  absl::StatusOr<MatchState> echoed = poker::ParseMatchState(game, line.substr(0, end));
  if (!echoed.ok()) {
    reply.kind = Reply::Kind::kBadState;
    return reply;
  }
  if (!SameMatchState(current, *echoed)) {
    reply.kind = Reply::Kind::kUnrequested;
    return reply;
  }
  if (end >= line.size()) {
    reply.kind = Reply::Kind::kBadAction;
    return reply;
  }
  const absl::string_view action_text = line.substr(end + 1);
  ActionType letter;
  if (action_text.empty() || !poker::ActionOfLetter(action_text[0], &letter)) {
    reply.kind = Reply::Kind::kInvalidAction;
    return reply;
  }
  if (!ReadReplyAction(game, current.state, action_text, &reply.action)) {
    reply.kind = Reply::Kind::kBadAction;
    return reply;
  }
  reply.kind = Reply::Kind::kAction;
  return reply;
}

absl::StatusOr<std::vector<double>> RunMatch(const GameDef& game, const DealerOptions& options,
                                             absl::Span<SeatChannel* const> seats,
                                             const MatchIo& io) {
  const int n = game.num_players;
  if (static_cast<int>(seats.size()) != n || static_cast<int>(options.names.size()) < n) {
    io.message("ERROR: the number of seats or names does not match the game");
    return absl::InvalidArgumentError(
        absl::StrFormat("the game has %d players but %d seats and %d names were given", n,
                        seats.size(), options.names.size()));
  }
  if (absl::Status s = CheckVersions(options, seats, io); !s.ok()) return s;
  if (!options.quiet) io.message(absl::StrCat("STARTED at ", WallClockStamp()));
  Match match(game, options, seats, io);
  if (io.resume != nullptr) {
    if (absl::Status s = match.ReplayTransactions(); !s.ok()) return s;
  }
  if (absl::Status s = match.PlayRemainingHands(); !s.ok()) return s;
  if (!options.quiet) io.message(absl::StrCat("FINISHED at ", WallClockStamp()));
  return match.totals();
}

}  // namespace dealer
