// Golden tests against logs written by the real ACPC dealer (../shared/data/reference_logs and the
// ACPC Kuhn logs) and real match logs (DeepStack, Pluribus): the deal from the seed, the rules'
// values, and the byte-exact formatting of every line.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "tests/poker/test_util.h"

namespace poker {
namespace {

using ::poker::testing::ProjectGame;
using ::poker::testing::ReadLines;
using ::poker::testing::SharedDataDir;

// What a dealer log's checks found.
struct DealerLogSummary {
  int hands = 0;
  int showdowns = 0;
  int fractional = 0;  // lines with a value that is not a whole number
  bool had_score = false;
};

// Checks a log written by the ACPC dealer: its first line names the game and the seed; every
// STATE line must hold the seed's cards, replay legally, carry the values the rules give, and
// format back to the same bytes; the SCORE line must hold the per-seat sums.
void CheckDealerLog(const std::string& path, DealerLogSummary* summary_out) {
  DealerLogSummary& summary = *summary_out;
  const std::vector<std::string> lines = ReadLines(path);
  ASSERT_FALSE(lines.empty()) << path;
  // # name/game/hands/seed <name> <game file> <hands> <seed>
  const std::vector<std::string> header = absl::StrSplit(lines[0], ' ', absl::SkipEmpty());
  ASSERT_EQ(header.size(), 6u) << path << ": " << lines[0];
  const std::string game_name = std::filesystem::path(header[3]).filename().string();
  int expected_hands = 0;
  uint32_t seed = 0;
  EXPECT_TRUE(absl::SimpleAtoi(header[4], &expected_hands));
  EXPECT_TRUE(absl::SimpleAtoi(header[5], &seed));
  const GameDef& game = ProjectGame(game_name);
  const int n = game.num_players;

  Dealer dealer(game, seed);
  std::vector<std::string> seat_names(n);
  std::vector<double> seat_totals(n, 0.0);
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string where = path + ":" + std::to_string(i + 1);
    const std::string& line = lines[i];
    if (line.empty() || line[0] == '#') continue;
    if (absl::StartsWith(line, "SCORE:")) {
      summary.had_score = true;
      // SCORE:<totals in seat order>:<names in seat order>
      const std::vector<std::string> fields = absl::StrSplit(line, ':');
      EXPECT_EQ(fields.size(), 3u) << where;
      if (fields.size() != 3) continue;
      const std::vector<std::string> totals = absl::StrSplit(fields[1], '|');
      const std::vector<std::string> names = absl::StrSplit(fields[2], '|');
      EXPECT_EQ(names, seat_names) << where;
      ASSERT_EQ(static_cast<int>(totals.size()), n) << where;
      for (int s = 0; s < n; ++s) EXPECT_EQ(FormatValue(seat_totals[s]), totals[s]) << where;
      continue;
    }
    const int h = summary.hands++;
    absl::StatusOr<LogLine> log = ParseLogLine(game, line);
    EXPECT_TRUE(log.ok()) << where << ": " << log.status();
    if (!log.ok()) continue;
    const State& state = log->state;
    EXPECT_EQ(state.hand_number(), static_cast<uint32_t>(h)) << where;

    // The cards follow from the seed.
    State dealt(game, state.hand_number());
    dealer.DealNext(&dealt);
    for (int p = 0; p < n; ++p) {
      for (int c = 0; c < game.num_hole_cards; ++c) {
        EXPECT_EQ(state.hole_card(p, c), dealt.hole_card(p, c)) << where << " position " << p;
      }
    }
    for (int b = 0; b < state.NumBoardCardsVisible(); ++b) {
      EXPECT_EQ(state.board_card(b), dealt.board_card(b)) << where << " board card " << b;
    }

    // The values are the rules' to the last printed digit, and the line formats back exactly.
    std::vector<double> computed(n);
    ASSERT_TRUE(state.Values(absl::MakeSpan(computed)).ok()) << where;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, ':');
    ASSERT_EQ(fields.size(), 6u) << where;
    const std::vector<absl::string_view> logged = absl::StrSplit(fields[4], '|');
    ASSERT_EQ(static_cast<int>(logged.size()), n) << where;
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(FormatValue(computed[p]), logged[p]) << where << " position " << p;
    }
    EXPECT_EQ(FormatLogLine(*log), line) << where;

    // Seats rotate: in hand h, position p is seat (p + h) mod n.
    for (int p = 0; p < n; ++p) {
      const int seat = (p + h) % n;
      if (h < n && seat_names[seat].empty()) seat_names[seat] = log->names[p];
      EXPECT_EQ(log->names[p], seat_names[seat]) << where << " position " << p;
      seat_totals[seat] += log->values[p];
    }
    summary.showdowns += state.IsShowdown();
    summary.fractional += std::any_of(computed.begin(), computed.end(),
                                      [](double v) { return v != static_cast<int64_t>(v); });
  }
  EXPECT_EQ(summary.hands, expected_hands) << path;
}

TEST(GoldenTest, ReferenceLogsFromTheAcpcDealer) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  const std::string dir = SharedDataDir() + "/reference_logs";
  struct Expected {
    const char* file;
    int hands;
  };
  const Expected logs[] = {
      {"nl2p.log", 1000}, {"nl3p.log", 1000},   {"nl6p.log", 600},        {"l2p.log", 1000},
      {"l3p.log", 1000},  {"kuhn3p.log", 1000}, {"manual_nl2p.log", 100}, {"manual_nl3p.log", 100},
  };
  int showdowns = 0;
  for (const Expected& e : logs) {
    SCOPED_TRACE(e.file);
    DealerLogSummary summary;
    CheckDealerLog(dir + "/" + e.file, &summary);
    EXPECT_EQ(summary.hands, e.hands);
    EXPECT_TRUE(summary.had_score);
    showdowns += summary.showdowns;
  }
  EXPECT_GT(showdowns, 1000);
}

TEST(GoldenTest, AcpcKuhnCompetitionLogs) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  const std::string dir = SharedDataDir() + "/logs/kuhn3p_acpc";
  int hands = 0, files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".log") continue;
    SCOPED_TRACE(entry.path().string());
    DealerLogSummary summary;
    CheckDealerLog(entry.path().string(), &summary);
    EXPECT_TRUE(summary.had_score);
    hands += summary.hands;
    ++files;
  }
  EXPECT_EQ(files, 6);
  EXPECT_EQ(hands, 18000);
}

// Replays a finished hand action by action; before each action and at the end, every seat's
// MATCHSTATE view must format and parse back to itself, show the right hole cards, and agree on
// the player to act. Returns the number of views checked.
int CheckMatchStateViews(const State& finished, const std::string& where) {
  const GameDef& game = finished.game();
  const int n = game.num_players;
  State t(game, finished.hand_number());
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < game.num_hole_cards; ++c) t.set_hole_card(p, c, finished.hole_card(p, c));
  }
  for (int b = 0; b < game.TotalBoardCards(); ++b) t.set_board_card(b, finished.board_card(b));
  int views = 0;
  auto check_views = [&]() {
    for (int v = 0; v < n; ++v) {
      const std::string text = FormatMatchState(MatchState{v, t});
      absl::StatusOr<MatchState> back = ParseMatchState(game, text);
      ++views;
      if (!back.ok()) {
        ADD_FAILURE() << where << ": " << text << ": " << back.status();
        continue;
      }
      EXPECT_EQ(FormatMatchState(*back), text) << where;
      EXPECT_EQ(back->state.CurrentPlayer(), t.CurrentPlayer()) << where << ": " << text;
      for (int q = 0; q < n; ++q) {
        const bool shown = q == v || (t.IsShowdown() && !t.folded(q));
        EXPECT_EQ(back->state.HoleCardsKnown(q), shown) << where << ": " << text;
      }
    }
  };
  for (int r = 0; r <= finished.round(); ++r) {
    for (int i = 0; i < finished.num_actions(r); ++i) {
      check_views();
      EXPECT_EQ(t.CurrentPlayer(), finished.actor(r, i)) << where;
      const absl::Status s = t.Apply(finished.action(r, i));
      EXPECT_TRUE(s.ok()) << where << ": " << s;
      if (!s.ok()) return views;
    }
  }
  EXPECT_TRUE(t.finished()) << where;
  check_views();
  return views;
}

TEST(GoldenTest, EveryMatchStateViewOfTheReferenceHands) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  const std::string dir = SharedDataDir() + "/reference_logs";
  int views = 0;
  for (const char* file :
       {"nl2p.log", "nl3p.log", "nl6p.log", "l2p.log", "l3p.log", "kuhn3p.log"}) {
    const std::vector<std::string> lines = ReadLines(dir + "/" + file);
    ASSERT_FALSE(lines.empty());
    const std::vector<std::string> header = absl::StrSplit(lines[0], ' ', absl::SkipEmpty());
    ASSERT_EQ(header.size(), 6u);
    const GameDef& game = ProjectGame(std::filesystem::path(header[3]).filename().string());
    for (size_t i = 1; i < lines.size(); ++i) {
      if (!absl::StartsWith(lines[i], "STATE:")) continue;
      absl::StatusOr<LogLine> log = ParseLogLine(game, lines[i]);
      ASSERT_TRUE(log.ok()) << log.status();
      views += CheckMatchStateViews(log->state, std::string(file) + ":" + std::to_string(i + 1));
    }
  }
  EXPECT_GT(views, 50000);
}

// Parses every STATE line of the files under `dir` with the game; returns the number of hands.
int CheckRealLogs(const std::string& dir, const GameDef& game, int* fractional, int* with_comment) {
  int hands = 0;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".log") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  LogLine log{State(game, 0), {}, {}, {}};
  for (const auto& file : files) {
    const std::vector<std::string> lines = ReadLines(file.string());
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!absl::StartsWith(lines[i], "STATE:")) continue;
      ++hands;
      absl::Status s = ParseLogLineInto(game, lines[i], &log);
      EXPECT_TRUE(s.ok()) << file.string() << ":" << i + 1 << ": " << s;
      if (!s.ok()) continue;
      *with_comment += !log.comment.empty();
      *fractional += std::any_of(log.values.begin(), log.values.end(),
                                 [](double v) { return v != static_cast<int64_t>(v); });
      // Without the comment and the line ending, the line formats back exactly.
      absl::string_view bare = absl::StripSuffix(lines[i], "\r");
      if (const size_t hash = bare.find(" #"); hash != absl::string_view::npos) {
        bare = bare.substr(0, hash);
      }
      EXPECT_EQ(FormatLogLine(log), bare) << file.string() << ":" << i + 1;
    }
  }
  return hands;
}

TEST(GoldenTest, DeepStackLogs) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  int fractional = 0, with_comment = 0;
  const int hands = CheckRealLogs(SharedDataDir() + "/logs/deepstack_ifp",
                                  ProjectGame("holdem.nolimit.2p.reverse_blinds.game"), &fractional,
                                  &with_comment);
  EXPECT_EQ(hands, 45037);
  EXPECT_EQ(with_comment, hands);  // every line carries a ` # <timestamp>`
}

TEST(GoldenTest, PluribusLogs) {
  POKER_SKIP_WITHOUT_SHARED_DATA();
  int fractional = 0, with_comment = 0;
  const int hands =
      CheckRealLogs(SharedDataDir() + "/logs/pluribus", ProjectGame("holdem.nolimit.6p.10000.game"),
                    &fractional, &with_comment);
  EXPECT_EQ(hands, 10000);
  EXPECT_GT(fractional, 0);  // split pots
  EXPECT_EQ(with_comment, 0);
}

}  // namespace
}  // namespace poker
