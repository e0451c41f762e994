// The ACPC client: line handling (comments, malformed lines, whose turn, normalized replies) and
// a whole connection against an in-test server on 127.0.0.1.
#include "agent/acpc_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"

namespace agent {
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
  EXPECT_EQ(session.HandleLine("MATCHSTATE:0:0:q:5d5c|"), "");
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

// A one-connection server: accepts, checks the version line, sends `lines`, collects replies,
// then closes.
TEST_F(AcpcSessionTest, PlaysOverTcpAndEndsCleanlyOnEof) {
  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  ASSERT_EQ(listen(listener, 1), 0);
  socklen_t len = sizeof(addr);
  getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  const int port = ntohs(addr.sin_port);

  std::string version, reply1, reply2;
  std::thread server([&] {
    const int fd = accept(listener, nullptr, nullptr);
    std::string buffer;
    auto read_line = [&]() {
      char c;
      std::string line;
      while (recv(fd, &c, 1, 0) == 1 && c != '\n') line += c;
      return line;
    };
    version = read_line();
    const std::string out =
        "# hello\r\nMATCHSTATE:1:0::|9hQd\r\nnot a state\r\n"
        "MATCHSTATE:1:0:cr300:|9hQd\r\n";
    send(fd, out.data(), out.size(), 0);
    reply1 = read_line();
    reply2 = read_line();
    close(fd);
  });
  RecordingPlayer player(Action::Call());
  const absl::Status status =
      PlayAcpcMatch(game_, "127.0.0.1", static_cast<uint16_t>(port), &player);
  server.join();
  close(listener);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(version, "VERSION:2.0.0\r");
  EXPECT_EQ(reply1, "MATCHSTATE:1:0::|9hQd:c\r");
  EXPECT_EQ(reply2, "MATCHSTATE:1:0:cr300:|9hQd:c\r");
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
}  // namespace agent
