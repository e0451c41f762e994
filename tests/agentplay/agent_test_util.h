// Shared code of the agent tests: game definitions, random states reached by random legal play, a
// player wrapper that checks every action it returns is legal, and the search model's tilt fitted
// to an opponent.
#ifndef TESTS_AGENTPLAY_AGENT_TEST_UTIL_H_
#define TESTS_AGENTPLAY_AGENT_TEST_UTIL_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "agent/policies.h"
#include "agent/policy.h"
#include "agent/tilted_blueprint.h"
#include "gtest/gtest.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "poker/player.h"
#include "poker/state.h"
#include "solver/cfr_player.h"
#include "tools/arena/ring.h"

namespace agentplay_test {

inline constexpr char kNoLimit2p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kNoLimit3p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\n"
    "blind = 50 100 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kNoLimit6p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 6\nnumRounds = 4\n"
    "stack = 20000 20000 20000 20000 20000 20000\nblind = 50 100 0 0 0 0\n"
    "firstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kLimit2p[] =
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";
inline constexpr char kLimit6p[] =
    "GAMEDEF\nlimit\nnumPlayers = 6\nnumRounds = 4\nblind = 5 10 0 0 0 0\n"
    "raiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\n"
    "numRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";
// Short and uneven stacks: 8, 30 and 150 big blinds (all-in-or-fold and protection paths).
inline constexpr char kShortStacks3p[] =
    "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 800 3000 15000\n"
    "blind = 50 100 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
    "numBoardCards = 0 3 1 1\nEND GAMEDEF\n";

inline poker::GameDef Game(const char* text) { return *poker::ParseGameDef(text); }

// The card `text` names ("As"); a test fails on text that names none.
inline poker::Card C(const char* text) {
  absl::StatusOr<poker::Card> card = poker::ParseCard(text);
  EXPECT_TRUE(card.ok()) << text;
  return card.ok() ? *card : 0;
}

// A random legal action for the player to act: fold 10% (when legal), call 50%, raise 40% with a
// raise-to uniform in [min, max] (or min/max exactly a third of the time each).
inline poker::Action RandomAction(const poker::State& state, std::mt19937_64* rng) {
  std::uniform_real_distribution<double> u(0, 1);
  const double x = u(*rng);
  int32_t min_to = 0;
  int32_t max_to = 0;
  if (x < 0.1 && state.CanFold()) return poker::Action::Fold();
  if (x < 0.6 || !state.RaiseRange(&min_to, &max_to)) return poker::Action::Call();
  const double y = u(*rng);
  if (y < 1.0 / 3) return poker::Action::Raise(min_to);
  if (y < 2.0 / 3) return poker::Action::Raise(max_to);
  return poker::Action::Raise(
      min_to + static_cast<int32_t>((*rng)() % (static_cast<uint64_t>(max_to - min_to) + 1)));
}

// `count` states (someone to act) from random play of dealt hands; every card is known.
inline std::vector<poker::State> RandomStates(const poker::GameDef& game, int count,
                                              uint64_t seed) {
  std::vector<poker::State> states;
  std::mt19937_64 rng(seed);
  poker::Dealer dealer(game, static_cast<uint32_t>(seed));
  for (uint32_t hand = 0; static_cast<int>(states.size()) < count; ++hand) {
    poker::State state(game, hand);
    dealer.DealNext(&state);
    while (!state.finished() && static_cast<int>(states.size()) < count) {
      states.push_back(state);
      if (!state.Apply(RandomAction(state, &rng)).ok()) break;
    }
  }
  return states;
}

// Plays a random legal action (the "opponent" of the property tests).
class RandomPlayer : public poker::Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  poker::Action Act(const poker::MatchState& view) override {
    return RandomAction(view.state, &rng_);
  }

 private:
  std::mt19937_64 rng_;
};

// Wraps a player and records every action it returns that is not legal as sent.
class LegalityChecker : public poker::Player {
 public:
  explicit LegalityChecker(poker::Player* inner) : inner_(inner) {}
  void Observe(const poker::MatchState& view) override { inner_->Observe(view); }
  poker::Action Act(const poker::MatchState& view) override {
    const poker::Action action = inner_->Act(view);
    ++actions;
    if (!view.state.IsLegal(action)) {
      illegal.push_back(poker::FormatMatchState(view) + " -> " +
                        std::to_string(static_cast<int>(action.type)) + " " +
                        std::to_string(action.raise_to));
    }
    return action;
  }
  int actions = 0;
  std::vector<std::string> illegal;

 private:
  poker::Player* inner_;
};

// The tilt of `opponent` fitted over `hands` hands against the blueprint (its cards hidden unless
// shown down), deals of `dealer_seed`, the model's options `options`.
inline agent::OpponentTilt FitTilt(const poker::GameDef& game,
                                   const std::shared_ptr<const solver::Blueprint>& blueprint,
                                   poker::Player* opponent, int hands,
                                   agent::TiltOptions options = {}, uint64_t dealer_seed = 91) {
  agent::TiltedBlueprint model(*blueprint, options);
  agent::OpponentTilt tilt;
  solver::CfrBot me(blueprint, 5);
  poker::Dealer dealer(game, dealer_seed);
  for (int h = 0; h < hands; ++h) {
    poker::State state(game, h);
    dealer.DealNext(&state);
    const int my_position = h % 2;
    std::vector<poker::Player*> by_position(2);
    by_position[my_position] = &me;
    by_position[1 - my_position] = opponent;
    EXPECT_TRUE(arena::PlayHand(&state, by_position).ok());
    if (!state.IsShowdown()) {  // the opponent's cards stay hidden
      state.set_hole_card(1 - my_position, 0, poker::kNoCard);
      state.set_hole_card(1 - my_position, 1, poker::kNoCard);
    }
    model.FitHand(state, my_position, 1 - my_position, &tilt);
  }
  return tilt;
}

// Heads-up no-limit, 200 bb stacks, 2c 7d 9h Jc 3s checked to the river: the pot is 2 bb and
// position 0 (holding `a` `b`) is to act.
inline poker::State CheckedRiver(const poker::GameDef& game, const char* a, const char* b,
                                 uint32_t hand) {
  poker::State state(game, hand);
  const char* board[] = {"2c", "7d", "9h", "Jc", "3s"};
  for (int i = 0; i < 5; ++i) state.set_board_card(i, C(board[i]));
  state.set_hole_card(0, 0, C(a));
  state.set_hole_card(0, 1, C(b));
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(state.Apply(poker::Action::Call()).ok());
  return state;
}

// The `search` policy with these extra parameters, seated heads-up in `game`.
inline std::unique_ptr<agent::Policy> SearchPolicy(
    const poker::GameDef& game, const std::map<std::string, double, std::less<>>& extra) {
  agent::PolicyParams params;
  params.extra = extra;
  absl::StatusOr<std::unique_ptr<agent::Policy>> policy = agent::MakePolicy("search", params);
  EXPECT_TRUE(policy.ok()) << policy.status();
  if (!policy.ok()) return nullptr;
  (*policy)->SetGame(game);
  (*policy)->SeatsOfHand({0, 1});
  return *std::move(policy);
}

}  // namespace agentplay_test

#endif  // TESTS_AGENTPLAY_AGENT_TEST_UTIL_H_
