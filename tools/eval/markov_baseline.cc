#include "tools/eval/markov_baseline.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace eval {

absl::StatusOr<MarkovAlphabet> ParseMarkovAlphabet(const std::string& text) {
  if (text == "sequence") return MarkovAlphabet::kSequence;
  if (text == "aggressive") return MarkovAlphabet::kAggressive;
  return absl::InvalidArgumentError(
      absl::StrCat("--markov-actions: '", text, "' is not sequence or aggressive"));
}

const char* MarkovAlphabetName(MarkovAlphabet alphabet) {
  return alphabet == MarkovAlphabet::kSequence ? "sequence" : "aggressive";
}

std::string StreetSymbol(const trainer::HandObservation& hand, int position, int round,
                         const trainer::ActionAbstraction& abstraction,
                         const MarkovOptions& options) {
  if (round >= hand.num_rounds) return "none";
  std::string symbol;
  int own = 0;
  int most_aggressive = -1;
  bool folded = false;
  for (const trainer::StreetAction& action : hand.Street(round)) {
    if (action.actor != position) continue;
    if (action.action == trainer::kFold) {
      folded = true;
    } else {
      // Abstract action indices grow with aggression after fold: check, call, raise classes by
      // size, all-in.
      most_aggressive = std::max(most_aggressive, static_cast<int>(action.action));
    }
    if (options.alphabet == MarkovAlphabet::kSequence) {
      if (own < options.max_sequence) {
        if (own > 0) symbol += ' ';
        symbol += abstraction.Name(action.action);
      } else if (own == options.max_sequence) {
        symbol += " +";
      }
    }
    ++own;
  }
  if (own == 0) return "none";
  if (options.alphabet == MarkovAlphabet::kSequence) return symbol;
  if (most_aggressive < 0) return "fold";
  symbol = abstraction.Name(static_cast<trainer::AbstractAction>(most_aggressive));
  if (folded) symbol += "/fold";
  return symbol;
}

std::vector<std::vector<double>> ForwardFilter(absl::Span<const double> initial,
                                               absl::Span<const std::vector<double>> transitions,
                                               absl::Span<const std::vector<double>> likelihoods) {
  std::vector<std::vector<double>> filtered(likelihoods.size());
  std::vector<double> alpha;
  bool dead = false;
  for (size_t t = 0; t < likelihoods.size(); ++t) {
    const std::vector<double>& lik = likelihoods[t];
    std::vector<double> next(lik.size(), 0.0);
    if (!dead) {
      if (t == 0) {
        for (size_t c = 0; c < lik.size(); ++c) next[c] = initial[c] * lik[c];
      } else {
        const std::vector<double>& a = transitions[t - 1];
        const size_t cols = lik.size();
        for (size_t from = 0; from < alpha.size(); ++from) {
          if (alpha[from] == 0) continue;
          for (size_t to = 0; to < cols; ++to) next[to] += alpha[from] * a[from * cols + to];
        }
        for (size_t c = 0; c < cols; ++c) next[c] *= lik[c];
      }
      double total = 0;
      for (double v : next) total += v;
      if (total > 0) {
        for (double& v : next) v /= total;
      } else {
        dead = true;
        std::fill(next.begin(), next.end(), 0.0);
      }
    }
    filtered[t] = next;
    alpha = std::move(next);
  }
  return filtered;
}

MarkovBaseline::MarkovBaseline(MarkovOptions options) : options_(options) {}

int MarkovBaseline::SymbolId(int street, const std::string& symbol) const {
  auto it = symbols_[street].find(symbol);
  return it == symbols_[street].end() ? -1 : it->second;
}

void MarkovBaseline::AddSequence(int player, absl::Span<const int> classes,
                                 absl::Span<const std::string> symbols) {
  const int n = std::min<int>(std::min(classes.size(), symbols.size()), kNumStreets);
  PlayerEmissions* own = nullptr;
  if (player != kPopulation) own = &players_[player];
  for (int t = 0; t < n; ++t) {
    const int c = classes[t];
    if (t == 0) {
      initial_[c] += 1;
      initial_total_ += 1;
    } else {
      transitions_[t - 1][classes[t - 1]][c] += 1;
      transition_rows_[t - 1][classes[t - 1]] += 1;
    }
    auto [it, inserted] = symbols_[t].try_emplace(symbols[t], static_cast<int>(symbols_[t].size()));
    const int id = it->second;
    population_[t].by_symbol[id][c] += 1;
    population_[t].totals[c] += 1;
    if (own != nullptr) {
      (*own)[t].by_symbol[id][c] += 1;
      (*own)[t].totals[c] += 1;
    }
  }
}

double MarkovBaseline::Initial(int cls) const {
  const double k = kNumPreflopClasses;
  return (initial_[cls] + options_.transition_prior / k) /
         (initial_total_ + options_.transition_prior);
}

double MarkovBaseline::Transition(int step, int from, int to) const {
  const double k = NumClasses(step);
  return (transitions_[step - 1][from][to] + options_.transition_prior / k) /
         (transition_rows_[step - 1][from] + options_.transition_prior);
}

double MarkovBaseline::PopulationEmission(int street, int symbol, int cls) const {
  const StreetEmissions& e = population_[street];
  double n = 0;
  if (symbol >= 0) {
    auto it = e.by_symbol.find(symbol);
    if (it != e.by_symbol.end()) n = it->second[cls];
  }
  // Every seen symbol and one "unseen" slot share the pseudo-counts.
  const double slots = static_cast<double>(symbols_[street].size()) + 1;
  return (n + options_.emission_prior / slots) / (e.totals[cls] + options_.emission_prior);
}

double MarkovBaseline::EmissionById(int player, int street, int symbol, int cls) const {
  const double pop = PopulationEmission(street, symbol, cls);
  if (player == kPopulation) return pop;
  auto p = players_.find(player);
  if (p == players_.end()) return pop;
  const StreetEmissions& e = p->second[street];
  double n = 0;
  if (symbol >= 0) {
    auto it = e.by_symbol.find(symbol);
    if (it != e.by_symbol.end()) n = it->second[cls];
  }
  return (n + options_.player_prior * pop) / (e.totals[cls] + options_.player_prior);
}

double MarkovBaseline::Emission(int player, int street, const std::string& symbol, int cls) const {
  return EmissionById(player, street, SymbolId(street, symbol), cls);
}

std::vector<std::vector<double>> MarkovBaseline::Predict(
    int player, absl::Span<const std::string> symbols, absl::Span<const uint32_t> possible) const {
  const int n = std::min<int>(std::min(symbols.size(), possible.size()), kNumStreets);
  std::vector<std::vector<double>> weights(n);
  for (int t = 0; t < n; ++t) {
    weights[t].resize(NumClasses(t));
    for (int c = 0; c < NumClasses(t); ++c) {
      weights[t][c] = !options_.restrict_to_board || ((possible[t] >> c) & 1) ? 1.0 : 0.0;
    }
  }
  return PredictWeighted(player, symbols.subspan(0, n), weights);
}

std::vector<std::vector<double>> MarkovBaseline::PredictWeighted(
    int player, absl::Span<const std::string> symbols,
    absl::Span<const std::vector<double>> weights) const {
  const int n = std::min<int>(std::min(symbols.size(), weights.size()), kNumStreets);
  std::vector<double> initial(kNumPreflopClasses);
  for (int c = 0; c < kNumPreflopClasses; ++c) initial[c] = Initial(c);
  std::vector<std::vector<double>> transitions;
  std::vector<std::vector<double>> likelihoods(n);
  for (int t = 0; t < n; ++t) {
    const int k = NumClasses(t);
    if (t >= 1) {
      const int rows = NumClasses(t - 1);
      std::vector<double> a(static_cast<size_t>(rows) * k);
      for (int from = 0; from < rows; ++from) {
        for (int to = 0; to < k; ++to) a[from * k + to] = Transition(t, from, to);
      }
      transitions.push_back(std::move(a));
    }
    const int symbol = SymbolId(t, symbols[t]);
    likelihoods[t].resize(k);
    for (int c = 0; c < k; ++c) {
      const double w = c < static_cast<int>(weights[t].size()) ? weights[t][c] : 0.0;
      likelihoods[t][c] = w > 0 ? w * EmissionById(player, t, symbol, c) : 0.0;
    }
  }
  return ForwardFilter(initial, transitions, likelihoods);
}

void MarkovBaseline::AddBoardCounts(int street, absl::Span<const double> counts) {
  if (street < 1 || street >= kNumStreets) return;
  for (int c = 0; c < NumClasses(street) && c < static_cast<int>(counts.size()); ++c) {
    board_count_sums_[street][c] += counts[c];
  }
  boards_counted_[street] += 1;
}

double MarkovBaseline::MeanBoardCount(int street, int cls) const {
  if (street < 1 || street >= kNumStreets || boards_counted_[street] == 0) return 0;
  return board_count_sums_[street][cls] / boards_counted_[street];
}

std::vector<double> MarkovBaseline::CardCountWeights(int street,
                                                     absl::Span<const double> counts) const {
  const int k = NumClasses(street);
  std::vector<double> w(k, 0.0);
  for (int c = 0; c < k && c < static_cast<int>(counts.size()); ++c) {
    if (counts[c] <= 0) continue;
    const double mean = MeanBoardCount(street, c);
    // A class the training boards (almost) never allowed counts against a tenth of a pair.
    w[c] = street == 0 || boards_counted_[street] == 0 ? 1.0 : counts[c] / std::max(mean, 0.1);
  }
  return w;
}

std::vector<double> ClassPrior::Predict(int street, uint32_t possible) const {
  const int k = NumClasses(street);
  std::vector<double> p(k, 0.0);
  // Half a count keeps classes possible on the board but never seen in training in the ranking.
  for (int c = 0; c < k; ++c) {
    if ((possible >> c) & 1) p[c] = counts_[street][c] + 0.5;
  }
  return p;
}

}  // namespace eval
