#include "solver/strategy_report.h"

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "poker/card.h"
#include "solver/betting_tree.h"

namespace solver {
namespace {

std::string EdgeText(const Edge& edge, const poker::GameDef& game) {
  switch (edge.kind) {
    case EdgeKind::kFold:
      return "f";
    case EdgeKind::kCall:
      return "c";
    default:
      return game.is_no_limit() ? absl::StrCat("r", edge.action.raise_to) : "r";
  }
}

// A weight out of 255 as the probability the text prints (3 decimals), for JSON.
double Probability(uint8_t weight) { return std::round(weight / 255.0 * 1000) / 1000; }

// For exact abstractions: a label (the cards) for every bucket of a round.
std::map<int, std::string> BucketLabels(const CardAbstraction& cards, const poker::GameDef& game,
                                        int round) {
  std::vector<poker::Card> deck;
  for (int s = poker::kNumSuits - game.num_suits; s < poker::kNumSuits; ++s) {
    for (int r = poker::kNumRanks - game.num_ranks; r < poker::kNumRanks; ++r) {
      deck.push_back(poker::MakeCard(r, s));
    }
  }
  std::map<int, std::string> labels;
  const int h = game.num_hole_cards;
  const int k = h + game.BoardCardsThrough(round);
  std::vector<poker::Card> chosen(k);
  // Every ordered choice of k distinct cards (small decks only).
  std::function<void(int)> rec = [&](int i) {
    if (i == k) {
      const int b = cards.Bucket(round, absl::MakeConstSpan(chosen).first(h),
                                 absl::MakeConstSpan(chosen).subspan(h));
      if (!labels.count(b)) {
        labels[b] = poker::CardsToString(absl::MakeConstSpan(chosen).first(h));
        if (k > h) {
          absl::StrAppend(&labels[b], "|",
                          poker::CardsToString(absl::MakeConstSpan(chosen).subspan(h)));
        }
      }
      return;
    }
    for (poker::Card c : deck) {
      bool used = false;
      for (int j = 0; j < i; ++j) used |= chosen[j] == c;
      if (used) continue;
      chosen[i] = c;
      rec(i + 1);
    }
  };
  rec(0);
  return labels;
}

// One decision node of an exact-abstraction strategy, for both outputs.
struct InfosetRow {
  int node = 0;
  std::string history;
  int player = 0;
  int round = 0;
  std::vector<std::string> actions;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> strategy;  // cards -> weights
};

void CollectInfosets(const Blueprint& bp, int n, const std::string& history,
                     const std::vector<std::map<int, std::string>>& labels,
                     std::vector<InfosetRow>* rows) {
  const BettingTree& tree = bp.tree();
  const Node& node = tree.node(n);
  if (node.player < 0) return;
  InfosetRow row;
  row.node = n;
  row.history = history;
  row.player = node.player;
  row.round = node.round;
  for (int a = 0; a < node.num_actions; ++a) {
    row.actions.push_back(EdgeText(tree.edge(node.first_child + a), bp.game()));
  }
  for (const auto& [bucket, label] : labels[node.round]) {
    const uint8_t* q = bp.At(node, bucket);
    row.strategy.emplace_back(label, std::vector<uint8_t>(q, q + node.num_actions));
  }
  rows->push_back(std::move(row));
  for (int a = 0; a < node.num_actions; ++a) {
    const Node& child = tree.node(node.first_child + a);
    std::string h = history + EdgeText(tree.edge(node.first_child + a), bp.game());
    if (child.player >= 0 && child.round != node.round) h += "/";
    CollectInfosets(bp, node.first_child + a, h, labels, rows);
  }
}

std::vector<InfosetRow> Infosets(const Blueprint& bp) {
  std::vector<std::map<int, std::string>> labels;
  for (int r = 0; r < bp.game().num_rounds; ++r) {
    labels.push_back(BucketLabels(bp.cards(), bp.game(), r));
  }
  std::vector<InfosetRow> rows;
  CollectInfosets(bp, 0, "", labels, &rows);
  return rows;
}

// The root's weight for action `a` of the starting hand in row r, column c of the 13x13 table
// (ranks from A down; suited above the diagonal, offsuit below).
uint8_t PreflopWeight(const Blueprint& bp, int a, int r, int c) {
  const Node& root = bp.tree().node(0);
  const poker::Card first = poker::MakeCard(r, 0);
  const poker::Card second = poker::MakeCard(c, r > c ? 0 : 1);
  const poker::Card hole[2] = {first, second};
  const int bucket = bp.cards().Bucket(0, hole, {});
  return bp.At(root, bucket)[a];
}

bool IsHoldem(const poker::GameDef& game) {
  return game.num_hole_cards == 2 && game.DeckSize() == 52;
}

}  // namespace

std::string InspectText(const Blueprint& bp, const std::string& path) {
  const solver_proto::StrategyHeader& h = bp.header();
  std::string out = absl::StrCat(
      "strategy ", path, "\n", "  cards ", h.card_abstraction(), " (spec ", h.card_spec(),
      "), betting ", h.betting_abstraction(), "\n", "  ", h.num_infosets(), " infosets, ",
      h.num_entries(), " entries, ", h.iterations(), " iterations (", h.weighting(),
      " weighting, seed ", h.seed(), ", ", h.threads(), " threads, ",
      absl::StrFormat("%.0f", h.train_seconds()), " s)\n", "  format ", h.format_version(),
      ", payload ", h.payload_bytes(), " bytes",
      h.payload_encoding() == solver_proto::StrategyHeader::ENCODING_DEFLATE_PACKED
          ? absl::StrCat(" (deflated from ", h.packed_bytes(), ")")
          : std::string(" (raw)"),
      "\n", "  play ", h.play().empty() ? "plain" : h.play(), " (the cfr players' default)\n",
      "game:\n", h.game(), "\n");
  const poker::GameDef& game = bp.game();
  if (h.card_spec() == "exact") {
    for (const InfosetRow& row : Infosets(bp)) {
      absl::StrAppend(&out, "node ", row.node, " history '", row.history, "' player ", row.player,
                      " round ", row.round, " actions [", absl::StrJoin(row.actions, " "), "]\n");
      for (const auto& [label, weights] : row.strategy) {
        absl::StrAppend(&out, "  ", label, ":");
        for (uint8_t w : weights) absl::StrAppendFormat(&out, " %.3f", w / 255.0);
        out += "\n";
      }
    }
  } else if (IsHoldem(game)) {
    const BettingTree& tree = bp.tree();
    const Node& root = tree.node(0);
    for (int a = 0; a < root.num_actions; ++a) {
      absl::StrAppend(&out, "root (player ", static_cast<int>(root.player), "), action ",
                      EdgeText(tree.edge(root.first_child + a), game),
                      ": probability per starting hand (rows and columns A..2; suited above the "
                      "diagonal, offsuit below)\n     ");
      for (int c = 12; c >= 0; --c) {
        absl::StrAppend(&out, "    ", std::string(1, poker::kRankChars[c]));
      }
      out += "\n";
      for (int r = 12; r >= 0; --r) {
        absl::StrAppend(&out, "  ", std::string(1, poker::kRankChars[r]), "  ");
        for (int c = 12; c >= 0; --c) {
          absl::StrAppendFormat(&out, " %4.2f", PreflopWeight(bp, a, r, c) / 255.0);
        }
        out += "\n";
      }
    }
  }
  return out;
}

nlohmann::ordered_json InspectJson(const Blueprint& bp, const std::string& path) {
  const solver_proto::StrategyHeader& h = bp.header();
  const bool deflated =
      h.payload_encoding() == solver_proto::StrategyHeader::ENCODING_DEFLATE_PACKED;
  nlohmann::ordered_json out = {{"file", path},
                                {"card_abstraction", h.card_abstraction()},
                                {"card_spec", h.card_spec()},
                                {"betting_abstraction", h.betting_abstraction()},
                                {"infosets", h.num_infosets()},
                                {"entries", h.num_entries()},
                                {"iterations", h.iterations()},
                                {"weighting", h.weighting()},
                                {"seed", h.seed()},
                                {"threads", h.threads()},
                                {"train_seconds", h.train_seconds()},
                                {"format", h.format_version()},
                                {"payload_bytes", h.payload_bytes()},
                                {"payload_encoding", deflated ? "deflate" : "raw"},
                                {"packed_bytes", deflated ? h.packed_bytes() : h.payload_bytes()},
                                {"play", h.play().empty() ? "plain" : h.play()},
                                {"game", h.game()}};
  const poker::GameDef& game = bp.game();
  if (h.card_spec() == "exact") {
    nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
    for (const InfosetRow& row : Infosets(bp)) {
      nlohmann::ordered_json strategy = nlohmann::ordered_json::object();
      for (const auto& [label, weights] : row.strategy) {
        nlohmann::ordered_json probabilities = nlohmann::ordered_json::array();
        for (uint8_t w : weights) probabilities.push_back(Probability(w));
        strategy[label] = probabilities;
      }
      nodes.push_back({{"node", row.node},
                       {"history", row.history},
                       {"player", row.player},
                       {"round", row.round},
                       {"actions", row.actions},
                       {"strategy", strategy}});
    }
    out["nodes"] = nodes;
  } else if (IsHoldem(game)) {
    const BettingTree& tree = bp.tree();
    const Node& root = tree.node(0);
    nlohmann::ordered_json actions = nlohmann::ordered_json::array();
    nlohmann::ordered_json tables = nlohmann::ordered_json::object();
    for (int a = 0; a < root.num_actions; ++a) {
      const std::string action = EdgeText(tree.edge(root.first_child + a), game);
      actions.push_back(action);
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (int r = 12; r >= 0; --r) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (int c = 12; c >= 0; --c) row.push_back(Probability(PreflopWeight(bp, a, r, c)));
        rows.push_back(row);
      }
      tables[action] = rows;
    }
    out["preflop_root"] = {{"player", static_cast<int>(root.player)},
                           {"actions", actions},
                           {"ranks", "AKQJT98765432"},
                           {"tables", tables}};
  }
  return out;
}

std::string ExploitabilityText(const ExploitabilityReport& r) {
  std::string out;
  for (size_t p = 0; p < r.values.size(); ++p) {
    absl::StrAppendFormat(&out, "position %d: value %.6f, best response %.6f\n", p, r.values[p],
                          r.br_values[p]);
  }
  absl::StrAppendFormat(&out, "nash_conv %.6f\nexploitability %.6f chips/hand\n", r.nash_conv,
                        r.exploitability);
  return out;
}

nlohmann::ordered_json ExploitabilityJson(const ExploitabilityReport& r, const std::string& path) {
  nlohmann::ordered_json positions = nlohmann::ordered_json::array();
  for (size_t p = 0; p < r.values.size(); ++p) {
    positions.push_back(
        {{"position", p}, {"value", r.values[p]}, {"best_response", r.br_values[p]}});
  }
  return {{"file", path},
          {"positions", positions},
          {"nash_conv", r.nash_conv},
          {"exploitability", r.exploitability},
          {"unit", "chips/hand"}};
}

}  // namespace solver
