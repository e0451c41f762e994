#include "logs_parser/log_reader.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/state_line.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using testing::GamesDir;
using ::testing::HasSubstr;
using testing::LoadProjectGame;
using ::testing::Pair;
using testing::SharedDataDir;
using testing::TempDir;
using ::testing::UnorderedElementsAre;

// What a read produced, collected from the callback (safe with several workers).
struct Collected {
  std::mutex mutex;
  std::map<std::string, int64_t> hands_by_file;       // base name -> hands
  std::map<std::string, int64_t> hands_by_player;     // name -> hands
  std::map<std::string, std::string> digest_by_file;  // base name -> every hand's content
  bool keep_digest = false;

  HandCallback Callback() {
    return [this](int, const HandRecord& hand) {
      std::string file = fs::path(*hand.source).filename().string();
      std::lock_guard<std::mutex> lock(mutex);
      ++hands_by_file[file];
      for (const std::string& name : hand.names) ++hands_by_player[name];
      if (keep_digest) {
        std::string& digest = digest_by_file[file];
        absl::StrAppend(&digest, hand.line, ":", hand.hand_number, ":");
        for (const ActionRecord& a : hand.actions) {
          absl::StrAppend(&digest, a.player, ActionKindName(a.kind), a.raise_to, ",");
        }
        for (double v : hand.values) absl::StrAppend(&digest, v, "|");
        digest += "\n";
      }
    };
  }
};

ReadSummary MustRead(const std::vector<std::string>& paths, const ReadOptions& options,
                     Collected* collected) {
  absl::StatusOr<ReadSummary> summary = ReadLogs(paths, options, collected->Callback());
  EXPECT_TRUE(summary.ok()) << summary.status();
  return summary.ok() ? *summary : ReadSummary{};
}

std::string ProblemsText(const ReadSummary& summary) {
  std::string text;
  for (const Problem& p : summary.problems) text += p.message + "\n";
  return text;
}

class LogReaderTest : public ::testing::Test {
 protected:
  ReadOptions OptionsWithGame(const poker::GameDef& game, const std::string& name) {
    ReadOptions options;
    options.game = &game;
    options.game_name = name;
    options.games_dir = GamesDir();
    return options;
  }

  poker::GameDef nl2p_ = LoadProjectGame("holdem.nolimit.2p.reverse_blinds.game");
  poker::GameDef nl6p_10000_ = LoadProjectGame("holdem.nolimit.6p.10000.game");
};

TEST_F(LogReaderTest, DeepStackLogReadsEveryHand) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  const std::string path = SharedDataDir() + "/logs/deepstack_ifp/all_hands.log";
  Collected raw, stripped;
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  ReadSummary summary = MustRead({path}, options, &raw);
  EXPECT_EQ(summary.files, 1);
  EXPECT_EQ(summary.lines, 45037);
  EXPECT_EQ(summary.hands, 45037);
  EXPECT_EQ(summary.rejected, 0) << ProblemsText(summary);
  EXPECT_EQ(summary.files_failed, 0);
  EXPECT_TRUE(summary.notices.empty());
  // 33 professionals at up to 4 tables each (`laak.phil.1` .. `.4`) against DeepStack.
  EXPECT_EQ(raw.hands_by_player.size(), 77u);
  EXPECT_EQ(raw.hands_by_player["DeepStack"], 45037);
  EXPECT_EQ(raw.hands_by_player["laak.phil.2"], 1301);
  EXPECT_EQ(raw.hands_by_player["b\\\xc3\xb6s.alexander.1"], 74);

  options.strip_name_suffix = true;
  MustRead({path}, options, &stripped);
  EXPECT_EQ(stripped.hands_by_player.size(), 34u);
  EXPECT_EQ(stripped.hands_by_player["laak.phil"], 677 + 1301 + 210 + 815);
  EXPECT_EQ(stripped.hands_by_player["lesnoy.dmitry"], 3007);
}

TEST_F(LogReaderTest, PluribusLogsReadWithTheTenThousandChipGame) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  Collected collected;
  ReadOptions options = OptionsWithGame(nl6p_10000_, "holdem.nolimit.6p.10000.game");
  ReadSummary summary = MustRead({SharedDataDir() + "/logs/pluribus"}, options, &collected);
  EXPECT_EQ(summary.files, 92);
  EXPECT_EQ(summary.hands, 10000);
  EXPECT_EQ(summary.rejected, 0) << ProblemsText(summary);
  // 65 files have dealer headers naming holdem.nolimit.6p.game (20000 stacks): one notice each.
  // Their 4 header lines, and the 3 `#--t_...` lines of sample_game_91.log (whose first header
  // line is missing), are read but are not hands.
  EXPECT_EQ(summary.notices.size(), 65u);
  EXPECT_EQ(summary.other_lines, 65 * 4 + 3);
  EXPECT_EQ(summary.lines, summary.hands + summary.other_lines);
  EXPECT_THAT(summary.notices[0].message,
              HasSubstr(":1: note: the header names game '../lib/python-client/"
                        "acpc_infrastructure/holdem.nolimit.6p.game' (a different game); the "
                        "file is read as --game holdem.nolimit.6p.10000.game"));
  EXPECT_EQ(summary.notices[0].reason, kNoticeHeaderGame);
  // Files without a final newline lose no hand (their last line would else merge or vanish).
  EXPECT_EQ(collected.hands_by_player, (std::map<std::string, int64_t>{{"Bill", 6713},
                                                                       {"Budd", 2509},
                                                                       {"Eddie", 5510},
                                                                       {"Gogo", 488},
                                                                       {"Hattori", 1365},
                                                                       {"Joe", 1535},
                                                                       {"MrBlonde", 2560},
                                                                       {"MrBlue", 9121},
                                                                       {"MrBrown", 1378},
                                                                       {"MrOrange", 7512},
                                                                       {"MrPink", 6055},
                                                                       {"MrWhite", 4483},
                                                                       {"ORen", 771},
                                                                       {"Pluribus", 10000}}));
}

TEST_F(LogReaderTest, PluribusWithoutGameUsesHeadersAndRejectsHeaderlessFiles) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  // Without --game, the headers name the 20000-chip game: hands where someone raised beyond
  // 10000 are fine there, but the 26 headerless files cannot be read at all.
  Collected collected;
  ReadOptions options;
  options.games_dir = GamesDir();
  ReadSummary summary = MustRead({SharedDataDir() + "/logs/pluribus"}, options, &collected);
  EXPECT_EQ(summary.files, 92);
  EXPECT_EQ(summary.hands + summary.rejected, 10000);
  // 26 files have no header, and sample_game_91.log lacks the header's game line.
  // Their 2798 hands (counted with grep) are rejected as "unknown game".
  EXPECT_EQ(summary.rejected_by_reason[kReasonUnknownGame], 2798);
  // One listed problem per such file says why.
  int listed = 0;
  bool found = false;
  for (const Problem& problem : summary.problems) {
    if (problem.reason != kReasonUnknownGame) continue;
    ++listed;
    found |= problem.message.find(
                 "sample_game_91.log:4: unknown game: no `# name/game/hands/seed`"
                 " header names a game and no --game was given") != std::string::npos;
  }
  EXPECT_EQ(listed, 27);
  EXPECT_TRUE(found) << ProblemsText(summary);
}

TEST_F(LogReaderTest, KuhnAndReferenceLogsFindTheirGamesFromHeaders) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  Collected collected;
  ReadOptions options;
  options.games_dir = GamesDir();
  options.threads = 2;
  ReadSummary summary =
      MustRead({SharedDataDir() + "/logs/kuhn3p_acpc", SharedDataDir() + "/reference_logs"},
               options, &collected);
  EXPECT_EQ(summary.files, 6 + 8);
  EXPECT_EQ(summary.rejected, 0) << ProblemsText(summary);
  EXPECT_TRUE(summary.notices.empty());
  EXPECT_EQ(summary.hands, 18000 + 1000 + 1000 + 600 + 1000 + 1000 + 1000 + 100 + 100);
  // 4 header lines and a SCORE line per file.
  EXPECT_EQ(summary.other_lines, 14 * 5);
  std::map<std::string, int64_t> reference;
  for (const auto& [file, hands] : collected.hands_by_file) {
    if (file.rfind("3pk.", 0) != 0) reference[file] = hands;
  }
  EXPECT_EQ(reference, (std::map<std::string, int64_t>{{"kuhn3p.log", 1000},
                                                       {"l2p.log", 1000},
                                                       {"l3p.log", 1000},
                                                       {"manual_nl2p.log", 100},
                                                       {"manual_nl3p.log", 100},
                                                       {"nl2p.log", 1000},
                                                       {"nl3p.log", 1000},
                                                       {"nl6p.log", 600}}));
  EXPECT_EQ(collected.hands_by_player["HITSZ_CS"], 18000);
  EXPECT_EQ(collected.hands_by_player["hyperborean3pk.RMPUE"], 18000);
  EXPECT_EQ(collected.hands_by_player["Bluffer"], 18000);
  // Alice and Bob play every reference log, Carol the 3-player ones, P1..P6 the 6-player one.
  EXPECT_EQ(collected.hands_by_player["Alice"], 5200);
  EXPECT_EQ(collected.hands_by_player["Carol"], 3100);
  EXPECT_EQ(collected.hands_by_player["P6"], 600);
  EXPECT_EQ(collected.hands_by_player.size(), 3u + 3u + 6u);
}

// Compressed copies in nested folders read exactly like the plain files.
void ExpectCompressedCopiesReadIdentically(const std::vector<std::string>& sources,
                                           const ReadOptions& options) {
  TempDir dir;
  int i = 0;
  for (const std::string& source : sources) {
    std::string bytes = testing::ReadFileBytes(source);
    std::string name = fs::path(source).filename().string();
    // Alternate a/b/<name>.gz and c/<name>.bz2; the names stay distinct for the digests.
    if (i++ % 2 == 0) {
      dir.Write("a/b/" + name + ".gz", testing::Gzip(bytes));
    } else {
      dir.Write("c/" + name + ".bz2", testing::Bzip2(bytes));
    }
  }
  Collected plain, packed;
  plain.keep_digest = packed.keep_digest = true;
  ReadSummary plain_summary = MustRead(sources, options, &plain);
  ReadSummary packed_summary = MustRead({dir.path()}, options, &packed);
  EXPECT_EQ(packed_summary.files, static_cast<int64_t>(sources.size()));
  EXPECT_EQ(packed_summary.files_failed, 0) << ProblemsText(packed_summary);
  EXPECT_EQ(packed_summary.rejected, 0) << ProblemsText(packed_summary);
  EXPECT_EQ(packed_summary.hands, plain_summary.hands);
  EXPECT_EQ(packed_summary.lines, plain_summary.lines);
  EXPECT_EQ(packed_summary.other_lines, plain_summary.other_lines);
  ASSERT_EQ(packed.digest_by_file.size(), plain.digest_by_file.size());
  for (const auto& [file, digest] : plain.digest_by_file) {
    std::string packed_name =
        packed.digest_by_file.count(file + ".gz") ? file + ".gz" : file + ".bz2";
    EXPECT_EQ(packed.digest_by_file[packed_name], digest) << file;
  }
}

TEST_F(LogReaderTest, CompressedPluribusReadsIdentically) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  // All 92 files, the 4 without a final newline included.
  std::vector<std::string> sources;
  for (const auto& entry : fs::directory_iterator(SharedDataDir() + "/logs/pluribus")) {
    sources.push_back(entry.path().string());
  }
  ASSERT_EQ(sources.size(), 92u);
  ExpectCompressedCopiesReadIdentically(
      sources, OptionsWithGame(nl6p_10000_, "holdem.nolimit.6p.10000.game"));
}

TEST_F(LogReaderTest, CompressedDeepStackReadsIdentically) {
  LOGS_PARSER_SKIP_WITHOUT_SHARED_DATA();
  // Twice, so that one copy is gzip and the other bzip2.
  const std::string path = SharedDataDir() + "/logs/deepstack_ifp/all_hands.log";
  TempDir dir;
  const std::string copy = dir.Write("copy_of_all_hands.log", testing::ReadFileBytes(path));
  ExpectCompressedCopiesReadIdentically(
      {path, copy}, OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game"));
}

// The heads-up lines of the fault corpus (hands 0..3 of the DeepStack log, names shortened).
constexpr char kGood0[] = "STATE:0:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:qin.1|DeepStack";
constexpr char kGood1[] = "STATE:1:r200r600f:Ac9c|Ts5h:200|-200:DeepStack|qin.1";
constexpr char kGood2[] = "STATE:2:f:As8d|8c3h:50|-50:qin.1|DeepStack";
constexpr char kGood3[] = "STATE:3:r20000f:Jd2c|2d2h:-100|100:DeepStack|qin.1";

std::string GoodLines(int repeat) {
  std::string text;
  for (int i = 0; i < repeat; ++i) {
    absl::StrAppend(&text, kGood0, "\n", kGood1, "\r\n", kGood2, "\n", kGood3, "\n");
  }
  return text;
}

// A corpus with one of each planted fault; each must be reported at its file and line, and
// every good line read.
TEST_F(LogReaderTest, PlantedFaultsAreReportedAndGoodLinesRead) {
  TempDir dir;
  std::string faults = absl::StrCat(
      "# name/game/hands/seed faults holdem.nolimit.2p.reverse_blinds.game 10 0\n",  // 1
      kGood0, "\n",                                                                  // 2
      "STATE:5:r300r900c/r2250f:AcJs|3d2d/Kc5s\n",                                   // 3 truncated
      kGood1, "\n",                                                                  // 4
      std::string("\x00\x01\xfe\xff binary \x7f garbage", 21), "\n",                 // 5
      "STATE:6:", std::string(2 * 1024 * 1024, 'c'), "\n",                           // 6 2 MB
      kGood2, "\n",                                                                  // 7
      "STATE:8:r300r900c/r2250f:AcJs|3d2x/Kc5sQc:900|-900:qin.1|DeepStack\n",        // 8 card
      "STATE:9:r300r350c/r2250f:AcJs|3d2d/Kc5sQc:900|-900:qin.1|DeepStack\n",        // 9 raise
      "STATE:10:r300r900c/r2250f:AcJs|3d2d/Kc5sQc:901|-901:qin.1|DeepStack\n",       // 10 value
      kGood3, "\n",                                                                  // 11
      "SCORE:100|-100:qin.1|DeepStack");                                             // 12
  dir.Write("corpus/faults.log", faults);
  dir.Write("corpus/sub/unknown_game.log",
            absl::StrCat("# name/game/hands/seed x mystery.game 4 0\n", GoodLines(1)));
  std::string gz = testing::Gzip(GoodLines(2000));
  dir.Write("corpus/sub/truncated.log.gz", gz.substr(0, gz.size() * 3 / 4));
  dir.Write("corpus/README.txt", "not a log: folders are read for *.log, *.log.gz, *.log.bz2\n");

  Collected collected;
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  ReadSummary summary = MustRead({dir.path() + "/corpus"}, options, &collected);
  const std::string faults_path = dir.path() + "/corpus/faults.log";
  const std::string truncated_path = dir.path() + "/corpus/sub/truncated.log.gz";
  const std::string unknown_path = dir.path() + "/corpus/sub/unknown_game.log";

  EXPECT_EQ(summary.files, 3);
  EXPECT_EQ(summary.files_failed, 1);
  EXPECT_EQ(collected.hands_by_file["faults.log"], 4);
  EXPECT_EQ(collected.hands_by_file["unknown_game.log"], 4);
  const int64_t truncated_hands = collected.hands_by_file["truncated.log.gz"];
  EXPECT_GT(truncated_hands, 4000);
  EXPECT_LT(truncated_hands, 8000);
  EXPECT_EQ(summary.hands, 4 + 4 + truncated_hands);
  EXPECT_EQ(summary.rejected, 6);
  EXPECT_THAT(summary.rejected_by_reason,
              UnorderedElementsAre(Pair(kReasonMalformed, 1), Pair(kReasonNotLogLine, 1),
                                   Pair(kReasonTooLong, 1), Pair(kReasonBadCards, 1),
                                   Pair(kReasonIllegalAction, 1), Pair(kReasonValueMismatch, 1)));
  EXPECT_EQ(summary.lines, summary.hands + summary.rejected + summary.other_lines);

  std::vector<std::string> where;
  for (const Problem& p : summary.problems) {
    where.push_back(absl::StrCat(fs::path(p.file).filename().string(), ":", p.line, " ", p.reason));
  }
  const int64_t cut_line = truncated_hands + 1;
  EXPECT_THAT(where, ElementsAre("faults.log:3 malformed line", "faults.log:5 not a log line",
                                 "faults.log:6 line too long", "faults.log:8 bad cards",
                                 "faults.log:9 illegal action", "faults.log:10 value mismatch",
                                 absl::StrCat("truncated.log.gz:", cut_line,
                                              " truncated or corrupt file")));
  EXPECT_EQ(summary.problems[0].message,
            faults_path +
                ":3: malformed line: expected STATE:<hand>:<betting>:<cards>:<values>:"
                "<names>, got 'STATE:5:r300r900c/r2250f:AcJs|3d2d/Kc5s'");
  EXPECT_THAT(summary.problems[1].message,
              HasSubstr(":5: not a log line: not a STATE line: '\\x00\\x01\\xfe\\xff binary"));
  EXPECT_THAT(summary.problems[2].message,
              HasSubstr(":6: line too long: line of 2097160 bytes exceeds the limit of 65536"));
  EXPECT_EQ(summary.problems[6].message,
            absl::StrCat(truncated_path, ":", cut_line,
                         ": truncated or corrupt file: truncated gzip data (the file ends inside "
                         "a compressed stream); lines from ",
                         cut_line, " on were not read"));
  ASSERT_EQ(summary.notices.size(), 1u);
  EXPECT_EQ(summary.notices[0].message,
            unknown_path + ":1: note: the header names game 'mystery.game' (not a game in " +
                GamesDir() + "); the file is read as --game holdem.nolimit.2p.reverse_blinds.game");
}

TEST_F(LogReaderTest, UnknownHeaderGameWithoutGameArgumentRejectsTheLines) {
  TempDir dir;
  const std::string path = dir.Write(
      "unknown.log", absl::StrCat("# name/game/hands/seed x mystery.game 4 0\n", GoodLines(1)));
  const std::string known = dir.Write(
      "known.log",
      absl::StrCat("# name/game/hands/seed x ../elsewhere/holdem.nolimit.2p.reverse_blinds.game "
                   "4 0\n",
                   GoodLines(1)));
  Collected collected;
  ReadOptions options;
  options.games_dir = GamesDir();
  ReadSummary summary = MustRead({path, known}, options, &collected);
  EXPECT_EQ(summary.hands, 4);  // known.log: the header's base name is found in data/games
  EXPECT_EQ(summary.rejected, 4);
  EXPECT_EQ(summary.rejected_by_reason[kReasonUnknownGame], 4);
  // All four counted, the first listed for the file.
  ASSERT_EQ(summary.problems.size(), 1u);
  EXPECT_EQ(summary.problems[0].message,
            path +
                ":2: unknown game: the header (line 1) names game 'mystery.game', which is "
                "not in " +
                GamesDir() +
                "; give its file with --game (this file's further STATE lines without a game are "
                "counted, not listed)");
}

TEST_F(LogReaderTest, StrictStopsAtTheFirstProblem) {
  TempDir dir;
  dir.Write("a.log",
            absl::StrCat(kGood0, "\n", kGood1, "\nSTATE:2:f:As8d|8c3h:51|-51:a|b\n", kGood3, "\n"));
  dir.Write("b.log", GoodLines(3));
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  options.strict = true;
  int hands = 0;
  absl::StatusOr<ReadSummary> summary =
      ReadLogs({dir.path()}, options, [&hands](int, const HandRecord&) { ++hands; });
  ASSERT_FALSE(summary.ok());
  EXPECT_EQ(summary.status().message(),
            dir.path() + "/a.log:3: value mismatch: position 0 logged 51 but the rules give 50");
  EXPECT_EQ(hands, 2);

  // Without --strict the same corpus is read to the end.
  options.strict = false;
  hands = 0;
  summary = ReadLogs({dir.path()}, options, [&hands](int, const HandRecord&) { ++hands; });
  ASSERT_TRUE(summary.ok());
  EXPECT_EQ(hands, 3 + 12);
  EXPECT_EQ(summary->rejected, 1);
}

TEST_F(LogReaderTest, ThreadsAndShardsReadTheSameHands) {
  TempDir dir;
  for (int i = 0; i < 7; ++i) dir.Write(absl::StrCat("f", i, ".log"), GoodLines(i + 1));
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  Collected one, three;
  EXPECT_EQ(MustRead({dir.path()}, options, &one).hands, 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7));
  options.threads = 3;
  std::set<int> workers;
  std::mutex mutex;
  absl::StatusOr<ReadSummary> summary =
      ReadLogs({dir.path()}, options, [&](int worker, const HandRecord&) {
        std::lock_guard<std::mutex> lock(mutex);
        workers.insert(worker);
      });
  ASSERT_TRUE(summary.ok());
  EXPECT_EQ(summary->hands, 112);
  for (int worker : workers) EXPECT_TRUE(worker >= 0 && worker < 3) << worker;

  int64_t sharded = 0;
  options.threads = 1;
  options.shard_count = 3;
  for (int shard = 0; shard < 3; ++shard) {
    options.shard_index = shard;
    absl::StatusOr<std::vector<std::string>> files = ListLogFiles({dir.path()}, options);
    ASSERT_TRUE(files.ok());
    EXPECT_EQ(files->size(), shard == 0 ? 3u : 2u);
    Collected part;
    sharded += MustRead({dir.path()}, options, &part).hands;
  }
  EXPECT_EQ(sharded, 112);
}

TEST_F(LogReaderTest, ListingFiltersFolderContentsButNotNamedFiles) {
  TempDir dir;
  dir.Write("x/a.log", "");
  dir.Write("x/y/b.log.gz", testing::Gzip(""));
  dir.Write("x/y/z/c.log.bz2", testing::Bzip2(""));
  dir.Write("x/notes.txt", "");
  dir.Write("x/game.game", "");
  const std::string named = dir.Write("named.txt", "");
  absl::StatusOr<std::vector<std::string>> files =
      ListLogFiles({dir.path() + "/x", named, dir.path() + "/x/a.log"}, ReadOptions{});
  ASSERT_TRUE(files.ok()) << files.status();
  EXPECT_THAT(*files, ElementsAre(named, dir.path() + "/x/a.log", dir.path() + "/x/y/b.log.gz",
                                  dir.path() + "/x/y/z/c.log.bz2"));
  EXPECT_EQ(ListLogFiles({dir.path() + "/missing"}, ReadOptions{}).status().code(),
            absl::StatusCode::kNotFound);
}

TEST_F(LogReaderTest, TheSameFileUnderTwoSpellingsIsReadOnce) {
  TempDir dir;
  dir.Write("logs/a.log", GoodLines(3));
  fs::create_symlink(dir.path() + "/logs/a.log", dir.path() + "/link.log");
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  Collected collected;
  const ReadSummary summary = MustRead({dir.path() + "/logs/a.log", dir.path() + "/./logs//a.log",
                                        dir.path() + "/logs", dir.path() + "/link.log"},
                                       options, &collected);
  Collected alone;
  const ReadSummary once = MustRead({dir.path() + "/logs/a.log"}, options, &alone);
  EXPECT_EQ(summary.files, 1);
  EXPECT_GT(once.hands, 0);
  EXPECT_EQ(summary.hands, once.hands);
}

TEST_F(LogReaderTest, UnreadableFileIsReportedAndTheRunGoesOn) {
  TempDir dir;
  dir.Write("z/ok.log", GoodLines(1));
  fs::create_symlink(dir.path() + "/nowhere", dir.path() + "/z/dangling.log");
  ReadOptions options = OptionsWithGame(nl2p_, "holdem.nolimit.2p.reverse_blinds.game");
  Collected collected;
  ReadSummary summary = MustRead({dir.path() + "/z"}, options, &collected);
  EXPECT_EQ(summary.files, 2);
  EXPECT_EQ(summary.files_failed, 1);
  EXPECT_EQ(summary.hands, 4);
  ASSERT_EQ(summary.problems.size(), 1u);
  EXPECT_EQ(summary.problems[0].reason, kReasonUnreadable);
  EXPECT_EQ(
      summary.problems[0].message,
      dir.path() + "/z/dangling.log: unreadable file: cannot open: No such file or directory");
}

TEST_F(LogReaderTest, LoadGameArgumentAcceptsPathsAndNames) {
  absl::StatusOr<NamedGame> by_name = LoadGameArgument("holdem.nolimit.6p.10000", GamesDir());
  ASSERT_TRUE(by_name.ok()) << by_name.status();
  EXPECT_EQ(by_name->name, "holdem.nolimit.6p.10000.game");
  EXPECT_EQ(by_name->game.stack[0], 10000);
  absl::StatusOr<NamedGame> by_path =
      LoadGameArgument(GamesDir() + "/holdem.nolimit.2p.reverse_blinds.game", "");
  ASSERT_TRUE(by_path.ok());
  EXPECT_EQ(by_path->game, nl2p_);
  EXPECT_EQ(LoadGameArgument("no_such_game", GamesDir()).status().code(),
            absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace logs_parser
