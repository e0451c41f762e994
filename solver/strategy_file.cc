#include "solver/strategy_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "poker/file_io.h"

namespace solver {
namespace {

constexpr char kMagic[8] = {'P', 'K', 'S', 'O', 'L', 'V', 'R', '1'};

uint64_t Fnv1a(const char* data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < size; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 0x100000001b3ULL;
  }
  return h;
}

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

absl::Status Write(const std::string& path, solver_proto::StrategyHeader header,
                   const char* payload, size_t size) {
  header.set_payload_bytes(size);
  header.set_payload_checksum(Fnv1a(payload, size));
  std::string serialized;
  header.SerializeToString(&serialized);
  std::string file(kMagic, sizeof(kMagic));
  const uint32_t length = static_cast<uint32_t>(serialized.size());
  for (int i = 0; i < 4; ++i) file.push_back(static_cast<char>(length >> (8 * i) & 0xFF));
  file += serialized;
  file.append(payload, size);
  return poker::WriteFileAtomically(path, file);
}

// Reads and checks the framing and checksum; the payload into `payload`. Format 1 files (no
// card tables) are refused unless `allow_format1` (for ConvertStrategyFile).
absl::StatusOr<solver_proto::StrategyHeader> Read(const std::string& path, std::string* payload,
                                                  bool allow_format1 = false) {
  absl::StatusOr<std::string> read = poker::ReadFileToString(path);
  if (!read.ok()) return read.status();
  const std::string& bytes = *read;
  if (bytes.size() < 12 || std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a solver strategy file (no PKSOLVR1 magic)"));
  }
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
  if (bytes.size() < 12 + uint64_t{length}) {
    return absl::DataLossError(absl::StrCat(path, ": truncated inside the header (", bytes.size(),
                                            " bytes, header needs ", 12 + uint64_t{length}, ")"));
  }
  solver_proto::StrategyHeader header;
  if (!header.ParseFromArray(bytes.data() + 12, static_cast<int>(length))) {
    return absl::DataLossError(absl::StrCat(path, ": the header does not parse"));
  }
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
  if (header.format_version() != kStrategyFormatVersion && header.format_version() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": format version ",
                                                   header.format_version(), ", this program reads ",
                                                   kStrategyFormatVersion));
  }
  const uint64_t have = bytes.size() - 12 - length;
  if (have != header.payload_bytes()) {
    return absl::DataLossError(absl::StrCat(
        path, ": ", have < header.payload_bytes() ? "truncated" : "trailing bytes",
        ": the payload has ", have, " bytes, the header says ", header.payload_bytes()));
  }
  payload->assign(bytes, 12 + length, std::string::npos);
  if (Fnv1a(payload->data(), payload->size()) != header.payload_checksum()) {
    return absl::DataLossError(
        absl::StrCat(path, ": corrupt: the payload does not match the header's checksum"));
  }
  return header;
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
  solver_proto::StrategyHeader header = MakeHeader(tree, cards, info);
  header.set_kind(solver_proto::StrategyHeader::STRATEGY);
  const std::vector<uint8_t> q = QuantiseProfile(tree, cards, profile);
  return Write(path, header, reinterpret_cast<const char*>(q.data()), q.size());
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
  auto bp = std::make_unique<Blueprint>();
  std::string payload;
  absl::StatusOr<solver_proto::StrategyHeader> header = Read(path, &payload);
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
  absl::StatusOr<std::unique_ptr<CardAbstraction>> cards =
      MakeCardAbstraction(bp->game_, header->card_spec(), header->card_tables());
  if (!cards.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": its card abstraction: ", cards.status().message()));
  }
  bp->cards_ = std::move(*cards);
  ActionAbstraction actions;
  actions.pot_fractions.assign(header->pot_fractions().begin(), header->pot_fractions().end());
  actions.all_in = header->all_in();
  actions.max_raises = static_cast<int>(header->max_raises());
  absl::StatusOr<BettingTree> tree = BettingTree::Build(bp->game_, actions, *bp->cards_);
  if (!tree.ok()) return tree.status();
  bp->tree_ = std::make_unique<BettingTree>(std::move(*tree));
  if (absl::Status s = CheckFits(path, *header, *bp->tree_, *bp->cards_); !s.ok()) return s;
  bp->probs_.assign(payload.begin(), payload.end());
  if (bp->probs_.size() != static_cast<size_t>(bp->tree_->num_entries())) {
    return absl::DataLossError(absl::StrCat(path, ": payload of the wrong size"));
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
    return absl::InvalidArgumentError(
        absl::StrCat(in, ": already format version ", kStrategyFormatVersion));
  }
  absl::StatusOr<poker::GameDef> game = poker::ParseGameDef(header->game(), in);
  if (!game.ok()) return game.status();
  absl::StatusOr<std::unique_ptr<CardAbstraction>> cards =
      MakeCardAbstraction(*game, header->card_spec());
  if (!cards.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(in, ": its card abstraction: ", cards.status().message()));
  }
  // Same name, same version: this program draws the same edges the file was trained with.
  if (header->card_abstraction() != (*cards)->Name()) {
    return absl::FailedPreconditionError(absl::StrCat(
        in, ": made with card abstraction '", header->card_abstraction(), "', this program has '",
        (*cards)->Name(), "': it cannot be converted, only re-trained"));
  }
  header->set_format_version(kStrategyFormatVersion);
  header->set_card_tables((*cards)->Tables());
  return Write(out, *header, payload.data(), payload.size());
}

Profile Blueprint::ToProfile() const {
  Profile profile;
  profile.probs.resize(probs_.size());
  for (size_t i = 0; i < probs_.size(); ++i) profile.probs[i] = probs_[i] / 255.0f;
  return profile;
}

}  // namespace solver
