#include "solver/strategy_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "poker/file_io.h"
#include "zlib.h"

namespace solver {

uint64_t PayloadChecksum(const char* data, size_t size) {
  return poker::Fnv1a64(absl::string_view(data, size));
}

namespace {

constexpr char kMagic[8] = {'P', 'K', 'S', 'O', 'L', 'V', 'R', '1'};

solver_proto::StrategyHeader MakeHeader(const BettingTree& tree, const CardAbstraction& cards,
                                        const TrainingInfo& info) {
  solver_proto::StrategyHeader h;
  h.set_format_version(kStrategyFormatVersion);
  h.set_game(poker::FormatGameDef(tree.game()));
  h.set_card_spec(info.card_spec);
  h.set_card_abstraction(cards.Name());
  h.set_card_tables(cards.Tables());
  h.set_betting_abstraction(tree.Name());
  for (double f : tree.actions().pot_fractions) h.add_pot_fractions(f);
  h.set_all_in(tree.actions().all_in);
  h.set_max_raises(tree.actions().max_raises);
  h.set_num_entries(tree.num_entries());
  h.set_num_infosets(tree.num_infosets());
  h.set_iterations(info.iterations);
  h.set_seed(info.seed);
  h.set_weighting(info.weighting);
  h.set_train_seconds(info.seconds);
  h.set_threads(info.threads);
  return h;
}

// The header's checksum field as stored: tag (field 24, fixed64) then 8 bytes little-endian.
constexpr char kHeaderChecksumTag[2] = {static_cast<char>(0xC1), 0x01};
constexpr size_t kHeaderChecksumBytes = 10;
constexpr size_t kPrefixBytes = 12;  // magic and header length

// Writes the file. Headers of format 3 and later are written as the current format with their
// checksum (the header's bytes are `header` serialised without it, then the checksum field);
// older headers (a format-2 file given a play setting) are written as they are.
absl::Status Write(const std::string& path, solver_proto::StrategyHeader header,
                   const char* payload, size_t size) {
  header.set_payload_bytes(size);
  header.set_payload_checksum(PayloadChecksum(payload, size));
  header.clear_header_checksum();
  const bool checksummed = header.format_version() >= 3;
  if (checksummed) header.set_format_version(kStrategyFormatVersion);
  std::string serialized;
  header.SerializeToString(&serialized);
  std::string file(kMagic, sizeof(kMagic));
  const uint32_t length =
      static_cast<uint32_t>(serialized.size() + (checksummed ? kHeaderChecksumBytes : 0));
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<char>(length >> (8 * i) & 0xFF));
  file += serialized;
  if (checksummed) {
    const uint64_t checksum = poker::Fnv1a64(file);
    file.append(kHeaderChecksumTag, sizeof(kHeaderChecksumTag));
    for (int i = 0; i < 8; ++i) file.push_back(static_cast<char>(checksum >> (8 * i) & 0xFF));
  }
  file.append(payload, size);
  return poker::WriteFileAtomically(path, file);
}

// Checks the header's own checksum: present in format 4 (and whenever the field is set), then the
// header's last 10 bytes and equal to the checksum of every byte before them. Formats 2 and 3
// have none.
absl::Status VerifyHeaderChecksum(const std::string& path, const std::string& bytes,
                                  uint32_t length, const solver_proto::StrategyHeader& header) {
  if (header.header_checksum() == 0) {
    if (header.format_version() < 4) return absl::OkStatus();
    return absl::DataLossError(absl::StrCat(path, ": corrupt: a format-", header.format_version(),
                                            " header without its checksum"));
  }
  const size_t end = kPrefixBytes + length;
  uint64_t stored = 0;
  for (int i = 0; i < 8; ++i) {
    stored |= uint64_t{static_cast<unsigned char>(bytes[end - 8 + i])} << (8 * i);
  }
  if (length < kHeaderChecksumBytes ||
      bytes.compare(end - kHeaderChecksumBytes, 2, kHeaderChecksumTag, 2) != 0 ||
      stored != header.header_checksum()) {
    return absl::DataLossError(
        absl::StrCat(path, ": corrupt: the header's checksum is not its last field"));
  }
  const uint64_t computed =
      poker::Fnv1a64(absl::string_view(bytes.data(), end - kHeaderChecksumBytes));
  if (computed != stored) {
    return absl::DataLossError(
        absl::StrCat(path, ": corrupt: the header does not match its checksum"));
  }
  return absl::OkStatus();
}

// Reads and checks the framing and checksums; the payload into `payload`. Format 1 files (no
// card tables) are refused unless `allow_format1` (for ConvertStrategyFile).
absl::StatusOr<solver_proto::StrategyHeader> ParseFile(const std::string& bytes,
                                                       const std::string& path,
                                                       std::string* payload,
                                                       bool allow_format1 = false) {
  if (bytes.size() < kPrefixBytes || std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a solver strategy file (no PKSOLVR1 magic)"));
  }
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
  if (bytes.size() < kPrefixBytes + uint64_t{length}) {
    return absl::DataLossError(absl::StrCat(path, ": truncated inside the header (", bytes.size(),
                                            " bytes, header needs ",
                                            kPrefixBytes + uint64_t{length}, ")"));
  }
  solver_proto::StrategyHeader header;
  if (!header.ParseFromArray(bytes.data() + kPrefixBytes, static_cast<int>(length))) {
    return absl::DataLossError(absl::StrCat(path, ": the header does not parse"));
  }
  if (absl::Status s = VerifyHeaderChecksum(path, bytes, length, header); !s.ok()) return s;
  if (header.format_version() == 1 && !allow_format1) {
    return absl::FailedPreconditionError(absl::StrCat(
        path,
        ": format version 1 (before strategy files kept their card abstraction's tables), this "
        "program reads ",
        kStrategyFormatVersion,
        ": re-train it (tools/experiments/solver_blueprints.sh) or convert it "
        "with `solver convert ",
        path, " NEW_FILE`"));
  }
  if (header.format_version() < 1 || header.format_version() > kStrategyFormatVersion) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": format version ",
                                                   header.format_version(), ", this program reads ",
                                                   kStrategyFormatVersion, " and older"));
  }
  const uint64_t have = bytes.size() - kPrefixBytes - length;
  if (have != header.payload_bytes()) {
    return absl::DataLossError(absl::StrCat(
        path, ": ", have < header.payload_bytes() ? "truncated" : "trailing bytes",
        ": the payload has ", have, " bytes, the header says ", header.payload_bytes()));
  }
  payload->assign(bytes, kPrefixBytes + length, std::string::npos);
  if (PayloadChecksum(payload->data(), payload->size()) != header.payload_checksum()) {
    return absl::DataLossError(
        absl::StrCat(path, ": corrupt: the payload does not match the header's checksum"));
  }
  return header;
}

absl::StatusOr<solver_proto::StrategyHeader> Read(const std::string& path, std::string* payload,
                                                  bool allow_format1 = false) {
  absl::StatusOr<std::string> read = poker::ReadFileToString(path);
  if (!read.ok()) return read.status();
  return ParseFile(*read, path, payload, allow_format1);
}

absl::Status CheckFits(const std::string& path, const solver_proto::StrategyHeader& header,
                       const BettingTree& tree, const CardAbstraction& cards) {
  if (header.game() != poker::FormatGameDef(tree.game())) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": made for another game"));
  }
  if (header.card_abstraction() != cards.Name()) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": made with card abstraction '",
                                                      header.card_abstraction(), "', not '",
                                                      cards.Name(), "'"));
  }
  if (header.betting_abstraction() != tree.Name() ||
      header.num_entries() != uint64_t(tree.num_entries())) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": made with betting abstraction '", header.betting_abstraction(), "' (",
        header.num_entries(), " entries), not '", tree.Name(), "' (", tree.num_entries(), ")"));
  }
  return absl::OkStatus();
}

// ENCODING_DEFLATE_PACKED (proto/solver_strategy.proto): the last action of every infoset is
// left out (the weights sum to 255), the rest is stored action-major within a node (an action's
// weights over the buckets in a row; long runs of 0 and 255), then deflated. Measured on the
// bundled files: 46% of the raw size (both); storing each bucket's difference from the previous
// one instead compressed worse (50% for the limit file).
absl::StatusOr<std::string> PackStrategy(const BettingTree& tree, const CardAbstraction& cards,
                                         const std::vector<uint8_t>& probs) {
  std::string packed;
  packed.reserve(tree.num_entries() - tree.num_infosets());
  for (int n = 0; n < tree.num_nodes(); ++n) {
    const Node& node = tree.node(n);
    if (node.player < 0) continue;
    const int buckets = cards.NumBuckets(node.round);
    for (int a = 0; a + 1 < node.num_actions; ++a) {
      for (int b = 0; b < buckets; ++b) {
        packed.push_back(static_cast<char>(probs[node.offset + int64_t{b} * node.num_actions + a]));
      }
    }
  }
  uLongf size = compressBound(packed.size());
  std::string deflated(size, '\0');
  const int rc =
      compress2(reinterpret_cast<Bytef*>(deflated.data()), &size,
                reinterpret_cast<const Bytef*>(packed.data()), packed.size(), Z_BEST_COMPRESSION);
  // With a buffer of compressBound's size only a lack of memory makes compress2 fail.
  if (rc != Z_OK) {
    return absl::ResourceExhaustedError(absl::StrCat("deflating the strategy: zlib ", zError(rc)));
  }
  deflated.resize(size);
  return deflated;
}

// The inverse of PackStrategy into `probs` (num_entries), refusing anything that does not inflate
// to exactly the header's size or whose infosets do not sum to 255.
absl::Status UnpackStrategy(const std::string& path, const solver_proto::StrategyHeader& header,
                            const BettingTree& tree, const CardAbstraction& cards,
                            const std::string& stored, std::vector<uint8_t>* probs) {
  const uint64_t expected = tree.num_entries() - tree.num_infosets();
  if (header.packed_bytes() != expected) {
    return absl::DataLossError(absl::StrCat(path, ": the header says the payload inflates to ",
                                            header.packed_bytes(), " bytes, the tree needs ",
                                            expected));
  }
  std::string packed(expected, '\0');
  uLongf size = expected;
  uLong consumed = stored.size();
  const int rc = uncompress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                             reinterpret_cast<const Bytef*>(stored.data()), &consumed);
  if (rc != Z_OK || size != expected || consumed != stored.size()) {
    return absl::DataLossError(absl::StrCat(
        path, ": corrupt: the deflated payload does not inflate to ", expected, " bytes (zlib: ",
        rc == Z_OK ? (consumed != stored.size() ? "trailing data" : "short output")
                   : (rc == Z_BUF_ERROR ? "truncated or longer than expected" : zError(rc)),
        ")"));
  }
  probs->assign(tree.num_entries(), 0);
  size_t at = 0;
  for (int n = 0; n < tree.num_nodes(); ++n) {
    const Node& node = tree.node(n);
    if (node.player < 0) continue;
    const int buckets = cards.NumBuckets(node.round);
    const int last = node.num_actions - 1;
    for (int a = 0; a < last; ++a) {
      for (int b = 0; b < buckets; ++b) {
        (*probs)[node.offset + int64_t{b} * node.num_actions + a] =
            static_cast<uint8_t>(packed[at++]);
      }
    }
    for (int b = 0; b < buckets; ++b) {
      uint8_t* w = probs->data() + node.offset + int64_t{b} * node.num_actions;
      int sum = 0;
      for (int a = 0; a < last; ++a) sum += w[a];
      if (sum > 255) {
        return absl::DataLossError(absl::StrCat(path, ": corrupt: node ", n, " bucket ", b,
                                                " has weights summing to ", sum, " > 255"));
      }
      w[last] = static_cast<uint8_t>(255 - sum);
    }
  }
  return absl::OkStatus();
}

// Writes a strategy in the current format: the header (kind, encoding, sizes) completed, the
// payload packed.
absl::Status WriteProbs(const std::string& path, solver_proto::StrategyHeader header,
                        const BettingTree& tree, const CardAbstraction& cards,
                        const std::vector<uint8_t>& probs) {
  header.set_format_version(kStrategyFormatVersion);
  header.set_kind(solver_proto::StrategyHeader::STRATEGY);
  header.set_payload_encoding(solver_proto::StrategyHeader::ENCODING_DEFLATE_PACKED);
  header.set_packed_bytes(tree.num_entries() - tree.num_infosets());
  absl::StatusOr<std::string> packed = PackStrategy(tree, cards, probs);
  if (!packed.ok()) return packed.status();
  return Write(path, header, packed->data(), packed->size());
}

// The card abstraction and betting tree a strategy file's header names, checked against it.
// Format 1 headers have no tables: the program's own are drawn (same name and version only).
absl::Status RebuildAbstractions(const std::string& path,
                                 const solver_proto::StrategyHeader& header,
                                 const poker::GameDef& game,
                                 std::unique_ptr<CardAbstraction>* cards,
                                 std::unique_ptr<BettingTree>* tree) {
  absl::StatusOr<std::unique_ptr<CardAbstraction>> made =
      header.format_version() == 1
          ? MakeCardAbstraction(game, header.card_spec())
          : MakeCardAbstraction(game, header.card_spec(), header.card_tables());
  if (!made.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": its card abstraction: ", made.status().message()));
  }
  // Format 1 (only ConvertStrategyFile reads it): the program's edges are the file's only when
  // the abstraction's name and version are the same.
  if (header.format_version() == 1 && header.card_abstraction() != (*made)->Name()) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": made with card abstraction '", header.card_abstraction(), "', this program has '",
        (*made)->Name(), "': it cannot be converted, only re-trained"));
  }
  *cards = std::move(*made);
  ActionAbstraction actions;
  actions.pot_fractions.assign(header.pot_fractions().begin(), header.pot_fractions().end());
  actions.all_in = header.all_in();
  actions.max_raises = static_cast<int>(header.max_raises());
  absl::StatusOr<BettingTree> built = BettingTree::Build(game, actions, **cards);
  if (!built.ok()) return built.status();
  *tree = std::make_unique<BettingTree>(std::move(*built));
  return CheckFits(path, header, **tree, **cards);
}

// A strategy's uint8 weights from its stored payload (raw in formats 1 and 2, packed in 3).
absl::Status DecodeProbs(const std::string& path, const solver_proto::StrategyHeader& header,
                         const BettingTree& tree, const CardAbstraction& cards,
                         const std::string& stored, std::vector<uint8_t>* probs) {
  switch (header.payload_encoding()) {
    case solver_proto::StrategyHeader::ENCODING_DEFLATE_PACKED:
      return UnpackStrategy(path, header, tree, cards, stored, probs);
    case solver_proto::StrategyHeader::ENCODING_RAW:
      if (stored.size() != static_cast<size_t>(tree.num_entries())) {
        return absl::DataLossError(absl::StrCat(path, ": payload of the wrong size"));
      }
      probs->assign(stored.begin(), stored.end());
      return absl::OkStatus();
    default:
      return absl::InvalidArgumentError(absl::StrCat(path, ": unknown payload encoding ",
                                                     static_cast<int>(header.payload_encoding())));
  }
}

}  // namespace

std::vector<uint8_t> QuantiseProfile(const BettingTree& tree, const CardAbstraction& cards,
                                     const Profile& profile) {
  std::vector<uint8_t> out(tree.num_entries());
  for (int n = 0; n < tree.num_nodes(); ++n) {
    const Node& node = tree.node(n);
    if (node.player < 0) continue;
    const int count = node.num_actions;
    for (int b = 0; b < cards.NumBuckets(node.round); ++b) {
      const float* p = profile.At(node, b);
      uint8_t* q = out.data() + node.offset + int64_t{b} * count;
      // Largest remainder: floors, then the leftover units to the largest fractions.
      std::array<double, kMaxTreeActions> rest{};
      int total = 0;
      for (int a = 0; a < count; ++a) {
        const double x = std::clamp<double>(p[a], 0, 1) * 255;
        q[a] = static_cast<uint8_t>(std::floor(x));
        rest[a] = x - q[a];
        total += q[a];
      }
      while (total < 255) {
        int best = 0;
        for (int a = 1; a < count; ++a) {
          if (rest[a] > rest[best]) best = a;
        }
        ++q[best];
        rest[best] = -1;
        ++total;
        if (*std::max_element(rest.begin(), rest.begin() + count) < 0) {
          for (int a = 0; a < count; ++a) rest[a] = 0;
        }
      }
    }
  }
  return out;
}

absl::Status WriteStrategyFile(const std::string& path, const BettingTree& tree,
                               const CardAbstraction& cards, const Profile& profile,
                               const TrainingInfo& info) {
  return WriteProbs(path, MakeHeader(tree, cards, info), tree, cards,
                    QuantiseProfile(tree, cards, profile));
}

absl::Status WriteCheckpoint(const std::string& path, const BettingTree& tree,
                             const CardAbstraction& cards, const Mccfr& solver,
                             const TrainingInfo& info) {
  solver_proto::StrategyHeader header = MakeHeader(tree, cards, info);
  header.set_kind(solver_proto::StrategyHeader::CHECKPOINT);
  header.set_chunks_done(solver.chunks_done());
  std::string payload(reinterpret_cast<const char*>(solver.regrets().data()),
                      solver.regrets().size() * sizeof(double));
  payload.append(reinterpret_cast<const char*>(solver.average().data()),
                 solver.average().size() * sizeof(double));
  return Write(path, header, payload.data(), payload.size());
}

absl::StatusOr<solver_proto::StrategyHeader> ReadCheckpoint(const std::string& path,
                                                            const BettingTree& tree,
                                                            const CardAbstraction& cards,
                                                            Mccfr* solver) {
  std::string payload;
  absl::StatusOr<solver_proto::StrategyHeader> header = Read(path, &payload);
  if (!header.ok()) return header.status();
  if (header->kind() != solver_proto::StrategyHeader::CHECKPOINT) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a strategy, not a checkpoint"));
  }
  if (header->payload_encoding() != solver_proto::StrategyHeader::ENCODING_RAW) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a checkpoint with a packed payload"));
  }
  if (absl::Status s = CheckFits(path, *header, tree, cards); !s.ok()) return s;
  if (header->card_tables() != cards.Tables()) {
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": its card abstraction's tables (bucket edges) differ from this program's '",
        cards.Name(), "': the abstraction changed without a new version"));
  }
  if (header->seed() != solver->options().seed) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": trained with seed ", header->seed(),
                                                      ", not ", solver->options().seed));
  }
  const size_t n = tree.num_entries();
  if (payload.size() != 2 * n * sizeof(double)) {
    return absl::DataLossError(absl::StrCat(path, ": checkpoint payload of the wrong size"));
  }
  std::memcpy(solver->regrets().data(), payload.data(), n * sizeof(double));
  std::memcpy(solver->average().data(), payload.data() + n * sizeof(double), n * sizeof(double));
  solver->set_chunks_done(static_cast<int64_t>(header->chunks_done()));
  return header;
}

absl::StatusOr<std::unique_ptr<Blueprint>> Blueprint::Load(const std::string& path,
                                                           const poker::GameDef* expected_game) {
  absl::StatusOr<std::string> read = poker::ReadFileToString(path);
  if (!read.ok()) return read.status();
  return FromBytes(*read, path, expected_game);
}

absl::StatusOr<std::unique_ptr<Blueprint>> Blueprint::FromBytes(
    const std::string& bytes, const std::string& path, const poker::GameDef* expected_game) {
  auto bp = std::make_unique<Blueprint>();
  std::string payload;
  absl::StatusOr<solver_proto::StrategyHeader> header = ParseFile(bytes, path, &payload);
  if (!header.ok()) return header.status();
  if (header->kind() != solver_proto::StrategyHeader::STRATEGY) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": a checkpoint, not a strategy"));
  }
  bp->header_ = *header;
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(header->game(), path);
  if (!game.ok()) return game.status();
  bp->game_ = *game;
  if (expected_game != nullptr && !(*expected_game == bp->game_)) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": made for another game:\n", header->game()));
  }
  if (absl::Status s = RebuildAbstractions(path, *header, bp->game_, &bp->cards_, &bp->tree_);
      !s.ok()) {
    return s;
  }
  if (absl::Status s = DecodeProbs(path, *header, *bp->tree_, *bp->cards_, payload, &bp->probs_);
      !s.ok()) {
    return s;
  }
  return bp;
}

absl::Status ConvertStrategyFile(const std::string& in, const std::string& out) {
  std::string payload;
  absl::StatusOr<solver_proto::StrategyHeader> header = Read(in, &payload, true);
  if (!header.ok()) return header.status();
  if (header->kind() != solver_proto::StrategyHeader::STRATEGY) {
    return absl::InvalidArgumentError(absl::StrCat(in, ": a checkpoint, not a strategy"));
  }
  if (header->format_version() == kStrategyFormatVersion) {
    return absl::FailedPreconditionError(absl::StrCat(
        in, ": already format version ", kStrategyFormatVersion, ": nothing to convert"));
  }
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(header->game(), in);
  if (!game.ok()) return game.status();
  std::unique_ptr<CardAbstraction> cards;
  std::unique_ptr<BettingTree> tree;
  if (absl::Status s = RebuildAbstractions(in, *header, *game, &cards, &tree); !s.ok()) return s;
  std::vector<uint8_t> probs;
  if (absl::Status s = DecodeProbs(in, *header, *tree, *cards, payload, &probs); !s.ok()) return s;
  if (header->format_version() == 3) {
    // Already packed: the payload is kept byte for byte; the header gains its checksum.
    return Write(out, *header, payload.data(), payload.size());
  }
  // Format 1: the tables this program draws for the same name and version.
  header->set_card_tables(cards->Tables());
  return WriteProbs(out, *header, *tree, *cards, probs);
}

absl::Status SetStrategyPlay(const std::string& in, const std::string& out,
                             const std::string& play) {
  std::string payload;
  absl::StatusOr<solver_proto::StrategyHeader> header = Read(in, &payload);
  if (!header.ok()) return header.status();
  if (header->kind() != solver_proto::StrategyHeader::STRATEGY) {
    return absl::InvalidArgumentError(absl::StrCat(in, ": a checkpoint, not a strategy"));
  }
  header->set_play(play);
  return Write(out, *header, payload.data(), payload.size());
}

Profile Blueprint::ToProfile() const {
  Profile profile;
  profile.probs.resize(probs_.size());
  for (size_t i = 0; i < probs_.size(); ++i) profile.probs[i] = probs_[i] / 255.0f;
  return profile;
}

}  // namespace solver
