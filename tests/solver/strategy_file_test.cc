// Strategy files: round trip, refusal of truncated, corrupt and mismatched files, and a checkpoint
// resume that continues exactly as an uninterrupted run.
#include "solver/strategy_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/file_io.h"
#include "proto/solver_strategy.pb.h"
#include "solver/best_response.h"
#include "tests/common/test_support.h"
#include "tests/solver/test_util.h"
#include "zlib.h"

namespace solver {
namespace {

TrainingInfo Info() {
  TrainingInfo info;
  info.card_spec = "exact";
  info.seed = 3;
  info.weighting = "linear";
  return info;
}

TEST(StrategyFile, RoundTripKeepsTheStrategy) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(solver.Run(50'000).ok());
  test_support::TempDir dir;
  const std::string path = dir.File("leduc.strategy");
  const Profile profile = solver.AverageProfile();
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, profile, Info()).ok());
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(path, &s.game);
  ASSERT_TRUE(bp.ok()) << bp.status();
  EXPECT_EQ((*bp)->header().card_abstraction(), "exact:v1");
  EXPECT_EQ((*bp)->header().betting_abstraction(), "limit");
  EXPECT_EQ((*bp)->tree().num_entries(), s.tree->num_entries());
  const Profile loaded = (*bp)->ToProfile();
  for (size_t i = 0; i < profile.probs.size(); ++i) {
    ASSERT_NEAR(loaded.probs[i], profile.probs[i], 1.0 / 255 + 1e-6)
        << i;  // largest-remainder rounding
  }
  // Every infoset sums to exactly 255.
  for (int n = 0; n < s.tree->num_nodes(); ++n) {
    const Node& node = s.tree->node(n);
    if (node.player < 0) continue;
    for (int b = 0; b < s.cards->NumBuckets(node.round); ++b) {
      int sum = 0;
      for (int a = 0; a < node.num_actions; ++a) sum += (*bp)->At(node, b)[a];
      ASSERT_EQ(sum, 255);
    }
  }
  // Exploitability survives the quantisation nearly unchanged.
  const double before = ComputeExploitability(*s.tree, *s.cards, profile)->exploitability;
  const double after = ComputeExploitability(*s.tree, *s.cards, loaded)->exploitability;
  EXPECT_NEAR(before, after, 0.01);
}

TEST(StrategyFile, RefusesDamagedAndMismatchedFiles) {
  SmallGame s("kuhn.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(solver.Run(1000).ok());
  test_support::TempDir dir;
  const std::string path = dir.File("kuhn.strategy");
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, solver.AverageProfile(), Info()).ok());
  const std::string bytes = test_support::ReadFileBytes(path);
  ASSERT_GT(bytes.size(), 40u);

  const std::string truncated = dir.Write("truncated", bytes.substr(0, bytes.size() - 3));
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(truncated);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("truncated"), std::string::npos) << bp.status();

  const std::string short_header = dir.Write("short", bytes.substr(0, 20));
  bp = Blueprint::Load(short_header);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("truncated"), std::string::npos) << bp.status();

  std::string flipped = bytes;
  flipped[flipped.size() - 2] ^= 0x11;
  bp = Blueprint::Load(dir.Write("corrupt", flipped));
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("checksum"), std::string::npos) << bp.status();

  bp = Blueprint::Load(dir.Write("junk", "hello world, not a strategy"));
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("magic"), std::string::npos) << bp.status();

  const poker::GameDef leduc = test_support::LoadProjectGame("leduc.limit.2p.game");
  bp = Blueprint::Load(path, &leduc);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("another game"), std::string::npos) << bp.status();

  // A checkpoint of another abstraction (Leduc's tree) is refused by a Kuhn solver.
  SmallGame l("leduc.limit.2p.game");
  Mccfr leduc_solver(*l.tree, *l.cards, MccfrOptions{.threads = 1, .seed = 3});
  const std::string ckpt = dir.File("leduc.ckpt");
  ASSERT_TRUE(WriteCheckpoint(ckpt, *l.tree, *l.cards, leduc_solver, Info()).ok());
  absl::StatusOr<solver_proto::StrategyHeader> h = ReadCheckpoint(ckpt, *s.tree, *s.cards, &solver);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.status().message().find("another game"), std::string::npos) << h.status();
  // A strategy is not a checkpoint.
  h = ReadCheckpoint(path, *s.tree, *s.cards, &solver);
  ASSERT_FALSE(h.ok());
}

TEST(StrategyFile, ResumeEqualsUninterrupted) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr straight(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(straight.Run(30'000).ok());

  test_support::TempDir dir;
  const std::string ckpt = dir.File("run.ckpt");
  {
    Mccfr first(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
    EXPECT_TRUE(first.Run(12'000).ok());
    ASSERT_TRUE(WriteCheckpoint(ckpt, *s.tree, *s.cards, first, Info()).ok());
  }
  Mccfr resumed(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  absl::StatusOr<solver_proto::StrategyHeader> h =
      ReadCheckpoint(ckpt, *s.tree, *s.cards, &resumed);
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_EQ(resumed.iterations(), 12'032);  // whole chunks of 256
  EXPECT_TRUE(resumed.Run(30'000).ok());
  EXPECT_EQ(resumed.iterations(), straight.iterations());
  EXPECT_EQ(resumed.regrets(), straight.regrets());
  EXPECT_EQ(resumed.average(), straight.average());

  // Another seed is refused.
  Mccfr other(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 4});
  EXPECT_FALSE(ReadCheckpoint(ckpt, *s.tree, *s.cards, &other).ok());
}

// A file's bytes framed as the writer frames them: the magic, the header length, the header
// (with its checksum field last from format 4 on), the payload.
std::string Frame(solver_proto::StrategyHeader header, const std::string& payload) {
  header.clear_header_checksum();
  const bool checksummed = header.format_version() >= 4;
  const std::string serialized = header.SerializeAsString();
  const size_t length = serialized.size() + (checksummed ? 10 : 0);
  std::string out = "PKSOLVR1";
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(length >> (8 * i) & 0xFF));
  out += serialized;
  if (checksummed) {
    const uint64_t checksum = poker::Fnv1a64(out);
    out += "\xC1\x01";
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(checksum >> (8 * i) & 0xFF));
  }
  return out + payload;
}

uint32_t HeaderLength(const std::string& bytes) {
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
  return length;
}

// Rewrites the protobuf header of a strategy or checkpoint file's bytes (its checksum made to
// match, so that only what the edit changed can be refused).
std::string WithHeader(const std::string& bytes,
                       const std::function<void(solver_proto::StrategyHeader*)>& edit) {
  const uint32_t length = HeaderLength(bytes);
  solver_proto::StrategyHeader header;
  EXPECT_TRUE(header.ParseFromArray(bytes.data() + 12, static_cast<int>(length)));
  edit(&header);
  return Frame(header, bytes.substr(12 + length));
}

// The same file with a raw (format 1 or 2) payload `raw` in place of the packed one, its header
// edited by `edit` after the payload's fields are set.
std::string WithRawPayload(const std::string& bytes, const std::vector<uint8_t>& raw,
                           const std::function<void(solver_proto::StrategyHeader*)>& edit) {
  const std::string payload(raw.begin(), raw.end());
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
  return WithHeader(bytes.substr(0, 12 + length) + payload, [&](auto* h) {
    h->set_format_version(2);
    h->set_payload_encoding(solver_proto::StrategyHeader::ENCODING_RAW);
    h->clear_packed_bytes();
    h->set_payload_bytes(payload.size());
    h->set_payload_checksum(PayloadChecksum(payload.data(), payload.size()));
    edit(h);
  });
}

// The same file with `payload` as its stored payload (size and checksum made to match, so only
// the decoding can find what is wrong with it).
std::string WithStoredPayload(const std::string& bytes, const std::string& payload) {
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
  return WithHeader(bytes.substr(0, 12 + length) + payload, [&](auto* h) {
    h->set_payload_bytes(payload.size());
    h->set_payload_checksum(PayloadChecksum(payload.data(), payload.size()));
  });
}

// Format 3 packs a strategy's payload (the implied last action left out, deflated): smaller,
// every weight kept; format 2 files (raw payload) still load to the same weights, and `solver
// convert` turns them into the same bytes as a file written directly. A payload that does not
// inflate, inflates to the wrong size, or whose weights sum above 255 is refused with the reason
// even when its checksum matches.
TEST(StrategyFile, Format3PacksThePayloadAndStillReadsFormat2) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(solver.Run(200'000).ok());
  const Profile profile = solver.AverageProfile();
  const std::vector<uint8_t> raw = QuantiseProfile(*s.tree, *s.cards, profile);
  test_support::TempDir dir;
  const std::string path = dir.File("leduc.strategy");
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, profile, Info()).ok());
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(path, &s.game);
  ASSERT_TRUE(bp.ok()) << bp.status();
  const solver_proto::StrategyHeader& h = (*bp)->header();
  EXPECT_EQ(h.format_version(), 4u);
  EXPECT_EQ(h.payload_encoding(), solver_proto::StrategyHeader::ENCODING_DEFLATE_PACKED);
  EXPECT_EQ(h.packed_bytes(), uint64_t(s.tree->num_entries() - s.tree->num_infosets()));
  EXPECT_LT(h.payload_bytes(), h.packed_bytes());
  const auto weights = [&](const Blueprint& b) {
    std::vector<uint8_t> out(b.tree().num_entries());
    for (int n = 0; n < b.tree().num_nodes(); ++n) {
      const Node& node = b.tree().node(n);
      if (node.player < 0) continue;
      for (int k = 0; k < b.cards().NumBuckets(node.round); ++k) {
        std::copy(b.At(node, k), b.At(node, k) + node.num_actions,
                  out.begin() + node.offset + int64_t{k} * node.num_actions);
      }
    }
    return out;
  };
  // Every weight as quantised.
  EXPECT_EQ(weights(**bp), raw);

  const std::string bytes = test_support::ReadFileBytes(path);
  const std::string v2 = dir.Write("v2.strategy", WithRawPayload(bytes, raw, [](auto*) {}));
  absl::StatusOr<std::unique_ptr<Blueprint>> old = Blueprint::Load(v2, &s.game);
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ((*old)->header().format_version(), 2u);
  EXPECT_EQ(weights(**old), raw);
  const std::string converted = dir.File("converted.strategy");
  ASSERT_TRUE(ConvertStrategyFile(v2, converted).ok());
  EXPECT_EQ(test_support::ReadFileBytes(converted), bytes);

  const uint32_t length = static_cast<unsigned char>(bytes[8]) |
                          static_cast<unsigned char>(bytes[9]) << 8 |
                          static_cast<unsigned char>(bytes[10]) << 16;
  const std::string stored = bytes.substr(12 + length);
  const std::string packed = Inflate(stored, h.packed_bytes());
  const auto refused = [&](const std::string& name, const std::string& file,
                           const std::string& reason) {
    absl::StatusOr<std::unique_ptr<Blueprint>> b = Blueprint::Load(dir.Write(name, file));
    ASSERT_FALSE(b.ok()) << name;
    EXPECT_NE(b.status().message().find(reason), std::string::npos) << b.status();
    EXPECT_NE(b.status().message().find(name), std::string::npos) << b.status();
  };
  // Damaged deflate data (the checksum made to match): zlib's own check catches it.
  std::string damaged = stored;
  damaged[damaged.size() / 2] ^= 0x5A;
  refused("damaged", WithStoredPayload(bytes, damaged), "does not inflate");
  refused("cut", WithStoredPayload(bytes, stored.substr(0, stored.size() - 9)), "does not inflate");
  refused("garbage", WithStoredPayload(bytes, "not deflate data at all"), "does not inflate");
  refused("longer", WithStoredPayload(bytes, Deflate(packed + "xyz")), "does not inflate");
  refused("shorter", WithStoredPayload(bytes, Deflate(packed.substr(1))), "does not inflate");
  refused("trailing", WithStoredPayload(bytes, stored + "zz"), "trailing data");
  refused("size", WithHeader(bytes, [](auto* x) { x->set_packed_bytes(x->packed_bytes() + 1); }),
          "inflates to");
  // An infoset whose stored weights already exceed 255: the first bucket of the first node
  // with 3 actions gets 200 and 100 for its first two.
  size_t at = 0;
  int n = 0;
  for (;; ++n) {
    ASSERT_LT(n, s.tree->num_nodes());
    const Node& node = s.tree->node(n);
    if (node.player < 0) continue;
    if (node.num_actions == 3) break;
    at += size_t{node.num_actions - 1u} * s.cards->NumBuckets(node.round);
  }
  std::string over = packed;
  over[at] = static_cast<char>(200);
  over[at + s.cards->NumBuckets(s.tree->node(n).round)] = static_cast<char>(100);
  refused("over", WithStoredPayload(bytes, Deflate(over)),
          absl::StrCat("node ", n, " bucket 0 has weights summing to 300"));
}

// A hold'em strategy keeps its bucket edges: it loads from them, a format-1 file (without them)
// is refused with a pointer to `solver convert`, and the conversion gives the same strategy.
TEST(StrategyFile, HoldemFilesKeepTheirBucketEdges) {
  const poker::GameDef game = test_support::LoadProjectGame("holdem.limit.2p.reverse_blinds.game");
  absl::StatusOr<std::unique_ptr<CardAbstraction>> cards =
      MakeCardAbstraction(game, "holdem:169,8,8,8");
  ASSERT_TRUE(cards.ok()) << cards.status();
  absl::StatusOr<BettingTree> tree = BettingTree::Build(game, ActionAbstraction{}, **cards);
  ASSERT_TRUE(tree.ok()) << tree.status();
  Profile profile;
  profile.probs.resize(tree->num_entries());
  for (size_t i = 0; i < profile.probs.size(); ++i) profile.probs[i] = (i % 7) / 6.0f;
  profile = ProfileFromSums(*tree, **cards,
                            std::vector<double>(profile.probs.begin(), profile.probs.end()));
  TrainingInfo info = Info();
  info.card_spec = "holdem:169,8,8,8";
  test_support::TempDir dir;
  const std::string path = dir.File("holdem.strategy");
  ASSERT_TRUE(WriteStrategyFile(path, *tree, **cards, profile, info).ok());
  absl::StatusOr<std::unique_ptr<Blueprint>> bp = Blueprint::Load(path, &game);
  ASSERT_TRUE(bp.ok()) << bp.status();
  EXPECT_EQ((*bp)->header().format_version(), 4u);
  EXPECT_EQ((*bp)->header().card_tables(), (*cards)->Tables());
  EXPECT_EQ((*bp)->cards().Tables(), (*cards)->Tables());
  EXPECT_EQ((*bp)->cards().Name(), "holdem_ehs_pot:169,8,8,8:v1");
  const std::vector<poker::Card> hole = poker::ParseCards("AsKd").value();
  const std::vector<poker::Card> board = poker::ParseCards("Qs7d2c9h").value();
  EXPECT_EQ((*bp)->cards().Bucket(2, hole, board), (*cards)->Bucket(2, hole, board));

  // Format 1: no tables (and a raw payload).
  const std::string bytes = test_support::ReadFileBytes(path);
  const std::vector<uint8_t> raw = QuantiseProfile(*tree, **cards, profile);
  const std::string old = dir.Write("old.strategy", WithRawPayload(bytes, raw, [](auto* h) {
                                      h->set_format_version(1);
                                      h->clear_card_tables();
                                    }));
  bp = Blueprint::Load(old, &game);
  ASSERT_FALSE(bp.ok());
  EXPECT_NE(bp.status().message().find("format version 1"), std::string::npos) << bp.status();
  EXPECT_NE(bp.status().message().find("solver convert " + old), std::string::npos) << bp.status();
  const std::string converted = dir.File("converted.strategy");
  ASSERT_TRUE(ConvertStrategyFile(old, converted).ok());
  EXPECT_EQ(test_support::ReadFileBytes(converted), bytes);
  EXPECT_FALSE(ConvertStrategyFile(converted, dir.File("twice")).ok());  // already current

  // A format-1 file of another version of the abstraction cannot be converted.
  const std::string other = dir.Write("other.strategy", WithRawPayload(bytes, raw, [](auto* h) {
                                        h->set_format_version(1);
                                        h->clear_card_tables();
                                        h->set_card_abstraction("holdem_ehs_pot:169,8,8,8:v0");
                                      }));
  absl::Status s = ConvertStrategyFile(other, dir.File("x"));
  EXPECT_NE(s.message().find("only re-trained"), std::string::npos) << s;

  // A checkpoint whose edges differ from the program's (same name): refused on resume.
  Mccfr solver(*tree, **cards, MccfrOptions{.threads = 1, .seed = 3});
  const std::string ckpt = dir.File("holdem.ckpt");
  ASSERT_TRUE(WriteCheckpoint(ckpt, *tree, **cards, solver, info).ok());
  EXPECT_TRUE(ReadCheckpoint(ckpt, *tree, **cards, &solver).ok());
  solver_proto::HoldemEdges edges;
  ASSERT_TRUE(edges.ParseFromString((*cards)->Tables()));
  edges.mutable_river()->set_edges(0, edges.river().edges(0) + 1);
  const std::string moved = dir.Write(
      "moved.ckpt", WithHeader(test_support::ReadFileBytes(ckpt),
                               [&](auto* h) { h->set_card_tables(edges.SerializeAsString()); }));
  absl::StatusOr<solver_proto::StrategyHeader> h = ReadCheckpoint(moved, *tree, **cards, &solver);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.status().message().find("without a new version"), std::string::npos) << h.status();
}

// Format 4 checks the header too: a flipped bit anywhere in the file is refused (format 3 checked
// the payload only: a flipped raise size or bucket edge loaded as another strategy). Format-3
// files still load, and `solver convert` gives them the checksum with their payload unchanged.
TEST(StrategyFile, EveryBitOfTheFileIsChecked) {
  SmallGame s("leduc.limit.2p.game");
  Mccfr solver(*s.tree, *s.cards, MccfrOptions{.threads = 1, .seed = 3});
  EXPECT_TRUE(solver.Run(20'000).ok());
  test_support::TempDir dir;
  const std::string path = dir.File("leduc.strategy");
  ASSERT_TRUE(WriteStrategyFile(path, *s.tree, *s.cards, solver.AverageProfile(), Info()).ok());
  const std::string bytes = test_support::ReadFileBytes(path);
  ASSERT_TRUE(Blueprint::Load(path, &s.game).ok());
  const size_t header_end = 12 + HeaderLength(bytes);
  int refused = 0, tried = 0;
  const std::string flipped = dir.File("flipped.strategy");
  for (size_t i = 0; i < bytes.size(); i += i < header_end ? 1 : 7) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string copy = bytes;
      copy[i] ^= static_cast<char>(1 << bit);
      std::ofstream(flipped, std::ios::binary | std::ios::trunc) << copy;
      ++tried;
      if (!Blueprint::Load(flipped).ok()) {
        ++refused;
      } else {
        ADD_FAILURE() << "a flip of bit " << bit << " of byte " << i << " loaded";
      }
    }
  }
  EXPECT_EQ(refused, tried);
  EXPECT_GT(tried, 8 * 200);

  // The same file as format 3 (no header checksum): loads; converted, it is the format-4 file
  // again, its payload byte for byte.
  const std::string v3 =
      dir.Write("v3.strategy", WithHeader(bytes, [](auto* h) { h->set_format_version(3); }));
  ASSERT_LT(test_support::ReadFileBytes(v3).size(), bytes.size());
  absl::StatusOr<std::unique_ptr<Blueprint>> old = Blueprint::Load(v3, &s.game);
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ((*old)->header().format_version(), 3u);
  const std::string converted = dir.File("converted.strategy");
  ASSERT_TRUE(ConvertStrategyFile(v3, converted).ok());
  EXPECT_EQ(test_support::ReadFileBytes(converted), bytes);
  const absl::Status again = ConvertStrategyFile(converted, dir.File("again.strategy"));
  EXPECT_TRUE(absl::IsFailedPrecondition(again)) << again;
  // A format-4 header that lost its checksum field is refused, not read as format 3.
  std::string stripped = WithHeader(bytes, [](auto* h) { h->set_format_version(3); });
  {
    solver_proto::StrategyHeader h;
    ASSERT_TRUE(h.ParseFromArray(stripped.data() + 12, static_cast<int>(HeaderLength(stripped))));
    h.set_format_version(4);
    const std::string serialized = h.SerializeAsString();
    std::string out = "PKSOLVR1";
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(serialized.size() >> (8 * i)));
    stripped = out + serialized + stripped.substr(12 + HeaderLength(stripped));
  }
  absl::StatusOr<std::unique_ptr<Blueprint>> lost =
      Blueprint::Load(dir.Write("lost.strategy", stripped));
  ASSERT_FALSE(lost.ok());
  EXPECT_NE(lost.status().message().find("without its checksum"), std::string::npos)
      << lost.status();
}

}  // namespace
}  // namespace solver
