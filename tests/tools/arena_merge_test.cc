// Shards of a ring experiment pooled by `arena merge`: four 5,000-deal shards give the 20,000-deal
// run's sums, mean and intervals exactly (duplicate pairs kept); the JSON reads back to the same
// doubles; mismatched or overlapping shards are refused with the files named.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "tests/tools/process_util.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"
#include "tools/arena/ring_summary.h"
#include "tools/arena/stats.h"

namespace arena {
namespace {

using std::chrono::milliseconds;
using ::testing::HasSubstr;
using tools_test::kNoLimit2pGame;
using tools_test::kNoLimit3pGame;

// Deterministic and card-dependent: calls (or checks) with a ten or better, else folds. Its
// results depend on the deal only, so a shard plays exactly the long run's hands.
class HighCardCaller : public poker::Player {
 public:
  poker::Action Act(const poker::MatchState& view) override {
    const poker::State& s = view.state;
    const int high = std::max(s.hole_card(view.viewer, 0), s.hole_card(view.viewer, 1)) / 4;
    return high >= 8 ? poker::Action::Call() : poker::Action::Fold();
  }
};

const bool kRegistered = RegisterPlayerFactory(
    "highcard",
    [](const PlayerContext&, absl::string_view) -> absl::StatusOr<std::unique_ptr<poker::Player>> {
      return std::make_unique<HighCardCaller>();
    });

const std::vector<PlayerSpec> kPlayers = {{"H", "highcard"}, {"R", "bot:style=raiser"}};

RingSummary Play(const poker::GameDef& game, const std::vector<PlayerSpec>& players, uint32_t seed,
                 uint32_t first_hand, uint32_t hands, bool duplicate, RingResult* raw = nullptr) {
  RingOptions options;
  options.seed = seed;
  options.first_hand = first_hand;
  options.hands = hands;
  options.duplicate = duplicate;
  absl::StatusOr<RingResult> result = RunRing(game, players, options);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return RingSummary();
  if (raw != nullptr) *raw = *result;
  return SummarizeRing(game, "nl2p.game", players, options, *result);
}

void ExpectSameResult(const RingSummary& a, const RingSummary& b) {
  EXPECT_EQ(a.deals, b.deals);
  EXPECT_EQ(a.hands, b.hands);
  EXPECT_EQ(a.ranges, b.ranges);
  ASSERT_EQ(a.players.size(), b.players.size());
  for (size_t seat = 0; seat < a.players.size(); ++seat) {
    // Whole chips: every sum is exact, so the pooled figures are the long run's bit for bit.
    EXPECT_EQ(a.players[seat].hand_sums, b.players[seat].hand_sums) << seat;
    EXPECT_EQ(a.players[seat].deal_sums, b.players[seat].deal_sums) << seat;
    EXPECT_EQ(a.players[seat].chips, b.players[seat].chips) << seat;
    EXPECT_EQ(a.players[seat].mbb_per_hand, b.players[seat].mbb_per_hand) << seat;
    EXPECT_EQ(a.players[seat].ci95, b.players[seat].ci95) << seat;
    EXPECT_EQ(a.players[seat].ci95_unpaired, b.players[seat].ci95_unpaired) << seat;
  }
}

TEST(ArenaMergeTest, FourShardsMergeToTheLongRun) {
  ASSERT_TRUE(kRegistered);
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  RingResult long_raw;
  const RingSummary whole = Play(game, kPlayers, 7, 0, 20000, true, &long_raw);
  std::vector<RingSummary> shards;
  std::vector<std::string> names;
  for (uint32_t i = 0; i < 4; ++i) {
    RingResult raw;
    shards.push_back(Play(game, kPlayers, 7, 5000 * i, 5000, true, &raw));
    names.push_back(absl::StrCat("shard", i));
    // The shard played the long run's hands: same chips per hand in both rotations.
    for (int r = 0; r < 2; ++r) {
      for (int d = 0; d < 5000; d += 97) {
        const size_t in_shard = (r * 5000 + d) * 2;
        const size_t in_long = (r * 20000 + 5000 * i + d) * 2;
        ASSERT_EQ(raw.values[in_shard], long_raw.values[in_long]) << i << " " << r << " " << d;
      }
    }
  }
  absl::StatusOr<RingSummary> merged = MergeRingSummaries(shards, names);
  ASSERT_TRUE(merged.ok()) << merged.status();
  ExpectSameResult(*merged, whole);
  // Not a degenerate case: the result and both intervals are real, and pairing helps.
  const SeatResult& h = whole.players[0];
  EXPECT_NE(h.mbb_per_hand, 0);
  EXPECT_GT(h.ci95, 0);
  EXPECT_GT(h.ci95_unpaired, h.ci95);
  EXPECT_EQ(h.hand_sums.n, 40000);
  EXPECT_EQ(h.deal_sums.n, 20000);
  // The shards' own intervals are wider than the pooled one (four times fewer deals).
  EXPECT_GT(shards[0].players[0].ci95, 1.5 * h.ci95);

  // In any order, and through the JSON text.
  std::vector<RingSummary> read;
  for (int i : {2, 0, 3, 1}) {
    absl::StatusOr<RingSummary> back = ParseRingJson(FormatRingJson(shards[i]), names[i]);
    ASSERT_TRUE(back.ok()) << back.status();
    read.push_back(*back);
  }
  absl::StatusOr<RingSummary> from_json =
      MergeRingSummaries(read, std::vector<std::string>{"c", "a", "d", "b"});
  ASSERT_TRUE(from_json.ok()) << from_json.status();
  ExpectSameResult(*from_json, whole);
  EXPECT_EQ(from_json->specs[1].spec, "bot:style=raiser");
  EXPECT_EQ(from_json->game_def, poker::FormatGameDef(game));
}

TEST(ArenaMergeTest, MergesOfMergesAndSeveralSeeds) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit3pGame);
  const std::vector<PlayerSpec> three = {
      {"H", "highcard"}, {"S", "bot:style=station"}, {"R", "bot:style=raiser"}};
  const RingSummary a = Play(game, three, 1, 0, 300, true);
  const RingSummary b = Play(game, three, 1, 300, 200, true);
  const RingSummary c = Play(game, three, 2, 0, 100, true);
  const RingSummary ab = *MergeRingSummaries(std::vector<RingSummary>{a, b}, {"a", "b"});
  absl::StatusOr<RingSummary> abc =
      MergeRingSummaries(std::vector<RingSummary>{ab, c}, {"ab", "c"});
  ASSERT_TRUE(abc.ok()) << abc.status();
  EXPECT_EQ(abc->ranges, (std::vector<DealRange>{{1, 0, 500}, {2, 0, 100}}));
  EXPECT_EQ(abc->deals, 600);
  EXPECT_EQ(abc->hands, 1800);
  EXPECT_EQ(abc->rotations, 3);
  const RingSummary one = Play(game, three, 1, 0, 500, true);
  EXPECT_EQ(ab.players[0].hand_sums, one.players[0].hand_sums);
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(abc->players[seat].deal_sums.n, 600);
    EXPECT_DOUBLE_EQ(abc->players[seat].hand_sums.sum,
                     one.players[seat].hand_sums.sum + c.players[seat].hand_sums.sum);
  }
}

TEST(ArenaMergeTest, RefusesOverlapsAndMismatches) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  const RingSummary a = Play(game, kPlayers, 7, 0, 100, false);
  const RingSummary b = Play(game, kPlayers, 7, 50, 100, false);
  absl::StatusOr<RingSummary> overlap =
      MergeRingSummaries(std::vector<RingSummary>{a, b}, {"a.json", "b.json"});
  ASSERT_FALSE(overlap.ok());
  EXPECT_THAT(std::string(overlap.status().message()),
              HasSubstr("deals 50..99 of seed 7 are in a.json and in b.json"));
  absl::StatusOr<RingSummary> twice =
      MergeRingSummaries(std::vector<RingSummary>{a, a}, {"a.json", "a.json"});
  ASSERT_FALSE(twice.ok());
  EXPECT_THAT(std::string(twice.status().message()), HasSubstr("are in a.json twice"));

  const RingSummary other_players =
      Play(game, {{"H", "highcard"}, {"R", "bot:style=station"}}, 7, 100, 10, false);
  absl::StatusOr<RingSummary> players =
      MergeRingSummaries(std::vector<RingSummary>{a, other_players}, {"a.json", "p.json"});
  ASSERT_FALSE(players.ok());
  EXPECT_THAT(
      std::string(players.status().message()),
      HasSubstr("p.json and a.json have different players: 'H=highcard R=bot:style=station'"));

  // Shards that write their decision logs to different files are the same players.
  RingSummary logged_a = a;
  RingSummary logged_c = Play(game, kPlayers, 7, 100, 10, false);
  logged_a.specs[1].spec += ",log=a.jsonl";
  logged_c.specs[1].spec += ",log=c.jsonl";
  absl::StatusOr<RingSummary> logs =
      MergeRingSummaries(std::vector<RingSummary>{logged_a, logged_c}, {"a.json", "c.json"});
  ASSERT_TRUE(logs.ok()) << logs.status();
  EXPECT_EQ(logs->specs[1].spec, a.specs[1].spec);
  logged_c.specs[1].spec += ",trials=7";
  EXPECT_FALSE(
      MergeRingSummaries(std::vector<RingSummary>{logged_a, logged_c}, {"a.json", "c.json"}).ok());

  const RingSummary dup = Play(game, kPlayers, 7, 100, 10, true);
  absl::StatusOr<RingSummary> mixed =
      MergeRingSummaries(std::vector<RingSummary>{a, dup}, {"a.json", "d.json"});
  ASSERT_FALSE(mixed.ok());
  EXPECT_THAT(std::string(mixed.status().message()), HasSubstr("differ in --duplicate"));

  poker::GameDef bigger = game;
  bigger.stack[0] = bigger.stack[1] = 30000;
  const RingSummary other_game = Play(bigger, kPlayers, 7, 100, 10, false);
  absl::StatusOr<RingSummary> games =
      MergeRingSummaries(std::vector<RingSummary>{a, other_game}, {"a.json", "g.json"});
  ASSERT_FALSE(games.ok());
  EXPECT_THAT(std::string(games.status().message()), HasSubstr("different games"));
}

// The JSON without its checksum, as arenas before it wrote it (read on the cross-checks alone).
std::string WithoutChecksum(std::string json) {
  const size_t at = json.rfind(",\"checksum\":\"");
  EXPECT_NE(at, std::string::npos);
  return json.erase(at, json.size() - 1 - at);
}

TEST(ArenaMergeTest, BadJsonIsRefusedNamingTheField) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  const std::string good = WithoutChecksum(FormatRingJson(Play(game, kPlayers, 7, 0, 10, false)));
  ASSERT_TRUE(ParseRingJson(good, "x.json").ok());
  auto message = [](const std::string& text) {
    absl::StatusOr<RingSummary> s = ParseRingJson(text, "x.json");
    return s.ok() ? std::string("ok") : std::string(s.status().message());
  };
  EXPECT_THAT(message(good.substr(0, good.size() / 2)), HasSubstr("x.json:1: not JSON"));
  std::string no_sums = good;
  no_sums.replace(no_sums.find("\"deal_sums\""), 11, "\"deal_sumz\"");
  EXPECT_THAT(message(no_sums), HasSubstr("x.json: no field \"players[0].deal_sums\""));
  std::string bad_n = good;
  bad_n.replace(bad_n.find("\"n\":10"), 6, "\"n\":11");
  EXPECT_THAT(message(bad_n), HasSubstr("counts 11 hands and 10 deals, not 10 and 10"));
  std::string bad_number = good;
  bad_number.replace(bad_number.find("\"deals\":10}"), 11, "\"deals\":\"ten\"}");
  EXPECT_THAT(message(bad_number), HasSubstr("field \"ranges[0].deals\" is not a whole number"));
  EXPECT_THAT(message("{\"hands\": 10, \"deals\": 10, \"players\": []}"),
              HasSubstr("written by an arena without merge support"));
  EXPECT_THAT(message("{\"format\": \"tournament\", \"players\": []}"),
              HasSubstr("only ring matches can be merged"));
}

// Every byte of a result is checked: by its checksum, and (files without one too) by the sums
// against each other and the game. A shard with 700,000 chips added to one player, or sums of
// 1e308 (merged to infinity, written as null), once merged with exit 0.
TEST(ArenaMergeTest, ResultsAreCheckedWhole) {
  const poker::GameDef game = *poker::ParseGameDef(kNoLimit2pGame);
  const std::string json = FormatRingJson(Play(game, kPlayers, 7, 0, 100, true));
  ASSERT_TRUE(ParseRingJson(json, "x.json").ok());
  ASSERT_TRUE(ParseRingJson(json + "\n", "x.json").ok());
  auto message = [](const std::string& text) {
    absl::StatusOr<RingSummary> s = ParseRingJson(text, "x.json");
    return s.ok() ? std::string("ok") : std::string(s.status().message());
  };
  // Any edit of a checksummed file: here one digit of a count.
  std::string edited = json;
  const size_t n = edited.find("\"n\":200");
  ASSERT_NE(n, std::string::npos);
  edited[n + 5] = '1';
  EXPECT_THAT(message(edited), HasSubstr("x.json: checksum mismatch"));
  EXPECT_THAT(message(json + "{}"), HasSubstr("x.json:1: not JSON"));
  std::string moved = json;
  moved.insert(moved.rfind(",\"checksum\""), ",\"extra\":1");
  EXPECT_THAT(message(moved), HasSubstr("checksum mismatch"));

  // The same edits in files without the checksum: the sums tell.
  const std::string legacy = WithoutChecksum(json);
  ASSERT_EQ(message(legacy), "ok");
  const auto add_to_first_sum = [&legacy](const std::string& key, const std::string& to) {
    std::string text = legacy;
    const size_t at = text.find("\"" + key + "\":{\"n\":");
    const size_t sum = text.find("\"sum\":", at) + 6;
    const size_t end = text.find(',', sum);
    text.replace(sum, end - sum, to);
    return text;
  };
  const RingSummary summary = *ParseRingJson(legacy, "x.json");
  const double sum = summary.players[0].hand_sums.sum;
  // `extra` chips added to the first player's hand sums, and to its deal sums when `deals`.
  const auto add = [&](int64_t extra, bool deals) {
    const std::string to = absl::StrCat(static_cast<int64_t>(sum) + extra);
    std::string text = add_to_first_sum("hand_sums", to);
    if (deals) {
      const size_t at = text.find("\"deal_sums\":{\"n\":");
      const size_t s2 = text.find("\"sum\":", at) + 6;
      text.replace(s2, text.find(',', s2) - s2, to);
    }
    return text;
  };
  EXPECT_THAT(message(add(2, true)), HasSubstr("the players' chips sum to 2, not 0"));
  EXPECT_THAT(message(add(700000, true)), HasSubstr("x.json: "));
  EXPECT_NE(message(add(700000, true)), "ok");
  EXPECT_THAT(message(add(2, false)), HasSubstr("players[0] ('H'): its hands sum to"));
  EXPECT_THAT(message(add_to_first_sum("hand_sums", "1e308")),
              HasSubstr("chips can give: not a result of this game"));
  EXPECT_NE(message(add_to_first_sum("hand_sums", "1e999")), "ok");
  std::string bad_blind = legacy;
  bad_blind.replace(bad_blind.find("\"big_blind\":100"), 15, "\"big_blind\":200");
  EXPECT_THAT(message(bad_blind), HasSubstr("do not fit its game"));
}

TEST(ArenaMergeTest, SumsGiveTheTwoPassInterval) {
  const std::vector<double> sample = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8};
  MomentSums sums;
  for (double x : sample) sums.Add(x);
  const MeanInterval a = MeanCi95OfSums(sums);
  const MeanInterval b = MeanCi95(sample);
  EXPECT_EQ(a.n, 12);
  EXPECT_DOUBLE_EQ(a.mean, b.mean);
  EXPECT_NEAR(a.half_width, b.half_width, 1e-12);
  EXPECT_NEAR(a.half_width, 2.200985 * b.stddev / std::sqrt(12.0), 1e-9);
  MomentSums zero;
  for (int i = 0; i < 5; ++i) zero.Add(0.1);  // constant: variance exactly clamped at 0
  EXPECT_GE(MeanCi95OfSums(zero).half_width, 0.0);
  EXPECT_LT(MeanCi95OfSums(zero).half_width, 1e-7);
}

// The programs: `arena --shard I/4 --out` then `arena merge` give the long run's JSON (apart from
// the time taken), and `arena merge` names what it refuses.
TEST(ArenaMergeTest, ShardAndMergeCommands) {
  tools_test::TempDir dir;
  tools_test::WriteFile(dir.File("g.game"), kNoLimit2pGame);
  auto run = [&](std::vector<std::string> args) {
    args.insert(args.begin(), tools_test::BinPath("arena"));
    tools_test::Subprocess process(args, dir.path(), dir.File("err"));
    const std::string out = process.ReadRest(milliseconds(60000));
    const std::optional<int> status = process.Wait(milliseconds(10000));
    return std::make_pair(status.value_or(-1), out + tools_test::ReadFile(dir.File("err")));
  };
  const std::vector<std::string> match = {"--game",   dir.File("g.game"),
                                          "--hands",  "2000",
                                          "--seed",   "5",
                                          "--player", "S=bot:style=station",
                                          "--player", "R=bot:style=raiser",
                                          "-q"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = match;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  ASSERT_EQ(run(with({"--out", dir.File("all.json")})).first, 0);
  std::vector<std::string> merge = {"merge"};
  for (int i = 0; i < 4; ++i) {
    const std::string out = dir.File(absl::StrCat("s", i, ".json"));
    ASSERT_EQ(run(with({"--shard", absl::StrCat(i, "/4"), "--out", out})).first, 0);
    merge.push_back(out);
  }
  merge.insert(merge.end(), {"--out", dir.File("merged.json"), "-q"});
  const auto merged = run(merge);
  ASSERT_EQ(merged.first, 0) << merged.second;
  // The time taken differs, and so does the checksum over it.
  auto without_seconds = [](std::string json) {
    const size_t at = json.find("\"seconds\":");
    const size_t end = json.find(',', at);
    json.erase(at, end - at);
    return WithoutChecksum(json);
  };
  const std::string all = tools_test::ReadFile(dir.File("all.json"));
  EXPECT_THAT(all, HasSubstr("\"ranges\":[{\"seed\":5,\"first_hand\":0,\"deals\":2000}]"));
  EXPECT_EQ(without_seconds(tools_test::ReadFile(dir.File("merged.json"))), without_seconds(all));
  EXPECT_FALSE(std::filesystem::exists(dir.File("merged.json.tmp")));

  const auto overlap = run({"merge", dir.File("s0.json"), dir.File("all.json")});
  EXPECT_EQ(overlap.first, 1);
  EXPECT_THAT(overlap.second, HasSubstr("deals 0..499 of seed 5 are in"));
  const auto missing = run({"merge", dir.File("s0.json"), dir.File("nope.json")});
  EXPECT_EQ(missing.first, 1);
  EXPECT_THAT(missing.second, HasSubstr("cannot read " + dir.File("nope.json")));
  EXPECT_EQ(run(with({"--shard", "4/4"})).first, 2);
  EXPECT_EQ(run({"merge"}).first, 2);
}

// A player spec the arena cannot parse is a bad command line (exit 2), as for `bot` and `agent`;
// a file a spec names that cannot be read or holds bad data is a failure (exit 1), as the README's
// rule says (bad contents used to exit 2: the loaders' InvalidArgument). Both name the player.
TEST(ArenaCommandTest, BadPlayerSpecsAreUsageErrors) {
  tools_test::TempDir dir;
  const std::string junk = dir.File("junk.txt");
  tools_test::WriteFile(junk, "garbage\n");
  auto run = [&](std::vector<std::string> players) {
    std::vector<std::string> args = {tools_test::BinPath("arena"),
                                     "--game",
                                     "holdem.nolimit.2p.reverse_blinds",
                                     "--hands",
                                     "3",
                                     "-q"};
    for (const std::string& player : players) args.insert(args.end(), {"--player", player});
    tools_test::Subprocess process(args, dir.path(), dir.File("err"));
    process.ReadRest(milliseconds(60000));
    const std::optional<int> status = process.Wait(milliseconds(10000));
    return std::make_pair(status.value_or(-1), tools_test::ReadFile(dir.File("err")));
  };
  const struct {
    std::vector<std::string> players;
    int exit_code;
    std::string message;
  } cases[] = {
      {{"a=bot:style=xx", "b=bot:style=la"}, 2, "player 'a': unknown bot style 'xx'"},
      {{"a=bogus:x", "b=bot:style=la"}, 2, "unknown kind 'bogus'"},
      {{"a=bot:style=ta,trials=-1", "b=bot:style=la"},
       2,
       "trials must be a whole number in [1, 100000000] (got -1)"},
      {{"a=bot:style=ta"}, 2, "the game has 2 players but 1 were given"},
      {{"a=bot:style=ta", "b=bot:style=cfr,strategy=" + dir.File("none.strategy")},
       1,
       "player 'b': " + dir.File("none.strategy") + ": cannot open"},
      {{"a=bot:style=cfr,strategy=" + junk, "b=bot:style=la"},
       1,
       "player 'a': " + junk + ": not a solver strategy file"},
      {{"a=bot:style=cfr,strategy=" + junk + ",threshold=7", "b=bot:style=la"}, 2, "threshold"},
      {{"a=agent:config=" + junk, "b=bot:style=la"}, 1, "player 'a': " + junk + ": "},
      {{"a=agent:model=" + junk, "b=bot:style=la"}, 1, "player 'a': " + junk},
      {{"a=agent:policy=cfr,strategy=" + junk, "b=bot:style=la"},
       1,
       "player 'a': " + junk + ": not a solver strategy file"},
      {{"a=agent:policy=search,search_strategy=" + junk, "b=bot:style=la"},
       1,
       "player 'a': search_strategy: " + junk + ": not a solver strategy file"},
      {{"a=agent:policy=nope", "b=bot:style=la"}, 2, "player 'a': unknown policy 'nope'"},
      {{"a=agent:bogus=1", "b=bot:style=la"}, 2, "player 'a': unknown parameter 'bogus'"},
      {{"a=agent:policy=cfr", "b=bot:style=la"}, 2, "policy cfr needs a strategy file"},
  };
  for (const auto& c : cases) {
    const auto [status, err] = run(c.players);
    EXPECT_EQ(status, c.exit_code) << c.players[0] << "\n" << err;
    EXPECT_THAT(err, HasSubstr(c.message)) << c.players[0];
  }
  // A log that cannot be written: exit 1, the file and the reason.
  const std::string no_folder = dir.File("no_folder/d.jsonl");
  const auto [status, err] = run({"a=agent:policy=fold,log=" + no_folder, "b=bot:style=la"});
  EXPECT_EQ(status, 1) << err;
  EXPECT_THAT(err, HasSubstr("cannot write " + no_folder + ": No such file or directory"));
}

}  // namespace
}  // namespace arena
