// The model file: round trips, canonical bytes, refusals of bad files, merging.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "google/protobuf/stubs/logging.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "tests/trainer/ten_hands.h"
#include "tests/trainer/test_util.h"
#include "trainer/opponent_model.h"
#include "trainer/train.h"

namespace trainer {
namespace {

using ::testing::HasSubstr;

class ModelIoTest : public ::testing::Test {
 protected:
  ModelIoTest() : game_(*poker::ParseGameDef(testing::kTenHandsGame)) {}

  OpponentModel TrainTen(const std::string& log_name, int buckets = 8) {
    TrainOptions options;
    options.log_paths = {dir_.Write(log_name, testing::kTenHandsLog)};
    options.game = game_;
    options.model.num_buckets = buckets;
    absl::StatusOr<TrainResult> result = Train(options);
    EXPECT_TRUE(result.ok()) << result.status();
    return std::move(result->model);
  }

  std::string Refusal(const std::string& bytes, const poker::GameDef* expected = nullptr) {
    const std::string path = dir_.Write("bad.pb", bytes);
    absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path, expected);
    EXPECT_FALSE(loaded.ok());
    return std::string(loaded.status().message());
  }

  testing::TempDir dir_;
  poker::GameDef game_;
};

TEST_F(ModelIoTest, SaveLoadRoundTripIsByteExact) {
  const OpponentModel model = TrainTen("a.log");
  const std::string path = dir_.File("model.pb");
  ASSERT_TRUE(model.Save(path).ok());
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  const std::string bytes = testing::ReadFileBytes(path);
  EXPECT_EQ(bytes, model.SerializeCanonical());
  absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path, &game_);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->SerializeCanonical(), bytes);
  EXPECT_EQ(loaded->num_players(), 2);
  EXPECT_EQ(loaded->FindPlayer("alice")->street(0).Root().times(), 10u);
  EXPECT_EQ(loaded->provenance().files, model.provenance().files);
  EXPECT_TRUE(loaded->buckets() == model.buckets());
  EXPECT_EQ(loaded->buckets().PreflopBucket({poker::Card{48}, poker::Card{49}}), 7);  // AcAd
}

TEST_F(ModelIoTest, RefusesCorruptedAndTruncatedFiles) {
  const std::string bytes = TrainTen("a.log").SerializeCanonical();
  ASSERT_GT(bytes.size(), 100u);
  EXPECT_THAT(Refusal(""), HasSubstr("end marker is missing"));
  const std::string text = Refusal("this is not a model\n");
  EXPECT_TRUE(text.find("end marker") != std::string::npos ||
              text.find("not a model file") != std::string::npos)
      << text;
  // Cut anywhere: the end marker or the checksum no longer fits, or the parse fails. (Cut exactly
  // before the 6-byte checksum trailer, the file is a complete model of the format before the
  // checksum, and loads: atomic writes never leave such a file.)
  for (size_t cut : {size_t{1}, size_t{10}, bytes.size() / 3, bytes.size() / 2, bytes.size() - 12,
                     bytes.size() - 7, bytes.size() - 1}) {
    const std::string message = Refusal(bytes.substr(0, cut));
    EXPECT_TRUE(message.find("end marker") != std::string::npos ||
                message.find("not a model file") != std::string::npos ||
                message.find("checksum") != std::string::npos)
        << "cut at " << cut << ": " << message;
  }
  // One flipped bit anywhere: refused (without the checksum, 7 of 20 such copies loaded with
  // changed counts). In the trailer's 2-byte tag too: the file no longer ends with a checksum, and
  // what the damaged tag leaves behind is a field this program does not know (such files once
  // loaded as files from before the checksum).
  int flips = 0;
  int refused = 0;
  const google::protobuf::LogSilencer silence_protobuf;
  for (size_t tag = bytes.size() - 6; tag < bytes.size() - 4; ++tag) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string corrupt = bytes;
      corrupt[tag] = static_cast<char>(corrupt[tag] ^ (1 << bit));
      EXPECT_FALSE(OpponentModel::Load(dir_.Write("tag.pb", corrupt), &game_).ok())
          << "bit " << bit << " of tag byte " << tag;
    }
  }
  for (size_t at = 0; at < bytes.size(); at += std::max<size_t>(1, bytes.size() / 200)) {
    for (const int bit : {0, 5}) {
      std::string corrupt = bytes;
      corrupt[at] = static_cast<char>(corrupt[at] ^ (1 << bit));
      const std::string path = dir_.Write("flip.pb", corrupt);
      ++flips;
      refused += !OpponentModel::Load(path, &game_).ok();
    }
  }
  EXPECT_GT(flips, 300);
  EXPECT_EQ(refused, flips);
  std::string flipped = bytes;
  flipped[bytes.size() / 2] = static_cast<char>(flipped[bytes.size() / 2] ^ 1);
  EXPECT_THAT(Refusal(flipped), HasSubstr("checksum mismatch"));
  // A file from before the checksum (no trailer) still loads.
  EXPECT_TRUE(
      OpponentModel::Load(dir_.Write("old.pb", bytes.substr(0, bytes.size() - 6)), &game_).ok());
  EXPECT_THAT(std::string(OpponentModel::Load(dir_.File("missing.pb")).status().message()),
              HasSubstr("missing.pb: cannot open"));
}

TEST_F(ModelIoTest, RefusesWrongVersionAndForeignGame) {
  opponent_model::Model proto = TrainTen("a.log").ToProto();
  proto.set_format_version(3);
  EXPECT_THAT(Refusal(proto.SerializeAsString()),
              HasSubstr("model format version 3; this program reads versions 1 and 2"));

  proto.set_format_version(kModelFormatVersion);
  poker::GameDef other = game_;
  other.stack[0] = other.stack[1] = 10000;
  EXPECT_THAT(Refusal(proto.SerializeAsString(), &other),
              HasSubstr("the model is for another game: stack[0] is 20000 in the model, 10000"));
  const poker::GameDef six = testing::LoadProjectGame("holdem.nolimit.6p.10000.game");
  EXPECT_THAT(Refusal(proto.SerializeAsString(), &six), HasSubstr("numPlayers is 2"));
  // Without an expected game it loads.
  EXPECT_TRUE(OpponentModel::Load(dir_.Write("ok.pb", proto.SerializeAsString())).ok());
}

TEST_F(ModelIoTest, RefusesInconsistentContent) {
  const opponent_model::Model good = TrainTen("a.log").ToProto();
  opponent_model::Model proto = good;
  proto.mutable_players(0)->mutable_streets(1)->mutable_nodes(1)->add_path(99);
  EXPECT_THAT(Refusal(proto.SerializeAsString()),
              HasSubstr("players[0] ('alice').streets[1].nodes[1].path: step 99 names no"));
  proto = good;
  proto.mutable_players(1)->mutable_streets(0)->mutable_nodes(0)->add_action_counts(1);
  EXPECT_THAT(Refusal(proto.SerializeAsString()), HasSubstr("action_counts: 8 entries"));
  proto = good;
  *proto.add_players() = good.players(0);
  EXPECT_THAT(Refusal(proto.SerializeAsString()), HasSubstr("duplicate player name"));
  proto = good;
  proto.mutable_population()->mutable_streets()->RemoveLast();
  EXPECT_THAT(Refusal(proto.SerializeAsString()), HasSubstr("population: 3 street trees"));
  proto = good;
  proto.mutable_abstraction()->mutable_buckets()->set_version(7);
  EXPECT_THAT(Refusal(proto.SerializeAsString()), HasSubstr("abstraction.buckets"));
  proto = good;
  *proto.mutable_players(0)->mutable_streets(0)->add_nodes() = proto.players(0).streets(0).nodes(3);
  EXPECT_THAT(Refusal(proto.SerializeAsString()), HasSubstr("duplicate path"));
}

TEST_F(ModelIoTest, MergeAddsCountsAndProvenance) {
  OpponentModel a = TrainTen("a.log");
  const OpponentModel b = TrainTen("b.log");
  ASSERT_TRUE(a.Merge(b).ok());
  EXPECT_EQ(a.FindPlayer("bob")->street(0).Root().times(), 20u);
  EXPECT_EQ(a.population().hands(), 40u);
  EXPECT_EQ(a.provenance().hands_read, 20u);
  EXPECT_EQ(a.provenance().files.size(), 2u);
  // Merging again would count b's file twice.
  EXPECT_THAT(std::string(a.Merge(b).message()), HasSubstr("b.log: its hands would be counted"));
}

TEST_F(ModelIoTest, MergeRefusesOtherAbstractions) {
  OpponentModel a = TrainTen("a.log");
  EXPECT_THAT(std::string(a.Merge(TrainTen("b.log", 5)).message()),
              HasSubstr("different strength bucket functions"));
  OpponentModel deep = *OpponentModel::Create(game_, ModelOptions{8, 4, {0.6, 1.0}});
  EXPECT_THAT(std::string(a.Merge(deep).message()),
              HasSubstr("different tree depth caps: 6 and 4"));
  OpponentModel edges = *OpponentModel::Create(game_, ModelOptions{8, 6, {0.5, 1.0}});
  EXPECT_THAT(std::string(a.Merge(edges).message()), HasSubstr("different action abstractions"));
  poker::GameDef other = game_;
  other.blind[0] = 200;
  OpponentModel foreign = *OpponentModel::Create(other, ModelOptions{});
  EXPECT_THAT(std::string(a.Merge(foreign).message()), HasSubstr("blind[0] is 200"));
  OpponentModel stripped = *OpponentModel::Create(game_, ModelOptions{});
  stripped.mutable_provenance().strip_name_suffix = true;
  EXPECT_THAT(std::string(a.Merge(stripped).message()), HasSubstr("--strip-name-suffix"));
}

TEST_F(ModelIoTest, OnlineObservationFromStatesGrowsCounts) {
  OpponentModel model = TrainTen("a.log");
  // The live agent's path: hand 2's flop after alice's bet, from bob's and alice's view.
  poker::State state(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/r400", &state).ok());
  const PathKey bob_view = StreetPath(state, model.abstraction(), 1);
  EXPECT_EQ(bob_view, PathKey().Child(3, false));
  EXPECT_EQ(StreetPath(state, model.abstraction(), 0), PathKey().Child(3, true));
  const PatternTree& bob_flop = model.FindPlayer("bob")->street(1);
  EXPECT_EQ(bob_flop.Lookup(bob_view).action_count(kCall), 1u);

  // Counting a finished hand online: bob calls the flop bet again and folds to a turn raise.
  poker::State finished(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/r400c/r800f", &finished).ok());
  ASSERT_TRUE(poker::ApplyCards("KsQs|8h8d/2c5d9h/Tc", false, &finished).ok());
  HandObservation observation;
  ObserveState(finished, model.abstraction(), model.position_classes(), &observation);
  HandBucketer bucketer(model.buckets());
  bucketer.SetBuckets(model.game(), HandCards::FromState(finished), &observation);
  model.MutablePlayer("bob").AddHand(observation, 1);
  EXPECT_EQ(bob_flop.Lookup(bob_view).action_count(kCall), 2u);
  EXPECT_EQ(model.FindPlayer("bob")->hands(), 11u);
  // Bob's flop bucket is the one the agent's all-pairs function gives 8h8d on 2c5d9h.
  std::array<uint8_t, poker::kNumPairs> all;
  model.buckets().AllPairs(1, *poker::ParseCards("2c5d9h"), &all);
  const std::vector<poker::Card> eights = *poker::ParseCards("8h8d");
  EXPECT_EQ(observation.bucket[1][1], all[poker::PairIndex(eights[0], eights[1])]);
  EXPECT_NE(observation.bucket[1][1], kNoBucket);
  EXPECT_EQ(bob_flop.Lookup(bob_view).bucket_action_count(observation.bucket[1][1], kCall), 2u);
}

// Street context: a raised pot's flop and a limped pot's flop are counted at different nodes,
// found again by StreetPath; the flag survives a save, files without it load without it, and
// models with and without it do not merge.
TEST_F(ModelIoTest, StreetContextSeparatesRaisedAndLimpedPots) {
  ModelOptions options;
  options.street_context = true;
  options.street_context_version = 1;
  absl::StatusOr<OpponentModel> created = OpponentModel::Create(game_, options);
  ASSERT_TRUE(created.ok()) << created.status();
  OpponentModel model = *std::move(created);
  HandObservation observation;
  for (const char* betting : {"cc/r400f", "r300c/r400f"}) {
    poker::State state(game_, 2);
    ASSERT_TRUE(poker::ApplyBetting(betting, &state).ok()) << betting;
    ObserveState(state, model.abstraction(), model.position_classes(), &observation);
    model.MutablePlayer("bob").AddHand(observation, 1);
  }
  const PatternTree& flop = model.FindPlayer("bob")->street(1);
  const PathKey limped = StreetContext(0, false, 1, 1, false),
                raised = StreetContext(1, false, 1, 1, false);
  EXPECT_EQ(flop.Lookup(limped).times(), 1u);
  EXPECT_EQ(flop.Lookup(raised).times(), 1u);
  EXPECT_FALSE(flop.Lookup(PathKey()).found());
  // The reader's path of the raised pot's flop bet starts at the raised context.
  poker::State state(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/r400", &state).ok());
  EXPECT_EQ(StreetPath(state, model.abstraction(), 1, 1), raised.Child(3, false));
  EXPECT_EQ(flop.Lookup(raised.Child(3, false)).action_count(kFold), 1u);
  EXPECT_EQ(StreetPath(state, model.abstraction(), 1), PathKey().Child(3, false));

  const std::string path = dir_.File("context.pb");
  ASSERT_TRUE(model.Save(path).ok());
  absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_TRUE(loaded->street_context());
  // Version 1 is model format 1, written as before (no version field), byte for byte.
  EXPECT_EQ(loaded->street_context_version(), 1);
  EXPECT_EQ(model.ToProto().format_version(), 1u);
  EXPECT_EQ(model.ToProto().abstraction().street_context_version(), 0u);
  EXPECT_EQ(loaded->SerializeCanonical(), model.SerializeCanonical());
  OpponentModel plain = TrainTen("plain.log");
  EXPECT_FALSE(plain.street_context());
  EXPECT_THAT(std::string(plain.CheckCompatible(model).message()), HasSubstr("street context"));
}

// Version 2 also separates the last raiser from its callers; it is written as model format 2
// (which programs reading only format 1 refuse), and versions 1 and 2 do not merge.
TEST_F(ModelIoTest, StreetContextVersionTwoSeparatesTheAggressor) {
  ModelOptions options;
  options.street_context = true;
  ASSERT_EQ(options.street_context_version, 2);
  absl::StatusOr<OpponentModel> created = OpponentModel::Create(game_, options);
  ASSERT_TRUE(created.ok()) << created.status();
  OpponentModel model = *std::move(created);
  HandObservation observation;
  // Position 1 raises preflop and position 0 calls, then each bets the flop once.
  for (const char* betting : {"r300c/r400f", "cc/r400f"}) {
    poker::State state(game_, 2);
    ASSERT_TRUE(poker::ApplyBetting(betting, &state).ok()) << betting;
    ObserveState(state, model.abstraction(), model.position_classes(), &observation);
    model.MutablePlayer("alice").AddHand(observation, 0);
    model.MutablePlayer("bob").AddHand(observation, 1);
  }
  const PathKey limped = StreetContext(0, false, 1, 2, false);
  const PathKey aggressor = StreetContext(1, true, 1, 2, true);
  const PathKey caller = StreetContext(1, false, 1, 2, true);
  EXPECT_NE(aggressor, caller);
  EXPECT_EQ(StreetContext(0, true, 1, 2, false), limped);  // no raise, no aggressor
  // On the turn, a flop with a raise is apart from a checked flop; 1 and 2+ raises before are
  // apart only when the street before had none.
  EXPECT_EQ(StreetContext(1, true, 2, 2, false), aggressor);
  EXPECT_NE(StreetContext(1, true, 2, 2, true), aggressor);
  EXPECT_EQ(StreetContext(1, true, 2, 2, true), StreetContext(2, true, 2, 2, true));
  EXPECT_NE(StreetContext(2, true, 2, 2, false), StreetContext(1, true, 2, 2, false));
  for (int c = 0; c < kNumStreetContexts; ++c) {
    EXPECT_LT(StreetContextStep(c).action(0), 4);  // a step every game's file can hold
  }
  const PatternTree& bob = model.FindPlayer("bob")->street(1);
  const PatternTree& alice = model.FindPlayer("alice")->street(1);
  EXPECT_EQ(bob.Lookup(aggressor).times(), 1u);
  EXPECT_FALSE(bob.Lookup(caller).found());
  EXPECT_EQ(alice.Lookup(caller).times(), 1u);
  EXPECT_FALSE(alice.Lookup(aggressor).found());
  EXPECT_EQ(alice.Lookup(limped).times(), 1u);
  // The reader's paths start at the same contexts.
  poker::State state(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/r400", &state).ok());
  EXPECT_EQ(StreetPath(state, model.abstraction(), 1, 2), aggressor.Child(3, false));
  EXPECT_EQ(bob.Lookup(aggressor.Child(3, false)).action_count(kFold), 1u);
  // The turn after a called flop bet: the flop had a raise, made by position 0.
  poker::State turn(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/r400c/", &turn).ok());
  EXPECT_EQ(StreetPath(turn, model.abstraction(), 0, 2), StreetContext(2, true, 2, 2, true));
  EXPECT_EQ(StreetPath(turn, model.abstraction(), 1, 2), StreetContext(2, false, 2, 2, true));
  poker::State checked(game_, 2);
  ASSERT_TRUE(poker::ApplyBetting("r300c/cc/", &checked).ok());
  EXPECT_EQ(StreetPath(checked, model.abstraction(), 1, 2), StreetContext(1, true, 2, 2, false));

  EXPECT_EQ(model.format_version(), 2u);
  const std::string path = dir_.File("context2.pb");
  ASSERT_TRUE(model.Save(path).ok());
  absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->street_context_version(), 2);
  EXPECT_EQ(loaded->SerializeCanonical(), model.SerializeCanonical());
  // A format-2 file that names no valid version is refused.
  opponent_model::Model proto = model.ToProto();
  proto.mutable_abstraction()->set_street_context_version(3);
  EXPECT_THAT(Refusal(proto.SerializeAsString()),
              HasSubstr("abstraction.street_context_version 3 is not 1..2"));
  options.street_context_version = 1;
  OpponentModel v1 = OpponentModel::Create(game_, options).value();
  EXPECT_THAT(std::string(v1.CheckCompatible(model).message()),
              HasSubstr("different street context versions: 1 and 2"));
  options.street_context_version = 3;
  EXPECT_FALSE(OpponentModel::Create(game_, options).ok());
}

TEST_F(ModelIoTest, SmallPairsApartPreflopIsVersionTwoOfTheBucketFunction) {
  ModelOptions options;
  options.preflop_small_pairs = true;
  absl::StatusOr<OpponentModel> created = OpponentModel::Create(game_, options);
  ASSERT_TRUE(created.ok()) << created.status();
  const StrengthBuckets& buckets = created->buckets();
  const auto preflop = [&](const char* text) {
    return buckets.PreflopBucket(poker::ParsePair(text).value());
  };
  EXPECT_EQ(preflop("2c2d"), 8);
  EXPECT_EQ(preflop("8h8s"), 8);
  EXPECT_LT(preflop("9h9s"), 8);
  EXPECT_LT(preflop("AsKs"), 8);
  EXPECT_EQ(buckets.BucketRange(0, 8), "22..88");
  EXPECT_EQ(created->ToProto().abstraction().buckets().version(), 2u);
  const std::string path = dir_.File("pairs.pb");
  ASSERT_TRUE(created->Save(path).ok());
  absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_TRUE(loaded->buckets().preflop_small_pairs());
  EXPECT_EQ(loaded->buckets().PreflopBucket(poker::ParsePair("5c5d").value()), 8);
  // The default; version 1 (small pairs in their equity bucket) loads and refuses to merge.
  EXPECT_TRUE(TrainTen("default.log").buckets().preflop_small_pairs());
  options.preflop_small_pairs = false;
  OpponentModel version1 = OpponentModel::Create(game_, options).value();
  EXPECT_LT(version1.buckets().PreflopBucket(poker::ParsePair("5c5d").value()), 8);
  EXPECT_EQ(version1.ToProto().abstraction().buckets().version(), 1u);
  EXPECT_FALSE(version1.CheckCompatible(*loaded).ok());
  const std::string old_path = dir_.File("version1.pb");
  ASSERT_TRUE(version1.Save(old_path).ok());
  absl::StatusOr<OpponentModel> old = OpponentModel::Load(old_path);
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_FALSE(old->buckets().preflop_small_pairs());
}

TEST_F(ModelIoTest, RangeBucketModelsSaveTheirBucketFunctionAndRefuseToMergeWithHsModels) {
  ModelOptions options;
  options.range_buckets = true;
  absl::StatusOr<OpponentModel> created = OpponentModel::Create(game_, options);
  ASSERT_TRUE(created.ok()) << created.status();
  EXPECT_TRUE(created->buckets().range_relative());
  EXPECT_EQ(created->ToProto().abstraction().buckets().name(), "hs_draw_range");
  const std::string path = dir_.File("range.pb");
  ASSERT_TRUE(created->Save(path).ok());
  absl::StatusOr<OpponentModel> loaded = OpponentModel::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_TRUE(loaded->buckets().range_relative());
  EXPECT_EQ(loaded->buckets().num_buckets(), created->buckets().num_buckets());
  // Range buckets: floor(K x percentile), the top percentile in the top bucket.
  EXPECT_EQ(loaded->buckets().RangeBucket(0.0), 0);
  EXPECT_EQ(loaded->buckets().RangeBucket(0.49), 3);
  EXPECT_EQ(loaded->buckets().RangeBucket(1.0), 7);
  OpponentModel plain = TrainTen("plain.log");
  EXPECT_FALSE(plain.buckets().range_relative());
  EXPECT_THAT(std::string(plain.CheckCompatible(*loaded).message()), HasSubstr("range-relative"));
  // A file whose range function has another version is refused, naming it.
  opponent_model::Model proto = loaded->ToProto();
  proto.mutable_abstraction()->mutable_buckets()->set_version(3);
  absl::StatusOr<OpponentModel> future = OpponentModel::FromProto(proto);
  ASSERT_FALSE(future.ok());
  EXPECT_THAT(std::string(future.status().message()), HasSubstr("'hs_draw_range' version 3"));
}

}  // namespace
}  // namespace trainer
