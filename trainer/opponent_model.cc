#include "trainer/opponent_model.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/unknown_field_set.h"
#include "poker/file_io.h"

namespace trainer {
namespace {

using opponent_model::Model;

// ---- Game <-> proto ----

void GameToProto(const poker::GameDef& game, opponent_model::Game* out) {
  out->set_betting_type(game.is_no_limit() ? opponent_model::Game::NO_LIMIT
                                           : opponent_model::Game::LIMIT);
  out->set_num_players(game.num_players);
  out->set_num_rounds(game.num_rounds);
  for (int p = 0; p < game.num_players; ++p) {
    out->add_stacks(game.stack[p]);
    out->add_blinds(game.blind[p]);
  }
  for (int r = 0; r < game.num_rounds; ++r) {
    out->add_raise_sizes(game.raise_size[r]);
    out->add_first_player(game.first_player[r]);
    out->add_max_raises(game.max_raises[r]);
    out->add_num_board_cards(game.num_board_cards[r]);
  }
  out->set_num_suits(game.num_suits);
  out->set_num_ranks(game.num_ranks);
  out->set_num_hole_cards(game.num_hole_cards);
}

absl::StatusOr<poker::GameDef> GameFromProto(const opponent_model::Game& in) {
  poker::GameDef game;
  const uint32_t n = in.num_players();
  const uint32_t rounds = in.num_rounds();
  if (n < 2 || n > poker::kMaxPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat("game.num_players ", n, " is not 2..", poker::kMaxPlayers));
  }
  if (rounds < 1 || rounds > poker::kMaxRounds) {
    return absl::InvalidArgumentError(
        absl::StrCat("game.num_rounds ", rounds, " is not 1..", poker::kMaxRounds));
  }
  const std::pair<const char*, int> sizes[] = {
      {"stacks", in.stacks_size()},           {"blinds", in.blinds_size()},
      {"raise_sizes", in.raise_sizes_size()}, {"first_player", in.first_player_size()},
      {"max_raises", in.max_raises_size()},   {"num_board_cards", in.num_board_cards_size()}};
  for (int i = 0; i < 6; ++i) {
    const uint32_t expected = i < 2 ? n : rounds;
    if (static_cast<uint32_t>(sizes[i].second) != expected) {
      return absl::InvalidArgumentError(absl::StrCat(
          "game.", sizes[i].first, " has ", sizes[i].second, " entries, expected ", expected));
    }
  }
  if (in.num_suits() < 1 || in.num_suits() > 4 || in.num_ranks() < 1 || in.num_ranks() > 13 ||
      in.num_hole_cards() < 1 || in.num_hole_cards() > poker::kMaxHoleCards) {
    return absl::InvalidArgumentError("game: deck or hole card count out of range");
  }
  game.betting_type = in.betting_type() == opponent_model::Game::NO_LIMIT
                          ? poker::BettingType::kNoLimit
                          : poker::BettingType::kLimit;
  game.num_players = static_cast<int>(n);
  game.num_rounds = static_cast<int>(rounds);
  for (uint32_t p = 0; p < n; ++p) {
    game.stack[p] = in.stacks(p);
    game.blind[p] = in.blinds(p);
  }
  int board_cards = 0;
  for (uint32_t r = 0; r < rounds; ++r) {
    if (in.first_player(r) >= n || in.max_raises(r) > 255 ||
        in.num_board_cards(r) > poker::kMaxBoardCards) {
      return absl::InvalidArgumentError(absl::StrCat("game: round ", r, " out of range"));
    }
    game.raise_size[r] = in.raise_sizes(r);
    game.first_player[r] = static_cast<uint8_t>(in.first_player(r));
    game.max_raises[r] = static_cast<uint8_t>(in.max_raises(r));
    game.num_board_cards[r] = static_cast<uint8_t>(in.num_board_cards(r));
    board_cards += game.num_board_cards[r];
  }
  if (board_cards > poker::kMaxBoardCards) {
    return absl::InvalidArgumentError("game: more than 7 board cards");
  }
  game.num_suits = static_cast<int>(in.num_suits());
  game.num_ranks = static_cast<int>(in.num_ranks());
  game.num_hole_cards = static_cast<int>(in.num_hole_cards());
  return game;
}

// ---- Player models <-> proto ----

void PlayerToProto(const PlayerModel& player, opponent_model::PlayerModel* out) {
  out->set_name(player.name());
  out->set_hands(player.hands());
  for (int round = 0; round < player.num_rounds(); ++round) {
    const PatternTree& tree = player.street(round);
    auto* street = out->add_streets();
    for (int index : tree.SortedNodes()) {
      const NodeView node = tree.Node(index);
      bool any_action = false;
      bool any_bucket = false;
      for (int a = 0; a < tree.num_actions(); ++a) {
        any_action |= node.action_count(static_cast<AbstractAction>(a)) != 0;
        for (int b = 0; b < tree.num_buckets(); ++b) {
          any_bucket |= node.bucket_action_count(b, static_cast<AbstractAction>(a)) != 0;
        }
      }
      if (node.times() == 0 && !any_action && !any_bucket) continue;
      auto* out_node = street->add_nodes();
      const PathKey path = node.path();
      for (int i = 0; i < path.depth(); ++i) out_node->add_path(path.code(i));
      out_node->set_times(node.times());
      if (any_action) {
        for (int a = 0; a < tree.num_actions(); ++a) {
          out_node->add_action_counts(node.action_count(static_cast<AbstractAction>(a)));
        }
      }
      if (any_bucket) {
        for (int b = 0; b < tree.num_buckets(); ++b) {
          for (int a = 0; a < tree.num_actions(); ++a) {
            out_node->add_bucket_action_counts(
                node.bucket_action_count(b, static_cast<AbstractAction>(a)));
          }
        }
      }
    }
  }
  for (int c = 0; c < kNumPositionClasses; ++c) {
    auto* entry = out->add_entry();
    entry->set_dealt(player.entry(static_cast<PositionClass>(c)).dealt);
    entry->set_entered(player.entry(static_cast<PositionClass>(c)).entered);
  }
}

// Validates one player message and adds its counts to `player`. `where` names it in errors.
absl::Status PlayerFromProto(const opponent_model::PlayerModel& in, const std::string& where,
                             PlayerModel* player) {
  if (in.streets_size() != player->num_rounds()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": ", in.streets_size(),
                                                   " street trees, the game has ",
                                                   player->num_rounds(), " rounds"));
  }
  if (in.entry_size() != 0 && in.entry_size() != kNumPositionClasses) {
    return absl::InvalidArgumentError(absl::StrCat(where, ".entry: ", in.entry_size(),
                                                   " entries, expected ", kNumPositionClasses));
  }
  for (int round = 0; round < in.streets_size(); ++round) {
    PatternTree& tree = player->mutable_street(round);
    const int num_actions = tree.num_actions();
    const int num_buckets = tree.num_buckets();
    absl::flat_hash_set<uint64_t> seen;
    const auto& nodes = in.streets(round).nodes();
    for (int i = 0; i < nodes.size(); ++i) {
      const opponent_model::Node& node = nodes[i];
      const std::string at = absl::StrCat(where, ".streets[", round, "].nodes[", i, "]");
      if (node.path_size() > tree.max_depth()) {
        return absl::InvalidArgumentError(absl::StrCat(
            at, ": path of ", node.path_size(), " steps exceeds max_depth ", tree.max_depth()));
      }
      PathKey path;
      for (uint32_t code : node.path()) {
        if (code >= 2u * num_actions) {
          return absl::InvalidArgumentError(absl::StrCat(
              at, ".path: step ", code, " names no abstract action (", num_actions, " actions)"));
        }
        path = path.Child(static_cast<AbstractAction>(code >> 1), code & 1);
      }
      if (!seen.insert(path.bits()).second) {
        return absl::InvalidArgumentError(absl::StrCat(at, ": duplicate path"));
      }
      if (node.action_counts_size() != 0 && node.action_counts_size() != num_actions) {
        return absl::InvalidArgumentError(absl::StrCat(
            at, ".action_counts: ", node.action_counts_size(), " entries, expected ", num_actions));
      }
      if (node.bucket_action_counts_size() != 0 &&
          node.bucket_action_counts_size() != num_actions * num_buckets) {
        return absl::InvalidArgumentError(
            absl::StrCat(at, ".bucket_action_counts: ", node.bucket_action_counts_size(),
                         " entries, expected ", num_actions * num_buckets));
      }
      tree.AddTimes(path, node.times());
      for (int a = 0; a < node.action_counts_size(); ++a) {
        tree.AddDecisions(path, static_cast<AbstractAction>(a), node.action_counts(a));
      }
      for (int j = 0; j < node.bucket_action_counts_size(); ++j) {
        tree.AddBucketDecisions(path, j / num_actions, static_cast<AbstractAction>(j % num_actions),
                                node.bucket_action_counts(j));
      }
    }
  }
  player->AddHands(in.hands());
  for (int c = 0; c < in.entry_size(); ++c) {
    player->AddEntry(static_cast<PositionClass>(c),
                     EntryCounts{in.entry(c).dealt(), in.entry(c).entered()});
  }
  return absl::OkStatus();
}

// ---- Provenance <-> proto ----

void ProvenanceToProto(const Provenance& in, opponent_model::Provenance* out) {
  for (const std::string& file : in.files) out->add_files(file);
  out->set_hands_read(in.hands_read);
  out->set_hands_used(in.hands_used);
  out->set_lines(in.lines);
  out->set_lines_rejected(in.lines_rejected);
  for (const auto& [reason, count] : in.rejected_by_reason) {
    auto* entry = out->add_rejected_by_reason();
    entry->set_reason(reason);
    entry->set_count(count);
  }
  out->set_files_failed(in.files_failed);
  for (const std::string& version : in.trainer_versions) out->add_trainer_versions(version);
  out->set_strip_name_suffix(in.strip_name_suffix);
  for (const std::string& name : in.player_filter) out->add_player_filter(name);
  out->set_online_hands(in.online_hands);
}

Provenance ProvenanceFromProto(const opponent_model::Provenance& in) {
  Provenance out;
  out.files.insert(in.files().begin(), in.files().end());
  out.hands_read = in.hands_read();
  out.hands_used = in.hands_used();
  out.lines = in.lines();
  out.lines_rejected = in.lines_rejected();
  for (const auto& entry : in.rejected_by_reason()) {
    out.rejected_by_reason[entry.reason()] += entry.count();
  }
  out.files_failed = in.files_failed();
  out.trainer_versions.insert(in.trainer_versions().begin(), in.trainer_versions().end());
  out.strip_name_suffix = in.strip_name_suffix();
  out.player_filter.insert(in.player_filter().begin(), in.player_filter().end());
  out.online_hands = in.online_hands();
  return out;
}

absl::Status GameMismatch(absl::string_view field, int64_t model, int64_t expected) {
  return absl::FailedPreconditionError(absl::StrCat("the model is for another game: ", field,
                                                    " is ", model, " in the model, ", expected,
                                                    " in the expected game"));
}

}  // namespace

// ---- PlayerModel ----

PlayerModel::PlayerModel(std::string name, int num_rounds, int num_actions, int num_buckets,
                         int max_depth, int street_context)
    : name_(std::move(name)), street_context_(street_context) {
  streets_.reserve(num_rounds);
  for (int r = 0; r < num_rounds; ++r) streets_.emplace_back(num_actions, num_buckets, max_depth);
}

void PlayerModel::AddHand(const HandObservation& hand, int position) {
  ++hands_;
  EntryCounts& entry = entry_[static_cast<int>(hand.position_class[position])];
  ++entry.dealt;
  entry.entered += hand.Entered(position);
  int raises_before = 0;
  bool last_raise_own = false;
  bool previous_raised = false;
  for (int round = 0; round < hand.num_rounds && round < num_rounds(); ++round) {
    const absl::Span<const StreetAction> actions = hand.Street(round);
    if (!actions.empty() && hand.CanAct(position, round)) {
      streets_[round].AddStreet(
          actions, position, hand.bucket[position][round],
          StreetContext(raises_before, last_raise_own, round, street_context_, previous_raised));
    }
    previous_raised = false;
    for (const StreetAction& step : actions) {
      if (step.action > kCall) {
        previous_raised = true;
        ++raises_before;
        last_raise_own = step.actor == position;
      }
    }
  }
}

void PlayerModel::AddEntry(PositionClass position_class, const EntryCounts& entry) {
  entry_[static_cast<int>(position_class)].dealt += entry.dealt;
  entry_[static_cast<int>(position_class)].entered += entry.entered;
}

absl::Status PlayerModel::Merge(const PlayerModel& other) {
  if (other.num_rounds() != num_rounds()) {
    return absl::InvalidArgumentError("player models differ in their number of rounds");
  }
  for (int round = 0; round < num_rounds(); ++round) {
    if (absl::Status status = streets_[round].Merge(other.streets_[round]); !status.ok()) {
      return status;
    }
  }
  hands_ += other.hands_;
  for (int c = 0; c < kNumPositionClasses; ++c) {
    entry_[c].dealt += other.entry_[c].dealt;
    entry_[c].entered += other.entry_[c].entered;
  }
  return absl::OkStatus();
}

// ---- OpponentModel ----

OpponentModel::OpponentModel(const poker::GameDef& game, ActionAbstraction abstraction,
                             StrengthBuckets buckets, int max_depth, int street_context)
    : game_(game),
      abstraction_(std::move(abstraction)),
      buckets_(std::move(buckets)),
      max_depth_(max_depth),
      street_context_(street_context),
      position_classes_(PositionClasses(game)) {
  population_ = NewPlayerModel("");
}

std::unique_ptr<PlayerModel> OpponentModel::NewPlayerModel(std::string name) const {
  return std::make_unique<PlayerModel>(std::move(name), game_.num_rounds,
                                       abstraction_.num_actions(), buckets_.num_buckets(),
                                       max_depth_, street_context_);
}

absl::StatusOr<OpponentModel> OpponentModel::Create(const poker::GameDef& game,
                                                    const ModelOptions& options) {
  if (game.num_players < 2 || game.num_players > poker::kMaxPlayers || game.num_rounds < 1 ||
      game.num_rounds > poker::kMaxRounds) {
    return absl::InvalidArgumentError("the game has an unsupported number of players or rounds");
  }
  if (options.max_depth < 1 || options.max_depth > PathKey::kMaxDepth) {
    return absl::InvalidArgumentError(
        absl::StrCat("max depth ", options.max_depth, " is not 1..", PathKey::kMaxDepth));
  }
  absl::StatusOr<ActionAbstraction> abstraction =
      game.is_no_limit() ? ActionAbstraction::Create(options.raise_edges, true)
                         : ActionAbstraction::Create({}, false);
  if (!abstraction.ok()) return abstraction.status();
  StrengthBuckets buckets;
  if (options.num_buckets != 0) {
    absl::StatusOr<StrengthBuckets> hs_draw =
        options.range_buckets
            ? StrengthBuckets::HsDrawRange(game, options.num_buckets, options.draw_max_hs)
            : StrengthBuckets::HsDraw(game, options.num_buckets, options.draw_max_hs);
    if (!hs_draw.ok()) return hs_draw.status();
    buckets = *std::move(hs_draw);
    if (options.preflop_small_pairs) buckets.SeparatePreflopSmallPairs();
  }
  if (options.street_context && (options.street_context_version < 1 ||
                                 options.street_context_version > kStreetContextVersion)) {
    return absl::InvalidArgumentError(absl::StrCat("street context version ",
                                                   options.street_context_version, " is not 1..",
                                                   kStreetContextVersion));
  }
  return OpponentModel(game, *std::move(abstraction), std::move(buckets), options.max_depth,
                       options.street_context ? options.street_context_version : 0);
}

namespace {

// The file's checksum: the serialised model is followed by one more protobuf field, number
// kChecksumField (fixed32, never declared in the schema, so readers that do not know it skip it),
// holding the CRC-32 of every byte before it. Deterministic serialisation writes fields in number
// order, so the trailer is always the last 6 bytes. Files written before it have no trailer and
// load as before; a file with the trailer loads only if the CRC matches (a flipped bit anywhere
// else is refused). Written and checked only here.
constexpr uint32_t kChecksumField = 1001;
constexpr size_t kChecksumTrailerBytes = 6;  // 2-byte tag (field 1001, wire type 5) + 4 bytes

std::string ChecksumTag() {
  const uint32_t tag = kChecksumField << 3 | 5;  // 8013: a 2-byte varint
  return std::string{static_cast<char>(0x80 | (tag & 0x7f)), static_cast<char>(tag >> 7)};
}

uint32_t Crc32(absl::string_view bytes) {
  return static_cast<uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

void AppendChecksum(std::string* bytes) {
  const uint32_t crc = Crc32(*bytes);
  *bytes += ChecksumTag();
  for (int i = 0; i < 4; ++i) bytes->push_back(static_cast<char>(crc >> (8 * i) & 0xff));
}

// Whether `bytes` ends with the checksum trailer (else: a file from before the checksum).
bool HasChecksum(absl::string_view bytes) {
  return bytes.size() >= kChecksumTrailerBytes &&
         bytes.substr(bytes.size() - kChecksumTrailerBytes, 2) == ChecksumTag();
}

absl::Status VerifyChecksum(absl::string_view bytes) {
  if (!HasChecksum(bytes)) return absl::OkStatus();
  const absl::string_view body = bytes.substr(0, bytes.size() - kChecksumTrailerBytes);
  uint32_t stored = 0;
  for (int i = 0; i < 4; ++i) {
    stored |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[body.size() + 2 + i]))
              << (8 * i);
  }
  if (Crc32(body) != stored) {
    return absl::DataLossError(absl::StrFormat(
        "checksum mismatch (CRC-32 %08x stored, %08x computed): the file is corrupted", stored,
        Crc32(body)));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<OpponentModel> OpponentModel::FromProto(const Model& proto,
                                                       const poker::GameDef* expected_game) {
  if (proto.end_marker() != kModelEndMarker) {
    return absl::DataLossError(
        "not a complete model file (its end marker is missing: truncated or not a model)");
  }
  if (proto.format_version() != kModelFormatVersion &&
      proto.format_version() != kModelFormatVersionContext2) {
    return absl::FailedPreconditionError(absl::StrCat(
        "model format version ", proto.format_version(), "; this program reads versions ",
        kModelFormatVersion, " and ", kModelFormatVersionContext2));
  }
  if (!proto.has_game() || !proto.has_abstraction() || !proto.has_population()) {
    return absl::InvalidArgumentError("the model lacks its game, abstraction or population");
  }
  absl::StatusOr<poker::GameDef> game = GameFromProto(proto.game());
  if (!game.ok()) return game.status();
  if (expected_game != nullptr) {
    if (absl::Status status = CompareGames(*game, *expected_game); !status.ok()) return status;
  }

  const opponent_model::Abstraction& abstraction_proto = proto.abstraction();
  absl::StatusOr<ActionAbstraction> abstraction = ActionAbstraction::Create(
      {abstraction_proto.raise_edges().begin(), abstraction_proto.raise_edges().end()},
      abstraction_proto.all_in_class());
  if (!abstraction.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("abstraction: ", abstraction.status().message()));
  }
  if (abstraction_proto.action_names_size() != abstraction->num_actions()) {
    return absl::InvalidArgumentError(
        absl::StrCat("abstraction.action_names: ", abstraction_proto.action_names_size(),
                     " names for ", abstraction->num_actions(), " abstract actions"));
  }
  const int max_depth = static_cast<int>(abstraction_proto.max_depth());
  if (max_depth < 1 || max_depth > PathKey::kMaxDepth) {
    return absl::InvalidArgumentError(
        absl::StrCat("abstraction.max_depth ", max_depth, " is not 1..", PathKey::kMaxDepth));
  }
  absl::StatusOr<StrengthBuckets> buckets =
      StrengthBuckets::FromProto(abstraction_proto.buckets(), game->num_rounds);
  if (!buckets.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("abstraction.buckets: ", buckets.status().message()));
  }

  // Street context: files of format 1 have version 1 when it is on; format 2 says which.
  int street_context = 0;
  if (abstraction_proto.street_context()) {
    street_context = proto.format_version() == kModelFormatVersion
                         ? 1
                         : static_cast<int>(abstraction_proto.street_context_version());
    if (street_context < 1 || street_context > kStreetContextVersion) {
      return absl::InvalidArgumentError(absl::StrCat("abstraction.street_context_version ",
                                                     abstraction_proto.street_context_version(),
                                                     " is not 1..", kStreetContextVersion));
    }
  }
  OpponentModel model(*game, *std::move(abstraction), *std::move(buckets), max_depth,
                      street_context);
  for (int i = 0; i < proto.players_size(); ++i) {
    const opponent_model::PlayerModel& player = proto.players(i);
    const std::string where = absl::StrCat("players[", i, "] ('", player.name(), "')");
    if (model.players_.count(player.name()) != 0) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": duplicate player name"));
    }
    auto player_model = model.NewPlayerModel(player.name());
    if (absl::Status status = PlayerFromProto(player, where, player_model.get()); !status.ok()) {
      return status;
    }
    model.players_.emplace(player.name(), std::move(player_model));
  }
  if (absl::Status status =
          PlayerFromProto(proto.population(), "population", model.population_.get());
      !status.ok()) {
    return status;
  }
  model.provenance_ = ProvenanceFromProto(proto.provenance());
  model.min_hands_ = proto.min_hands();
  model.pruned_ = proto.pruned();
  for (int i = 0; i < proto.pruned_players_size(); ++i) {
    const opponent_model::PrunedPlayer& pruned = proto.pruned_players(i);
    if (!model.pruned_players_.emplace(pruned.name(), pruned.hands()).second) {
      return absl::InvalidArgumentError(absl::StrCat("pruned_players[", i, "] ('", pruned.name(),
                                                     "'): duplicate player name"));
    }
  }
  return model;
}

absl::StatusOr<OpponentModel> OpponentModel::Load(const std::string& path,
                                                  const poker::GameDef* expected_game) {
  absl::StatusOr<std::string> data = poker::ReadFileToString(path);
  if (!data.ok()) return data.status();
  return FromBytes(*data, path, expected_game);
}

absl::StatusOr<OpponentModel> OpponentModel::FromBytes(const std::string& bytes,
                                                       const std::string& path,
                                                       const poker::GameDef* expected_game) {
  const std::string* data = &bytes;
  if (absl::Status status = VerifyChecksum(*data); !status.ok()) {
    return absl::Status(status.code(), absl::StrCat(path, ": ", status.message()));
  }
  Model proto;
  if (!proto.ParseFromString(*data)) {
    return absl::DataLossError(
        absl::StrCat(path,
                     ": not a model file (Protocol Buffers parse failed: corrupted or "
                     "truncated)"));
  }
  // A file without the trailer is one from before the checksum, which holds only the schema's
  // fields: a field this program does not know is a damaged trailer (a flipped bit in its tag
  // leaves an unknown field behind), not a file to trust.
  if (!HasChecksum(*data) && !proto.GetReflection()->GetUnknownFields(proto).empty()) {
    return absl::DataLossError(
        absl::StrCat(path, ": corrupt: fields this program does not know and no valid checksum"));
  }
  absl::StatusOr<OpponentModel> model = FromProto(proto, expected_game);
  if (!model.ok()) {
    return absl::Status(model.status().code(), absl::StrCat(path, ": ", model.status().message()));
  }
  return model;
}

Model OpponentModel::ToProto() const {
  Model proto;
  // Format 1 unless street context version 2 is used: version-1 files stay byte-identical and
  // readers of format 1 refuse what they would misread.
  proto.set_format_version(format_version());
  GameToProto(game_, proto.mutable_game());
  opponent_model::Abstraction* abstraction = proto.mutable_abstraction();
  for (double edge : abstraction_.raise_edges()) abstraction->add_raise_edges(edge);
  abstraction->set_all_in_class(abstraction_.has_all_in_class());
  for (const std::string& name : abstraction_.names()) abstraction->add_action_names(name);
  abstraction->set_max_depth(max_depth_);
  abstraction->set_street_context(street_context_ > 0);
  if (street_context_ >= 2) abstraction->set_street_context_version(street_context_);
  buckets_.ToProto(abstraction->mutable_buckets());
  for (const auto& [name, player] : players_) PlayerToProto(*player, proto.add_players());
  PlayerToProto(*population_, proto.mutable_population());
  ProvenanceToProto(provenance_, proto.mutable_provenance());
  proto.set_min_hands(min_hands_);
  proto.set_pruned(pruned_);
  for (const auto& [name, hands] : pruned_players_) {
    opponent_model::PrunedPlayer* pruned = proto.add_pruned_players();
    pruned->set_name(name);
    pruned->set_hands(hands);
  }
  proto.set_end_marker(kModelEndMarker);
  return proto;
}

std::string OpponentModel::SerializeCanonical() const {
  const Model proto = ToProto();
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    proto.SerializeToCodedStream(&coded);
  }
  AppendChecksum(&bytes);
  return bytes;
}

absl::Status OpponentModel::Save(const std::string& path) const {
  return poker::WriteFileAtomically(path, SerializeCanonical());
}

const PlayerModel* OpponentModel::FindPlayer(absl::string_view name) const {
  auto it = players_.find(name);
  return it == players_.end() ? nullptr : it->second.get();
}

PlayerModel& OpponentModel::MutablePlayer(absl::string_view name) {
  auto it = players_.find(name);
  if (it == players_.end()) {
    std::string key(name);
    it = players_.emplace(key, NewPlayerModel(key)).first;
  }
  return *it->second;
}

std::vector<const PlayerModel*> OpponentModel::players() const {
  std::vector<const PlayerModel*> out;
  out.reserve(players_.size());
  for (const auto& [name, player] : players_) out.push_back(player.get());
  return out;
}

void OpponentModel::AddHand(const HandObservation& hand, const std::vector<std::string>& names) {
  for (int p = 0; p < hand.num_players; ++p) {
    MutablePlayer(names[p]).AddHand(hand, p);
    population_->AddHand(hand, p);
  }
}

void OpponentModel::Prune() {
  for (auto it = players_.begin(); it != players_.end();) {
    auto dropped = pruned_players_.find(it->first);
    const uint64_t hands =
        it->second->hands() + (dropped == pruned_players_.end() ? 0 : dropped->second);
    if (hands >= min_hands_) {
      ++it;
      continue;
    }
    pruned_players_[it->first] = hands;
    it = players_.erase(it);
  }
  pruned_ = true;
}

std::map<std::string, uint64_t> OpponentModel::PartialPlayers() const {
  std::map<std::string, uint64_t> partial;
  for (const auto& [name, hands] : pruned_players_) {
    if (players_.count(name) != 0) partial.emplace(name, hands);
  }
  return partial;
}

void OpponentModel::DropPartialPlayers() {
  for (const auto& [name, hands] : PartialPlayers()) {
    auto player = players_.find(name);
    pruned_players_[name] += player->second->hands();
    players_.erase(player);
  }
}

absl::Status OpponentModel::CheckCompatible(const OpponentModel& other) const {
  if (absl::Status status = CompareGames(other.game_, game_); !status.ok()) return status;
  if (!(abstraction_ == other.abstraction_)) {
    return absl::FailedPreconditionError(
        "the models use different action abstractions (raise-size edges or all-in class)");
  }
  if (!(buckets_ == other.buckets_)) {
    return absl::FailedPreconditionError(
        "the models use different strength bucket functions (count, edges, draw rule or "
        "range-relative)");
  }
  if (street_context_ != other.street_context_) {
    return absl::FailedPreconditionError(
        (street_context_ > 0) == (other.street_context_ > 0)
            ? absl::StrCat("the models use different street context versions: ", street_context_,
                           " and ", other.street_context_)
            : std::string("one model separates streets by the earlier streets' raises (street "
                          "context) and the other does not"));
  }
  if (max_depth_ != other.max_depth_) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the models use different tree depth caps: ", max_depth_, " and ", other.max_depth_));
  }
  if (provenance_.strip_name_suffix != other.provenance_.strip_name_suffix) {
    return absl::FailedPreconditionError(
        "one model was trained with --strip-name-suffix and the other without: player names "
        "differ");
  }
  return absl::OkStatus();
}

absl::Status OpponentModel::Merge(const OpponentModel& other) {
  if (absl::Status status = CheckCompatible(other); !status.ok()) return status;
  for (const std::string& file : other.provenance_.files) {
    if (provenance_.files.count(file) != 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("both models were trained on ", file, ": its hands would be counted twice"));
    }
  }
  for (const auto& [name, player] : other.players_) {
    if (absl::Status status = MutablePlayer(name).Merge(*player); !status.ok()) return status;
  }
  if (absl::Status status = population_->Merge(*other.population_); !status.ok()) return status;
  Provenance& mine = provenance_;
  const Provenance& theirs = other.provenance_;
  mine.files.insert(theirs.files.begin(), theirs.files.end());
  mine.hands_read += theirs.hands_read;
  mine.hands_used += theirs.hands_used;
  mine.lines += theirs.lines;
  mine.lines_rejected += theirs.lines_rejected;
  for (const auto& [reason, count] : theirs.rejected_by_reason) {
    mine.rejected_by_reason[reason] += count;
  }
  mine.files_failed += theirs.files_failed;
  mine.trainer_versions.insert(theirs.trainer_versions.begin(), theirs.trainer_versions.end());
  mine.player_filter.insert(theirs.player_filter.begin(), theirs.player_filter.end());
  mine.online_hands += theirs.online_hands;
  min_hands_ = std::max(min_hands_, other.min_hands_);
  pruned_ = pruned_ || other.pruned_;
  for (const auto& [name, hands] : other.pruned_players_) pruned_players_[name] += hands;
  return absl::OkStatus();
}

// ---- Free functions ----

PathKey StreetPath(const poker::State& state, const ActionAbstraction& abstraction, int position,
                   int street_context) {
  PathKey path;
  int raises_before = 0;
  bool last_raise_own = false;
  bool previous_raised = false;
  poker::State replay(state.game(), state.hand_number());
  for (int round = 0; round <= state.round() && round < state.game().num_rounds; ++round) {
    if (round == state.round()) {
      path = StreetContext(raises_before, last_raise_own, round, street_context, previous_raised);
    }
    previous_raised = false;
    for (int i = 0; i < state.num_actions(round); ++i) {
      const poker::Action& action = state.action(round, i);
      const AbstractAction abstract = abstraction.Classify(replay, action);
      if (round == state.round() && path.depth() < PathKey::kMaxDepth) {
        path = path.Child(abstract, state.actor(round, i) == position);
      }
      if (abstract > kCall) {
        previous_raised = true;
        ++raises_before;
        last_raise_own = state.actor(round, i) == position;
      }
      // The state was built by legal actions, so replaying them cannot fail.
      (void)replay.Apply(action);
    }
  }
  return path;
}

absl::Status CompareGames(const poker::GameDef& model, const poker::GameDef& expected) {
  if (model.betting_type != expected.betting_type) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the model is for another game: it is a ", model.is_no_limit() ? "no-limit" : "limit",
        " game, the expected game is ", expected.is_no_limit() ? "no-limit" : "limit"));
  }
  if (model.num_players != expected.num_players) {
    return GameMismatch("numPlayers", model.num_players, expected.num_players);
  }
  if (model.num_rounds != expected.num_rounds) {
    return GameMismatch("numRounds", model.num_rounds, expected.num_rounds);
  }
  for (int p = 0; p < model.num_players; ++p) {
    if (model.stack[p] != expected.stack[p]) {
      return GameMismatch(absl::StrCat("stack[", p, "]"), model.stack[p], expected.stack[p]);
    }
    if (model.blind[p] != expected.blind[p]) {
      return GameMismatch(absl::StrCat("blind[", p, "]"), model.blind[p], expected.blind[p]);
    }
  }
  for (int r = 0; r < model.num_rounds; ++r) {
    if (!model.is_no_limit() && model.raise_size[r] != expected.raise_size[r]) {
      return GameMismatch(absl::StrCat("raiseSize[", r, "]"), model.raise_size[r],
                          expected.raise_size[r]);
    }
    if (model.first_player[r] != expected.first_player[r]) {
      return GameMismatch(absl::StrCat("firstPlayer[", r, "] (0-based)"), model.first_player[r],
                          expected.first_player[r]);
    }
    if (model.max_raises[r] != expected.max_raises[r]) {
      return GameMismatch(absl::StrCat("maxRaises[", r, "]"), model.max_raises[r],
                          expected.max_raises[r]);
    }
    if (model.num_board_cards[r] != expected.num_board_cards[r]) {
      return GameMismatch(absl::StrCat("numBoardCards[", r, "]"), model.num_board_cards[r],
                          expected.num_board_cards[r]);
    }
  }
  if (model.num_suits != expected.num_suits) {
    return GameMismatch("numSuits", model.num_suits, expected.num_suits);
  }
  if (model.num_ranks != expected.num_ranks) {
    return GameMismatch("numRanks", model.num_ranks, expected.num_ranks);
  }
  if (model.num_hole_cards != expected.num_hole_cards) {
    return GameMismatch("numHoleCards", model.num_hole_cards, expected.num_hole_cards);
  }
  return absl::OkStatus();
}

}  // namespace trainer
