#include "tools/eval/markov_baseline.h"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "poker/game_def.h"
#include "poker/state.h"
#include "trainer/action_abstraction.h"
#include "trainer/hand_observation.h"
#include "trainer/position.h"

namespace eval {
namespace {

// P(class at t | observations 0..t) by summing the joint probability of every class path.
std::vector<std::vector<double>> BruteForce(const std::vector<double>& initial,
                                            const std::vector<std::vector<double>>& transitions,
                                            const std::vector<std::vector<double>>& likelihoods) {
  std::vector<std::vector<double>> out;
  for (size_t t = 0; t < likelihoods.size(); ++t) {
    std::vector<double> marginal(likelihoods[t].size(), 0.0);
    std::vector<int> path(t + 1, 0);
    std::function<void(size_t, double)> walk = [&](size_t step, double p) {
      if (step > t) {
        marginal[path[t]] += p;
        return;
      }
      for (size_t c = 0; c < likelihoods[step].size(); ++c) {
        path[step] = static_cast<int>(c);
        double q = p * likelihoods[step][c];
        if (step == 0) {
          q *= initial[c];
        } else {
          q *= transitions[step - 1][path[step - 1] * likelihoods[step].size() + c];
        }
        walk(step + 1, q);
      }
    };
    walk(0, 1.0);
    double total = 0;
    for (double v : marginal) total += v;
    for (double& v : marginal) v /= total;
    out.push_back(marginal);
  }
  return out;
}

TEST(ForwardFilterTest, MatchesEnumerationOfClassPaths) {
  // 2 classes, then 3, then 2, then 3: four steps of different sizes.
  const std::vector<double> initial = {0.3, 0.7};
  const std::vector<std::vector<double>> transitions = {
      {0.2, 0.5, 0.3, 0.6, 0.1, 0.3},  // 2 x 3
      {0.9, 0.1, 0.4, 0.6, 0.5, 0.5},  // 3 x 2
      {0.1, 0.2, 0.7, 0.3, 0.3, 0.4},  // 2 x 3
  };
  const std::vector<std::vector<double>> likelihoods = {
      {0.5, 0.1}, {0.2, 0.0, 0.9}, {0.3, 0.8}, {0.05, 0.6, 0.2}};
  const auto filtered = ForwardFilter(initial, transitions, likelihoods);
  const auto expected = BruteForce(initial, transitions, likelihoods);
  ASSERT_EQ(filtered.size(), expected.size());
  for (size_t t = 0; t < expected.size(); ++t) {
    ASSERT_EQ(filtered[t].size(), expected[t].size());
    for (size_t c = 0; c < expected[t].size(); ++c) {
      EXPECT_NEAR(filtered[t][c], expected[t][c], 1e-12) << "step " << t << " class " << c;
    }
  }
  // Step 0 by hand: 0.3 * 0.5 = 0.15 against 0.7 * 0.1 = 0.07.
  EXPECT_NEAR(filtered[0][0], 0.15 / 0.22, 1e-12);
  // A class with likelihood 0 is ruled out.
  EXPECT_EQ(filtered[1][1], 0.0);
}

TEST(ForwardFilterTest, ImpossibleObservationsGiveZeros) {
  const auto filtered = ForwardFilter({0.5, 0.5}, {{1, 0, 0, 1}}, {{0, 0}, {1, 1}});
  EXPECT_EQ(filtered[0], std::vector<double>({0, 0}));
  EXPECT_EQ(filtered[1], std::vector<double>({0, 0}));
}

TEST(MarkovBaselineTest, CountsAndSmoothing) {
  MarkovOptions options;
  options.emission_prior = 1;
  options.transition_prior = 1;
  options.player_prior = 10;
  MarkovBaseline chain(options);
  // Player 0: big pair raising, then one pair big betting on the flop; twice.
  chain.AddSequence(0, {kBigPair, kOnePairBig}, {"r>=1", "r<0.6"});
  chain.AddSequence(0, {kBigPair, kOnePairBig}, {"r>=1", "r<0.6"});
  // Someone unmodelled: small high card calling, then high card small checking and folding.
  chain.AddSequence(MarkovBaseline::kPopulation, {kSmallHighCard, kHighCardSmall},
                    {"call", "check fold"});

  // Initial: (n + 1/4) / (3 + 1).
  EXPECT_DOUBLE_EQ(chain.Initial(kBigPair), (2 + 0.25) / 4);
  EXPECT_DOUBLE_EQ(chain.Initial(kSmallPair), 0.25 / 4);
  // Transition from big pair: (n + 1/11) / (2 + 1).
  EXPECT_DOUBLE_EQ(chain.Transition(1, kBigPair, kOnePairBig), (2 + 1.0 / 11) / 3);
  EXPECT_DOUBLE_EQ(chain.Transition(1, kBigPair, kTwoPair), (1.0 / 11) / 3);
  // A row never seen is uniform.
  EXPECT_DOUBLE_EQ(chain.Transition(1, kSmallPair, kTwoPair), 1.0 / 11);
  // Population emissions: 2 preflop symbols seen, so 3 slots share alpha = 1.
  const double pop = (2 + 1.0 / 3) / (2 + 1);
  EXPECT_DOUBLE_EQ(chain.Emission(MarkovBaseline::kPopulation, 0, "r>=1", kBigPair), pop);
  EXPECT_DOUBLE_EQ(chain.Emission(MarkovBaseline::kPopulation, 0, "call", kBigPair), (1.0 / 3) / 3);
  EXPECT_DOUBLE_EQ(chain.Emission(MarkovBaseline::kPopulation, 0, "never seen", kBigPair),
                   (1.0 / 3) / 3);
  // The player's: (n + 10 * population) / (n_class + 10).
  EXPECT_DOUBLE_EQ(chain.Emission(0, 0, "r>=1", kBigPair), (2 + 10 * pop) / (2 + 10));
  // A player without data reads as the population.
  EXPECT_DOUBLE_EQ(chain.Emission(7, 0, "r>=1", kBigPair), pop);
  EXPECT_EQ(chain.NumSymbols(0), 2);
  EXPECT_EQ(chain.NumSymbols(1), 2);
}

TEST(MarkovBaselineTest, PredictIsTheForwardFilterOfTheCountedChainRestrictedToTheBoard) {
  MarkovBaseline chain;
  chain.AddSequence(0, {kBigPair, kOnePairBig, kOnePairBig}, {"r>=1", "r<0.6", "call"});
  chain.AddSequence(1, {kSmallHighCard, kHighCardSmall, kFlush}, {"call", "check", "r>=1"});
  chain.AddSequence(0, {kSmallPair, kThreeOfAKind}, {"call", "check call"});
  const std::vector<std::string> symbols = {"call", "check", "r>=1"};
  // The flop allows everything but straight flush, the turn rules out a flush.
  const std::vector<uint32_t> possible = {0xF, 0x3FF, 0x3FF & ~(1u << kFlush)};
  const auto predicted = chain.Predict(0, symbols, possible);

  std::vector<double> initial(4);
  for (int c = 0; c < 4; ++c) initial[c] = chain.Initial(c);
  std::vector<std::vector<double>> transitions(2);
  std::vector<std::vector<double>> likelihoods(3);
  for (int t = 0; t < 3; ++t) {
    const int k = NumClasses(t);
    if (t > 0) {
      for (int from = 0; from < NumClasses(t - 1); ++from) {
        for (int to = 0; to < k; ++to) transitions[t - 1].push_back(chain.Transition(t, from, to));
      }
    }
    for (int c = 0; c < k; ++c) {
      likelihoods[t].push_back((possible[t] >> c) & 1 ? chain.Emission(0, t, symbols[t], c) : 0);
    }
  }
  const auto expected = BruteForce(initial, transitions, likelihoods);
  for (int t = 0; t < 3; ++t) {
    for (size_t c = 0; c < expected[t].size(); ++c) {
      EXPECT_NEAR(predicted[t][c], expected[t][c], 1e-12);
    }
  }
  EXPECT_EQ(predicted[1][kStraightFlush], 0.0);
  EXPECT_EQ(predicted[2][kFlush], 0.0);
  // Without the board, the chain may name classes the board rules out.
  MarkovOptions blind;
  blind.restrict_to_board = false;
  MarkovBaseline unrestricted(blind);
  unrestricted.AddSequence(1, {kSmallHighCard, kHighCardSmall, kFlush}, {"call", "check", "r>=1"});
  EXPECT_GT(unrestricted.Predict(0, symbols, possible)[2][kFlush], 0.0);
  // Calling preflop points to the hands that called in training.
  EXPECT_GT(predicted[0][kSmallHighCard] + predicted[0][kSmallPair], predicted[0][kBigPair]);
}

TEST(MarkovBaselineTest, ClassPriorRanksByFrequencyOnPossibleClasses) {
  ClassPrior prior;
  for (int i = 0; i < 5; ++i) prior.Add(1, kOnePairSmall);
  for (int i = 0; i < 3; ++i) prior.Add(1, kHighCardSmall);
  prior.Add(1, kFlush);
  const std::vector<double> all = prior.Predict(1, 0x7FF);
  EXPECT_GT(all[kOnePairSmall], all[kHighCardSmall]);
  EXPECT_GT(all[kHighCardSmall], all[kFlush]);
  EXPECT_GT(all[kStraight], 0);  // possible but unseen: still ranked, last
  const std::vector<double> no_flush = prior.Predict(1, 0x7FF & ~(1u << kFlush));
  EXPECT_EQ(no_flush[kFlush], 0);
  EXPECT_EQ(prior.count(1, kOnePairSmall), 5);
}

// A heads-up no-limit hand: preflop the small blind (position 1 under reverse blinds acts
// first) raises, the big blind re-raises, the small blind calls; on the flop the big blind checks,
// the small blind bets, the big blind raises, the small blind folds.
TEST(StreetSymbolTest, SequenceAndMostAggressive) {
  poker::GameDef game = *poker::LoadGameDef(std::string(POKER_SOURCE_DIR) +
                                            "/data/games/holdem.nolimit.2p.reverse_blinds.game");
  poker::State state(game, 0);
  const int first = state.CurrentPlayer();
  ASSERT_TRUE(state.Apply(poker::Action::Raise(300)).ok());
  ASSERT_TRUE(state.Apply(poker::Action::Raise(900)).ok());
  ASSERT_TRUE(state.Apply(poker::Action::Call()).ok());
  ASSERT_EQ(state.round(), 1);
  const int flop_first = state.CurrentPlayer();
  ASSERT_TRUE(state.Apply(poker::Action::Call()).ok());        // check
  ASSERT_TRUE(state.Apply(poker::Action::Raise(2700)).ok());   // bet the pot (1800 into 1800)
  ASSERT_TRUE(state.Apply(poker::Action::Raise(20000)).ok());  // all-in
  ASSERT_TRUE(state.Apply(poker::Action::Fold()).ok());
  const trainer::ActionAbstraction abstraction = trainer::ActionAbstraction::ForGame(game);
  trainer::HandObservation hand;
  trainer::ObserveState(state, abstraction, trainer::PositionClasses(game), &hand);

  MarkovOptions sequence;
  MarkovOptions aggressive;
  aggressive.alphabet = MarkovAlphabet::kAggressive;
  const int other = 1 - first;
  const int flop_second = 1 - flop_first;
  EXPECT_EQ(
      StreetSymbol(hand, first, 0, abstraction, sequence),
      abstraction.Name(abstraction.Classify(poker::State(game, 0), poker::Action::Raise(300))) +
          " call");
  EXPECT_EQ(StreetSymbol(hand, flop_first, 1, abstraction, sequence), "check all-in");
  EXPECT_EQ(StreetSymbol(hand, flop_first, 1, abstraction, aggressive), "all-in");
  EXPECT_EQ(StreetSymbol(hand, flop_second, 1, abstraction, sequence), "r>=1 fold");
  EXPECT_EQ(StreetSymbol(hand, flop_second, 1, abstraction, aggressive), "r>=1/fold");
  EXPECT_EQ(StreetSymbol(hand, other, 0, abstraction, aggressive).substr(0, 1), "r");
  EXPECT_EQ(StreetSymbol(hand, other, 2, abstraction, sequence), "none");

  MarkovOptions short_sequence;
  short_sequence.max_sequence = 1;
  EXPECT_EQ(StreetSymbol(hand, flop_first, 1, abstraction, short_sequence), "check +");
}

// The card-counting chain: emissions weighted by the board's class count over the training
// boards' mean; with all weights 1 it is the paper's chain without a board.
TEST(MarkovBaselineTest, CardCountingWeighsClassesByTheBoardsPairs) {
  MarkovBaseline chain;
  chain.AddSequence(0, {kBigPair, kOnePairBig}, {"r>=1", "r<0.6"});
  chain.AddSequence(1, {kSmallHighCard, kFlush}, {"call", "r>=1"});
  std::vector<double> a(kNumPostflopClasses, 0.0), b(kNumPostflopClasses, 0.0);
  a[kFlush] = 40;
  a[kOnePairBig] = 100;
  b[kOnePairBig] = 300;
  chain.AddBoardCounts(1, a);
  chain.AddBoardCounts(1, b);
  EXPECT_DOUBLE_EQ(chain.MeanBoardCount(1, kOnePairBig), 200);
  EXPECT_DOUBLE_EQ(chain.MeanBoardCount(1, kFlush), 20);
  std::vector<double> board(kNumPostflopClasses, 0.0);
  board[kOnePairBig] = 50;
  board[kFlush] = 60;
  board[kTwoPair] = 1;  // never on a training board: against a tenth of a pair
  const std::vector<double> w = chain.CardCountWeights(1, board);
  EXPECT_DOUBLE_EQ(w[kOnePairBig], 0.25);
  EXPECT_DOUBLE_EQ(w[kFlush], 3);
  EXPECT_DOUBLE_EQ(w[kTwoPair], 10);
  EXPECT_EQ(w[kHighCardSmall], 0);  // no pair of the class on this board
  EXPECT_EQ(chain.CardCountWeights(0, {960, 288, 42, 36}), std::vector<double>(4, 1.0));

  // Weighted prediction is the forward filter with the weighted emissions.
  const std::vector<std::string> symbols = {"call", "r>=1"};
  const std::vector<std::vector<double>> weights = {{1, 1, 1, 1}, w};
  const auto predicted = chain.PredictWeighted(0, symbols, weights);
  double total = 0;
  std::vector<double> expected(kNumPostflopClasses, 0.0);
  for (int c = 0; c < kNumPostflopClasses; ++c) {
    double reach = 0;
    for (int from = 0; from < kNumPreflopClasses; ++from) {
      reach +=
          chain.Initial(from) * chain.Emission(0, 0, "call", from) * chain.Transition(1, from, c);
    }
    expected[c] = reach * w[c] * chain.Emission(0, 1, "r>=1", c);
    total += expected[c];
  }
  for (int c = 0; c < kNumPostflopClasses; ++c) {
    EXPECT_NEAR(predicted[1][c], expected[c] / total, 1e-12) << c;
  }
  // More flush pairs on the board than on average make the flush likelier than the paper's
  // chain (which only knows the flush is possible) says.
  const auto paper = chain.Predict(0, symbols, {0xF, 0x7FF});
  EXPECT_GT(predicted[1][kFlush], paper[1][kFlush]);
}

}  // namespace
}  // namespace eval
