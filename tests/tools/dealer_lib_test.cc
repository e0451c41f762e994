// The dealer library in process: command line, log text, reply classification, and the match
// loop over fake seats (rotation, normalization, aborts).
#include <algorithm>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"
#include "tools/dealer/dealer_options.h"
#include "tools/dealer/match_log.h"
#include "tools/dealer/match_runner.h"
#include "tools/dealer/seat_channel.h"

namespace dealer {
namespace {

using poker::Action;
using poker::ActionType;

TEST(DealerOptionsTest, PositionalsAndDefaults) {
  absl::StatusOr<DealerOptions> o = ParseDealerArgs({"m", "g.game", "1000", "42", "Alice", "Bob"});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->match_name, "m");
  EXPECT_EQ(o->game_file, "g.game");
  EXPECT_EQ(o->num_hands, 1000u);
  EXPECT_EQ(o->seed, 42u);
  EXPECT_THAT(o->names, ::testing::ElementsAre("Alice", "Bob"));
  EXPECT_EQ(o->t_response_ms, 600000);
  EXPECT_EQ(o->t_hand_ms, 600000);
  EXPECT_EQ(o->t_per_hand_ms, 7000);
  EXPECT_EQ(o->start_timeout_ms, -1);
  EXPECT_EQ(o->bind_address, "0.0.0.0");  // every interface, as the server
  EXPECT_TRUE(o->log);
  EXPECT_FALSE(o->fixed_seats || o->quiet || o->append || o->transaction_log);
}

TEST(DealerOptionsTest, OptionsAnywhereGroupedAndLong) {
  absl::StatusOr<DealerOptions> o = ParseDealerArgs({"-fq",
                                                     "m",
                                                     "--t_response",
                                                     "5000",
                                                     "g",
                                                     "-p",
                                                     "7000,7001",
                                                     "10",
                                                     "--t_hand=800",
                                                     "3",
                                                     "A",
                                                     "-l",
                                                     "B",
                                                     "--start_timeout",
                                                     "-1",
                                                     "--t_per_hand",
                                                     "50",
                                                     "--bind",
                                                     "127.0.0.1",
                                                     "-a"});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_TRUE(o->fixed_seats);
  EXPECT_TRUE(o->quiet);
  EXPECT_FALSE(o->log);
  EXPECT_TRUE(o->append);
  EXPECT_EQ(o->t_response_ms, 5000);
  EXPECT_EQ(o->t_hand_ms, 800);
  EXPECT_EQ(o->t_per_hand_ms, 50);
  EXPECT_EQ(o->bind_address, "127.0.0.1");
  EXPECT_THAT(o->ports, ::testing::ElementsAre(7000, 7001));
  EXPECT_EQ(o->num_hands, 10u);
  EXPECT_EQ(o->seed, 3u);
  EXPECT_THAT(o->names, ::testing::ElementsAre("A", "B"));
  absl::StatusOr<DealerOptions> attached = ParseDealerArgs({"m", "g", "1", "2", "A", "-p7000"});
  ASSERT_TRUE(attached.ok());
  EXPECT_THAT(attached->ports, ::testing::ElementsAre(7000));
}

TEST(DealerOptionsTest, Errors) {
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "0", "1", "A"}).ok());         // no hands
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "x", "1", "A"}).ok());         // bad hands
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "-5x", "A"}).ok());      // bad seed
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1"}).ok());             // no names
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1", "A", "-z"}).ok());  // unknown flag
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1", "A", "--t_hand", "abc"}).ok());
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1", "A", "-p", "1,x"}).ok());
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1", "A", "--t_response"}).ok());
  absl::StatusOr<DealerOptions> dashes = ParseDealerArgs({"--", "m", "g", "10", "1", "-A"});
  ASSERT_TRUE(dashes.ok());
  EXPECT_THAT(dashes->names, ::testing::ElementsAre("-A"));
}

TEST(DealerOptionsTest, AbbreviatedLongOptionsAsTheServer) {
  absl::StatusOr<DealerOptions> o =
      ParseDealerArgs({"m", "g", "10", "1", "A", "--t_resp", "500", "--t_h=60", "--t_p", "70",
                       "--st", "9", "--b", "127.0.0.1"});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->t_response_ms, 500);
  EXPECT_EQ(o->t_hand_ms, 60);
  EXPECT_EQ(o->t_per_hand_ms, 70);
  EXPECT_EQ(o->start_timeout_ms, 9);
  EXPECT_EQ(o->bind_address, "127.0.0.1");
  // `--t_` fits three options: refused, naming what was given.
  absl::StatusOr<DealerOptions> ambiguous =
      ParseDealerArgs({"m", "g", "10", "1", "A", "--t_", "5"});
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_THAT(ambiguous.status().message(), ::testing::HasSubstr("ambiguous option --t_"));
  // The parser can run again (getopt's state is reset each time).
  EXPECT_TRUE(ParseDealerArgs({"m", "g", "10", "1", "A", "-f"}).ok());
  // --phh: the finished log is also written as PHH hand histories.
  absl::StatusOr<DealerOptions> phh = ParseDealerArgs({"m", "g", "10", "1", "A", "--phh"});
  ASSERT_TRUE(phh.ok()) << phh.status();
  EXPECT_TRUE(phh->phh);
  EXPECT_FALSE(ParseDealerArgs({"m", "g", "10", "1", "A"})->phh);
}

TEST(MatchLogTest, HeaderAndScoreAsTheServerWritesThem) {
  EXPECT_EQ(FormatLogHeader("nl6p", "holdem.nolimit.6p.game", 600, 0, 600000, 600000, 7000),
            "# name/game/hands/seed nl6p holdem.nolimit.6p.game 600 0\n#--t_response 600000\n"
            "#--t_hand 600000\n#--t_per_hand 7000\n");
  const std::vector<double> totals = {-79922.75, -900683,    -1670855.75,
                                      806486.75, 1378814.25, 466160.5};
  const std::vector<std::string> names = {"P1", "P2", "P3", "P4", "P5", "P6"};
  EXPECT_EQ(FormatScoreLine(totals, names),
            "SCORE:-79922.75|-900683|-1670855.75|806486.75|1378814.25|466160.5:"
            "P1|P2|P3|P4|P5|P6");
}

class ReplyTest : public ::testing::Test {
 protected:
  ReplyTest() : game_(*poker::ParseGameDef(tools_test::kNoLimit2pGame)) {}
  // The state after `betting` with position 0 holding 5d5c and position 1 9hQd; viewer 0.
  poker::MatchState Current(const std::string& betting, int viewer) {
    absl::StatusOr<poker::MatchState> m = poker::ParseMatchState(
        game_,
        absl::StrCat("MATCHSTATE:", viewer, ":3:", betting, ":", viewer == 0 ? "5d5c|" : "|9hQd"));
    EXPECT_TRUE(m.ok()) << m.status();
    return *m;
  }
  poker::GameDef game_;
};

TEST_F(ReplyTest, Classifies) {
  const poker::MatchState cur = Current("c", 0);
  EXPECT_EQ(ParseReply(game_, cur, "# hi").kind, Reply::Kind::kComment);
  EXPECT_EQ(ParseReply(game_, cur, ";x").kind, Reply::Kind::kComment);
  EXPECT_EQ(ParseReply(game_, cur, "garbage").kind, Reply::Kind::kBadState);
  EXPECT_EQ(ParseReply(game_, cur, "").kind, Reply::Kind::kBadState);
  // Another hand, another viewer, other betting, other hole cards: not the current state.
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:4:c:5d5c|:c").kind, Reply::Kind::kUnrequested);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:1:3:c:|9hQd:c").kind, Reply::Kind::kUnrequested);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3::5d5c|:c").kind, Reply::Kind::kUnrequested);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d6c|:c").kind, Reply::Kind::kUnrequested);
  // The current state with no, empty or unknown action: played as a call.
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|").kind, Reply::Kind::kBadAction);
  // An empty action or an unknown letter: the server's "invalid action" (its letter table maps
  // them to an invalid type), not a format error.
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|:").kind, Reply::Kind::kInvalidAction);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|:x").kind, Reply::Kind::kInvalidAction);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|:r").kind, Reply::Kind::kBadAction);
  EXPECT_EQ(ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|:rabc").kind, Reply::Kind::kBadAction);
}

TEST_F(ReplyTest, ReadsActionsLikeTheServer) {
  const poker::MatchState cur = Current("c", 0);
  auto action = [&](const std::string& text) {
    const Reply r = ParseReply(game_, cur, "MATCHSTATE:0:3:c:5d5c|:" + text);
    EXPECT_EQ(r.kind, Reply::Kind::kAction) << text;
    return r.action;
  };
  EXPECT_EQ(action("f"), Action::Fold());
  EXPECT_EQ(action("F"), Action::Fold());
  EXPECT_EQ(action("c"), Action::Call());
  EXPECT_EQ(action("k"), Action::Call());
  EXPECT_EQ(action("cjunk"), Action::Call());
  EXPECT_EQ(action("r300"), Action::Raise(300));
  EXPECT_EQ(action("B450"), Action::Raise(450));
  EXPECT_EQ(action("r 500"), Action::Raise(500));
  EXPECT_EQ(action("r-7"), Action::Raise(-7));
  EXPECT_EQ(action("r99999999999"), Action::Raise(2147483647));
  EXPECT_EQ(action("r600xyz"), Action::Raise(600));
}

TEST(ReplyLimitTest, LimitRaiseHasItsFixedSize) {
  const poker::GameDef game = *poker::ParseGameDef(tools_test::kLimit2pGame);
  const poker::MatchState cur = *poker::ParseMatchState(game, "MATCHSTATE:1:0::|9hQd");
  const Reply r = ParseReply(game, cur, "MATCHSTATE:1:0::|9hQd:r");
  ASSERT_EQ(r.kind, Reply::Kind::kAction);
  EXPECT_EQ(r.action, Action::Raise(20));  // the big blind 10 plus the raise size 10
  EXPECT_EQ(ParseReply(game, cur, "MATCHSTATE:1:0::|9hQd:r77").action, Action::Raise(20));
}

// A seat in memory: replies to its turns with `policy(view)` text; an empty inbox at a read is a
// timeout (or a disconnect when `hang_up`).
class FakeSeat : public SeatChannel {
 public:
  FakeSeat(const poker::GameDef& game, std::function<std::string(const poker::MatchState&)> policy)
      : game_(game), policy_(std::move(policy)) {
    inbox_.push_back("VERSION:2.0.0");
  }
  absl::Status Send(absl::string_view data) override {
    std::string line(data);
    EXPECT_TRUE(absl::EndsWith(line, "\r\n"));
    line.resize(line.size() - 2);
    sent_.push_back(line);
    absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(game_, line);
    EXPECT_TRUE(view.ok()) << line;
    if (view.ok() && !view->state.finished() && view->state.CurrentPlayer() == view->viewer) {
      const std::string reply = policy_(*view);
      if (absl::StartsWith(reply, "<raw>")) {
        // Raw lines, sent as they are.
        for (absl::string_view raw : absl::StrSplit(reply.substr(5), '\n')) {
          inbox_.emplace_back(raw);
        }
      } else if (reply != "<silence>") {
        inbox_.push_back(absl::StrCat(line, ":", reply));
      }
    }
    return absl::OkStatus();
  }
  absl::StatusOr<std::string> ReadLine(Clock::time_point) override {
    if (inbox_.empty()) {
      if (hang_up) return absl::UnavailableError("connection closed");
      return absl::DeadlineExceededError("no reply in time");
    }
    std::string line = inbox_.front();
    inbox_.pop_front();
    return line;
  }
  bool hang_up = false;
  const std::vector<std::string>& sent() const { return sent_; }

 private:
  const poker::GameDef& game_;
  std::function<std::string(const poker::MatchState&)> policy_;
  std::deque<std::string> inbox_;
  std::vector<std::string> sent_;
};

struct Collected {
  std::vector<std::string> messages;
  std::ostringstream log;
  std::ostringstream transactions;
  MatchIo io() {
    MatchIo io;
    io.log = &log;
    io.transactions = &transactions;
    io.message = [this](absl::string_view m) { messages.emplace_back(m); };
    return io;
  }
};

TEST(RunMatchTest, RotatesSeatsAndLogsEveryHand) {
  const poker::GameDef game = *poker::ParseGameDef(tools_test::kNoLimit2pGame);
  auto call = [](const poker::MatchState&) { return std::string("c"); };
  FakeSeat a(game, call), b(game, call);
  std::vector<SeatChannel*> seats = {&a, &b};
  DealerOptions options = *ParseDealerArgs({"m", "g", "4", "0", "Alice", "Bob", "-q"});
  Collected out;
  absl::StatusOr<std::vector<double>> totals = RunMatch(game, options, seats, out.io());
  ASSERT_TRUE(totals.ok()) << totals.status();
  EXPECT_DOUBLE_EQ((*totals)[0] + (*totals)[1], 0.0);
  const std::vector<std::string> lines = absl::StrSplit(out.log.str(), '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 4u);
  // Seed 0, hand 0: 5d5c for position 0 and 9hQd for position 1 (ACPC.md's check).
  EXPECT_TRUE(absl::StartsWith(lines[0], "STATE:0:cc/cc/cc/cc:5d5c|9hQd/8dAs8s/4h/6d:"))
      << lines[0];
  EXPECT_TRUE(absl::EndsWith(lines[0], ":Alice|Bob"));
  EXPECT_TRUE(absl::EndsWith(lines[1], ":Bob|Alice"));
  EXPECT_TRUE(absl::EndsWith(lines[2], ":Alice|Bob"));
  // Alice is position 1 in hand 1: her first message of that hand says so.
  EXPECT_THAT(a.sent(), ::testing::Contains(::testing::StartsWith("MATCHSTATE:1:1::|")));
  EXPECT_TRUE(out.messages.empty());  // quiet, and nothing went wrong
}

TEST(RunMatchTest, FixedSeatsKeepPositions) {
  const poker::GameDef game = *poker::ParseGameDef(tools_test::kNoLimit2pGame);
  auto fold_or_call = [](const poker::MatchState& v) {
    return std::string(v.state.CanFold() ? "f" : "c");
  };
  FakeSeat a(game, fold_or_call), b(game, fold_or_call);
  std::vector<SeatChannel*> seats = {&a, &b};
  DealerOptions options = *ParseDealerArgs({"m", "g", "3", "0", "A", "B", "-q", "-f"});
  Collected out;
  absl::StatusOr<std::vector<double>> totals = RunMatch(game, options, seats, out.io());
  ASSERT_TRUE(totals.ok());
  // Position 1 (B, the small blind) folds every hand: B loses 50 a hand.
  EXPECT_DOUBLE_EQ((*totals)[1], -150.0);
  const std::vector<std::string> lines = absl::StrSplit(out.log.str(), '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 3u);
  for (const std::string& line : lines) {
    EXPECT_TRUE(absl::StartsWith(line.substr(line.find(':', 6)), ":f:")) << line;
    EXPECT_TRUE(absl::EndsWith(line, ":50|-50:A|B")) << line;
  }
}

TEST(RunMatchTest, NormalizesAndWarns) {
  const poker::GameDef game = *poker::ParseGameDef(tools_test::kNoLimit2pGame);
  int turn = 0;
  FakeSeat a(game, [&](const poker::MatchState&) {
    const char* replies[] = {"r0", "f", "r50000", "c", "c", "c"};
    return std::string(turn < 6 ? replies[turn++] : "c");
  });
  FakeSeat b(game, [](const poker::MatchState&) { return std::string("c"); });
  std::vector<SeatChannel*> seats = {&b, &a};  // a is seat 2: position 1 in hand 0
  DealerOptions options = *ParseDealerArgs({"m", "g", "1", "0", "B", "A", "-q"});
  Collected out;
  ASSERT_TRUE(RunMatch(game, options, seats, out.io()).ok());
  // a (position 1) opens preflop with r0: raised to the minimum 200; b calls; on the flop b
  // checks, a's fold with nothing to call is a check; turn b checks, a raises 50000 -> 20000.
  EXPECT_TRUE(absl::StartsWith(out.log.str(), "STATE:0:r200c/cc/cr20000c/:")) << out.log.str();
  EXPECT_THAT(out.messages, ::testing::ElementsAre("WARNING: raise of 0 increased to 200",
                                                   "WARNING: invalid action, changed to call",
                                                   "WARNING: raise of 50000 decreased to 20000"));
}

TEST(RunMatchTest, TimeoutAndDisconnectAbort) {
  const poker::GameDef game = *poker::ParseGameDef(tools_test::kNoLimit2pGame);
  int turn = 0;
  FakeSeat silent(
      game, [&](const poker::MatchState&) { return std::string(turn++ < 4 ? "c" : "<silence>"); });
  FakeSeat caller(game, [](const poker::MatchState&) { return std::string("c"); });
  std::vector<SeatChannel*> seats = {&silent, &caller};
  DealerOptions options = *ParseDealerArgs({"m", "g", "5", "0", "S", "C", "-q", "-f"});
  Collected out;
  absl::StatusOr<std::vector<double>> r = RunMatch(game, options, seats, out.io());
  EXPECT_TRUE(absl::IsDeadlineExceeded(r.status())) << r.status();
  EXPECT_THAT(out.messages, ::testing::Contains("ERROR: seat 1 ran out of time"));
  const std::string log = out.log.str();
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 1);  // hand 0 only

  turn = 0;
  FakeSeat gone(
      game, [&](const poker::MatchState&) { return std::string(turn++ < 4 ? "c" : "<silence>"); });
  gone.hang_up = true;
  FakeSeat caller2(game, [](const poker::MatchState&) { return std::string("c"); });
  std::vector<SeatChannel*> seats2 = {&gone, &caller2};
  Collected out2;
  r = RunMatch(game, options, seats2, out2.io());
  EXPECT_TRUE(absl::IsUnavailable(r.status())) << r.status();
  EXPECT_THAT(out2.messages, ::testing::Contains("ERROR: could not get action from seat 1"));
}

TEST(TransactionTest, LinesAsTheServerWritesThem) {
  const poker::GameDef nl = *poker::ParseGameDef(tools_test::kNoLimit2pGame);
  const poker::GameDef limit = *poker::ParseGameDef(tools_test::kLimit2pGame);
  EXPECT_EQ(FormatTransaction(nl, Action::Raise(300), 7, 1700000000000005, 1700000000250000),
            "r300 7 1700000000.000005 1700000000.250000");
  EXPECT_EQ(FormatTransaction(nl, Action::Call(), 0, 1000000, 2000000), "c 0 1.000000 2.000000");
  EXPECT_EQ(FormatTransaction(limit, Action::Raise(20), 3, 0, 1), "r 3 0.000000 0.000001");
  EXPECT_EQ(FormatTransaction(limit, Action{ActionType::kFold, 0}, 3, 0, 1),
            "f 3 0.000000 0.000001");
}

// A seat whose reply depends only on the state it sees, so that a resumed match plays on exactly
// as the uninterrupted one did: folds, calls and raises of several sizes (some out of range,
// which the dealer clamps).
std::string StateHashPolicy(const poker::MatchState& view) {
  const size_t h = std::hash<std::string>()(poker::FormatMatchState(view));
  switch (h % 8) {
    case 0:
      return "f";
    case 1:
    case 2:
      return "r" + std::to_string(view.state.max_spent() * 2 + static_cast<int>(h % 500));
    case 3:
      return "r" + std::to_string(view.state.max_spent() + 100);
    default:
      return "c";
  }
}

struct ResumeRun {
  absl::StatusOr<std::vector<double>> totals;
  Collected out;
};

// Runs `hands` hands of 3-player no-limit (seed 11, seats rotating) with `earlier` transaction
// text to resume from (nullptr: a fresh match).
std::unique_ptr<ResumeRun> PlayResumable(int hands, const std::string* earlier) {
  static const poker::GameDef game = *poker::ParseGameDef(tools_test::kNoLimit3pGame);
  std::vector<std::unique_ptr<FakeSeat>> fakes;
  std::vector<SeatChannel*> seats;
  for (int s = 0; s < 3; ++s) {
    fakes.push_back(std::make_unique<FakeSeat>(game, StateHashPolicy));
    seats.push_back(fakes.back().get());
  }
  DealerOptions options =
      *ParseDealerArgs({"m", "g", std::to_string(hands), "11", "A", "B", "C", "-q", "-T", "-a"});
  auto run = std::make_unique<ResumeRun>();
  MatchIo io = run->out.io();
  std::istringstream in(earlier != nullptr ? *earlier : "");
  if (earlier != nullptr) {
    io.resume = &in;
    io.resume_name = "m.tlog";
  }
  run->totals = RunMatch(game, options, seats, io);
  return run;
}

// Field `index` of each transaction line (0: action, 1: hand).
std::vector<std::string> TransactionFields(const std::string& text, int first_field, int fields) {
  std::vector<std::string> out;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    const std::vector<std::string> parts = absl::StrSplit(line, ' ');
    EXPECT_EQ(parts.size(), 4u) << line;
    std::string kept;
    for (int i = first_field; i < first_field + fields && i < static_cast<int>(parts.size()); ++i) {
      absl::StrAppend(&kept, i > first_field ? " " : "", parts[i]);
    }
    out.push_back(kept);
  }
  return out;
}

TEST(TransactionTest, ResumedMatchEqualsTheUninterruptedOne) {
  constexpr int kHands = 12;
  const std::unique_ptr<ResumeRun> whole = PlayResumable(kHands, nullptr);
  ASSERT_TRUE(whole->totals.ok()) << whole->totals.status();
  const std::vector<std::string> log =
      absl::StrSplit(whole->out.log.str(), '\n', absl::SkipEmpty());
  ASSERT_EQ(log.size(), static_cast<size_t>(kHands));
  const std::vector<std::string> actions = TransactionFields(whole->out.transactions.str(), 0, 2);
  ASSERT_GT(actions.size(), 3u * kHands);
  const std::vector<std::string> lines =
      absl::StrSplit(whole->out.transactions.str(), '\n', absl::SkipEmpty());
  for (const std::string& line : lines) {
    // Times: received no earlier than sent, microseconds with six digits.
    const std::vector<std::string> parts = absl::StrSplit(line, ' ');
    ASSERT_EQ(parts.size(), 4u);
    ASSERT_EQ(parts[2].size() - parts[2].find('.'), 7u) << line;
    ASSERT_LE(std::stod(parts[2]), std::stod(parts[3])) << line;
  }

  // Interrupt after every possible number of transactions: at the start, mid-hand, between hands,
  // and after the last one.
  for (size_t cut = 0; cut <= lines.size(); ++cut) {
    std::string earlier;
    for (size_t i = 0; i < cut; ++i) earlier += lines[i] + "\n";
    // The hand of the next transaction (or the end) tells how many hands the cut completed.
    const int hands_done =
        cut == lines.size() ? kHands : std::stoi(TransactionFields(lines[cut], 1, 1)[0]);
    const std::unique_ptr<ResumeRun> resumed = PlayResumable(kHands, &earlier);
    ASSERT_TRUE(resumed->totals.ok()) << "cut " << cut << ": " << resumed->totals.status();
    // Same totals; only the hands not finished before the cut are logged; the new transaction
    // lines continue the old ones.
    EXPECT_EQ(*resumed->totals, *whole->totals) << "cut " << cut;
    const std::vector<std::string> relog =
        absl::StrSplit(resumed->out.log.str(), '\n', absl::SkipEmpty());
    ASSERT_EQ(relog.size(), static_cast<size_t>(kHands - hands_done)) << "cut " << cut;
    for (size_t i = 0; i < relog.size(); ++i) EXPECT_EQ(relog[i], log[hands_done + i]);
    const std::vector<std::string> more = TransactionFields(resumed->out.transactions.str(), 0, 2);
    ASSERT_EQ(more.size(), actions.size() - cut) << "cut " << cut;
    for (size_t i = 0; i < more.size(); ++i) ASSERT_EQ(more[i], actions[cut + i]) << "cut " << cut;
    for (const std::string& m : resumed->out.messages) {
      EXPECT_TRUE(absl::StartsWith(m, "WARNING: ")) << "cut " << cut << ": " << m;
    }
  }
}

TEST(TransactionTest, BadTransactionsStopTheResume) {
  const std::unique_ptr<ResumeRun> whole = PlayResumable(3, nullptr);
  ASSERT_TRUE(whole->totals.ok());
  const std::vector<std::string> lines =
      absl::StrSplit(whole->out.transactions.str(), '\n', absl::SkipEmpty());
  ASSERT_GE(lines.size(), 3u);
  const std::string first_two = lines[0] + "\n" + lines[1] + "\n";
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {first_two + "c 0 1.0\n", "m.tlog:3: expected '<action> <hand> <sent> <received>'"},
      {first_two + "c 5 1.000000 1.000001\n", "m.tlog:3: expected an action of hand"},
      {first_two + "x 0 1.000000 1.000001\n", "m.tlog:3: "},
      {"r1 0 1.000000 1.000001\n", "m.tlog:1: illegal action"},
      // Position 2 acts first preflop; in hand 0 that is seat 3.
      {"c 0 1.000000 2000.000000\n", "m.tlog:1: seat 3 ran out of time"},
      {first_two + lines[2], "m.tlog:3: incomplete line"},
      {whole->out.transactions.str() + "c 3 1.000000 1.000001\n",
       "a transaction after the match's last hand"},
  };
  for (const Case& c : cases) {
    const std::unique_ptr<ResumeRun> run = PlayResumable(3, &c.text);
    EXPECT_TRUE(absl::IsInvalidArgument(run->totals.status())) << c.text;
    EXPECT_THAT(std::string(run->totals.status().message()), ::testing::HasSubstr(c.error))
        << c.text;
    EXPECT_TRUE(run->out.log.str().empty());
    EXPECT_TRUE(run->out.transactions.str().empty());
  }
  // Damaged copies of a good file (bytes replaced, dropped or doubled) never crash the dealer:
  // either the damage still reads as a legal match, which then plays on, or it is refused.
  std::mt19937 rng(77);
  static const char kBytes[] = "0123456789 .:rcf\n\xff";
  const std::string good = whole->out.transactions.str();
  for (int trial = 0; trial < 300; ++trial) {
    std::string bad = good;
    for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0 && !bad.empty(); --edits) {
      const size_t at = rng() % bad.size();
      switch (rng() % 3) {
        case 0:
          bad[at] = kBytes[rng() % (sizeof(kBytes) - 1)];
          break;
        case 1:
          bad.erase(at, 1);
          break;
        default:
          bad.insert(at, 1, bad[at]);
      }
    }
    const std::unique_ptr<ResumeRun> run = PlayResumable(3, &bad);
    EXPECT_TRUE(run->totals.ok() || absl::IsInvalidArgument(run->totals.status()))
        << run->totals.status();
  }
}

TEST(RunMatchTest, RandomJunkNeverBreaksTheMatch) {
  // Every turn: junk lines (random bytes, truncated or corrupted echoes, wrong hands), then the
  // right state with a random action text. The match must finish with every hand logged.
  for (const char* text : {tools_test::kNoLimit3pGame, tools_test::kLimit2pGame}) {
    const poker::GameDef game = *poker::ParseGameDef(text);
    std::mt19937 rng(2024);
    auto junk_action = [&rng]() {
      static const char* kPieces[] = {"f",
                                      "c",
                                      "r",
                                      "k",
                                      "b",
                                      "R",
                                      "F",
                                      "x",
                                      " ",
                                      "-",
                                      "+",
                                      "0",
                                      "9",
                                      "99999999999999999999",
                                      "r-2147483648",
                                      ":",
                                      "|",
                                      "/",
                                      "\xff",
                                      "r20000",
                                      "r201",
                                      "\0"};
      std::string out;
      const int n = static_cast<int>(rng() % 4);
      for (int i = 0; i < n; ++i) out += kPieces[rng() % (sizeof(kPieces) / sizeof(kPieces[0]))];
      return out;
    };
    auto policy = [&](const poker::MatchState& view) {
      const std::string line = poker::FormatMatchState(view);
      std::string raw = "<raw>";
      const int junk = static_cast<int>(rng() % 4);
      for (int i = 0; i < junk; ++i) {
        std::string bad;
        switch (rng() % 5) {
          case 0:
            for (int k = 0; k < 30; ++k) bad += static_cast<char>(1 + rng() % 255);
            break;
          case 1:
            bad = line.substr(0, rng() % line.size());
            break;
          case 2:
            bad = line;
            bad[rng() % bad.size()] = static_cast<char>('0' + rng() % 40);
            break;
          case 3:
            bad = absl::StrCat("MATCHSTATE:", view.viewer, ":", view.state.hand_number() + 1,
                               "::", poker::FormatCards(view.state, view.viewer), ":c");
            break;
          default:
            bad = absl::StrCat(line, junk_action(), ":", junk_action());
            break;
        }
        bad.erase(std::remove(bad.begin(), bad.end(), '\n'), bad.end());
        raw += bad + "\n";
      }
      return raw + line + ":" + junk_action();
    };
    std::vector<std::unique_ptr<FakeSeat>> fakes;
    std::vector<SeatChannel*> seats;
    std::vector<std::string> args = {"m", "g", "200", "3"};
    for (int s = 0; s < game.num_players; ++s) {
      fakes.push_back(std::make_unique<FakeSeat>(game, policy));
      seats.push_back(fakes.back().get());
      args.push_back(absl::StrCat("S", s));
    }
    args.push_back("-q");
    DealerOptions options = *ParseDealerArgs(args);
    Collected out;
    absl::StatusOr<std::vector<double>> totals = RunMatch(game, options, seats, out.io());
    ASSERT_TRUE(totals.ok()) << totals.status();
    double sum = 0;
    for (double t : *totals) sum += t;
    EXPECT_NEAR(sum, 0.0, 1e-6);
    const std::string log = out.log.str();
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 200);
    EXPECT_GT(out.messages.size(), 100u);  // plenty of warnings, no abort
  }
}

}  // namespace
}  // namespace dealer
