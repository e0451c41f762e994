// Golden test: every reference log written by the ACPC server's dealer is replayed through our
// dealer program with scripted players sending the recorded actions over 127.0.0.1; the log we
// write must equal the reference byte for byte.
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "acpc/acpc_client.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"

namespace tools_test {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

const std::vector<std::string> kReferenceLogs = {"kuhn3p.log",      "l2p.log",         "l3p.log",
                                                 "manual_nl2p.log", "manual_nl3p.log", "nl2p.log",
                                                 "nl3p.log",        "nl6p.log"};

// The game file named in a log header: the project's own copy if it has one, else ../shared's.
std::string FindGameFile(const std::string& name) {
  for (const std::string& dir : {std::string(POKER_SOURCE_DIR) + "/data/games",
                                 std::string(POKER_SHARED_DIR) + "/data/games"}) {
    if (fs::exists(dir + "/" + name)) return dir + "/" + name;
  }
  return "";
}

struct Reference {
  std::string text;
  std::string match_name, game_name;
  uint32_t hands = 0, seed = 0;
  std::string t_response, t_hand, t_per_hand;
  std::vector<std::string> seat_names;
  // The recorded actions of each hand, in order, as the protocol writes them.
  std::map<uint32_t, std::vector<std::string>> actions;
};

// Reads the header fields and every hand's actions from a reference log.
void LoadReference(const std::string& path, Reference* ref) {
  ref->text = ReadFile(path);
  const std::vector<std::string> lines = SplitLines(ref->text);
  ASSERT_GE(lines.size(), 6u) << path;
  const std::vector<std::string> head = absl::StrSplit(lines[0], ' ');
  ASSERT_EQ(head.size(), 6u) << lines[0];
  ASSERT_EQ(head[1], "name/game/hands/seed");
  ref->match_name = head[2];
  ref->game_name = head[3];
  ASSERT_TRUE(absl::SimpleAtoi(head[4], &ref->hands));
  ASSERT_TRUE(absl::SimpleAtoi(head[5], &ref->seed));
  ASSERT_TRUE(absl::StartsWith(lines[1], "#--t_response "));
  ASSERT_TRUE(absl::StartsWith(lines[2], "#--t_hand "));
  ASSERT_TRUE(absl::StartsWith(lines[3], "#--t_per_hand "));
  ref->t_response = lines[1].substr(14);
  ref->t_hand = lines[2].substr(10);
  ref->t_per_hand = lines[3].substr(14);

  const std::string game_path = FindGameFile(ref->game_name);
  ASSERT_FALSE(game_path.empty()) << "no game file " << ref->game_name;
  absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(game_path);
  ASSERT_TRUE(game.ok()) << game.status();
  for (size_t i = 4; i < lines.size(); ++i) {
    if (!absl::StartsWith(lines[i], "STATE:")) continue;
    absl::StatusOr<poker::LogLine> line = poker::ParseLogLine(*game, lines[i]);
    ASSERT_TRUE(line.ok()) << path << ":" << i + 1 << ": " << line.status();
    const poker::State& state = line->state;
    if (state.hand_number() == 0) ref->seat_names = line->names;  // hand 0: position p = seat p
    std::vector<std::string>& actions = ref->actions[state.hand_number()];
    for (int r = 0; r <= state.round(); ++r) {
      for (int i = 0; i < state.num_actions(r); ++i) {
        actions.push_back(acpc::AcpcSession::FormatAction(*game, state.action(r, i)));
      }
    }
  }
  ASSERT_EQ(ref->actions.size(), ref->hands) << path;
}

// Plays one seat: replies to each state where it is to act with the recorded next action.
void ScriptedSeat(int port, const poker::GameDef* game, const Reference* ref, std::string* error) {
  LineClient client;
  if (!client.Connect(port)) {
    *error = "cannot connect";
    return;
  }
  client.Send("VERSION:2.0.0\r\n");
  while (std::optional<std::string> line = client.ReadLine(milliseconds(30000))) {
    absl::StatusOr<poker::MatchState> view = poker::ParseMatchState(*game, *line);
    if (!view.ok()) {
      *error = absl::StrCat("bad line from dealer: ", *line);
      return;
    }
    const poker::State& state = view->state;
    if (state.finished() || state.CurrentPlayer() != view->viewer) continue;
    int done = 0;
    for (int r = 0; r <= state.round(); ++r) done += state.num_actions(r);
    auto it = ref->actions.find(state.hand_number());
    if (it == ref->actions.end() || done >= static_cast<int>(it->second.size())) {
      *error = absl::StrCat("no recorded action for ", *line);
      return;
    }
    client.Send(absl::StrCat(*line, ":", it->second[done], "\r\n"));
  }
}

class DealerGoldenTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DealerGoldenTest, LogEqualsReferenceByteForByte) {
  const std::string ref_path = std::string(POKER_SHARED_DIR) + "/data/reference_logs/" + GetParam();
  if (!fs::exists(ref_path)) {
    GTEST_SKIP() << ref_path << " is absent (../shared not available): golden test skipped";
  }
  Reference ref;
  ASSERT_NO_FATAL_FAILURE(LoadReference(ref_path, &ref));
  const poker::GameDef game = *poker::LoadGameDef(FindGameFile(ref.game_name));

  // The header prints the game file as given: run in a temp dir holding a link of that name.
  TempDir dir;
  fs::create_symlink(FindGameFile(ref.game_name), dir.File(ref.game_name));
  std::vector<std::string> argv = {BinPath("dealer"), ref.match_name, ref.game_name,
                                   std::to_string(ref.hands), std::to_string(ref.seed)};
  for (const std::string& name : ref.seat_names) argv.push_back(name);
  for (const std::string option : {"-q", "--t_response", ref.t_response.c_str(), "--t_hand",
                                   ref.t_hand.c_str(), "--t_per_hand", ref.t_per_hand.c_str()}) {
    argv.push_back(option);
  }
  Subprocess dealer(argv, dir.path(), dir.File("stderr.txt"));
  ASSERT_TRUE(dealer.started());
  const std::optional<std::string> ports_line = dealer.ReadLine(milliseconds(10000));
  ASSERT_TRUE(ports_line.has_value()) << ReadFile(dir.File("stderr.txt"));
  const std::vector<std::string> ports = absl::StrSplit(*ports_line, ' ');
  ASSERT_EQ(static_cast<int>(ports.size()), game.num_players) << *ports_line;

  std::vector<std::string> errors(ports.size());
  std::vector<std::thread> seats;
  for (size_t s = 0; s < ports.size(); ++s) {
    seats.emplace_back(ScriptedSeat, std::stoi(ports[s]), &game, &ref, &errors[s]);
  }
  const std::string score = dealer.ReadRest(milliseconds(120000));
  const std::optional<int> status = dealer.Wait(milliseconds(10000));
  for (std::thread& t : seats) t.join();
  for (size_t s = 0; s < errors.size(); ++s) EXPECT_EQ(errors[s], "") << "seat " << s + 1;
  ASSERT_EQ(status, 0) << ReadFile(dir.File("stderr.txt")).substr(0, 2000);

  const std::vector<std::string> ref_lines = SplitLines(ref.text);
  EXPECT_EQ(score, ref_lines.back() + "\n");
  const std::string ours = ReadFile(dir.File(ref.match_name + ".log"));
  if (ours != ref.text) {
    const std::vector<std::string> our_lines = SplitLines(ours);
    for (size_t i = 0; i < std::max(our_lines.size(), ref_lines.size()); ++i) {
      const std::string a = i < our_lines.size() ? our_lines[i] : "<missing>";
      const std::string b = i < ref_lines.size() ? ref_lines[i] : "<missing>";
      if (a != b) {
        ADD_FAILURE() << "first difference at line " << i + 1 << "\n ours: " << a
                      << "\n  ref: " << b;
        break;
      }
    }
    EXPECT_EQ(ours.size(), ref.text.size());
    FAIL() << "log differs from " << ref_path;
  }
}

INSTANTIATE_TEST_SUITE_P(AllReferenceLogs, DealerGoldenTest, ::testing::ValuesIn(kReferenceLogs),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(0, info.param.find('.'));
                           return name;
                         });

}  // namespace
}  // namespace tools_test
