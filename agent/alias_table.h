// Walker's alias method (Vose's construction): O(1) draws from a fixed discrete distribution.
#ifndef AGENT_ALIAS_TABLE_H_
#define AGENT_ALIAS_TABLE_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"

namespace agent {

// Draws item i with probability weights[i] / sum(weights), in O(1) from one 64-bit random number:
// the high 32 bits pick a slot uniformly (multiply-shift), the low 32 bits choose between the
// slot's own item and its alias. Only items with positive weight get a slot, so a range of a few
// hundred live pairs makes a table of a few hundred 8-byte slots. Probabilities are exact to
// about 2^-32 (the slot choice and the 32-bit threshold). At most 65536 items.
// Build allocates only when the table grows past its previous size; Sample never allocates.
// Not thread-safe to Build while another thread Samples; Sample is const.
class AliasTable {
 public:
  // Builds the table; returns false (and leaves it empty) when no weight is positive.
  // Negative and NaN weights count as 0.
  bool Build(absl::Span<const float> weights) {
    slots_.clear();
    small_.clear();
    large_.clear();
    double total = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
      if (weights[i] > 0) {
        total += weights[i];
        slots_.push_back({0, static_cast<uint32_t>(i) * 0x10001u});  // alias = item
      }
    }
    total_weight_ = total;
    const size_t n = slots_.size();
    if (n == 0) return false;
    // Vose: scale so the mean is 1; pair each under-full slot with an over-full item that tops
    // it up to 1, moving the rest of that item's mass on until it is under-full itself.
    scaled_.resize(n);
    for (size_t s = 0; s < n; ++s) {
      scaled_[s] = weights[slots_[s].item()] * static_cast<double>(n) / total;
      (scaled_[s] < 1 ? small_ : large_).push_back(static_cast<uint32_t>(s));
    }
    while (!small_.empty() && !large_.empty()) {
      const uint32_t s = small_.back();
      small_.pop_back();
      const uint32_t l = large_.back();
      slots_[s].threshold = ToThreshold(scaled_[s]);
      slots_[s].set_alias(slots_[l].item());
      scaled_[l] -= 1 - scaled_[s];
      if (scaled_[l] < 1) {
        large_.pop_back();
        small_.push_back(l);
      }
    }
    // Whatever is left holds (up to rounding) exactly 1: it always returns its own item.
    for (uint32_t s : large_) slots_[s].threshold = kAlways;
    for (uint32_t s : small_) slots_[s].threshold = kAlways;
    return true;
  }

  // An item index drawn from the distribution, given 64 uniformly random bits.
  uint32_t Sample(uint64_t random) const {
    const uint32_t n = static_cast<uint32_t>(slots_.size());
    const Slot& slot = slots_[(uint64_t{static_cast<uint32_t>(random >> 32)} * n) >> 32];
    // Branch-free: the own-or-alias choice is a coin flip the branch predictor cannot learn.
    const uint32_t use_alias = static_cast<uint32_t>(random) >= slot.threshold;
    return (slot.items >> (16 * use_alias)) & 0xFFFF;
  }

  // How many items have positive weight (0 before Build or after a failed one).
  int num_items() const { return static_cast<int>(slots_.size()); }
  // The sum of the positive weights given to Build.
  double total_weight() const { return total_weight_; }

 private:
  // Keeping the slot's own item has probability threshold / 2^32. items = alias << 16 | item.
  struct Slot {
    uint32_t threshold;
    uint32_t items;
    uint16_t item() const { return items & 0xFFFF; }
    void set_alias(uint32_t alias) { items = (items & 0xFFFF) | alias << 16; }
  };
  static constexpr uint32_t kAlways = 0xFFFFFFFFu;  // own item, alias == item or 2^-32 off

  static uint32_t ToThreshold(double p) {
    const double t = p * 4294967296.0;
    return t >= 4294967295.0 ? kAlways : static_cast<uint32_t>(t + 0.5);
  }

  std::vector<Slot> slots_;
  std::vector<double> scaled_;
  std::vector<uint32_t> small_;
  std::vector<uint32_t> large_;
  double total_weight_ = 0;
};

}  // namespace agent

#endif  // AGENT_ALIAS_TABLE_H_
