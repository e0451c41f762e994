#include "trainer/model_report.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "logs_parser/log_stats.h"
#include "nlohmann/json.hpp"

namespace trainer {
namespace {

constexpr const char* kHoldemStreets[] = {"preflop", "flop", "turn", "river"};

std::string Percent(uint64_t count, uint64_t total) {
  if (count == 0 || total == 0) return "-";
  return absl::StrFormat("%.1f%%", 100.0 * static_cast<double>(count) / total);
}

std::string EntryText(const EntryCounts& entry) {
  if (entry.dealt == 0) return "-";
  return absl::StrFormat("%d/%d (%.1f%%)", entry.entered, entry.dealt, 100.0 * entry.rate());
}

EntryCounts TotalEntry(const PlayerModel& player) {
  EntryCounts total;
  for (int c = 0; c < kNumPositionClasses; ++c) {
    total.dealt += player.entry(static_cast<PositionClass>(c)).dealt;
    total.entered += player.entry(static_cast<PositionClass>(c)).entered;
  }
  return total;
}

int NumNodes(const PlayerModel& player) {
  int nodes = 0;
  for (int r = 0; r < player.num_rounds(); ++r) nodes += player.street(r).num_nodes();
  return nodes;
}

template <typename T>
std::string JoinNumbers(const T& values, absl::string_view separator) {
  return absl::StrJoin(values, separator,
                       [](std::string* out, const auto& v) { absl::StrAppend(out, v); });
}

// ---- Summary ----

std::string GameText(const poker::GameDef& game) {
  std::vector<int> blinds(game.blind.begin(), game.blind.begin() + game.num_players);
  std::vector<int> stacks(game.stack.begin(), game.stack.begin() + game.num_players);
  std::vector<int> first;
  std::vector<int> boards;
  for (int r = 0; r < game.num_rounds; ++r) {
    first.push_back(game.first_player[r] + 1);
    boards.push_back(game.num_board_cards[r]);
  }
  std::string text =
      absl::StrCat(game.is_no_limit() ? "no-limit" : "limit", ", ", game.num_players, " players, ",
                   game.num_rounds, " rounds, blinds ", JoinNumbers(blinds, " "));
  if (game.is_no_limit()) {
    absl::StrAppend(&text, ", stacks ", JoinNumbers(stacks, " "));
  } else {
    std::vector<int> raises(game.raise_size.begin(), game.raise_size.begin() + game.num_rounds);
    absl::StrAppend(&text, ", raise sizes ", JoinNumbers(raises, " "));
  }
  absl::StrAppend(&text, ", first player ", JoinNumbers(first, " "), " (1-based), deck ",
                  game.num_suits, "x", game.num_ranks, ", ", game.num_hole_cards,
                  " hole cards, board ", JoinNumbers(boards, " "));
  return text;
}

std::string SummaryText(const OpponentModel& model) {
  const poker::GameDef& game = model.game();
  const Provenance& provenance = model.provenance();
  const StrengthBuckets& buckets = model.buckets();
  std::string out;
  absl::StrAppend(&out, "model format ", model.format_version(), ", trained by ",
                  provenance.trainer_versions.empty()
                      ? std::string("?")
                      : absl::StrJoin(provenance.trainer_versions, ", "),
                  "\n");
  absl::StrAppend(&out, "game: ", GameText(game), "\n");
  absl::StrAppend(&out, "actions: ", absl::StrJoin(model.abstraction().names(), " "));
  if (!model.abstraction().raise_edges().empty()) {
    absl::StrAppend(&out, " (raise edges ", JoinNumbers(model.abstraction().raise_edges(), " "),
                    " x pot after calling)");
  }
  absl::StrAppend(&out, "; tree depth cap ", model.max_depth(), " actions per street");
  if (model.street_context()) {
    absl::StrAppend(
        &out, "; street context v", model.street_context_version(),
        model.street_context_version() >= 2
            ? " (earlier raises 0/1/2+, who made the last, a raise on the street before)"
            : " (earlier raises 0/1/2+)");
  }
  absl::StrAppend(&out, "\n");
  if (buckets.enabled()) {
    absl::StrAppend(
        &out, "buckets: ", buckets.name(), " v", buckets.version(), ", ",
        buckets.num_strength_buckets(),
        " strength buckets + a draw bucket on the flop and turn (HS < ", buckets.draw_max_hs(), ")",
        buckets.preflop_small_pairs() ? "; 22..88 apart preflop" : "",
        buckets.range_relative() ? "; made hands by their place in the range" : "", "\n");
    for (int r = 0; r < game.num_rounds; ++r) {
      absl::StrAppend(&out, "  ", StreetName(r, game.num_rounds), " HS edges: ",
                      absl::StrJoin(buckets.edges(r), " ",
                                    [](std::string* s, double e) {
                                      absl::StrAppend(s, absl::StrFormat("%.4f", e));
                                    }),
                      "\n");
    }
  } else {
    absl::StrAppend(&out, "buckets: none\n");
  }
  absl::StrAppend(&out, "provenance: ", provenance.files.size(), " files (",
                  provenance.files_failed, " failed), ", provenance.lines, " lines, ",
                  provenance.hands_read, " hands read, ", provenance.hands_used, " used, ",
                  provenance.lines_rejected, " lines rejected");
  if (!provenance.rejected_by_reason.empty()) {
    absl::StrAppend(&out, " (",
                    absl::StrJoin(provenance.rejected_by_reason, ", ",
                                  [](std::string* s, const auto& entry) {
                                    absl::StrAppend(s, entry.first, ": ", entry.second);
                                  }),
                    ")");
  }
  if (provenance.online_hands > 0) {
    absl::StrAppend(&out, ", ", provenance.online_hands, " hands online");
  }
  absl::StrAppend(&out, "\n  names ",
                  provenance.strip_name_suffix ? "with table suffix stripped" : "as logged",
                  "; players ",
                  provenance.player_filter.empty() ? std::string("all")
                                                   : absl::StrJoin(provenance.player_filter, " "),
                  "; min hands ", model.min_hands(),
                  model.pruned() ? " (applied)" : " (not yet applied)", "\n");
  const std::vector<const PlayerModel*> players = model.players();
  absl::StrAppend(&out, "players: ", players.size(), "; population: ", model.population().hands(),
                  " player-hands\n");
  // Entry-rate columns by position class, then the total.
  absl::StrAppend(&out, absl::StrFormat("%-24s %9s %8s", "name", "hands", "nodes"));
  for (int c = 0; c < kNumPositionClasses; ++c) {
    absl::StrAppend(&out,
                    absl::StrFormat(" %8s", PositionClassName(static_cast<PositionClass>(c))));
  }
  absl::StrAppend(&out, absl::StrFormat(" %8s\n", "entry"));
  std::vector<const PlayerModel*> rows = players;
  rows.push_back(&model.population());
  for (const PlayerModel* player : rows) {
    const std::string name = player == &model.population() ? "(population)" : player->name();
    absl::StrAppend(&out,
                    absl::StrFormat("%-24s %9d %8d", name, player->hands(), NumNodes(*player)));
    for (int c = 0; c < kNumPositionClasses; ++c) {
      const EntryCounts& entry = player->entry(static_cast<PositionClass>(c));
      absl::StrAppend(&out, absl::StrFormat(" %8s", Percent(entry.entered, entry.dealt)));
    }
    const EntryCounts total = TotalEntry(*player);
    absl::StrAppend(&out, absl::StrFormat(" %8s\n", Percent(total.entered, total.dealt)));
  }
  return out;
}

using Json = nlohmann::ordered_json;
using logs_parser::Utf8OrLatin1;

// Numbers as the text report prints them (6 significant digits).
template <typename T>
Json NumberList(const T& values) {
  Json out = Json::array();
  for (const auto& v : values) {
    if constexpr (std::is_floating_point_v<std::decay_t<decltype(v)>>) {
      out.push_back(logs_parser::JsonSignificant(v, 6));
    } else {
      out.push_back(v);
    }
  }
  return out;
}

Json EntryJson(const PlayerModel& player) {
  Json out = Json::object();
  for (int c = 0; c < kNumPositionClasses; ++c) {
    const EntryCounts& entry = player.entry(static_cast<PositionClass>(c));
    out[PositionClassName(static_cast<PositionClass>(c))] = {{"dealt", entry.dealt},
                                                             {"entered", entry.entered}};
  }
  return out;
}

std::string SummaryJson(const OpponentModel& model) {
  const poker::GameDef& game = model.game();
  const Provenance& provenance = model.provenance();
  const StrengthBuckets& buckets = model.buckets();
  Json out;
  out["format_version"] = model.format_version();
  out["street_context_version"] = model.street_context_version();
  std::vector<int> blinds(game.blind.begin(), game.blind.begin() + game.num_players);
  std::vector<int> stacks(game.stack.begin(), game.stack.begin() + game.num_players);
  out["game"] = {{"betting", game.is_no_limit() ? "nolimit" : "limit"},
                 {"players", game.num_players},
                 {"rounds", game.num_rounds},
                 {"blinds", NumberList(blinds)},
                 {"stacks", NumberList(stacks)}};
  Json names = Json::array();
  for (const std::string& name : model.abstraction().names()) names.push_back(Utf8OrLatin1(name));
  Json bucket_json = {{"name", buckets.name()}};
  if (buckets.enabled()) {
    bucket_json["version"] = buckets.version();
    bucket_json["strength_buckets"] = buckets.num_strength_buckets();
    bucket_json["draw_max_hs"] = logs_parser::JsonSignificant(buckets.draw_max_hs(), 6);
    Json edges = Json::array();
    for (int r = 0; r < game.num_rounds; ++r) edges.push_back(NumberList(buckets.edges(r)));
    bucket_json["edges"] = std::move(edges);
  }
  out["abstraction"] = {{"actions", std::move(names)},
                        {"raise_edges", NumberList(model.abstraction().raise_edges())},
                        {"max_depth", model.max_depth()},
                        {"buckets", std::move(bucket_json)}};
  Json files = Json::array();
  for (const std::string& file : provenance.files) files.push_back(Utf8OrLatin1(file));
  Json reasons = Json::object();
  for (const auto& [reason, count] : provenance.rejected_by_reason) {
    reasons[Utf8OrLatin1(reason)] = count;
  }
  Json versions = Json::array();
  for (const std::string& v : provenance.trainer_versions) versions.push_back(Utf8OrLatin1(v));
  Json filter = Json::array();
  for (const std::string& name : provenance.player_filter) filter.push_back(Utf8OrLatin1(name));
  out["provenance"] = {{"files", std::move(files)},
                       {"hands_read", provenance.hands_read},
                       {"hands_used", provenance.hands_used},
                       {"lines", provenance.lines},
                       {"lines_rejected", provenance.lines_rejected},
                       {"rejected_by_reason", std::move(reasons)},
                       {"files_failed", provenance.files_failed},
                       {"trainer_versions", std::move(versions)},
                       {"strip_name_suffix", provenance.strip_name_suffix},
                       {"player_filter", std::move(filter)},
                       {"online_hands", provenance.online_hands}};
  out["min_hands"] = model.min_hands();
  out["pruned"] = model.pruned();
  Json players = Json::array();
  for (const PlayerModel* player : model.players()) {
    players.push_back({{"name", Utf8OrLatin1(player->name())},
                       {"hands", player->hands()},
                       {"nodes", NumNodes(*player)},
                       {"entry", EntryJson(*player)}});
  }
  out["players"] = std::move(players);
  out["population"] = {{"hands", model.population().hands()},
                       {"nodes", NumNodes(model.population())},
                       {"entry", EntryJson(model.population())}};
  return logs_parser::DumpJson(out) + "\n";
}

// ---- Player trees ----

// The nodes of a tree to show, in path order.
std::vector<int> SelectedNodes(const PatternTree& tree, const PlayerReportOptions& options) {
  std::vector<int> selected;
  for (int index : tree.SortedNodes()) {
    const NodeView node = tree.Node(index);
    if (options.max_depth >= 0 && node.path().depth() > options.max_depth) continue;
    if (node.times() < options.min_times) continue;
    selected.push_back(index);
  }
  return selected;
}

std::string ActionRow(const NodeView& node, int bucket, int num_actions) {
  const uint64_t total = bucket < 0 ? node.decisions() : node.bucket_decisions(bucket);
  std::string row;
  for (int a = 0; a < num_actions; ++a) {
    const auto action = static_cast<AbstractAction>(a);
    const uint64_t count =
        bucket < 0 ? node.action_count(action) : node.bucket_action_count(bucket, action);
    absl::StrAppend(&row, absl::StrFormat(" %7s", Percent(count, total)));
  }
  return row;
}

std::string PlayerText(const OpponentModel& model, const PlayerModel& player,
                       const PlayerReportOptions& options) {
  const ActionAbstraction& abstraction = model.abstraction();
  const StrengthBuckets& buckets = model.buckets();
  const int num_rounds = model.game().num_rounds;
  const bool population = &player == &model.population();
  std::string out = absl::StrCat(
      population ? "population (all players pooled)" : absl::StrCat("player ", player.name()), ": ",
      player.hands(), " hands\n");
  absl::StrAppend(&out, "played voluntarily to the flop:");
  for (int c = 0; c < kNumPositionClasses; ++c) {
    const auto position_class = static_cast<PositionClass>(c);
    absl::StrAppend(&out, c > 0 ? "," : "", " ", PositionClassName(position_class), " ",
                    EntryText(player.entry(position_class)));
  }
  absl::StrAppend(&out, "\n");
  absl::StrAppend(&out,
                  "(times: hands that reached the node with the player still in; decisions: its "
                  "actions there; then its action frequencies, overall and per strength bucket)\n");
  // Context steps ("context: raise last street, another's") are wider than actions.
  const int label_width = std::max(2 * model.max_depth() + 16, model.street_context() ? 40 : 0);
  for (int round = 0; round < num_rounds; ++round) {
    if (options.street >= 0 && round != options.street) continue;
    const PatternTree& tree = player.street(round);
    const std::vector<int> nodes = SelectedNodes(tree, options);
    absl::StrAppend(&out, "\n== ", StreetName(round, num_rounds), ": ", tree.num_nodes(),
                    " nodes, ", nodes.size(), " shown\n");
    absl::StrAppend(&out,
                    absl::StrFormat("%-*s %9s %9s", label_width, "node", "times", "decisions"));
    for (const std::string& name : abstraction.names()) {
      absl::StrAppend(&out, absl::StrFormat(" %7s", name));
    }
    absl::StrAppend(&out, "\n");
    for (int index : nodes) {
      const NodeView node = tree.Node(index);
      const PathKey path = node.path();
      const int depth = path.depth();
      const bool context = depth == 1 && round > 0 && model.street_context();
      const std::string label =
          depth == 0 ? "root"
          : context
              ? absl::StrCat("  ", StreetContextName(path, model.street_context_version()))
              : absl::StrCat(std::string(2 * depth, ' '), path.own(depth - 1) ? "me:" : "other:",
                             abstraction.Name(path.action(depth - 1)));
      absl::StrAppend(&out, absl::StrFormat("%-*s %9d %9d", label_width, label, node.times(),
                                            node.decisions()));
      if (node.decisions() > 0) absl::StrAppend(&out, ActionRow(node, -1, tree.num_actions()));
      absl::StrAppend(&out, "\n");
      if (!options.buckets || node.decisions() == 0) continue;
      for (int b = 0; b < tree.num_buckets(); ++b) {
        const uint64_t decisions = node.bucket_decisions(b);
        if (decisions == 0) continue;
        const std::string bucket_label =
            absl::StrCat(std::string(2 * depth + 2, ' '), buckets.BucketName(b), " ",
                         buckets.BucketRange(round, b));
        absl::StrAppend(&out,
                        absl::StrFormat("%-*s %9s %9d", label_width, bucket_label, "", decisions),
                        ActionRow(node, b, tree.num_actions()), "\n");
      }
    }
  }
  return out;
}

Json CountsJson(const NodeView& node, int bucket, const ActionAbstraction& abstraction) {
  Json out = Json::object();
  for (int a = 0; a < abstraction.num_actions(); ++a) {
    const auto action = static_cast<AbstractAction>(a);
    out[abstraction.Name(action)] =
        bucket < 0 ? node.action_count(action) : node.bucket_action_count(bucket, action);
  }
  return out;
}

std::string PlayerJson(const OpponentModel& model, const PlayerModel& player,
                       const PlayerReportOptions& options) {
  const ActionAbstraction& abstraction = model.abstraction();
  const StrengthBuckets& buckets = model.buckets();
  const int num_rounds = model.game().num_rounds;
  const bool population = &player == &model.population();
  Json out;
  out["name"] = population ? Json(nullptr) : Json(Utf8OrLatin1(player.name()));
  out["population"] = population;
  out["hands"] = player.hands();
  out["entry"] = EntryJson(player);
  Json streets = Json::array();
  for (int round = 0; round < num_rounds; ++round) {
    if (options.street >= 0 && round != options.street) continue;
    const PatternTree& tree = player.street(round);
    Json nodes = Json::array();
    for (int index : SelectedNodes(tree, options)) {
      const NodeView node = tree.Node(index);
      const PathKey path = node.path();
      Json steps = Json::array();
      for (int i = 0; i < path.depth(); ++i) {
        if (i == 0 && round > 0 && model.street_context()) {
          steps.push_back(
              {{"context", StreetContextName(path.Prefix(1), model.street_context_version())}});
          continue;
        }
        steps.push_back({{"action", abstraction.Name(path.action(i))}, {"own", path.own(i)}});
      }
      Json entry = {{"path", std::move(steps)},
                    {"times", node.times()},
                    {"decisions", node.decisions()},
                    {"actions", CountsJson(node, -1, abstraction)}};
      if (options.buckets && node.decisions() > 0) {
        Json rows = Json::array();
        for (int b = 0; b < tree.num_buckets(); ++b) {
          if (node.bucket_decisions(b) == 0) continue;
          rows.push_back({{"bucket", buckets.BucketName(b)},
                          {"range", buckets.BucketRange(round, b)},
                          {"decisions", node.bucket_decisions(b)},
                          {"actions", CountsJson(node, b, abstraction)}});
        }
        entry["buckets"] = std::move(rows);
      }
      nodes.push_back(std::move(entry));
    }
    streets.push_back({{"street", StreetName(round, num_rounds)}, {"nodes", std::move(nodes)}});
  }
  out["streets"] = std::move(streets);
  return logs_parser::DumpJson(out) + "\n";
}

}  // namespace

std::string StreetName(int round, int num_rounds) {
  if (num_rounds == 4 && round >= 0 && round < 4) return kHoldemStreets[round];
  return absl::StrCat("round ", round);
}

int ParseStreet(absl::string_view name, int num_rounds) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (num_rounds == 4) {
    for (int r = 0; r < 4; ++r) {
      if (lower == kHoldemStreets[r]) return r;
    }
  }
  int round = -1;
  if (absl::SimpleAtoi(lower, &round) && round >= 0 && round < num_rounds) return round;
  return -1;
}

std::string FormatSummary(const OpponentModel& model, bool json) {
  return json ? SummaryJson(model) : SummaryText(model);
}

std::string FormatPlayer(const OpponentModel& model, const PlayerModel& player,
                         const PlayerReportOptions& options, bool json) {
  return json ? PlayerJson(model, player, options) : PlayerText(model, player, options);
}

}  // namespace trainer
