// Benchmarks of the hand evaluator (poker/hand_evaluator.h). items_per_second counts evaluations.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "benchmark/benchmark.h"
#include "poker/card.h"
#include "poker/hand_evaluator.h"
#include "poker/random_deal.h"
#include "tools/bench/bench_main.h"

namespace poker {
namespace {

// Enough hands that the branch predictor cannot learn which are flushes, few enough (256 KB)
// that streaming them does not push the evaluator's tables out of the L2 cache.
constexpr int kNumRandomHands = 1 << 14;

std::vector<Card> RandomDeals(int size, uint64_t seed, int num_hands = kNumRandomHands) {
  return RandomCardDeals(size, seed, num_hands);
}

// The 7-card deals of RandomDeals(7, 77, num_hands), made once per size (2^24 deals take seconds).
const std::vector<Card>& SevenCardDeals(int num_hands) {
  static std::map<int, std::vector<Card>> deals;
  auto it = deals.find(num_hands);
  if (it == deals.end()) it = deals.emplace(num_hands, RandomDeals(7, 77, num_hands)).first;
  return it->second;
}

std::vector<Hand> RandomHands(int size, uint64_t seed) {
  const std::vector<Card> cards = RandomDeals(size, seed);
  std::vector<Hand> hands;
  hands.reserve(kNumRandomHands);
  for (int h = 0; h < kNumRandomHands; ++h) {
    hands.push_back(Hand::Of(absl::MakeConstSpan(cards.data() + h * size, size)));
  }
  return hands;
}

// Evaluates pre-built hands of `size` cards in random order.
void EvaluatePrebuilt(benchmark::State& state, int size) {
  const std::vector<Hand> hands = RandomHands(size, 7 + size);
  for (auto _ : state) {
    uint32_t sum = 0;
    for (const Hand& hand : hands) sum += Evaluate(hand);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * kNumRandomHands);
}

void BM_Eval5Random(benchmark::State& state) { EvaluatePrebuilt(state, 5); }
void BM_Eval6Random(benchmark::State& state) { EvaluatePrebuilt(state, 6); }
void BM_Eval7Random(benchmark::State& state) { EvaluatePrebuilt(state, 7); }
BENCHMARK(BM_Eval5Random);
BENCHMARK(BM_Eval6Random);
BENCHMARK(BM_Eval7Random);

// Random 7-card hands given as card indices (what a caller holding cards does), state.range(0)
// of them: 2^16 (115 KB of cards, cache-resident) and 2^24 (117 MB, streamed from memory).
void BM_Eval7RandomFromCards(benchmark::State& state) {
  const std::vector<Card>& cards = SevenCardDeals(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    uint32_t sum = 0;
    const Card* const end = cards.data() + cards.size();
    for (const Card* c = cards.data(); c != end; c += 7) sum += EvaluateSevenCards(c);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Eval7RandomFromCards)->Arg(1 << 16)->Arg(1 << 24);

#if defined(__linux__)
// A copy of `cards` in anonymous memory aligned to 2 MB and advised as transparent huge pages
// (MADV_HUGEPAGE), unmapped when destroyed. The kernel grants huge pages where it can;
// HugePageShare() says how much of the copy it put on them (from /proc/self/smaps).
class HugePageCopy {
 public:
  static constexpr size_t kHugePage = size_t{2} << 20;

  explicit HugePageCopy(const std::vector<Card>& cards)
      : bytes_((cards.size() * sizeof(Card) + kHugePage - 1) / kHugePage * kHugePage) {
    mapping_ = mmap(nullptr, bytes_ + kHugePage, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping_ == MAP_FAILED) {
      mapping_ = nullptr;
      return;
    }
    const uintptr_t start = reinterpret_cast<uintptr_t>(mapping_);
    data_ = reinterpret_cast<Card*>((start + kHugePage - 1) / kHugePage * kHugePage);
    madvise(data_, bytes_, MADV_HUGEPAGE);
    std::memcpy(data_, cards.data(), cards.size() * sizeof(Card));
  }
  ~HugePageCopy() {
    if (mapping_ != nullptr) munmap(mapping_, bytes_ + kHugePage);
  }
  HugePageCopy(const HugePageCopy&) = delete;
  HugePageCopy& operator=(const HugePageCopy&) = delete;

  const Card* data() const { return data_; }

  // The share of the copy's bytes on huge pages: the AnonHugePages of the mapping that holds it
  // over its size (0 when /proc/self/smaps cannot be read).
  double HugePageShare() const {
    if (data_ == nullptr) return 0;
    std::ifstream smaps("/proc/self/smaps");
    const uintptr_t address = reinterpret_cast<uintptr_t>(data_);
    std::string line;
    bool inside = false;
    uint64_t size_kb = 0;
    while (std::getline(smaps, line)) {
      unsigned long from = 0, to = 0;
      if (std::sscanf(line.c_str(), "%lx-%lx ", &from, &to) == 2 && line.find(' ') > 8) {
        inside = from <= address && address < to;
        size_kb = (to - from) / 1024;
        continue;
      }
      unsigned long huge_kb = 0;
      if (inside && std::sscanf(line.c_str(), "AnonHugePages: %lu kB", &huge_kb) == 1) {
        return size_kb == 0 ? 0 : static_cast<double>(huge_kb) / static_cast<double>(size_kb);
      }
    }
    return 0;
  }

 private:
  size_t bytes_;
  void* mapping_ = nullptr;
  Card* data_ = nullptr;
};

// BM_Eval7RandomFromCards on the same hands copied to huge pages: part of what slows the 2^24 row
// is the caller's 4 KB pages, not the evaluator (at each one the hardware prefetcher stops and
// the page needs a TLB walk). The counter huge_page_share says how much of the copy the kernel
// put on 2 MB pages; the run is refused when it is not all of it (transparent huge pages off,
// or no free 2 MB pages), as it would then measure 4 KB pages under this name.
void BM_Eval7RandomFromCardsHugePages(benchmark::State& state) {
  const std::vector<Card>& deals = SevenCardDeals(static_cast<int>(state.range(0)));
  const HugePageCopy copy(deals);
  if (copy.data() == nullptr) {
    state.SkipWithError("mmap of the huge-page copy failed");
    return;
  }
  const double huge_page_share = copy.HugePageShare();
  state.counters["huge_page_share"] = huge_page_share;
  if (huge_page_share < 0.99) {
    state.SkipWithError(
        "the kernel put less than 99% of the copy on huge pages (see "
        "/sys/kernel/mm/transparent_hugepage/enabled): this run would measure 4 KB pages");
    return;
  }
  for (auto _ : state) {
    uint32_t sum = 0;
    const Card* const end = copy.data() + deals.size();
    for (const Card* c = copy.data(); c != end; c += 7) sum += EvaluateSevenCards(c);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Eval7RandomFromCardsHugePages)->Arg(1 << 24);
#endif  // defined(__linux__)

// The same hands through the batched EvaluateSevenCardHands, 1024 at a time into a buffer whose
// ranks are then summed.
void BM_Eval7RandomFromCardsBatch(benchmark::State& state) {
  const std::vector<Card>& cards = SevenCardDeals(static_cast<int>(state.range(0)));
  constexpr size_t kBatch = 1024;
  std::array<HandRank, kBatch> ranks;
  for (auto _ : state) {
    uint32_t sum = 0;
    for (size_t first = 0; first < cards.size(); first += 7 * kBatch) {
      EvaluateSevenCardHands(absl::MakeConstSpan(cards.data() + first, 7 * kBatch),
                             absl::MakeSpan(ranks));
      for (const HandRank rank : ranks) sum += rank;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Eval7RandomFromCardsBatch)->Arg(1 << 16)->Arg(1 << 20)->Arg(1 << 24);

// The same hands built as Hand sums (seven table lookups and additions) and then evaluated: the
// way from cards before EvaluateSevenCards.
void BM_Eval7RandomFromCardsViaHand(benchmark::State& state) {
  const std::vector<Card>& cards = SevenCardDeals(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    uint32_t sum = 0;
    for (const Card* c = cards.data(); c != cards.data() + cards.size(); c += 7) {
      sum += Evaluate(Hand::Of(c[0]) + Hand::Of(c[1]) + Hand::Of(c[2]) + Hand::Of(c[3]) +
                      Hand::Of(c[4]) + Hand::Of(c[5]) + Hand::Of(c[6]));
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Eval7RandomFromCardsViaHand)->Arg(1 << 16)->Arg(1 << 24);

// The ranks of all 133,784,560 7-card hands (ForEachSevenCardRank), summed.
void BM_Eval7Enumerate(benchmark::State& state) {
  for (auto _ : state) {
    uint32_t sum = 0;
    ForEachSevenCardRank([&sum](HandRank rank) { sum += rank; });
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 133784560);
}
BENCHMARK(BM_Eval7Enumerate)->Unit(benchmark::kMillisecond);

// The same with an empty barrier per hand, so the compiler cannot fold the hands of one rank
// group into one multiplication as it does above: every hand is visited one by one.
void BM_Eval7EnumeratePerHand(benchmark::State& state) {
  for (auto _ : state) {
    uint32_t sum = 0;
    ForEachSevenCardRank([&sum](HandRank rank) {
      sum += rank;
      asm volatile("" : "+r"(sum));
    });
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 133784560);
}
BENCHMARK(BM_Eval7EnumeratePerHand)->Unit(benchmark::kMillisecond);

// The same hands and sum, each hand built as a Hand and evaluated on its own: the enumeration
// before ForEachSevenCardRank.
void BM_Eval7EnumerateHands(benchmark::State& state) {
  for (auto _ : state) {
    uint32_t sum = 0;
    ForEachSevenCardHand([&sum](const Hand& hand) { sum += Evaluate(hand); });
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 133784560);
}
BENCHMARK(BM_Eval7EnumerateHands)->Unit(benchmark::kMillisecond);

// Building the lookup tables, which every program does once at start-up.
void BM_BuildTables(benchmark::State& state) {
  for (auto _ : state) {
    auto tables = std::make_unique<hand_internal::Tables>();
    benchmark::DoNotOptimize(tables.get());
  }
}
BENCHMARK(BM_BuildTables)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace poker

POKER_BENCHMARK_MAIN("poker_bench");
