#include "trainer/strength_buckets.h"

#include <algorithm>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "poker/hand_strength.h"

namespace trainer {
namespace {

using poker::Card;
using poker::PairCards;

// Does a 13-bit rank mask (bit r = rank r, 0 = deuce .. 12 = ace) hold five consecutive ranks?
// The ace also plays low: shifting the mask up by one and putting the ace in bit 0 makes the
// wheel A2345 five consecutive bits.
bool HasStraight(uint32_t ranks) {
  const uint32_t m = (ranks << 1) | ((ranks >> 12) & 1);
  return (m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)) != 0;
}

// kCompleting[m]: the ranks r, absent from m, such that m plus r holds a straight. 8192 entries
// of 16 bits (16 KB), built once.
const std::array<uint16_t, 8192>& CompletingRanks() {
  static const auto* table = [] {
    auto* t = new std::array<uint16_t, 8192>;
    for (uint32_t m = 0; m < 8192; ++m) {
      uint16_t completing = 0;
      for (int r = 0; r < poker::kNumRanks; ++r) {
        if (!(m >> r & 1) && HasStraight(m | (1u << r))) completing |= uint16_t(1u << r);
      }
      (*t)[m] = completing;
    }
    return t;
  }();
  return *table;
}

int CountEdgesBelow(const std::vector<double>& edges, double hs) {
  int bucket = 0;
  for (double edge : edges) bucket += hs >= edge;
  return bucket;
}

// HS of every pair preflop, as AllPairsHandStrength reports it (the equity table).
std::array<float, poker::kNumPairs> PreflopHs() {
  std::array<float, poker::kNumPairs> hs;
  poker::AllPairsHandStrength({}, &hs);
  return hs;
}

absl::Status CheckHoldem(const poker::GameDef& game) {
  if (!game.IsHoldemCards()) {
    return absl::InvalidArgumentError(
        "strength buckets need Texas hold'em (52 cards, 2 hole cards, boards 0 3 1 1); use 0 "
        "buckets for other games");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<StrengthBuckets> StrengthBuckets::HsDraw(const poker::GameDef& game, int k,
                                                        double draw_max_hs) {
  if (k < 1 || k > kMaxStrengthBuckets) {
    return absl::InvalidArgumentError(
        absl::StrCat("strength buckets: ", k, " requested, must be 1..", kMaxStrengthBuckets));
  }
  if (!(draw_max_hs >= 0 && draw_max_hs <= 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("draw_max_hs ", draw_max_hs, " is outside [0, 1]"));
  }
  if (absl::Status status = CheckHoldem(game); !status.ok()) return status;

  StrengthBuckets buckets;
  buckets.k_ = k;
  buckets.draw_bucket_ = true;
  buckets.draw_max_hs_ = draw_max_hs;
  buckets.num_rounds_ = game.num_rounds;
  buckets.edges_.assign(game.num_rounds, {});

  const std::array<float, poker::kNumPairs> preflop_hs = PreflopHs();
  std::vector<double> sorted(preflop_hs.begin(), preflop_hs.end());
  std::sort(sorted.begin(), sorted.end());
  const int n = poker::kNumPairs;
  for (int i = 1; i < k; ++i) {
    const int at = n * i / k;
    buckets.edges_[0].push_back((sorted[at - 1] + sorted[at]) / 2);
  }
  for (int round = 1; round < game.num_rounds; ++round) {
    for (int i = 1; i < k; ++i) buckets.edges_[round].push_back(static_cast<double>(i) / k);
  }
  for (int i = 0; i < n; ++i) {
    buckets.preflop_[i] = static_cast<uint8_t>(CountEdgesBelow(buckets.edges_[0], preflop_hs[i]));
  }
  return buckets;
}

absl::StatusOr<StrengthBuckets> StrengthBuckets::HsDrawRange(const poker::GameDef& game, int k,
                                                             double draw_max_hs) {
  absl::StatusOr<StrengthBuckets> buckets = HsDraw(game, k, draw_max_hs);
  if (buckets.ok()) buckets->range_relative_ = true;
  return buckets;
}

absl::StatusOr<StrengthBuckets> StrengthBuckets::FromProto(
    const opponent_model::BucketFunction& proto, int num_rounds) {
  if (proto.name() == "none") {
    if (proto.num_strength_buckets() != 0) {
      return absl::InvalidArgumentError("bucket function 'none' with a nonzero bucket count");
    }
    return StrengthBuckets();
  }
  const bool range_relative = proto.name() == kHsDrawRangeName;
  if (proto.name() != kHsDrawName && !range_relative) {
    return absl::InvalidArgumentError(absl::StrCat("unknown bucket function '", proto.name(),
                                                   "' (this program knows '", kHsDrawName, "', '",
                                                   kHsDrawRangeName, "' and 'none')"));
  }
  const uint32_t version = range_relative ? kHsDrawRangeVersion : kHsDrawVersion;
  if (proto.version() != version && proto.version() != kSmallPairsVersion) {
    return absl::InvalidArgumentError(absl::StrCat("bucket function '", proto.name(), "' version ",
                                                   proto.version(), "; this program has versions ",
                                                   version, " and ", kSmallPairsVersion));
  }
  if (proto.version() == kSmallPairsVersion && !proto.draw_bucket()) {
    return absl::InvalidArgumentError(absl::StrCat("bucket function '", proto.name(), "' version ",
                                                   kSmallPairsVersion,
                                                   " without the draw bucket's slot"));
  }
  const int k = static_cast<int>(proto.num_strength_buckets());
  if (k < 1 || k > kMaxStrengthBuckets) {
    return absl::InvalidArgumentError(absl::StrCat("bucket function: num_strength_buckets ",
                                                   proto.num_strength_buckets(), " is not 1..",
                                                   kMaxStrengthBuckets));
  }
  if (proto.edges_size() != num_rounds) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bucket function: edges for ", proto.edges_size(), " rounds, the game has ", num_rounds));
  }
  if (!(proto.draw_max_hs() >= 0 && proto.draw_max_hs() <= 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("bucket function: draw_max_hs ", proto.draw_max_hs(), " is outside [0, 1]"));
  }
  StrengthBuckets buckets;
  buckets.k_ = k;
  buckets.draw_bucket_ = proto.draw_bucket();
  buckets.range_relative_ = range_relative;
  buckets.draw_max_hs_ = proto.draw_max_hs();
  buckets.num_rounds_ = num_rounds;
  for (int round = 0; round < num_rounds; ++round) {
    const auto& edges = proto.edges(round).edges();
    if (edges.size() != k - 1) {
      return absl::InvalidArgumentError(absl::StrCat("bucket function: round ", round, " has ",
                                                     edges.size(), " edges, expected ", k - 1));
    }
    for (int i = 1; i < edges.size(); ++i) {
      if (!(edges[i] >= edges[i - 1])) {
        return absl::InvalidArgumentError(
            absl::StrCat("bucket function: round ", round, " edges are not ascending"));
      }
    }
    buckets.edges_.emplace_back(edges.begin(), edges.end());
  }
  const std::array<float, poker::kNumPairs> preflop_hs = PreflopHs();
  for (int i = 0; i < poker::kNumPairs; ++i) {
    buckets.preflop_[i] = static_cast<uint8_t>(CountEdgesBelow(buckets.edges_[0], preflop_hs[i]));
  }
  if (proto.version() == kSmallPairsVersion) buckets.SeparatePreflopSmallPairs();
  return buckets;
}

void StrengthBuckets::SeparatePreflopSmallPairs() {
  if (k_ == 0 || !draw_bucket_) return;
  preflop_small_pairs_ = true;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const PairCards pair = poker::PairFromIndex(i);
    const int rank = poker::RankOf(pair.low);
    // 22..88: ranks 0 (deuce) .. 6 (eight).
    if (rank == poker::RankOf(pair.high) && rank <= 6) preflop_[i] = static_cast<uint8_t>(k_);
  }
}

void StrengthBuckets::ToProto(opponent_model::BucketFunction* proto) const {
  proto->Clear();
  if (!enabled()) {
    proto->set_name("none");
    return;
  }
  proto->set_name(name());
  proto->set_version(version());
  proto->set_num_strength_buckets(k_);
  proto->set_draw_bucket(draw_bucket_);
  proto->set_draw_max_hs(draw_max_hs_);
  for (const auto& edges : edges_) {
    auto* out = proto->add_edges();
    for (double edge : edges) out->add_edges(edge);
  }
}

std::string StrengthBuckets::BucketName(int bucket) const {
  if (draw_bucket_ && bucket == k_) return "draw";
  return absl::StrCat("b", bucket);
}

std::string StrengthBuckets::BucketRange(int round, int bucket) const {
  if (preflop_small_pairs_ && round == 0 && bucket == k_) return "22..88";
  if (draw_bucket_ && bucket == k_) return absl::StrFormat("HS<%.2f+draw", draw_max_hs_);
  const std::vector<double>& edges = edges_[round];
  const double low = bucket == 0 ? 0.0 : edges[bucket - 1];
  const double high = bucket == k_ - 1 ? 1.0 : edges[bucket];
  return absl::StrFormat("[%.3f,%.3f%c", low, high, bucket == k_ - 1 ? ']' : ')');
}

BoardFeatures StrengthBuckets::Features(int round, int num_rounds, absl::Span<const Card> board) {
  BoardFeatures features;
  features.round = round;
  features.draws_apply = !board.empty() && round + 1 < num_rounds;
  for (Card c : board) {
    features.rank_mask |= uint16_t(1u << poker::RankOf(c));
    ++features.suit_count[poker::SuitOf(c)];
  }
  features.straight_ranks = CompletingRanks()[features.rank_mask];
  return features;
}

int StrengthBuckets::DrawKind(PairCards hole, const BoardFeatures& board) {
  const int low_suit = poker::SuitOf(hole.low);
  const int high_suit = poker::SuitOf(hole.high);
  const int suited = low_suit == high_suit;
  if (board.suit_count[low_suit] + 1 + suited == 4) return kFlushDraw;
  if (board.suit_count[high_suit] + 1 + suited == 4) return kFlushDraw;
  const uint32_t ranks =
      board.rank_mask | (1u << poker::RankOf(hole.low)) | (1u << poker::RankOf(hole.high));
  if (HasStraight(ranks)) return kNoDraw;
  const uint32_t outs_ranks = CompletingRanks()[ranks] & ~uint32_t{board.straight_ranks};
  return __builtin_popcount(outs_ranks) >= 2 ? kStraightDraw : kNoDraw;
}

uint8_t StrengthBuckets::Bucket(PairCards hole, const BoardFeatures& board, double hs) const {
  if (k_ == 0) return kNoBucket;
  if (board.round == 0) return PreflopBucket(hole);
  if (draw_bucket_ && board.draws_apply && hs < draw_max_hs_ && HasDraw(hole, board)) {
    return static_cast<uint8_t>(k_);
  }
  return static_cast<uint8_t>(CountEdgesBelow(edges_[board.round], hs));
}

void StrengthBuckets::AllPairs(int round, absl::Span<const Card> board,
                               std::array<uint8_t, poker::kNumPairs>* buckets) const {
  if (k_ == 0) {
    buckets->fill(kNoBucket);
    return;
  }
  if (round == 0) {
    *buckets = preflop_;
    return;
  }
  std::array<int32_t, poker::kNumPairs> numerators;
  poker::AllPairsStrengthNumerators(board, &numerators);
  const BoardFeatures features = Features(round, num_rounds_, board);
  const int board_size = static_cast<int>(board.size());
  for (int i = 0; i < poker::kNumPairs; ++i) {
    (*buckets)[i] = numerators[i] < 0 ? kNoBucket
                                      : Bucket(poker::PairFromIndex(i), features,
                                               HsFromNumerator(numerators[i], board_size));
  }
}

}  // namespace trainer
