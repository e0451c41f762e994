// Benchmarks of the hand reader on one thread: one opponent action applied to a range with the
// street's buckets already computed (BM_RangeUpdate: /0 population and player bucket counts,
// /1 003's deviation, /2 DFmodel only), a street's buckets and win rates for all 1326 pairs
// (BM_StreetBuckets/<round>) and a whole heads-up hand read action by action (BM_ReadHand).
#include <array>
#include <string>
#include <vector>

#include "agent/hand_reader.h"
#include "agent/range.h"
#include "benchmark/benchmark.h"
#include "poker/card.h"
#include "poker/codec.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "trainer/opponent_model.h"

namespace {

using poker::Card;
using poker::State;

// Heads-up limit hold'em, 10/20, as data/games/holdem.limit.2p.reverse_blinds.game.
const poker::GameDef& LimitGame() {
  static const poker::GameDef* game = new poker::GameDef(
      poker::ParseGameDef("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\n"
                          "raiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\n"
                          "maxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\n"
                          "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n")
          .value());
  return *game;
}

State MakeState(const std::string& betting, const char* board) {
  State state(LimitGame(), 0);
  (void)poker::ApplyBetting(betting, &state);
  const std::vector<Card> cards = poker::ParseCards(board).value();
  for (size_t i = 0; i < cards.size(); ++i) state.set_board_card(static_cast<int>(i), cards[i]);
  return state;
}

// A model with bucket counts at every node of a small tree on every street for the population
// and for "Villain" (strong buckets raise, weak ones check or fold), and "Online" with node
// counts only (as learned online without seeing cards).
trainer::OpponentModel MakeModel() {
  trainer::OpponentModel model =
      trainer::OpponentModel::Create(LimitGame(), trainer::ModelOptions()).value();
  const int buckets = model.buckets().num_buckets();
  std::vector<trainer::PathKey> paths = {trainer::PathKey()};
  for (trainer::AbstractAction a : {trainer::kCheck, trainer::kFirstRaise}) {
    paths.push_back(trainer::PathKey().Child(a, false));
    paths.push_back(trainer::PathKey().Child(trainer::kCheck, true).Child(a, false));
  }
  for (int round = 0; round < 4; ++round) {
    for (trainer::PlayerModel* player :
         {&model.mutable_population(), &model.MutablePlayer("Villain")}) {
      trainer::PatternTree& tree = player->mutable_street(round);
      for (const trainer::PathKey& path : paths) {
        tree.AddTimes(path, 100 * buckets);
        for (int b = 0; b < buckets; ++b) {
          const uint64_t raises = 10 + 20 * b;
          tree.AddBucketDecisions(path, b, trainer::kFirstRaise, raises);
          tree.AddBucketDecisions(path, b, trainer::kCheck, 200 - raises);
          tree.AddBucketDecisions(path, b, trainer::kCall, 100);
          tree.AddBucketDecisions(path, b, trainer::kFold, 50);
          tree.AddDecisions(path, trainer::kFirstRaise, raises);
          tree.AddDecisions(path, trainer::kCheck, 200 - raises);
          tree.AddDecisions(path, trainer::kCall, 100);
          tree.AddDecisions(path, trainer::kFold, 50);
        }
      }
    }
    trainer::PatternTree& online = model.MutablePlayer("Online").mutable_street(round);
    for (const trainer::PathKey& path : paths) {
      online.AddTimes(path, 100);
      online.AddDecisions(path, trainer::kFirstRaise, 70);
      online.AddDecisions(path, trainer::kCheck, 30);
    }
  }
  return model;
}

void BM_RangeUpdate(benchmark::State& bench) {
  static const trainer::OpponentModel* model = new trainer::OpponentModel(MakeModel());
  const int variant = static_cast<int>(bench.range(0));
  const trainer::PlayerModel* player = variant == 0   ? model->FindPlayer("Villain")
                                       : variant == 1 ? model->FindPlayer("Online")
                                                      : nullptr;
  const trainer::PlayerModel* models[] = {player, nullptr};
  agent::HandReader reader(variant == 2 ? nullptr : model, LimitGame());
  const State state = MakeState("cc/cc/cc/", "2c7d9hTsQc");
  reader.StartHand(state, 1, models);
  reader.PrepareStreet(state);
  agent::Range range;
  std::array<float, poker::kNumPairs> likelihood;
  // Each iteration starts from a fresh range (the copy, 5 KB, is timed too). Applied to the same
  // range again and again, the action left hundreds of weights stuck among float's subnormal
  // numbers (267 of 1326 in /0, 1065 in /2, measured), and the Intel Xeon's slow path for them
  // made the row 4.5x slower (6.7 us against 1.5); a hand has a few actions.
  const agent::Range fresh;
  for (auto _ : bench) {
    range = fresh;
    reader.ActionLikelihoods(state, 0, trainer::kFirstRaise, &likelihood);
    range.Multiply(likelihood);
    range.Normalize();
    benchmark::DoNotOptimize(range.weights().data());
  }
  bench.SetItemsProcessed(bench.iterations() * poker::kNumPairs);
}
BENCHMARK(BM_RangeUpdate)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

// Two boards alternate so that every iteration recomputes the street.
void BM_StreetBuckets(benchmark::State& bench) {
  static const trainer::OpponentModel* model = new trainer::OpponentModel(MakeModel());
  const int round = static_cast<int>(bench.range(0));
  const char* bettings[] = {"", "cc/", "cc/cc/", "cc/cc/cc/"};
  const State a = MakeState(bettings[round], "2c7d9hTsQc");
  const State b = MakeState(bettings[round], "AhKh4s5d8c");
  agent::HandReader reader(model, LimitGame());
  bool flip = false;
  for (auto _ : bench) {
    reader.PrepareStreet(flip ? a : b);
    flip = !flip;
    benchmark::DoNotOptimize(reader.street_buckets().data());
  }
}
BENCHMARK(BM_StreetBuckets)->DenseRange(1, 3)->Unit(benchmark::kMicrosecond);

// StartHand and the reading of a whole hand with 5 opponent actions on 4 streets.
void BM_ReadHand(benchmark::State& bench) {
  static const trainer::OpponentModel* model = new trainer::OpponentModel(MakeModel());
  const trainer::PlayerModel* models[] = {nullptr, model->FindPlayer("Villain")};
  agent::HandReader reader(model, LimitGame());
  const State final_state = MakeState("rc/crc/crrc/rc", "2c7d9hTsQc");
  for (auto _ : bench) {
    reader.StartHand(final_state, 0, models);
    reader.Update(final_state);
    benchmark::DoNotOptimize(reader.range(1).weights().data());
  }
}
BENCHMARK(BM_ReadHand)->Unit(benchmark::kMicrosecond);

}  // namespace
