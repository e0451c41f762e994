// The ACPC client: line handling (comments, malformed lines, whose turn, normalized replies) and
// a whole connection against an in-test server on 127.0.0.1.
#include "acpc/acpc_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"

namespace acpc {
namespace {

using poker::Action;

// Records what it observes and answers with a fixed action.
class RecordingPlayer : public poker::Player {
 public:
  explicit RecordingPlayer(Action answer) : answer_(answer) {}
  void Observe(const poker::MatchState& view) override {
    observed.push_back(poker::FormatMatchState(view));
  }
  Action Act(const poker::MatchState& view) override {
    acted.push_back(poker::FormatMatchState(view));
    return answer_;
  }
  std::vector<std::string> observed;
  std::vector<std::string> acted;

 private:
  Action answer_;
};

class AcpcSessionTest : public ::testing::Test {
 protected:
  AcpcSessionTest() : game_(*poker::ParseGameDef(tools_test::kNoLimit2pGame)) {}
  poker::GameDef game_;
};

TEST_F(AcpcSessionTest, RepliesOnlyOnItsTurnWithTheExactStateText) {
  RecordingPlayer player(Action::Raise(300));
  AcpcSession session(game_, &player);
  // Position 1 (the small blind) acts first preflop in reverse-blinds heads-up.
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0::|9hQd\r\n"), "MATCHSTATE:1:0::|9hQd:r300\r\n");
  // Position 0 does not act first: observed, no reply.
  EXPECT_EQ(session.HandleLine("MATCHSTATE:0:0::5d5c|"), "");
  // The hand's final state: observed, no reply.
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0:f:|9hQd"), "");
  EXPECT_THAT(player.observed,
              ::testing::ElementsAre("MATCHSTATE:1:0::|9hQd", "MATCHSTATE:0:0::5d5c|",
                                     "MATCHSTATE:1:0:f:|9hQd"));
  EXPECT_THAT(player.acted, ::testing::ElementsAre("MATCHSTATE:1:0::|9hQd"));
}

TEST_F(AcpcSessionTest, IgnoresCommentsAndSkipsMalformedLines) {
  RecordingPlayer player(Action::Call());
  std::vector<std::string> warnings;
  AcpcClientOptions options;
  options.warn = [&](absl::string_view w) { warnings.emplace_back(w); };
  AcpcSession session(game_, &player, options);
  EXPECT_EQ(session.HandleLine("# a comment\r\n"), "");
  EXPECT_EQ(session.HandleLine(";another"), "");
  EXPECT_EQ(session.HandleLine("MATCHSTATE:garbage"), "");
  EXPECT_EQ(session.HandleLine("MATCHSTATE:0:x:c:5d5c|"), "");  // not framed: no hand number
  EXPECT_EQ(session.HandleLine(""), "");
  EXPECT_EQ(session.lines_skipped(), 2);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_THAT(warnings[0], ::testing::HasSubstr("MATCHSTATE:garbage"));
  EXPECT_TRUE(player.observed.empty());
  // Still works afterwards.
  EXPECT_EQ(session.HandleLine("MATCHSTATE:0:1:c:5d5c|"), "MATCHSTATE:0:1:c:5d5c|:c\r\n");
}

TEST_F(AcpcSessionTest, SendsLegalActions) {
  RecordingPlayer folder(Action::Fold());
  AcpcSession a(game_, &folder);
  // Nothing to call for the big blind after a call: a fold would be played as a check anyway.
  EXPECT_EQ(a.HandleLine("MATCHSTATE:0:0:c:5d5c|"), "MATCHSTATE:0:0:c:5d5c|:c\r\n");
  EXPECT_EQ(a.HandleLine("MATCHSTATE:0:0:r300:5d5c|"), "MATCHSTATE:0:0:r300:5d5c|:f\r\n");
  RecordingPlayer shover(Action::Raise(999999));
  AcpcSession b(game_, &shover);
  EXPECT_EQ(b.HandleLine("MATCHSTATE:1:0::|9hQd"), "MATCHSTATE:1:0::|9hQd:r20000\r\n");
  RecordingPlayer min_raiser(Action::Raise(1));
  AcpcSession c(game_, &min_raiser);
  EXPECT_EQ(c.HandleLine("MATCHSTATE:1:0::|9hQd"), "MATCHSTATE:1:0::|9hQd:r200\r\n");

  const poker::GameDef limit = *poker::ParseGameDef(tools_test::kLimit2pGame);
  RecordingPlayer raiser(Action::Raise(12345));
  AcpcSession d(limit, &raiser);
  EXPECT_EQ(d.HandleLine("MATCHSTATE:1:0::|9hQd"), "MATCHSTATE:1:0::|9hQd:r\r\n");
  // After three raises preflop the cap (3) is reached: the raise becomes a call.
  EXPECT_EQ(d.HandleLine("MATCHSTATE:0:0:rrr:5d5c|"), "MATCHSTATE:0:0:rrr:5d5c|:c\r\n");
}

// A one-connection server on 127.0.0.1: accepts, reads the version line, sends `out`, reads
// `replies` reply lines, waits `linger_ms`, then closes. Run() starts it on a thread.
class ScriptedDealer {
 public:
  ScriptedDealer(std::string out, int replies, int linger_ms = 0)
      : out_(std::move(out)), replies_(replies), linger_ms_(linger_ms) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
    listen(listener_, 1);
    socklen_t len = sizeof(addr);
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] {
      const int fd = accept(listener_, nullptr, nullptr);
      version = ReadLine(fd);
      send(fd, out_.data(), out_.size(), MSG_NOSIGNAL);
      for (int i = 0; i < replies_; ++i) received.push_back(ReadLine(fd));
      std::this_thread::sleep_for(std::chrono::milliseconds(linger_ms_));
      close(fd);
    });
  }
  ~ScriptedDealer() { Join(); }
  void Join() {
    if (thread_.joinable()) thread_.join();
    if (listener_ >= 0) close(listener_);
    listener_ = -1;
  }
  uint16_t port() const { return port_; }

  std::string version;
  std::vector<std::string> received;

 private:
  static std::string ReadLine(int fd) {
    char c;
    std::string line;
    while (recv(fd, &c, 1, 0) == 1 && c != '\n') line += c;
    return line;
  }
  std::string out_;
  int replies_;
  int linger_ms_;
  int listener_ = -1;
  uint16_t port_ = 0;
  std::thread thread_;
};

TEST_F(AcpcSessionTest, PlaysOverTcpAndEndsCleanlyOnEofAfterAFinishedHand) {
  // Our call to the raise takes the hand to the flop, where the dealer sends the end of the
  // hand (position 0 bets, we fold... as the dealer applied it) and closes.
  ScriptedDealer dealer(
      "# hello\r\nMATCHSTATE:1:0::|9hQd\r\nnot a state\r\n"
      "MATCHSTATE:1:0:cr300:|9hQd\r\nMATCHSTATE:1:0:cr300c/r600f:|9hQd/2c3c4c\r\n",
      2);
  RecordingPlayer player(Action::Call());
  const absl::Status status = PlayAcpcMatch(game_, "127.0.0.1", dealer.port(), &player);
  dealer.Join();
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(dealer.version, "VERSION:2.0.0\r");
  ASSERT_EQ(dealer.received.size(), 2u);
  EXPECT_EQ(dealer.received[0], "MATCHSTATE:1:0::|9hQd:c\r");
  EXPECT_EQ(dealer.received[1], "MATCHSTATE:1:0:cr300:|9hQd:c\r");
}

TEST_F(AcpcSessionTest, ConnectionLostInTheMiddleOfAHandIsAnError) {
  // The dealer closes while hand 3 is being played (e.g. it aborted the match).
  ScriptedDealer dealer("MATCHSTATE:0:3:c:5d5c|\r\n", 1);
  RecordingPlayer player(Action::Call());
  const absl::Status status = PlayAcpcMatch(game_, "127.0.0.1", dealer.port(), &player);
  EXPECT_TRUE(absl::IsUnavailable(status)) << status;
  EXPECT_THAT(status.message(), ::testing::HasSubstr("in the middle of hand 3"));
  // Before any state: an error too.
  ScriptedDealer silent_close("", 0);
  const absl::Status early = PlayAcpcMatch(game_, "127.0.0.1", silent_close.port(), &player);
  EXPECT_TRUE(absl::IsUnavailable(early)) << early;
  EXPECT_THAT(early.message(), ::testing::HasSubstr("before the first hand"));
}

TEST_F(AcpcSessionTest, GivesUpOnASilentDealer) {
  ScriptedDealer dealer("", 0, 1500);
  RecordingPlayer player(Action::Call());
  AcpcClientOptions options;
  options.silence_timeout_ms = 200;
  const auto start = std::chrono::steady_clock::now();
  const absl::Status status = PlayAcpcMatch(game_, "127.0.0.1", dealer.port(), &player, options);
  EXPECT_TRUE(absl::IsDeadlineExceeded(status)) << status;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1400));
}

TEST_F(AcpcSessionTest, AnotherGamesStatesAreAClearError) {
  // A 3-player limit dealer's first state, given to a heads-up no-limit client.
  ScriptedDealer three("MATCHSTATE:0:0::5d5c||\r\n", 0, 300);
  RecordingPlayer player(Action::Call());
  const absl::Status seats = PlayAcpcMatch(game_, "127.0.0.1", three.port(), &player);
  EXPECT_TRUE(absl::IsFailedPrecondition(seats)) << seats;
  EXPECT_THAT(seats.message(), ::testing::HasSubstr("3 seats, the game file 2 players"));
  // Limit raises in a no-limit game.
  AcpcSession session(game_, &player);
  EXPECT_EQ(session.HandleLine("MATCHSTATE:0:0:rr:5d5c|"), "");
  EXPECT_TRUE(absl::IsFailedPrecondition(session.error()));
  EXPECT_THAT(session.error().message(), ::testing::HasSubstr("no sizes (limit)"));
  // After a valid state too: a state of another game is never skipped.
  AcpcSession later(game_, &player);
  later.HandleLine("MATCHSTATE:0:0:c:5d5c|");
  EXPECT_TRUE(later.error().ok());
  later.HandleLine("MATCHSTATE:0:1::5d5c||");
  EXPECT_TRUE(absl::IsFailedPrecondition(later.error()));
  EXPECT_EQ(later.lines_skipped(), 0);
}

// States whose first line looks like this game's but that its rules refuse later: the player
// leaves at once (each of these once skipped every state until the dealer's 600 s timeout).
TEST_F(AcpcSessionTest, AStateThisGameRefusesEndsTheMatchAtOnce) {
  RecordingPlayer player(Action::Call());
  const poker::GameDef kuhn = *poker::ParseGameDef(
      "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\n"
      "firstPlayer = 1\nmaxRaises = 1\nnumSuits = 1\nnumRanks = 3\nnumHoleCards = 1\n"
      "numBoardCards = 0\nEND GAMEDEF\n");
  const poker::GameDef limit = *poker::ParseGameDef(tools_test::kLimit2pGame);
  poker::GameDef short_stacks = game_;
  short_stacks.stack = {10000, 10000};
  struct Case {
    const poker::GameDef* game;
    std::vector<std::string> lines;  // the last one is refused
    std::string why;
  };
  const std::vector<Case> cases = {
      // A hold'em agent against a Kuhn dealer: one card, from Kuhn's deck.
      {&game_, {"MATCHSTATE:0:0::Ks|"}, "MATCHSTATE"},
      // A no-limit agent against a limit dealer whose first state has no raise.
      {&game_, {"MATCHSTATE:0:0::5d5c|", "MATCHSTATE:0:0:r:5d5c|"}, "no sizes (limit)"},
      // 10000 stacks against a 20000 dealer: fine until a bet beyond 10000.
      {&short_stacks, {"MATCHSTATE:1:0::|9hQd", "MATCHSTATE:1:0:r15000:|9hQd"}, "MATCHSTATE"},
      // A limit agent against a dealer allowing more raises.
      {&limit, {"MATCHSTATE:1:0::|9hQd", "MATCHSTATE:1:0:rrrr:|9hQd"}, "MATCHSTATE"},
      // A Kuhn agent against a hold'em dealer: a card outside its deck.
      {&kuhn, {"MATCHSTATE:0:0::2c|"}, "MATCHSTATE"},
  };
  for (const Case& c : cases) {
    AcpcSession session(*c.game, &player);
    for (size_t i = 0; i + 1 < c.lines.size(); ++i) {
      session.HandleLine(c.lines[i]);
      ASSERT_TRUE(session.error().ok()) << c.lines[i] << ": " << session.error();
    }
    EXPECT_EQ(session.HandleLine(c.lines.back()), "");
    EXPECT_TRUE(absl::IsFailedPrecondition(session.error())) << c.lines.back();
    EXPECT_THAT(session.error().message(), ::testing::HasSubstr("cannot be one of the game"));
    EXPECT_THAT(session.error().message(), ::testing::HasSubstr(c.why));
    EXPECT_EQ(session.lines_skipped(), 0);
  }
}

TEST_F(AcpcSessionTest, BadLinesAreEscapedAndRateLimited) {
  std::vector<std::string> warnings;
  AcpcClientOptions options;
  options.warn = [&](absl::string_view w) { warnings.emplace_back(w); };
  options.max_warnings = 3;
  RecordingPlayer player(Action::Call());
  AcpcSession session(game_, &player, options);
  session.HandleLine(std::string("bad\x01\xff\0x", 7));
  for (int i = 0; i < 100; ++i) session.HandleLine(std::string(1000, 'z'));
  EXPECT_EQ(session.lines_skipped(), 101);
  ASSERT_EQ(warnings.size(), 4u);  // 3 lines and the notice that the rest are not shown
  EXPECT_THAT(warnings[0], ::testing::HasSubstr(R"('bad\x01\xff\x00x')"));
  EXPECT_THAT(warnings[1], ::testing::HasSubstr("... (1000 bytes)"));
  EXPECT_LT(warnings[1].size(), 400u);
  EXPECT_THAT(warnings[3], ::testing::HasSubstr("without a message"));
}

TEST_F(AcpcSessionTest, TheTailOfAnOverlongLineIsNotANewLine) {
  // A 1 MB line whose tail is a valid state asking us to act: skipped whole. Then a real state.
  std::string out(1 << 20, 'x');
  out += "MATCHSTATE:1:0::|9hQd\r\n";
  out += "MATCHSTATE:1:1::|9hQd\r\nMATCHSTATE:1:1:f:|9hQd\r\n";
  ScriptedDealer dealer(out, 1);
  RecordingPlayer player(Action::Fold());
  std::vector<std::string> warnings;
  AcpcClientOptions options;
  options.warn = [&](absl::string_view w) { warnings.emplace_back(w); };
  const absl::Status status = PlayAcpcMatch(game_, "127.0.0.1", dealer.port(), &player, options);
  dealer.Join();
  EXPECT_TRUE(status.ok()) << status;
  ASSERT_EQ(dealer.received.size(), 1u);
  EXPECT_EQ(dealer.received[0], "MATCHSTATE:1:1::|9hQd:f\r");
  ASSERT_EQ(player.acted.size(), 1u);
  EXPECT_THAT(warnings, ::testing::Contains(::testing::HasSubstr("over-long line")));
}

TEST_F(AcpcSessionTest, ConnectionRefusedIsAnError) {
  // Bind a port and close it so that nobody listens there.
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  RecordingPlayer player(Action::Call());
  AcpcClientOptions options;
  options.connect_retry_ms = 100;
  EXPECT_FALSE(PlayAcpcMatch(game_, "127.0.0.1", ntohs(addr.sin_port), &player, options).ok());
}

}  // namespace
}  // namespace acpc
