#include "tools/report/decision_reason.h"

#include <regex>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace report {
namespace {

// A number of the explanation as it was logged, or -1.
double Number(const std::string& text) {
  double value = -1;
  return absl::SimpleAtod(text, &value) ? value : -1;
}

// How far a search looked: the logged number counts the streets past the current one.
std::string Horizon(const std::string& streets) {
  if (streets == "0") return "to the end of this street";
  if (streets == "1") return "through this street and the next";
  return absl::StrCat("through this street and the next ", streets);
}

std::string Percent(const std::string& fraction) {
  return absl::StrFormat("%.0f%%", 100 * Number(fraction));
}

// How the blueprint chose ("node 12 bucket 3 action 1 of 3 (p 0.62, played 0.7)") in words.
std::string BlueprintHow(const std::string& how) {
  static const std::regex kNode(R"(^(off the tree, nearest )?node \d+ bucket \d+ action \d+ of \d+ \(p ([0-9.e-]+)(?:, played ([0-9.e-]+))?\)$)");
  std::smatch m;
  if (std::regex_match(how, m, kNode)) {
    std::string out = absl::StrCat("its strategy takes this action with probability ",
                                   absl::StrFormat("%.2f", Number(m[2].str())));
    if (m[3].matched) {
      absl::StrAppend(&out, absl::StrFormat(" (%.2f as played)", Number(m[3].str())));
    }
    if (m[1].matched) {
      absl::StrAppend(&out, " in the nearest situation of its abstract tree (the betting left it)");
    }
    return out;
  }
  if (how == "off the abstract tree: check/call") {
    return "the betting left its abstract tree, so it checks or calls";
  }
  return how;
}

// A sentence made a clause to embed: no final period, a lower-case start.
std::string Clause(std::string sentence) {
  if (!sentence.empty() && sentence.back() == '.') sentence.pop_back();
  if (!sentence.empty() && sentence[0] >= 'A' && sentence[0] <= 'Z' &&
      (sentence.size() < 2 || !(sentence[1] >= 'A' && sentence[1] <= 'Z'))) {
    sentence[0] = static_cast<char>(sentence[0] - 'A' + 'a');
  }
  return sentence;
}

}  // namespace

std::string ActionInWords(absl::string_view action, int64_t to_call) {
  if (action == "f") return "fold";
  if (action == "c") return to_call > 0 ? "call" : "check";
  if (!action.empty() && action[0] == 'r') {
    const absl::string_view amount = action.substr(1);
    if (amount.empty()) return to_call > 0 ? "raise" : "bet";
    return absl::StrCat(to_call > 0 ? "raise to " : "bet ", amount);
  }
  return std::string(action);
}

std::string ReadableReason(absl::string_view explanation, int64_t to_call) {
  const std::string text(explanation);
  std::smatch m;
  // Heads-up search (agent/search_policy.cc).
  static const std::regex kSearch(
      R"(^search (\d+) streets?, (\d+) nodes; blueprint (\S+) \((.*?)\); gain (-?[0-9.]+), margin (-?[0-9.]+) after (\d+) decisions(.*?)(?: \(tilt [^)]*\))?: (blueprint|search (\S+))$)");
  if (std::regex_match(text, m, kSearch)) {
    const std::string blueprint = ActionInWords(m[3].str(), to_call);
    const double gain = Number(m[5].str());
    const std::string margin = m[6].str();
    std::string out = absl::StrCat("The search looked ", Horizon(m[1].str()), " (", m[2].str(),
                                   " nodes) and valued each action. The blueprint would ",
                                   blueprint, ": ", BlueprintHow(m[4].str()), ". ");
    if (m[9].str() == "blueprint" && gain == 0) {
      absl::StrAppend(&out, "The search values it highest too: played the blueprint's ", blueprint,
                      ".");
    } else if (m[9].str() == "blueprint") {
      absl::StrAppend(&out, "The best searched action gains ", m[5].str(),
                      " chips over it, not more than the margin of ", margin,
                      " chips that the search must clear (it shrinks as this opponent's ",
                      m[7].str(), " decisions seen so far grow): played the blueprint's ",
                      blueprint, ".");
    } else if (gain < 0) {
      absl::StrAppend(&out, "That action is not among the searched ones: played the search's ",
                      ActionInWords(m[10].str(), to_call), ".");
    } else {
      absl::StrAppend(&out, "The search's ", ActionInWords(m[10].str(), to_call), " gains ",
                      m[5].str(), " chips over it, more than the margin of ", margin,
                      " chips (after ", m[7].str(),
                      " decisions of this opponent): played the search's action.");
    }
    if (m[8].length() > 0) absl::StrAppend(&out, " Note:", m[8].str());
    return out;
  }
  // Multiway search.
  static const std::regex kMultiway(
      R"(^multiway search, (\d+) opponents, (\d+) streets?, (\d+) nodes; fold policy (\S+); gain (-?[0-9.]+), margin (-?[0-9.]+) \(confidence ([0-9.]+)\): (?:fold policy \((.*)\)|search (\S+))$)");
  if (std::regex_match(text, m, kMultiway)) {
    const std::string anchor = ActionInWords(m[4].str(), to_call);
    std::string out = absl::StrCat("The search against ", m[1].str(),
                                   m[1].str() == "1" ? " opponent" : " opponents", " looked ",
                                   Horizon(m[2].str()), " (", m[3].str(),
                                   " nodes) and valued each action. The fold policy would ",
                                   anchor, ". ");
    if (!m[9].matched && Number(m[5].str()) == 0) {
      absl::StrAppend(&out, "The search values it highest too: played the fold policy's ", anchor,
                      " (", Clause(ReadableReason(m[8].str(), to_call)), ").");
    } else if (m[9].matched) {
      absl::StrAppend(&out, "The search's ", ActionInWords(m[9].str(), to_call), " gains ",
                      m[5].str(), " chips over it, more than the margin of ", m[6].str(),
                      " chips (model confidence ", m[7].str(), "): played the search's action.");
    } else {
      absl::StrAppend(&out, "The best searched action gains ", m[5].str(),
                      " chips over it, not more than the margin of ", m[6].str(),
                      " chips (model confidence ", m[7].str(), "): played the fold policy's ",
                      anchor, " (", Clause(ReadableReason(m[8].str(), to_call)), ").");
    }
    return out;
  }
  // The blueprint alone (games without a search: Kuhn, Leduc).
  static const std::regex kBlueprint(R"(^blueprint \((.*)\)$)");
  if (std::regex_match(text, m, kBlueprint)) {
    return absl::StrCat("Played the blueprint strategy: ", BlueprintHow(m[1].str()), ".");
  }
  // The search could not run: the fold policy decided.
  static const std::regex kFallback(R"(^(.*?): fold policy; (.*)$)");
  if (std::regex_match(text, m, kFallback)) {
    return absl::StrCat("No search (", m[1].str(), "); the fold policy decided: ",
                        Clause(ReadableReason(m[2].str(), to_call)), ".");
  }
  // Threshold policies (agent/policies.cc): equity against call/raise thresholds.
  static const std::regex kThresholds(R"(^e ([0-9.]+) thr ([0-9.]+)/([0-9.]+)/([0-9.]+); (.*)$)");
  if (std::regex_match(text, m, kThresholds)) {
    return absl::StrCat("Equity ", Percent(m[1].str()), " against the thresholds ",
                        Percent(m[2].str()), " (call), ", Percent(m[3].str()), " (half-pot bet) and ",
                        Percent(m[4].str()), " (pot bet): ", m[5].str(), ".");
  }
  static const std::regex kJoker(R"(^e ([0-9.]+) potOdds ([0-9.]+) margin (-?[0-9.]+); (.*)$)");
  if (std::regex_match(text, m, kJoker)) {
    return absl::StrCat("Equity ", Percent(m[1].str()), " against pot odds of ",
                        Percent(m[2].str()), ": ", m[4].str(), ".");
  }
  return text;
}

}  // namespace report
