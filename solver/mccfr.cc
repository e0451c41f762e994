#include "solver/mccfr.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "poker/hand_evaluator.h"
#include "poker/rng.h"

namespace solver {

Profile ProfileFromSums(const BettingTree& tree, const CardAbstraction& cards,
                        const std::vector<double>& sums) {
  Profile profile;
  profile.probs.resize(tree.num_entries());
  for (int n = 0; n < tree.num_nodes(); ++n) {
    const Node& node = tree.node(n);
    if (node.player < 0) continue;
    const int a_count = node.num_actions;
    for (int b = 0; b < cards.NumBuckets(node.round); ++b) {
      const int64_t base = node.offset + int64_t{b} * a_count;
      double total = 0;
      for (int a = 0; a < a_count; ++a) total += std::max(0.0, sums[base + a]);
      for (int a = 0; a < a_count; ++a) {
        profile.probs[base + a] =
            total > 0 ? static_cast<float>(std::max(0.0, sums[base + a]) / total) : 1.0f / a_count;
      }
    }
  }
  return profile;
}

namespace {

double Load(const double& x) {
  return std::atomic_ref<const double>(x).load(std::memory_order_relaxed);
}
void Add(double& x, double delta) {
  std::atomic_ref<double> ref(x);
  ref.store(ref.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
}

// Regret matching over `n` regrets at `r` into `sigma`.
void RegretMatch(const double* r, int n, double* sigma) {
  double total = 0;
  for (int a = 0; a < n; ++a) {
    sigma[a] = std::max(0.0, Load(r[a]));
    total += sigma[a];
  }
  if (total > 0) {
    for (int a = 0; a < n; ++a) sigma[a] /= total;
  } else {
    for (int a = 0; a < n; ++a) sigma[a] = 1.0 / n;
  }
}

}  // namespace

struct Mccfr::Worker {
  poker::Rng rng;
  std::vector<poker::Card> deck;
  std::vector<poker::Card> holes;
  std::vector<poker::Card> board;
  std::vector<int> buckets;  // player * rounds + round
  std::array<uint32_t, poker::kMaxPlayers> rank{};
  double weight = 1;
};

Mccfr::Mccfr(const BettingTree& tree, const CardAbstraction& cards, const MccfrOptions& options)
    : tree_(&tree), cards_(&cards), options_(options) {
  regrets_.assign(tree.num_entries(), 0.0);
  average_.assign(tree.num_entries(), 0.0);
}

Profile Mccfr::CurrentProfile() const { return ProfileFromSums(*tree_, *cards_, regrets_); }

double Mccfr::Walk(int n, int traverser, Worker* w) {
  const Node& node = tree_->node(n);
  const poker::GameDef& game = tree_->game();
  if (node.player < 0) {
    const int32_t* spent = tree_->spent(node.terminal);
    if (node.folded_mask >> traverser & 1) return -spent[traverser];
    double pot = 0;
    for (int p = 0; p < game.num_players; ++p) pot += spent[p];
    if (!node.showdown) return pot - spent[traverser];
    uint32_t best = 0;
    int winners = 0;
    for (int p = 0; p < game.num_players; ++p) {
      if (node.folded_mask >> p & 1) continue;
      if (winners == 0 || w->rank[p] > best) {
        best = w->rank[p];
        winners = 1;
      } else if (w->rank[p] == best) {
        ++winners;
      }
    }
    return w->rank[traverser] == best ? pot / winners - spent[traverser] : -spent[traverser];
  }
  const int count = node.num_actions;
  const int bucket = w->buckets[node.player * game.num_rounds + node.round];
  const int64_t base = node.offset + int64_t{bucket} * count;
  std::array<double, kMaxTreeActions> sigma;
  RegretMatch(&regrets_[base], count, sigma.data());
  if (node.player == traverser) {
    std::array<double, kMaxTreeActions> value;
    double expected = 0;
    for (int a = 0; a < count; ++a) {
      value[a] = Walk(node.first_child + a, traverser, w);
      expected += sigma[a] * value[a];
    }
    for (int a = 0; a < count; ++a) Add(regrets_[base + a], w->weight * (value[a] - expected));
    return expected;
  }
  for (int a = 0; a < count; ++a) Add(average_[base + a], w->weight * sigma[a]);
  double u = w->rng.Uniform();
  int chosen = count - 1;
  for (int a = 0; a < count - 1; ++a) {
    u -= sigma[a];
    if (u < 0) {
      chosen = a;
      break;
    }
  }
  return Walk(node.first_child + chosen, traverser, w);
}

void Mccfr::RunChunk(int64_t chunk, Worker* w) {
  const poker::GameDef& game = tree_->game();
  w->rng.Seed(options_.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(chunk));
  const int h = game.num_hole_cards;
  const int holes = game.num_players * h;
  const int board = game.TotalBoardCards();
  const int deck = static_cast<int>(w->deck.size());
  std::sort(w->deck.begin(), w->deck.end());  // the chunk's deal depends on (seed, chunk) only
  for (int64_t it = 0; it < kChunkIterations; ++it) {
    const int64_t t = chunk * kChunkIterations + it + 1;
    w->weight = options_.weighting == Weighting::kLinear ? static_cast<double>(t) : 1.0;
    // A partial Fisher-Yates shuffle: the first holes + board cards are the deal.
    for (int i = 0; i < holes + board; ++i) {
      const int j = i + static_cast<int>(w->rng.Below(static_cast<uint32_t>(deck - i)));
      std::swap(w->deck[i], w->deck[j]);
    }
    std::copy(w->deck.begin(), w->deck.begin() + holes, w->holes.begin());
    std::copy(w->deck.begin() + holes, w->deck.begin() + holes + board, w->board.begin());
    cards_->DealBuckets(w->holes, w->board, absl::MakeSpan(w->buckets));
    std::array<poker::Card, poker::kMaxHoleCards + poker::kMaxBoardCards> cards;
    std::copy(w->board.begin(), w->board.end(), cards.begin());
    for (int p = 0; p < game.num_players; ++p) {
      std::copy(w->holes.begin() + p * h, w->holes.begin() + (p + 1) * h, cards.begin() + board);
      w->rank[p] = poker::EvaluateAny(absl::MakeConstSpan(cards.data(), board + h));
    }
    for (int p = 0; p < game.num_players; ++p) Walk(0, p, w);
  }
}

absl::Status Mccfr::Run(int64_t iterations, double seconds, const std::atomic<bool>* stop) {
  const poker::GameDef& game = tree_->game();
  const int64_t end_chunk = (iterations + kChunkIterations - 1) / kChunkIterations;
  if (chunks_done_ >= end_chunk) return absl::OkStatus();
  const auto start = std::chrono::steady_clock::now();
  std::atomic<int64_t> next_chunk{chunks_done_};
  std::atomic<bool> abandon{false};  // set when a thread could not be started
  const auto work = [&] {
    Worker w;
    for (int s = poker::kNumSuits - game.num_suits; s < poker::kNumSuits; ++s) {
      for (int r = poker::kNumRanks - game.num_ranks; r < poker::kNumRanks; ++r) {
        w.deck.push_back(poker::MakeCard(r, s));
      }
    }
    w.holes.resize(game.num_players * game.num_hole_cards);
    w.board.resize(game.TotalBoardCards());
    w.buckets.resize(game.num_players * game.num_rounds);
    for (;;) {
      // The clock and the stop flag are checked before claiming a chunk, so every claimed chunk
      // is finished.
      if (seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
              seconds) {
        break;
      }
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) break;
      if (abandon.load(std::memory_order_relaxed)) break;
      const int64_t chunk = next_chunk.fetch_add(1);
      if (chunk >= end_chunk) break;
      RunChunk(chunk, &w);
    }
  };
  std::vector<std::thread> threads;
  absl::Status status;
  for (int i = 1; i < options_.threads; ++i) {
    try {
      threads.emplace_back(work);
    } catch (const std::system_error& e) {
      // Without this the exception ended the process (std::terminate) with the threads running.
      abandon.store(true);
      status = absl::ResourceExhaustedError(absl::StrCat("cannot start worker thread ", i + 1,
                                                         " of ", options_.threads, ": ", e.what(),
                                                         " (use fewer --threads)"));
      break;
    }
  }
  if (status.ok()) work();
  for (std::thread& t : threads) t.join();
  // Chunks are claimed in order and every claimed chunk below end_chunk was finished.
  chunks_done_ = std::min(next_chunk.load(), end_chunk);
  return status;
}

}  // namespace solver
