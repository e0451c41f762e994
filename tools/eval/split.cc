#include "tools/eval/split.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "absl/strings/str_cat.h"

namespace eval {
namespace {

// SplitMix64: a tiny generator whose output is fixed by its definition (std::shuffle and the
// standard distributions are not portable across standard libraries).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (the multiply-shift bias is below 2^-32 for the sizes used here).
  uint64_t Below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >> 64);
  }

 private:
  uint64_t state_;
};

template <typename T>
void Shuffle(std::vector<T>* items, uint64_t seed) {
  SplitMix64 rng(seed);
  for (size_t i = items->size(); i > 1; --i) {
    std::swap((*items)[i - 1], (*items)[rng.Below(i)]);
  }
}

}  // namespace

absl::StatusOr<SplitKind> ParseSplitKind(const std::string& text) {
  if (text == "hand") return SplitKind::kHand;
  if (text == "file") return SplitKind::kFile;
  if (text == "player") return SplitKind::kPlayer;
  return absl::InvalidArgumentError(
      absl::StrCat("--split: '", text, "' is not hand, file or player"));
}

const char* SplitKindName(SplitKind kind) {
  switch (kind) {
    case SplitKind::kHand:
      return "hand";
    case SplitKind::kFile:
      return "file";
    case SplitKind::kPlayer:
      return "player";
  }
  return "?";
}

absl::StatusOr<Split> SplitSubset(absl::Span<const int> indices, absl::Span<const int> file_of,
                                  int num_files, SplitKind kind, double fraction, uint64_t seed) {
  if (!(fraction > 0 && fraction < 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("the held-out fraction ", fraction, " is not between 0 and 1"));
  }
  const int n = static_cast<int>(indices.size());
  Split split;
  std::vector<bool> in_test(n, false);
  if (kind == SplitKind::kPlayer) {
    return absl::InvalidArgumentError("a split by player needs the players of every hand");
  }
  if (kind == SplitKind::kHand) {
    const int test_hands = static_cast<int>(std::lround(fraction * n));
    if (test_hands < 1 || test_hands >= n) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot hold out ", fraction, " of ", n, " hands: a part would be empty"));
    }
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    Shuffle(&order, seed);
    for (int i = 0; i < test_hands; ++i) in_test[order[i]] = true;
  } else {
    std::vector<int> hands_in_file(num_files, 0);
    for (int i : indices) ++hands_in_file[file_of[i]];
    std::vector<int> files;
    for (int f = 0; f < num_files; ++f) {
      if (hands_in_file[f] > 0) files.push_back(f);
    }
    if (files.size() < 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("a split by file needs hands in at least 2 files; these hands are in ",
                       files.size(), " (use --split hand)"));
    }
    Shuffle(&files, seed);
    std::vector<bool> test_file(num_files, false);
    int64_t taken = 0;
    for (size_t k = 0; k + 1 < files.size() && taken < fraction * n; ++k) {
      test_file[files[k]] = true;
      taken += hands_in_file[files[k]];
    }
    for (int i = 0; i < n; ++i) in_test[i] = test_file[file_of[indices[i]]];
  }
  for (int i = 0; i < n; ++i) (in_test[i] ? split.test : split.train).push_back(indices[i]);
  std::sort(split.train.begin(), split.train.end());
  std::sort(split.test.begin(), split.test.end());
  return split;
}

absl::StatusOr<Split> MakeSplit(absl::Span<const int> file_of, int num_files, SplitKind kind,
                                double fraction, uint64_t seed) {
  std::vector<int> all(file_of.size());
  std::iota(all.begin(), all.end(), 0);
  return SplitSubset(all, file_of, num_files, kind, fraction, seed);
}

absl::StatusOr<PlayerSplit> MakePlayerSplit(absl::Span<const int> indices,
                                            absl::Span<const std::vector<int>> players_of,
                                            int num_players, double fraction, int min_players,
                                            uint64_t seed) {
  if (!(fraction > 0 && fraction < 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("the held-out fraction ", fraction, " is not between 0 and 1"));
  }
  const int n = static_cast<int>(indices.size());
  // The hands (positions in `indices`) of every player.
  std::vector<std::vector<int>> hands_of(num_players);
  for (int i = 0; i < n; ++i) {
    for (int player : players_of[indices[i]]) {
      if (hands_of[player].empty() || hands_of[player].back() != i) hands_of[player].push_back(i);
    }
  }
  std::vector<int> players;
  for (int player = 0; player < num_players; ++player) {
    if (!hands_of[player].empty()) players.push_back(player);
  }
  Shuffle(&players, seed);
  PlayerSplit result;
  std::vector<bool> in_test(n, false);
  int64_t taken = 0;
  for (int player : players) {
    if (taken >= fraction * n && static_cast<int>(result.held_out.size()) >= min_players) break;
    int64_t added = 0;
    for (int i : hands_of[player]) added += !in_test[i];
    if (taken + added >= n) continue;  // no training hand would be left
    for (int i : hands_of[player]) in_test[i] = true;
    taken += added;
    result.held_out.push_back(player);
  }
  if (result.held_out.empty() || taken == 0) {
    return absl::InvalidArgumentError(
        "no player can be held out: every player's hands would leave no training hand");
  }
  for (int i = 0; i < n; ++i) {
    (in_test[i] ? result.split.test : result.split.train).push_back(indices[i]);
  }
  std::sort(result.split.train.begin(), result.split.train.end());
  std::sort(result.split.test.begin(), result.split.test.end());
  return result;
}

}  // namespace eval
