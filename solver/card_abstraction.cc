#include "solver/card_abstraction.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "solver/holdem_buckets.h"

namespace solver {

void CardAbstraction::DealBuckets(absl::Span<const poker::Card> holes,
                                  absl::Span<const poker::Card> board, absl::Span<int> out) const {
  const int h = game_.num_hole_cards;
  for (int p = 0; p < game_.num_players; ++p) {
    for (int r = 0; r < game_.num_rounds; ++r) {
      out[p * game_.num_rounds + r] =
          Bucket(r, holes.subspan(p * h, h), board.first(game_.BoardCardsThrough(r)));
    }
  }
}

void CardAbstraction::AllPairsBuckets(int round, absl::Span<const poker::Card> board,
                                      absl::Span<int> out) const {
  uint64_t dead = 0;
  for (poker::Card c : board) dead |= uint64_t{1} << c;
  for (int i = 0; i < poker::kNumPairs; ++i) {
    const poker::PairCards pair = poker::PairFromIndex(i);
    if (((dead >> pair.low) & 1) != 0 || ((dead >> pair.high) & 1) != 0) {
      out[i] = -1;
      continue;
    }
    const poker::Card hole[2] = {pair.low, pair.high};
    out[i] = Bucket(round, hole, board);
  }
}

namespace {

// Every distinct (hole cards, visible board) is its own bucket: the hole cards as a sorted
// multiset, the board in dealt order, each card by its position in the game's deck, read as a
// number in base DeckSize(). Buckets that no deal reaches (repeated cards) are simply never used.
class ExactAbstraction : public CardAbstraction {
 public:
  explicit ExactAbstraction(const poker::GameDef& game) : CardAbstraction(game), game_(game) {
    for (int r = 0; r < game.num_rounds; ++r) {
      int64_t n = 1;
      for (int i = 0; i < game.num_hole_cards + game.BoardCardsThrough(r); ++i) {
        n *= game.DeckSize();
      }
      num_buckets_[r] = static_cast<int>(n);
    }
  }

  std::string Name() const override { return "exact:v1"; }
  int NumBuckets(int round) const override { return num_buckets_[round]; }

  int Bucket(int round, absl::Span<const poker::Card> hole,
             absl::Span<const poker::Card> board) const override {
    std::array<int, poker::kMaxHoleCards> sorted{};
    const int h = std::min(game_.num_hole_cards, poker::kMaxHoleCards);
    for (int i = 0; i < h; ++i) {  // insertion sort: the hole cards as a set
      int j = i;
      for (const int c = DeckIndex(hole[i]); j > 0 && sorted[j - 1] > c; --j)
        sorted[j] = sorted[j - 1];
      sorted[j] = DeckIndex(hole[i]);
    }
    int bucket = 0;
    for (int i = 0; i < h; ++i) bucket = bucket * game_.DeckSize() + sorted[i];
    const int b = game_.BoardCardsThrough(round);
    for (int i = 0; i < b; ++i) bucket = bucket * game_.DeckSize() + DeckIndex(board[i]);
    return bucket;
  }

  void DealBuckets(absl::Span<const poker::Card> holes, absl::Span<const poker::Card> board,
                   absl::Span<int> out) const override {
    const int players = static_cast<int>(out.size()) / game_.num_rounds;
    const int h = game_.num_hole_cards;
    for (int p = 0; p < players; ++p) {
      for (int r = 0; r < game_.num_rounds; ++r) {
        out[p * game_.num_rounds + r] = Bucket(r, holes.subspan(p * h, h), board);
      }
    }
  }

 private:
  // Position in the deck: ranks 13-numRanks..12, suits 4-numSuits..3.
  int DeckIndex(poker::Card c) const {
    const int rank = poker::RankOf(c) - (poker::kNumRanks - game_.num_ranks);
    const int suit = poker::SuitOf(c) - (poker::kNumSuits - game_.num_suits);
    return rank * game_.num_suits + suit;
  }

  poker::GameDef game_;
  std::array<int, poker::kMaxRounds> num_buckets_{};
};

}  // namespace

absl::StatusOr<std::unique_ptr<CardAbstraction>> MakeCardAbstraction(const poker::GameDef& game,
                                                                     absl::string_view spec,
                                                                     absl::string_view tables) {
  if (spec == "exact") {
    double n = 1;
    for (int i = 0; i < game.num_hole_cards + game.TotalBoardCards(); ++i) n *= game.DeckSize();
    if (n > 1 << 22) {
      return absl::InvalidArgumentError(
          absl::StrCat("card abstraction 'exact': the game's deck of ", game.DeckSize(),
                       " cards with ", game.num_hole_cards + game.TotalBoardCards(),
                       " hole and board cards is too large for exact buckets (use 'holdem')"));
    }
    return std::make_unique<ExactAbstraction>(game);
  }
  if (spec == "holdem" || absl::StartsWith(spec, "holdem:")) {
    HoldemBucketCounts counts;
    if (spec.size() > 6) {
      std::vector<absl::string_view> parts = absl::StrSplit(spec.substr(7), ',');
      if (parts.size() != 4) {
        return absl::InvalidArgumentError(absl::StrCat(
            "card abstraction '", spec, "': want holdem:PRE,FLOP,TURN,RIVER (4 counts)"));
      }
      for (int r = 0; r < 4; ++r) {
        if (!absl::SimpleAtoi(parts[r], &counts.per_round[r]) || counts.per_round[r] <= 0) {
          return absl::InvalidArgumentError(
              absl::StrCat("card abstraction '", spec, "': bad bucket count '", parts[r], "'"));
        }
      }
    }
    if (!tables.empty()) return MakeHoldemBucketsFromTables(game, counts, tables);
    return MakeHoldemBuckets(game, counts);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown card abstraction '", spec, "' (want exact or holdem[:P,F,T,R])"));
}

}  // namespace solver
