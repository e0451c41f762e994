// The strength bucket function shared by the trainer and the agent (SPEC 6): hole cards on a
// board -> one of K hand-strength buckets, with drawing hands kept apart on the flop and turn.
#ifndef TRAINER_STRENGTH_BUCKETS_H_
#define TRAINER_STRENGTH_BUCKETS_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "poker/game_def.h"
#include "proto/opponent_model.pb.h"

namespace trainer {

// Marks a pair that conflicts with the board, or unknown cards.
inline constexpr uint8_t kNoBucket = 0xFF;
// Upper bound on K.
inline constexpr int kMaxStrengthBuckets = 32;

// Board features computed once per board so that bucketing a pair costs a few instructions.
struct BoardFeatures {
  int round = 0;                // 0 preflop .. 3 river
  bool draws_apply = false;     // the round has a board and more board cards to come
  uint16_t rank_mask = 0;       // bit r: some board card has rank r (0 = deuce .. 12 = ace)
  uint16_t straight_ranks = 0;  // ranks that would complete a straight with the board alone
  std::array<uint8_t, poker::kNumSuits> suit_count{};  // board cards per suit
};

// "hs_draw", version 1:
//   HS = exact hand strength of the pair on the current street against one uniformly random
//   opponent pair, (2 * ahead + tied) / (2 * opponent pairs), from exact integer counts
//   (poker::AllPairsStrengthNumerators or HandStrengthCounts; see HsFromNumerator). Preflop:
//   the 169-class equity table (poker::AllPairsHandStrength of the empty board).
//   Strength bucket i (0 = weakest .. K-1) = the number of the round's edges e with HS >= e.
//   Edges: preflop, the K-quantiles of the preflop equity over the 1326 pairs (each bucket holds
//   about 1326/K pairs: equal-width cuts would leave the lowest and highest buckets empty, as
//   preflop equities span only 0.32..0.85); flop, turn and river, equal width (i/K). Post-flop
//   HS is already close to a percentile of the pair among all pairs, so equal width gives
//   buckets of similar population.
//   On the flop and turn, a pair with a draw and HS < draw_max_hs goes to bucket K instead
//   ("drawing"). A draw is detected in O(1) from rank and suit masks: a flush draw (exactly four
//   cards of a suit among hole and board, at least one of them a hole card: 9 outs), or a
//   straight draw with 8 outs (at least two ranks that each complete a straight the board alone
//   would not: open-ended or double gutshot) when the hand holds no straight already. Exact
//   outs (CountOuts) would cost ~50 HS computations per pair, far too slow for training.
// "hs_draw_range", version 1: "hs_draw" before the flop and for drawing hands; a made hand's
//   bucket after the flop is its place in the range the player has shown, not its HS: with w
//   the player's range at the start of the street (the hand reader's weights after every
//   earlier action), the HS percentile of the pair in w is (weight of the live pairs with lower
//   HS + half the weight of those with equal HS) / total weight, and bucket i = floor(K x that
//   percentile) (K-1 at most). Bucket() and AllPairs() still give the HS buckets; the range
//   buckets are computed by the hand reader (agent::HandReader::RangeBuckets), which alone
//   knows the range.
// Version 2 of either (model option preflop_small_pairs): before the flop the small pocket pairs
//   (22..88) get bucket K (the drawing bucket's slot, unused preflop) instead of their equity
//   bucket, so that how players play small pairs (set mining) is counted apart from hands of the
//   same preflop equity; everything else as version 1.
// "none": no buckets (games other than 52-card two-hole-card hold'em).
// Immutable after construction; thread-safe.
class StrengthBuckets {
 public:
  static constexpr const char* kHsDrawName = "hs_draw";
  static constexpr uint32_t kHsDrawVersion = 1;
  static constexpr const char* kHsDrawRangeName = "hs_draw_range";
  static constexpr uint32_t kHsDrawRangeVersion = 1;
  // Either function with the small pairs apart preflop (preflop_small_pairs).
  static constexpr uint32_t kSmallPairsVersion = 2;
  static constexpr double kDefaultDrawMaxHs = 0.6;

  // No buckets.
  StrengthBuckets() = default;
  // "hs_draw" with K strength buckets for a game (preflop edges from the equity table).
  // Fails for K outside 1..kMaxStrengthBuckets or a game that is not 52-card hold'em.
  static absl::StatusOr<StrengthBuckets> HsDraw(const poker::GameDef& game, int k,
                                                double draw_max_hs = kDefaultDrawMaxHs);
  // "hs_draw_range": HsDraw whose made hands after the flop are bucketed by their place in the
  // player's range (above).
  static absl::StatusOr<StrengthBuckets> HsDrawRange(const poker::GameDef& game, int k,
                                                     double draw_max_hs = kDefaultDrawMaxHs);
  // The function a model file describes; refuses unknown names or versions.
  static absl::StatusOr<StrengthBuckets> FromProto(const opponent_model::BucketFunction& proto,
                                                   int num_rounds);
  void ToProto(opponent_model::BucketFunction* proto) const;

  bool enabled() const { return k_ > 0; }
  // K: strength buckets 0..K-1.
  int num_strength_buckets() const { return k_; }
  // Buckets a count table needs: K + 1 with the draw bucket, K without, 0 when disabled.
  int num_buckets() const { return k_ == 0 ? 0 : k_ + (draw_bucket_ ? 1 : 0); }
  // Index of the drawing-hands bucket (K).
  int draw_bucket() const { return k_; }
  double draw_max_hs() const { return draw_max_hs_; }
  // "hs_draw_range": made hands after the flop are bucketed by their percentile in the player's
  // range (RangeBucket), which the counting and the reading must supply.
  bool range_relative() const { return range_relative_; }
  // Version 2: the small pocket pairs are bucket K before the flop.
  bool preflop_small_pairs() const { return preflop_small_pairs_; }
  // The function's name and version in the model file ("none", "hs_draw", "hs_draw_range"; 1 or
  // 2).
  const char* name() const {
    return k_ == 0 ? "none" : (range_relative_ ? kHsDrawRangeName : kHsDrawName);
  }
  uint32_t version() const {
    return preflop_small_pairs_ ? kSmallPairsVersion
                                : (range_relative_ ? kHsDrawRangeVersion : kHsDrawVersion);
  }
  // Makes this function version 2 (needs the draw bucket's slot).
  void SeparatePreflopSmallPairs();
  // The bucket of a made hand at HS percentile `percentile` (0..1) in the player's range.
  uint8_t RangeBucket(double percentile) const {
    const int b = static_cast<int>(percentile * k_);
    return static_cast<uint8_t>(b < 0 ? 0 : (b >= k_ ? k_ - 1 : b));
  }
  const std::vector<double>& edges(int round) const { return edges_[round]; }
  // "b3", "draw": a bucket's short name; with HS range "b3 [0.375,0.5)".
  std::string BucketName(int bucket) const;
  std::string BucketRange(int round, int bucket) const;

  // The buckets of all 1326 pairs on a board of the round (`board` holds the visible board
  // cards: 0, 3, 4 or 5). Pairs that share a card with the board get kNoBucket. Computes
  // AllPairsStrengthNumerators once (~22 us on one core).
  void AllPairs(int round, absl::Span<const poker::Card> board,
                std::array<uint8_t, poker::kNumPairs>* buckets) const;
  // The same function for one pair, given the pair's HS on this board (HsFromNumerator) and the
  // board's features: what AllPairs does for every pair. The trainer calls it for the players'
  // pairs (hand_observation.h). Preflop the HS argument is ignored (the pair's table bucket).
  uint8_t Bucket(poker::PairCards hole, const BoardFeatures& board, double hs) const;
  // HS from its exact integer form 2 * ahead + tied (AllPairsStrengthNumerators, or
  // HandStrengthCounts) on a board of `board_size` cards: computing HS one way from integers
  // makes buckets identical whichever way the counts were obtained.
  static double HsFromNumerator(int32_t twice_ahead_plus_tied, int board_size) {
    const int live = poker::kNumCards - board_size - 2;
    return twice_ahead_plus_tied / static_cast<double>(live * (live - 1));
  }
  // Features of a board in a round (see BoardFeatures).
  static BoardFeatures Features(int round, int num_rounds, absl::Span<const poker::Card> board);
  // Bucket of a pair preflop (a table lookup).
  uint8_t PreflopBucket(poker::PairCards hole) const {
    return preflop_[poker::PairIndex(hole.low, hole.high)];
  }

  // Draw detection used by Bucket (exposed for tests and the agent's reasoning).
  static bool HasDraw(poker::PairCards hole, const BoardFeatures& board) {
    return DrawKind(hole, board) != kNoDraw;
  }
  // Which draw HasDraw sees: a flush draw (four cards of a suit, at least one of them a hole
  // card) before a straight draw (two ranks that complete a straight the board does not).
  enum DrawKinds { kNoDraw = 0, kFlushDraw = 1, kStraightDraw = 2 };
  static int DrawKind(poker::PairCards hole, const BoardFeatures& board);

  bool operator==(const StrengthBuckets& other) const {
    return k_ == other.k_ && draw_bucket_ == other.draw_bucket_ &&
           range_relative_ == other.range_relative_ &&
           preflop_small_pairs_ == other.preflop_small_pairs_ &&
           draw_max_hs_ == other.draw_max_hs_ && edges_ == other.edges_;
  }

 private:
  int k_ = 0;
  bool draw_bucket_ = false;
  bool range_relative_ = false;
  bool preflop_small_pairs_ = false;
  double draw_max_hs_ = kDefaultDrawMaxHs;
  int num_rounds_ = 0;
  std::vector<std::vector<double>> edges_;  // per round, K-1 ascending
  std::array<uint8_t, poker::kNumPairs> preflop_{};
};

}  // namespace trainer

#endif  // TRAINER_STRENGTH_BUCKETS_H_
