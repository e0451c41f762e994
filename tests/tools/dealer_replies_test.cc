// The dealer program's treatment of bad replies over 127.0.0.1: garbage and comments ignored,
// replies to other states ignored, an illegal fold and an unparseable action played as a call,
// raise sizes clamped, silence past --t_response and a disconnect abort the match (exit 1) with
// the finished hands logged and no SCORE line.
#include <ifaddrs.h>
#include <net/if.h>

#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"

namespace tools_test {
namespace {

using poker::Action;
using std::chrono::milliseconds;

// What a scripted seat sends when it is to act: text (lines with "\r\n"), "" = say nothing,
// nullopt = hang up.
using Policy = std::function<std::optional<std::string>(int turn, const std::string& line,
                                                        const poker::MatchState& view)>;

void PlaySeat(int port, const poker::GameDef* game, Policy policy, in_addr_t address) {
  LineClient client;
  if (!client.Connect(port, address)) return;
  client.Send("VERSION:2.0.0\r\n");
  int turn = 0;
  while (std::optional<std::string> line = client.ReadLine(milliseconds(20000))) {
    absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(*game, *line);
    if (!view.ok() || view->state.finished() || view->state.CurrentPlayer() != view->viewer) {
      continue;
    }
    std::optional<std::string> reply = policy(turn++, *line, *view);
    if (!reply.has_value()) {
      client.Close();
      return;
    }
    if (!reply->empty()) client.Send(*reply);
  }
}

Policy AlwaysCall() {
  return [](int, const std::string& line, const poker::MatchState&) {
    return std::optional<std::string>(line + ":c\r\n");
  };
}

struct MatchRun {
  std::optional<int> status;
  std::string stdout_text;
  std::string stderr_text;
  std::vector<std::string> log_lines;
};

// Runs the dealer in `dir` on heads-up no-limit (seed 7, quiet unless `quiet` is false) with
// `args` after the seed (the names, then options) and the two seats played by `seat0` and
// `seat1`, connecting to `address`, until it exits.
MatchRun RunDealerIn(const TempDir& dir, int hands, const std::vector<std::string>& args,
                     Policy seat0, Policy seat1, bool quiet = true,
                     in_addr_t address = htonl(INADDR_LOOPBACK)) {
  WriteFile(dir.File("nl2p.game"), kNoLimit2pGame);
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  std::vector<std::string> argv = {BinPath("dealer"), "m", "nl2p.game", std::to_string(hands), "7"};
  argv.insert(argv.end(), args.begin(), args.end());
  if (quiet) argv.push_back("-q");
  Subprocess dealer(argv, dir.path(), dir.File("stderr.txt"));
  MatchRun run;
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  if (!ports_line) return run;
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  if (ports.size() != 2) return run;
  std::thread t0(PlaySeat, std::stoi(ports[0]), &game, seat0, address);
  std::thread t1(PlaySeat, std::stoi(ports[1]), &game, seat1, address);
  run.stdout_text = dealer.ReadRest(milliseconds(30000));
  run.status = dealer.Wait(milliseconds(10000));
  t0.join();
  t1.join();
  run.stderr_text = ReadFile(dir.File("stderr.txt"));
  run.log_lines = SplitLines(ReadFile(dir.File("m.log")));
  return run;
}

// Runs `hands` hands with fixed seats (seat 0 = position 0, the big blind) in a fresh folder.
MatchRun RunDealer(int hands, const std::vector<std::string>& extra, Policy seat0, Policy seat1) {
  TempDir dir;
  std::vector<std::string> args = {"Bad", "Good", "-f"};
  args.insert(args.end(), extra.begin(), extra.end());
  return RunDealerIn(dir, hands, args, seat0, seat1);
}

// The STATE line the dealer must log for hand `hand` (seed 7, seats fixed) after `actions`.
std::string ExpectedLogLine(uint32_t hand, const std::vector<std::vector<Action>>& by_round) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  poker::Dealer deal(game, 7);
  poker::State state(game, 0);
  for (uint32_t h = 0; h <= hand; ++h) {
    state = poker::State(game, h);
    deal.DealNext(&state);
  }
  for (const std::vector<Action>& round : by_round) {
    for (const Action& a : round) EXPECT_TRUE(state.Apply(a).ok());
  }
  EXPECT_TRUE(state.finished());
  poker::LogLine line{state, {0, 0}, {"Bad", "Good"}, ""};
  EXPECT_TRUE(state.Values(absl::MakeSpan(line.values)).ok());
  return poker::FormatLogLine(line);
}

TEST(DealerRepliesTest, BadRepliesAreIgnoredCalledOrClamped) {
  // Hand 0: Good (position 1, small blind) calls; Bad sends garbage, a comment, a reply to an
  // earlier state, then an illegal fold (played as a call). On the flop Bad raises to 999999
  // (clamped to the 20000 stack) and Good calls. Hand 1: Bad's unknown action `xyz` is a call
  // ("invalid action", as the server), then `r1` on the flop is raised to the minimum 200, then
  // `r` without a size (a format error) is a call, and so is the empty action on the river.
  // Hand 2: Bad goes silent and the 300 ms response limit ends the match.
  std::string first_state_of_hand0;
  Policy bad = [&](int turn, const std::string& line,
                   const poker::MatchState& view) -> std::optional<std::string> {
    switch (turn) {
      case 0: {
        const std::string stale =
            absl::StrCat("MATCHSTATE:0:0::", poker::FormatCards(view.state, 0));
        return absl::StrCat("hello world\r\n#comment\r\n;another\r\n", stale, ":r500\r\n", line,
                            ":f\r\n");
      }
      case 1:
        return line + ":r999999\r\n";
      case 2:
        return line + ":xyz\r\n";
      case 3:
        return line + ":r1\r\n";
      case 4:
        return line + ":r\r\n";
      case 5:
        return line + ":\r\n";
      default:
        return std::string();  // silence
    }
  };
  const MatchRun run = RunDealer(4, {"--t_response", "300"}, bad, AlwaysCall());
  ASSERT_EQ(run.status, 1) << run.stderr_text;
  ASSERT_EQ(run.log_lines.size(), 6u) << run.stderr_text;  // 4 header lines + 2 hands
  EXPECT_EQ(run.log_lines[0], "# name/game/hands/seed m nl2p.game 4 7");
  EXPECT_EQ(run.log_lines[1], "#--t_response 300");
  EXPECT_EQ(run.log_lines[4], ExpectedLogLine(0, {{Action::Call(), Action::Call()},
                                                  {Action::Raise(20000), Action::Call()}}));
  EXPECT_EQ(run.log_lines[5], ExpectedLogLine(1, {{Action::Call(), Action::Call()},
                                                  {Action::Raise(200), Action::Call()},
                                                  {Action::Call(), Action::Call()},
                                                  {Action::Call(), Action::Call()}}));
  EXPECT_TRUE(absl::StrContains(run.log_lines[4], ":cc/r20000c//:")) << run.log_lines[4];
  EXPECT_TRUE(absl::StrContains(run.log_lines[5], ":cc/r200c/cc/cc:")) << run.log_lines[5];
  EXPECT_FALSE(absl::StrContains(run.stdout_text, "SCORE"));
  for (const char* expected :
       {"WARNING: bad state format in response", "WARNING: ignoring un-requested response",
        "WARNING: invalid action, changed to call", "WARNING: raise of 999999 decreased to 20000",
        "WARNING: bad action format in response, changed to call",
        "WARNING: raise of 1 increased to 200", "ERROR: could not get action from seat 1",
        "seconds spent waiting; timeout 0.3"}) {
    EXPECT_TRUE(absl::StrContains(run.stderr_text, expected)) << expected << "\n"
                                                              << run.stderr_text;
  }
  // Exactly one bad-state warning (the garbage line): comments are not warned about.
  const std::vector<std::string> pieces = absl::StrSplit(run.stderr_text, "bad state format");
  EXPECT_EQ(pieces.size(), 2u);
  // The illegal fold, `xyz` and the empty action are invalid actions; `r` is a format error.
  const std::vector<std::string> invalid = absl::StrSplit(run.stderr_text, "invalid action,");
  EXPECT_EQ(invalid.size(), 4u) << run.stderr_text;
  const std::vector<std::string> format = absl::StrSplit(run.stderr_text, "bad action format");
  EXPECT_EQ(format.size(), 2u) << run.stderr_text;
}

TEST(DealerRepliesTest, DisconnectAbortsKeepingFinishedHands) {
  Policy quitter = [](int turn, const std::string& line,
                      const poker::MatchState&) -> std::optional<std::string> {
    if (turn < 4) return line + ":c\r\n";  // hand 0: check it down (preflop, flop, turn, river)
    return std::nullopt;                   // hand 1: hang up
  };
  const MatchRun run = RunDealer(5, {}, quitter, AlwaysCall());
  ASSERT_EQ(run.status, 1) << run.stderr_text;
  ASSERT_EQ(run.log_lines.size(), 5u) << run.stderr_text;
  EXPECT_TRUE(absl::StrContains(run.log_lines[4], "STATE:0:cc/cc/cc/cc:")) << run.log_lines[4];
  EXPECT_TRUE(absl::StrContains(run.stderr_text, "ERROR: could not get action from seat 1"))
      << run.stderr_text;
  EXPECT_FALSE(absl::StrContains(run.stdout_text, "SCORE"));
}

TEST(DealerRepliesTest, SlowSeatExceedsHandLimit) {
  // Each reply takes ~150 ms, under the 1000 ms response limit, but the hand limit is 400 ms.
  Policy slow = [](int, const std::string& line,
                   const poker::MatchState&) -> std::optional<std::string> {
    std::this_thread::sleep_for(milliseconds(150));
    return line + ":c\r\n";
  };
  const MatchRun run =
      RunDealer(3, {"--t_response", "1000", "--t_hand", "400"}, slow, AlwaysCall());
  ASSERT_EQ(run.status, 1) << run.stderr_text;
  EXPECT_EQ(run.log_lines.size(), 4u);  // no hand finished: it needs four slow replies
  EXPECT_TRUE(absl::StrContains(run.stderr_text, "ran out of time")) << run.stderr_text;
  EXPECT_EQ(run.log_lines[2], "#--t_hand 400");
}

TEST(DealerRepliesTest, InvalidVersionAborts) {
  TempDir dir;
  WriteFile(dir.File("nl2p.game"), kNoLimit2pGame);
  Subprocess dealer({BinPath("dealer"), "m", "nl2p.game", "3", "1", "A", "B", "-q"}, dir.path(),
                    dir.File("stderr.txt"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value());
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  LineClient a, b;
  ASSERT_TRUE(a.Connect(std::stoi(ports[0])));
  ASSERT_TRUE(b.Connect(std::stoi(ports[1])));
  a.Send("HELLO\r\n");
  b.Send("VERSION:2.0.0\r\n");
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 1);
  EXPECT_TRUE(absl::StrContains(ReadFile(dir.File("stderr.txt")), "invalid version string"));
}

TEST(DealerRepliesTest, StartTimeoutWhenNobodyConnects) {
  TempDir dir;
  WriteFile(dir.File("nl2p.game"), kNoLimit2pGame);
  Subprocess dealer(
      {BinPath("dealer"), "m", "nl2p.game", "3", "1", "A", "B", "-q", "--start_timeout", "200"},
      dir.path(), dir.File("stderr.txt"));
  ASSERT_TRUE(dealer.ReadLine(milliseconds(10000)).has_value());
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 1);
  EXPECT_TRUE(absl::StrContains(ReadFile(dir.File("stderr.txt")),
                                "timed out waiting for seat 1 to connect"));
}

// Replies that depend only on the state, so that a resumed match plays on as the first run did.
Policy ByStateHash() {
  return [](int, const std::string& line, const poker::MatchState& view) {
    const size_t h = std::hash<std::string>()(line);
    const std::string action =
        h % 5 == 0 ? "f" : (h % 5 == 1 ? absl::StrCat("r", view.state.max_spent() * 2 + 50) : "c");
    return std::optional<std::string>(absl::StrCat(line, ":", action, "\r\n"));
  };
}

TEST(DealerRepliesTest, TransactionFileResumesAnInterruptedMatch) {
  constexpr int kHands = 8;
  TempDir first;
  const MatchRun whole =
      RunDealerIn(first, kHands, {"Alice", "Bob", "-T"}, ByStateHash(), ByStateHash());
  ASSERT_EQ(whole.status, 0) << whole.stderr_text;
  ASSERT_EQ(whole.log_lines.size(), 4u + kHands + 1);
  const std::vector<std::string> transactions = SplitLines(ReadFile(first.File("m.tlog")));
  ASSERT_GT(transactions.size(), 2u * kHands);

  // The dealer "crashed" in the middle of hand 5: its files hold what it had written by then.
  size_t cut = 0;
  while (cut < transactions.size() &&
         !absl::StartsWith(transactions[cut].substr(transactions[cut].find(' ') + 1), "5 ")) {
    ++cut;
  }
  ASSERT_LT(cut + 1, transactions.size());
  ++cut;  // one action of hand 5 was played
  TempDir second;
  std::string tlog, log;
  for (size_t i = 0; i < cut; ++i) tlog += transactions[i] + "\n";
  for (size_t i = 0; i < 4 + 5; ++i) log += whole.log_lines[i] + "\n";
  WriteFile(second.File("m.tlog"), tlog);
  WriteFile(second.File("m.log"), log);

  const MatchRun resumed =
      RunDealerIn(second, kHands, {"Alice", "Bob", "-T", "-a"}, ByStateHash(), ByStateHash());
  ASSERT_EQ(resumed.status, 0) << resumed.stderr_text;
  // The score covers the whole match; the log has the first run's hands 0-4, a second header,
  // hands 5-7 as the first run played them, and the SCORE line.
  EXPECT_EQ(SplitLines(resumed.stdout_text).back(), SplitLines(whole.stdout_text).back());
  ASSERT_EQ(resumed.log_lines.size(), 4u + 5 + 4 + 3 + 1) << resumed.stderr_text;
  for (int i = 0; i < 4 + 5; ++i) EXPECT_EQ(resumed.log_lines[i], whole.log_lines[i]);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(resumed.log_lines[9 + i], whole.log_lines[i]);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(resumed.log_lines[13 + i], whole.log_lines[9 + i]);
  // The transaction file goes on with the same actions.
  const std::vector<std::string> again = SplitLines(ReadFile(second.File("m.tlog")));
  ASSERT_EQ(again.size(), transactions.size());
  for (size_t i = 0; i < again.size(); ++i) {
    EXPECT_EQ(again[i].substr(0, again[i].find(' ', again[i].find(' ') + 1)),
              transactions[i].substr(0, transactions[i].find(' ', transactions[i].find(' ') + 1)))
        << i;
  }

  // A damaged transaction file stops the dealer with the line named, before any hand is played.
  TempDir third;
  WriteFile(third.File("m.tlog"), "c 0 12.5\n");
  const MatchRun refused =
      RunDealerIn(third, kHands, {"Alice", "Bob", "-T", "-a"}, ByStateHash(), ByStateHash());
  EXPECT_EQ(refused.status, 1);
  EXPECT_TRUE(absl::StrContains(refused.stderr_text, "m.tlog:1: expected")) << refused.stderr_text;
  EXPECT_FALSE(absl::StrContains(refused.stdout_text, "SCORE"));
}

// The verbose transcript (no -q) has the server's lines, timestamps apart: STARTED, every state
// sent (`TO`) and every reply received (`FROM`) as on the wire with its '\r', the cumulative
// seconds per seat (counted from 0) after hand 0, 100, ..., FINISHED, and the SCORE line.
TEST(DealerRepliesTest, VerboseTranscriptHasTheServersLines) {
  TempDir dir;
  const MatchRun run = RunDealerIn(dir, 2, {"Alice", "Bob"}, AlwaysCall(), AlwaysCall(), false);
  ASSERT_EQ(run.status, 0) << run.stderr_text;
  std::vector<std::string> lines;
  for (const std::string& line : SplitLines(run.stderr_text)) {
    std::string text = line;
    // Timestamps differ from run to run: "at 1795349202.110438 " -> "at T ".
    const size_t at = text.find(" at ");
    if (at != std::string::npos) {
      const size_t end = text.find_first_not_of("0123456789.", at + 4);
      text = text.substr(0, at + 4) + "T" + (end == std::string::npos ? "" : text.substr(end));
    }
    lines.push_back(text);
  }
  ASSERT_GE(lines.size(), 10u) << run.stderr_text;
  EXPECT_EQ(lines[0], "# name/game/hands/seed m nl2p.game 2 7");
  EXPECT_EQ(lines[4], "STARTED at T");
  // Hand 0 (seats not fixed: seat 1 is position 0): both seats get the deal, seat 2 (the small
  // blind, position 1) acts first.
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  poker::Dealer deal(game, 7);
  poker::State hand0(game, 0);
  deal.DealNext(&hand0);
  const std::string to1 = poker::FormatMatchState({0, hand0});
  const std::string to2 = poker::FormatMatchState({1, hand0});
  EXPECT_EQ(lines[5], absl::StrCat("TO 1 at T ", to1, "\r"));
  EXPECT_EQ(lines[6], absl::StrCat("TO 2 at T ", to2, "\r"));
  EXPECT_EQ(lines[7], absl::StrCat("FROM 2 at T ", to2, ":c\r"));
  int seconds_lines = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (absl::StartsWith(lines[i], "Seconds cumulatively spent in match for seat ")) {
      ++seconds_lines;
      // After hand 0's final states, seat 0 then seat 1, each under a second here.
      EXPECT_TRUE(absl::StartsWith(lines[i - 1], "TO 2 at T MATCHSTATE:1:0:")) << lines[i - 1];
      EXPECT_EQ(lines[i], "Seconds cumulatively spent in match for seat 0: 0");
      EXPECT_EQ(lines[i + 1], "Seconds cumulatively spent in match for seat 1: 0");
      ++i;
    }
  }
  EXPECT_EQ(seconds_lines, 1);  // hand 1 % 100 != 0
  for (const std::string& line : lines) {
    if (absl::StartsWith(line, "TO ") || absl::StartsWith(line, "FROM ")) {
      EXPECT_TRUE(absl::EndsWith(line, "\r")) << line;
    }
  }
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2], "FINISHED at T");
  EXPECT_TRUE(absl::StartsWith(lines.back(), "SCORE:")) << lines.back();
}

// By default the dealer listens on every interface, as the server (whose play_match.pl connects
// the players to the address `hostname` resolves to): a match is played over a non-loopback
// address of this machine.
TEST(DealerRepliesTest, DefaultBindIsReachableOnANonLoopbackAddress) {
  std::optional<in_addr_t> address;
  ifaddrs* interfaces = nullptr;
  if (getifaddrs(&interfaces) == 0) {
    for (ifaddrs* i = interfaces; i != nullptr && !address; i = i->ifa_next) {
      if (i->ifa_addr == nullptr || i->ifa_addr->sa_family != AF_INET) continue;
      if ((i->ifa_flags & IFF_UP) == 0 || (i->ifa_flags & IFF_LOOPBACK) != 0) continue;
      address = reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr;
    }
    freeifaddrs(interfaces);
  }
  if (!address) GTEST_SKIP() << "this machine has no non-loopback IPv4 address";
  TempDir dir;
  const MatchRun run =
      RunDealerIn(dir, 3, {"Alice", "Bob"}, AlwaysCall(), AlwaysCall(), true, *address);
  ASSERT_EQ(run.status, 0) << run.stderr_text;
  EXPECT_TRUE(absl::StrContains(run.stdout_text, ":Alice|Bob")) << run.stdout_text;
  // --bind 127.0.0.1 restricts it: that address is refused.
  TempDir restricted;
  WriteFile(restricted.File("nl2p.game"), kNoLimit2pGame);
  Subprocess dealer({BinPath("dealer"), "m", "nl2p.game", "3", "1", "A", "B", "-q", "--bind",
                     "127.0.0.1", "--start_timeout", "2000"},
                    restricted.path(), restricted.File("stderr.txt"));
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value());
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  LineClient client;
  EXPECT_FALSE(client.Connect(std::stoi(ports[0]), *address));
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 1);
}

TEST(DealerRepliesTest, BadCommandLineExitsTwo) {
  Subprocess dealer({BinPath("dealer"), "m", "no.game", "0", "1", "A", "B"}, "", "");
  EXPECT_EQ(dealer.Wait(milliseconds(10000)), 2);
}

}  // namespace
}  // namespace tools_test
