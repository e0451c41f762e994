// The agent's `cfr` policy (`agent --policy cfr --strategy FILE`, `agent:policy=cfr,strategy=FILE`
// in the arena): plays a solver strategy (solver/cfr_player.h). It needs neither equity nor read
// ranges, so the agent skips those computations and decides in well under a millisecond.
#include <memory>
#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "poker/file_io.h"
#include "solver/cfr_player.h"

namespace agent {
namespace {

class CfrPolicy : public Policy {
 public:
  CfrPolicy(std::string path, std::shared_ptr<const solver::Blueprint> blueprint, uint64_t seed,
            solver::PlayOptions play)
      : path_(std::move(path)), decider_(std::move(blueprint), seed, play) {}

  std::string name() const override { return "cfr"; }
  absl::Status CheckGame(const poker::GameDef& game) const override {
    if (game == decider_.blueprint().game()) return absl::OkStatus();
    // Played anyway it would only check and call: the bot refuses the same file.
    return absl::FailedPreconditionError(absl::StrCat("strategy ", path_,
                                                      ": made for another game than the match's:\n",
                                                      decider_.blueprint().header().game()));
  }
  bool wants_read_ranges() const override { return false; }
  bool wants_equity() const override { return false; }
  std::string explanation() const override { return why_; }

  // The strategy's probabilities for every hole-card set (solver::CfrDecider::Report), exact and
  // cheap: a table lookup per set.
  bool ReportStrategy(const ReportQuery& query, poker::StrategyReport* report) const override {
    if (!(query.state.game() == decider_.blueprint().game())) {  // Decide's check/call
      const poker::Action call = poker::Action::Call();
      const poker::HoleSets sets(query.state.game());
      report->Reset(absl::MakeConstSpan(&call, 1), sets.size());
      for (int s = 0; s < sets.size(); ++s) report->at(s, 0) = 1;
      return true;
    }
    decider_.Report(query.state, report);
    return true;
  }

  poker::Action Decide(const Decision& decision) override {
    if (!(decision.state.game() == decider_.blueprint().game())) {
      why_ = "the strategy is of another game: check/call";  // (CheckGame refuses it)
      return poker::Action::Call();
    }
    const poker::Card pair[2] = {decision.hole.low, decision.hole.high};
    const absl::Span<const poker::Card> hole =
        decision.hole_cards.empty() ? absl::MakeConstSpan(pair) : decision.hole_cards;
    const double u =
        decision.rng != nullptr ? std::uniform_real_distribution<double>(0, 1)(*decision.rng) : 0.5;
    return decider_.Decide(decision.state, hole, u, &why_);
  }

 private:
  std::string path_;
  solver::CfrDecider decider_;
  std::string why_;
};

absl::StatusOr<std::unique_ptr<Policy>> MakeCfrPolicy(const PolicyParams& params) {
  auto it = params.extra_text.find("strategy");
  if (it == params.extra_text.end() || it->second.empty()) {
    return absl::InvalidArgumentError(
        "policy cfr needs a strategy file (--strategy FILE or strategy=FILE)");
  }
  absl::StatusOr<std::shared_ptr<const solver::Blueprint>> blueprint =
      solver::LoadSharedBlueprint(it->second, nullptr);
  // A file that cannot be read or is not a strategy: a failure (exit 1), not a bad command line.
  if (!blueprint.ok()) return poker::FileDataFailure(blueprint.status());
  auto seed = params.extra.find("cfr_seed");
  // Negative (the defaults): as the strategy file's header asks; else exactly as given.
  const auto param = [&params](const char* name) {
    auto found = params.extra.find(name);
    return found != params.extra.end() ? found->second : -1.0;
  };
  const double threshold = param("cfr_threshold");
  const double purify = param("cfr_purify");
  absl::StatusOr<solver::PlayOptions> play = solver::DefaultPlayOptions(**blueprint);
  if (threshold >= 0 || purify >= 0) {
    play = solver::PlayOptions{};
    if (threshold > 0) {
      absl::StatusOr<bool> ok =
          solver::ParsePlayOption("threshold", absl::StrCat(threshold), &*play);
      if (!ok.ok()) return ok.status();
    }
    play->purify = purify > 0;
  }
  // Here `play` can only be the file's own (a bad one is the file's data, not the command line's).
  if (!play.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(it->second, ": ", play.status().message()));
  }
  return std::make_unique<CfrPolicy>(
      it->second, *std::move(blueprint),
      seed != params.extra.end() ? static_cast<uint64_t>(seed->second) : 1, *play);
}

const bool kRegistered = RegisterPolicy(
    "cfr", "plays a solver strategy file (strategy=FILE; solver train), no equity needed",
    MakeCfrPolicy,
    {ExtraParam{"strategy", 0, "cfr: the strategy file (from solver train)", /*text=*/true},
     ExtraParam{"cfr_seed", 1, "cfr: seed of the translation of off-tree bets", /*text=*/false,
                cli::WholeBetween(0, 9007199254740992.0)},
     ExtraParam{"cfr_threshold", -1,
                "cfr: drop actions below this probability, renormalise (0: the mixed strategy; "
                "-1: as the strategy file asks)",
                /*text=*/false, cli::Between(-1, 1)},
     ExtraParam{"cfr_purify", -1,
                "cfr: 1 plays the most probable action only, 0 the strategy as it is (-1: as the "
                "strategy file asks)",
                /*text=*/false, cli::WholeBetween(-1, 1)}});

}  // namespace
}  // namespace agent
