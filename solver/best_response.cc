#include "solver/best_response.h"

#include <numeric>
#include <unordered_map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "poker/hand_evaluator.h"

namespace solver {
namespace {

// Every deal of the game: ordered hole cards of each position, then the board in dealt order.
struct Deals {
  int count = 0;
  int rounds = 0;
  int players = 0;
  std::vector<int> buckets;     // deal * players * rounds + player * rounds + round
  std::vector<uint32_t> ranks;  // deal * players + player (showdown rank on the whole board)

  int Bucket(int d, int p, int r) const { return buckets[(d * players + p) * rounds + r]; }
};

void Enumerate(const poker::GameDef& game, const CardAbstraction& cards,
               const std::vector<poker::Card>& deck, std::vector<poker::Card>* chosen,
               std::vector<bool>* used, Deals* deals) {
  const int h = game.num_hole_cards;
  const int holes = game.num_players * h;
  const int total = holes + game.TotalBoardCards();
  if (static_cast<int>(chosen->size()) == total) {
    const absl::Span<const poker::Card> all(*chosen);
    const int start = static_cast<int>(deals->buckets.size());
    deals->buckets.resize(start + game.num_players * game.num_rounds);
    cards.DealBuckets(all.first(holes), all.subspan(holes),
                      absl::MakeSpan(deals->buckets).subspan(start));
    std::vector<poker::Card> hand(all.begin() + holes, all.end());
    for (int p = 0; p < game.num_players; ++p) {
      std::vector<poker::Card> with_hole = hand;
      with_hole.insert(with_hole.end(), all.begin() + p * h, all.begin() + (p + 1) * h);
      deals->ranks.push_back(poker::EvaluateAny(with_hole));
    }
    ++deals->count;
    return;
  }
  for (size_t i = 0; i < deck.size(); ++i) {
    if ((*used)[i]) continue;
    (*used)[i] = true;
    chosen->push_back(deck[i]);
    Enumerate(game, cards, deck, chosen, used, deals);
    chosen->pop_back();
    (*used)[i] = false;
  }
}

class Walker {
 public:
  Walker(const BettingTree& tree, const Profile& profile, const Deals& deals)
      : tree_(tree), game_(tree.game()), profile_(profile), deals_(deals) {}

  // Values for `player` per deal, weighted by `reach` (the chance probability times the other
  // players' probabilities of reaching the node). With `best_response` the player maximises per
  // infoset (node, bucket); otherwise it follows the profile too.
  std::vector<double> Walk(int n, int player, bool best_response,
                           const std::vector<double>& reach) {
    const Node& node = tree_.node(n);
    const int count = deals_.count;
    std::vector<double> value(count, 0.0);
    if (node.player < 0) {
      const int32_t* spent = tree_.spent(node.terminal);
      double pot = 0;
      for (int p = 0; p < game_.num_players; ++p) pot += spent[p];
      for (int d = 0; d < count; ++d) {
        if (reach[d] == 0) continue;
        value[d] = reach[d] * Payoff(node, spent, pot, d, player);
      }
      return value;
    }
    const int actions = node.num_actions;
    if (node.player != player) {
      std::vector<double> child_reach(count);
      for (int a = 0; a < actions; ++a) {
        for (int d = 0; d < count; ++d) {
          child_reach[d] =
              reach[d] * profile_.At(node, deals_.Bucket(d, node.player, node.round))[a];
        }
        const std::vector<double> v =
            Walk(node.first_child + a, player, best_response, child_reach);
        for (int d = 0; d < count; ++d) value[d] += v[d];
      }
      return value;
    }
    std::vector<std::vector<double>> child(actions);
    for (int a = 0; a < actions; ++a)
      child[a] = Walk(node.first_child + a, player, best_response, reach);
    if (!best_response) {
      for (int d = 0; d < count; ++d) {
        const float* sigma = profile_.At(node, deals_.Bucket(d, player, node.round));
        for (int a = 0; a < actions; ++a) value[d] += sigma[a] * child[a][d];
      }
      return value;
    }
    // The best action per bucket: the one with the largest total over the bucket's deals.
    std::unordered_map<int, std::vector<double>> totals;
    for (int d = 0; d < count; ++d) {
      std::vector<double>& t = totals[deals_.Bucket(d, player, node.round)];
      t.resize(actions, 0.0);
      for (int a = 0; a < actions; ++a) t[a] += child[a][d];
    }
    std::unordered_map<int, int> best;
    for (const auto& [bucket, t] : totals) {
      int arg = 0;
      for (int a = 1; a < actions; ++a) {
        if (t[a] > t[arg]) arg = a;
      }
      best[bucket] = arg;
    }
    for (int d = 0; d < count; ++d) {
      value[d] = child[best[deals_.Bucket(d, player, node.round)]][d];
    }
    return value;
  }

 private:
  double Payoff(const Node& node, const int32_t* spent, double pot, int d, int player) const {
    if (node.folded_mask >> player & 1) return -spent[player];
    if (!node.showdown) return pot - spent[player];
    uint32_t best = 0;
    int winners = 0;
    for (int p = 0; p < game_.num_players; ++p) {
      if (node.folded_mask >> p & 1) continue;
      const uint32_t r = deals_.ranks[d * game_.num_players + p];
      if (winners == 0 || r > best) {
        best = r;
        winners = 1;
      } else if (r == best) {
        ++winners;
      }
    }
    return deals_.ranks[d * game_.num_players + player] == best ? pot / winners - spent[player]
                                                                : -spent[player];
  }

  const BettingTree& tree_;
  const poker::GameDef& game_;
  const Profile& profile_;
  const Deals& deals_;
};

}  // namespace

absl::StatusOr<ExploitabilityReport> ComputeExploitability(const BettingTree& tree,
                                                           const CardAbstraction& cards,
                                                           const Profile& profile,
                                                           int64_t max_deals) {
  const poker::GameDef& game = tree.game();
  const int k = game.num_players * game.num_hole_cards + game.TotalBoardCards();
  double num_deals = 1;
  for (int i = 0; i < k; ++i) num_deals *= game.DeckSize() - i;
  if (num_deals > static_cast<double>(max_deals)) {
    return absl::InvalidArgumentError(
        absl::StrCat("exact best response: the game has ", num_deals, " deals (more than ",
                     max_deals, "); only small games (Kuhn, Leduc) can be walked"));
  }
  if (static_cast<int64_t>(profile.probs.size()) != tree.num_entries()) {
    return absl::InvalidArgumentError("exact best response: the profile does not fit the tree");
  }
  std::vector<poker::Card> deck;
  for (int s = poker::kNumSuits - game.num_suits; s < poker::kNumSuits; ++s) {
    for (int r = poker::kNumRanks - game.num_ranks; r < poker::kNumRanks; ++r) {
      deck.push_back(poker::MakeCard(r, s));
    }
  }
  Deals deals;
  deals.rounds = game.num_rounds;
  deals.players = game.num_players;
  std::vector<poker::Card> chosen;
  std::vector<bool> used(deck.size(), false);
  Enumerate(game, cards, deck, &chosen, &used, &deals);

  Walker walker(tree, profile, deals);
  const std::vector<double> reach(deals.count, 1.0 / deals.count);
  ExploitabilityReport report;
  for (int p = 0; p < game.num_players; ++p) {
    const std::vector<double> v = walker.Walk(0, p, false, reach);
    const std::vector<double> br = walker.Walk(0, p, true, reach);
    report.values.push_back(std::accumulate(v.begin(), v.end(), 0.0));
    report.br_values.push_back(std::accumulate(br.begin(), br.end(), 0.0));
    report.nash_conv += report.br_values.back() - report.values.back();
  }
  report.exploitability = report.nash_conv / game.num_players;
  return report;
}

}  // namespace solver
