// The agent as a player: seats across hands (dealer and arena rotations), whose turn on MATCHSTATE
// views, the decision log's fields, online learning and saving, legality of the whole pipeline
// over many random states, and the arena's `agent:` player kind.
#include "agent/agent_player.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "acpc/acpc_client.h"
#include "agent/hand_reader.h"
#include "gtest/gtest.h"
#include "poker/codec.h"
#include "poker/deal.h"
#include "poker/game_def.h"
#include "tests/agentplay/agent_test_util.h"
#include "tests/common/test_support.h"
#include "tools/arena/player_registry.h"
#include "tools/arena/ring.h"
#include "tools/bots/rule_bot.h"
#include "trainer/opponent_model.h"

namespace agent {
namespace {

using agentplay_test::Game;
using poker::MatchState;

MatchState View(const poker::GameDef& game, const std::string& line) {
  absl::StatusOr<MatchState> view = poker::ParseMatchState(game, line);
  EXPECT_TRUE(view.ok()) << line << ": " << view.status();
  return *view;
}

std::unique_ptr<AgentPlayer> MakeAgent(const poker::GameDef& game, AgentOptions options,
                                       std::unique_ptr<trainer::OpponentModel> model = nullptr) {
  absl::StatusOr<std::unique_ptr<AgentPlayer>> agent =
      AgentPlayer::Create(game, std::move(model), std::move(options));
  EXPECT_TRUE(agent.ok()) << agent.status();
  return agent.ok() ? *std::move(agent) : nullptr;
}

// An agent that learns online about one opponent, "villain", from an empty model: 2000 trials,
// the first 6 hands read with the static model (learn = 0: it keeps reading that way).
std::unique_ptr<AgentPlayer> MakeLearningAgent(const poker::GameDef& game, AgentOptions options,
                                               int learn = 1) {
  absl::StatusOr<trainer::OpponentModel> empty =
      trainer::OpponentModel::Create(game, trainer::ModelOptions{});
  EXPECT_TRUE(empty.ok()) << empty.status();
  if (!empty.ok()) return nullptr;
  options.params.trials = 2000;
  options.params.static_hands = 6;
  options.params.learn = learn;
  options.opponents = {"villain"};
  return MakeAgent(game, std::move(options),
                   std::make_unique<trainer::OpponentModel>(*std::move(empty)));
}

// Plays `hands` dealt hands: by_seat[s] plays seat s, seats rotating as the dealer rotates them.
void PlayHands(const poker::GameDef& game, const std::vector<poker::Player*>& by_seat, int hands,
               uint32_t seed) {
  poker::Dealer dealer(game, seed);
  const int n = game.num_players;
  std::vector<poker::Player*> by_position(n);
  for (int h = 0; h < hands; ++h) {
    for (int p = 0; p < n; ++p) by_position[p] = by_seat[(p + h) % n];
    poker::State state(game, h);
    dealer.DealNext(&state);
    ASSERT_TRUE(arena::PlayHand(&state, by_position).ok());
  }
}

TEST(SeatTest, PositionAndHandGiveTheSeat) {
  // Hand h, position p: seat (p + h) mod N.
  EXPECT_EQ(SeatOfPosition(0, 0, 3, 0, false), 0);
  EXPECT_EQ(SeatOfPosition(0, 1, 3, 0, false), 1);
  EXPECT_EQ(SeatOfPosition(2, 1, 3, 0, false), 0);
  EXPECT_EQ(SeatOfPosition(1, 4000000001u, 6, 0, false), (1 + 4000000001u % 6) % 6);
  EXPECT_EQ(SeatOfPosition(2, 7, 3, 0, true), 2);   // fixed seats
  EXPECT_EQ(SeatOfPosition(0, 5, 3, 1, false), 0);  // an arena rotation shifts by one
  for (int n = 2; n <= 10; ++n) {
    for (uint32_t h = 0; h < 25; ++h) {
      for (int seat = 0; seat < n; ++seat) {
        for (int p = 0; p < n; ++p) {
          const int r = RotationOf(seat, p, h, n, false);
          ASSERT_EQ(SeatOfPosition(p, h, n, r, false), seat);
        }
      }
    }
  }
}

TEST(SeatTest, TheAgentNamesOpponentsBySeatAcrossHands) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit3p);
  AgentOptions options;
  options.opponents = {"alice", "bob"};  // the other seats in seat order
  std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
  ASSERT_NE(agent, nullptr);
  EXPECT_EQ(agent->seat(), -1);
  // We are seat 1: hand 0 position 1, hand 1 position 0, hand 2 position 2.
  agent->Observe(View(game, "MATCHSTATE:1:0::|AhKd|"));
  EXPECT_EQ(agent->seat(), 1);
  EXPECT_EQ(agent->SeatName(0), "alice");
  EXPECT_EQ(agent->SeatName(2), "bob");
  EXPECT_EQ(agent->SeatAt(0), 0);
  EXPECT_EQ(agent->SeatAt(2), 2);
  agent->Observe(View(game, "MATCHSTATE:0:1::2c2d||"));
  EXPECT_EQ(agent->SeatAt(0), 1);
  EXPECT_EQ(agent->SeatAt(1), 2);  // bob
  EXPECT_EQ(agent->SeatAt(2), 0);  // alice
  agent->Observe(View(game, "MATCHSTATE:2:2::||7c7d"));
  EXPECT_EQ(agent->SeatAt(2), 1);
  EXPECT_EQ(agent->SeatName(agent->SeatAt(0)), "bob");
  EXPECT_EQ(agent->seat(), 1);

  // Every seat named (ours ignored), and unnamed seats.
  options.opponents = {"x", "me", "y"};
  std::unique_ptr<AgentPlayer> all = MakeAgent(game, options);
  all->Observe(View(game, "MATCHSTATE:1:0::|AhKd|"));
  EXPECT_EQ(all->SeatName(0), "x");
  EXPECT_EQ(all->SeatName(2), "y");
  options.opponents = {};
  std::unique_ptr<AgentPlayer> unnamed = MakeAgent(game, options);
  unnamed->Observe(View(game, "MATCHSTATE:1:0::|AhKd|"));
  EXPECT_EQ(unnamed->SeatName(2), "seat2");
  // A wrong number of names is refused.
  options.opponents = {"only_one"};
  EXPECT_FALSE(AgentPlayer::Create(game, nullptr, options).ok());
}

TEST(SeatTest, AKnownSeatInfersTheArenaRotation) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit3p);
  AgentOptions options;
  options.seat = 2;
  std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
  // Duplicate rotation 1, hand 5: position 0 is seat (5 + 1) mod 3 = 0, so seat 2 is position 2.
  agent->Observe(View(game, "MATCHSTATE:2:5::||AhKd"));
  EXPECT_EQ(agent->seat(), 2);
  EXPECT_EQ(agent->SeatAt(0), 0);
  EXPECT_EQ(agent->SeatAt(1), 1);
  agent->Observe(View(game, "MATCHSTATE:1:6::|AhKd|"));
  EXPECT_EQ(agent->SeatAt(1), 2);
  EXPECT_EQ(agent->SeatAt(0), 1);
}

TEST(TurnTest, WhoActsOnMatchStateViews) {
  const poker::GameDef hu = Game(agentplay_test::kNoLimit2p);
  EXPECT_TRUE(IsViewersTurn(View(hu, "MATCHSTATE:1:0::|9hQd")));  // the button acts first
  EXPECT_FALSE(IsViewersTurn(View(hu, "MATCHSTATE:0:0::5d5c|")));
  EXPECT_TRUE(IsViewersTurn(View(hu, "MATCHSTATE:0:0:c:5d5c|")));  // the big blind's option
  EXPECT_FALSE(IsViewersTurn(View(hu, "MATCHSTATE:1:0:c:|9hQd")));
  EXPECT_FALSE(IsViewersTurn(View(hu, "MATCHSTATE:1:0:cc/:|9hQd/8dAs8s")));
  EXPECT_TRUE(IsViewersTurn(View(hu, "MATCHSTATE:0:0:cc/:5d5c|/8dAs8s")));
  EXPECT_TRUE(IsViewersTurn(View(hu, "MATCHSTATE:1:0:cc/r250:|9hQd/8dAs8s")));
  EXPECT_FALSE(IsViewersTurn(View(hu, "MATCHSTATE:0:0:f:5d5c|")));
  EXPECT_FALSE(IsViewersTurn(View(hu, "MATCHSTATE:0:0:r20000c///:5d5c|9hQd/8dAs8s/4h/6d")));
  const poker::GameDef three = Game(agentplay_test::kNoLimit3p);
  EXPECT_TRUE(IsViewersTurn(View(three, "MATCHSTATE:2:0::||AhKd")));
  EXPECT_TRUE(IsViewersTurn(View(three, "MATCHSTATE:0:0:f:AhKd||")));
  // Position 2 went all-in and position 0 called all-in: position 1 still acts.
  EXPECT_TRUE(IsViewersTurn(View(three, "MATCHSTATE:1:0:r20000c:|AhKd|")));
  // After c r300 c the bet comes back round to position 2.
  EXPECT_FALSE(IsViewersTurn(View(three, "MATCHSTATE:1:0:cr300c:|AhKd|")));
  EXPECT_TRUE(IsViewersTurn(View(three, "MATCHSTATE:2:0:cr300c:||AhKd")));
  EXPECT_FALSE(IsViewersTurn(View(three, "MATCHSTATE:1:0:cr300cc/:|AhKd|/2c3c4c")));
  EXPECT_TRUE(IsViewersTurn(View(three, "MATCHSTATE:0:0:cr300cc/:AhKd||/2c3c4c")));
  const poker::GameDef limit = Game(agentplay_test::kLimit2p);
  EXPECT_TRUE(IsViewersTurn(View(limit, "MATCHSTATE:0:3:rrr:AhKd|")));
  EXPECT_FALSE(IsViewersTurn(View(limit, "MATCHSTATE:1:3:rrr:|AhKd")));
}

TEST(AcpcTest, TheAgentRepliesOnlyOnItsTurnAndSkipsBadLines) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  AgentOptions options;
  options.policy = "fold";  // its thresholds raise aces first in (search may limp them)
  options.params.trials = 2000;
  std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
  acpc::AcpcSession session(game, agent.get());
  const std::string reply = session.HandleLine("MATCHSTATE:1:0::|AhAd\r\n");
  ASSERT_TRUE(absl::StartsWith(reply, "MATCHSTATE:1:0::|AhAd:")) << reply;
  EXPECT_TRUE(absl::EndsWith(reply, "\r\n"));
  // Aces raise (the reply's action is a raise-to total).
  EXPECT_TRUE(absl::StartsWith(reply, "MATCHSTATE:1:0::|AhAd:r")) << reply;
  EXPECT_EQ(session.HandleLine("# a comment"), "");
  EXPECT_EQ(session.HandleLine(";another"), "");
  EXPECT_EQ(session.HandleLine("MATCHSTATE:garbage"), "");
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0:r300:|AhAd"), "");  // the echo: not our turn
  EXPECT_EQ(session.lines_skipped(), 1);
  // The dealer may have applied something else (a call): the agent follows the state it is sent.
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0:cc/:|AhAd/2c7d9h"), "");
  const std::string flop = session.HandleLine("MATCHSTATE:1:0:cc/c:|AhAd/2c7d9h");
  EXPECT_TRUE(absl::StartsWith(flop, "MATCHSTATE:1:0:cc/c:|AhAd/2c7d9h:")) << flop;
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0:cc/cc/:|AhAd/2c7d9h/Ks"), "");
  EXPECT_EQ(session.HandleLine("MATCHSTATE:1:0:f:|AhAd"), "");  // a new hand's number 0 again
}

// A minimal JSON syntax check (objects, arrays, strings, numbers, literals).
class JsonChecker {
 public:
  explicit JsonChecker(const std::string& text) : s_(text) {}
  bool Valid() {
    Space();
    if (!Value()) return false;
    Space();
    return i_ == s_.size();
  }

 private:
  void Space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (s_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  bool String() {
    if (s_[i_] != '"') return false;
    for (++i_; i_ < s_.size(); ++i_) {
      if (s_[i_] == '\\') {
        ++i_;
      } else if (s_[i_] == '"') {
        ++i_;
        return true;
      } else if (static_cast<unsigned char>(s_[i_]) < 0x20) {
        return false;
      }
    }
    return false;
  }
  bool Number() {
    const size_t start = i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) ||
                              std::string("+-.eE").find(s_[i_]) != std::string::npos)) {
      ++i_;
    }
    return i_ > start;
  }
  bool Value() {
    if (i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{') return Container('}', true);
    if (c == '[') return Container(']', false);
    if (c == '"') return String();
    if (c == 't') return Literal("true");
    if (c == 'f') return Literal("false");
    if (c == 'n') return Literal("null");
    return Number();
  }
  bool Container(char close, bool object) {
    ++i_;
    Space();
    if (i_ < s_.size() && s_[i_] == close) return ++i_, true;
    while (true) {
      Space();
      if (object) {
        if (!String()) return false;
        Space();
        if (i_ >= s_.size() || s_[i_++] != ':') return false;
        Space();
      }
      if (!Value()) return false;
      Space();
      if (i_ >= s_.size()) return false;
      if (s_[i_] == close) return ++i_, true;
      if (s_[i_++] != ',') return false;
    }
  }
  const std::string& s_;
  size_t i_ = 0;
};

TEST(DecisionLogTest, OneJsonObjectPerDecisionWithEveryField) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit3p);
  std::ostringstream log;
  AgentOptions options;
  options.params.trials = 2000;
  options.decision_log = &log;
  options.opponents = {"left", "right"};
  std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
  agentplay_test::RandomPlayer a(1), b(2);
  PlayHands(game, {&a, agent.get(), &b}, 30, 9);
  const std::vector<std::string> lines = absl::StrSplit(log.str(), '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), agent->decision_times_ms().size());
  ASSERT_GT(lines.size(), 10u);
  for (const std::string& line : lines) {
    ASSERT_TRUE(JsonChecker(line).Valid()) << line;
    for (const char* key :
         {"\"hand\":", "\"position\":", "\"seat\":1,",
          "\"round\":", "\"betting\":", "\"cards\":", "\"pot\":", "\"to_call\":", "\"opponents\":[",
          "\"equity\":", "\"std_error\":", "\"trials\":", "\"legal\":{\"fold\":", "\"action\":",
          "\"explanation\":", "\"time_ms\":"}) {
      EXPECT_TRUE(absl::StrContains(line, key)) << key << " missing in " << line;
    }
    // Opponents still in carry their range summary and top pairs, named by seat.
    if (absl::StrContains(line, "\"opponents\":[{")) {
      EXPECT_TRUE(absl::StrContains(line, "\"range\":\"")) << line;
      EXPECT_TRUE(absl::StrContains(line, "\"top\":[[\"")) << line;
      // ... and the range's 169 class shares (the report's grids).
      const size_t classes = line.find("\"classes\":[");
      ASSERT_NE(classes, std::string::npos) << line;
      const std::string list = line.substr(classes, line.find(']', classes) - classes);
      EXPECT_EQ(std::count(list.begin(), list.end(), ','), 168) << list;
      EXPECT_TRUE(absl::StrContains(line, "\"name\":\"left\"") ||
                  absl::StrContains(line, "\"name\":\"right\""))
          << line;
    }
  }
}

TEST(OnlineLearningTest, CountsGrowAndTheLearnedModelIsUsedAfterTheStaticHands) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  std::unique_ptr<AgentPlayer> agent = MakeLearningAgent(game, AgentOptions{});
  ASSERT_NE(agent, nullptr);
  // A calling station: every hand reaches a showdown or our fold.
  std::unique_ptr<poker::Player> station =
      bots::MakeBot(game, bots::DefaultConfig(bots::Style::kStation));
  PlayHands(game, {agent.get(), station.get()}, 5, 3);
  EXPECT_EQ(agent->ModelSource(1), "population");
  PlayHands(game, {agent.get(), station.get()}, 1, 4);
  EXPECT_EQ(agent->ModelSource(1), "learned");
  PlayHands(game, {agent.get(), station.get()}, 14, 5);
  EXPECT_EQ(agent->hands_played(), 20);

  const trainer::PlayerModel* villain = agent->online_model()->FindPlayer("villain");
  ASSERT_NE(villain, nullptr);
  EXPECT_EQ(villain->hands(), 20u);
  EXPECT_EQ(agent->online_model()->provenance().online_hands, 20u);
  const trainer::NodeView root = villain->street(0).Root();
  EXPECT_EQ(root.times(), 20u);
  // The villain (seat 1) acts first preflop, at the root, as position 1: in even hands, 3 + 1 + 7.
  EXPECT_EQ(root.decisions(), 11u);
  // The station never bets, so the agent never folds: every hand shows the villain's cards.
  uint64_t with_cards = 0;
  for (int b = 0; b < root.num_buckets(); ++b) with_cards += root.bucket_decisions(b);
  EXPECT_EQ(with_cards, 11u);

  const test_support::TempDir dir;
  const std::string path = dir.File("learned_model.pb");
  ASSERT_TRUE(agent->SaveModel(path).ok());
  absl::StatusOr<trainer::OpponentModel> saved = trainer::OpponentModel::Load(path, &game);
  ASSERT_TRUE(saved.ok()) << saved.status();
  ASSERT_NE(saved->FindPlayer("villain"), nullptr);
  EXPECT_EQ(saved->FindPlayer("villain")->hands(), 20u);
  EXPECT_EQ(saved->provenance().online_hands, 20u);
  EXPECT_EQ(saved->population().hands(), 0u);  // the population is not changed online
}

// Learning changes what the agent reads: two agents with the same seed play the same deals against
// the same calling station, one learning (its model for the villain is used after 6 hands), one
// not. Their decision logs are identical up to the first hand after the static hands, where the
// learning agent reads the villain's range with the learned model and the range differs.
TEST(OnlineLearningTest, TheLearnedModelChangesTheReadRanges) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  std::ostringstream logs[2];
  for (int learn = 0; learn < 2; ++learn) {
    AgentOptions options;
    options.decision_log = &logs[learn];
    std::unique_ptr<AgentPlayer> agent = MakeLearningAgent(game, options, learn);
    ASSERT_NE(agent, nullptr);
    std::unique_ptr<poker::Player> station =
        bots::MakeBot(game, bots::DefaultConfig(bots::Style::kStation));
    PlayHands(game, {agent.get(), station.get()}, 20, 3);
  }
  const std::vector<std::string> fixed = absl::StrSplit(logs[0].str(), '\n');
  const std::vector<std::string> learned = absl::StrSplit(logs[1].str(), '\n');
  const auto field = [](const std::string& line, const std::string& name) {
    const size_t at = line.find("\"" + name + "\":");
    return at == std::string::npos ? std::string() : line.substr(at, line.find(',', at) - at);
  };
  // The read range as logged: its summary and its top pairs with their weights.
  const auto range = [](const std::string& line) {
    const size_t from = line.find("\"range\":");
    const size_t to = line.find("\"equity\":");
    return from == std::string::npos || to == std::string::npos ? std::string()
                                                                : line.substr(from, to - from);
  };
  size_t first_difference = 0;
  while (first_difference < std::min(fixed.size(), learned.size()) &&
         range(fixed[first_difference]) == range(learned[first_difference])) {
    ++first_difference;
  }
  ASSERT_LT(first_difference, std::min(fixed.size(), learned.size()))
      << "the learned model never changed a read range";
  const std::string& line = learned[first_difference];
  int hand = -1;
  ASSERT_TRUE(absl::SimpleAtoi(field(line, "hand").substr(7), &hand)) << line;
  EXPECT_GE(hand, 6) << line;  // not before the static hands
  EXPECT_NE(line.find("\"model\":\"learned\""), std::string::npos) << line;
  EXPECT_NE(fixed[first_difference].find("\"model\":\"population\""), std::string::npos)
      << fixed[first_difference];
}

TEST(OnlineLearningTest, LearningOffKeepsNoCounts) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  AgentOptions options;
  options.params.learn = 0;
  options.params.trials = 1000;
  std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
  agentplay_test::RandomPlayer other(5);
  PlayHands(game, {agent.get(), &other}, 3, 1);
  EXPECT_EQ(agent->online_model(), nullptr);
  const test_support::TempDir dir;
  EXPECT_FALSE(agent->SaveModel(dir.File("nothing.pb")).ok());
}

// Without a model of the game the agent starts from an empty model of it and learns online: in a
// heads-up limit and a 3-player no-limit match the saved model's counts grow with the hands
// played, and the ranges it reads with differ from DFmodel's.
TEST(OnlineLearningTest, WithoutAModelTheAgentLearnsInEveryGame) {
  for (const char* text : {agentplay_test::kLimit2p, agentplay_test::kNoLimit3p}) {
    const poker::GameDef game = Game(text);
    SCOPED_TRACE(game.num_players);
    AgentOptions options;
    options.params.trials = 500;
    std::unique_ptr<AgentPlayer> agent = MakeAgent(game, options);
    ASSERT_NE(agent->model(), nullptr);  // the empty model of the game
    std::unique_ptr<poker::Player> station =
        bots::MakeBot(game, bots::DefaultConfig(bots::Style::kStation));
    std::unique_ptr<poker::Player> raiser =
        bots::MakeBot(game, bots::DefaultConfig(bots::Style::kRaiser));
    std::vector<poker::Player*> seats = {agent.get(), station.get()};
    if (game.num_players == 3) seats.push_back(raiser.get());
    const test_support::TempDir dir;
    PlayHands(game, seats, 10, 3);
    EXPECT_EQ(agent->ModelSource(1), "learned");  // read with its counts from the first hands
    ASSERT_TRUE(agent->SaveModel(dir.File("early.pb")).ok());
    PlayHands(game, seats, 20, 4);
    ASSERT_TRUE(agent->SaveModel(dir.File("late.pb")).ok());
    absl::StatusOr<trainer::OpponentModel> early =
        trainer::OpponentModel::Load(dir.File("early.pb"), &game);
    absl::StatusOr<trainer::OpponentModel> late =
        trainer::OpponentModel::Load(dir.File("late.pb"), &game);
    ASSERT_TRUE(early.ok() && late.ok()) << early.status() << late.status();
    const int opponents = game.num_players - 1;
    EXPECT_EQ(early->population().hands(), 10u * opponents);
    EXPECT_EQ(late->population().hands(), 30u * opponents);
    ASSERT_NE(late->FindPlayer("seat1"), nullptr);
    EXPECT_EQ(early->FindPlayer("seat1")->hands(), 10u);
    EXPECT_EQ(late->FindPlayer("seat1")->hands(), 30u);
    EXPECT_GT(late->population().street(0).Root().decisions(),
              early->population().street(0).Root().decisions());

    // The station calls a raise (as it did in the match): read with the learned model, its call
    // gives another range than DFmodel alone gives.
    poker::State state(game, 0);
    poker::Dealer(game, 11).DealNext(&state);
    HandReader learned(&*late, game), dfmodel(nullptr, game);
    std::array<const trainer::PlayerModel*, poker::kMaxPlayers> models{};
    models[1] = late->FindPlayer("seat1");
    learned.StartHand(state, 0, absl::MakeConstSpan(models.data(), game.num_players));
    dfmodel.StartHand(state, 0, absl::MakeConstSpan(models.data(), game.num_players));
    // The first to act raises, the others fold, position 1 (seat 1, the station) calls.
    bool raised = false;
    while (!state.finished()) {
      const int actor = state.CurrentPlayer();
      int32_t min_to = 0, max_to = 0;
      poker::Action action = poker::Action::Call();
      if (actor != 1 && !raised && state.RaiseRange(&min_to, &max_to)) {
        action = poker::Action::Raise(min_to);
        raised = true;
      } else if (actor != 1) {
        action = poker::Action::Fold();
      }
      ASSERT_TRUE(state.Apply(action).ok());
      if (actor == 1) break;
    }
    learned.Update(state);
    dfmodel.Update(state);
    Range a = learned.range(1), b = dfmodel.range(1);
    ASSERT_TRUE(a.Normalize() && b.Normalize());
    double difference = 0;
    for (int i = 0; i < poker::kNumPairs; ++i) difference += std::abs(a.weight(i) - b.weight(i));
    EXPECT_GT(difference, 0.01);
  }
}

// The bundled models: heads-up no-limit (default.pb), heads-up limit and 6-player no-limit with
// 10000 stacks each load for their game; a game none fits gets none, with a notice.
TEST(BundledModelTest, EachBundledGameGetsItsModel) {
  const std::vector<std::string> paths = BundledModelPaths();
  ASSERT_GE(paths.size(), 3u);
  EXPECT_EQ(paths[0], DefaultModelPath());
  for (const char* name : {"holdem.nolimit.2p.reverse_blinds.game",
                           "holdem.limit.2p.reverse_blinds.game", "holdem.nolimit.6p.10000.game"}) {
    SCOPED_TRACE(name);
    absl::StatusOr<poker::GameDef> game =
        poker::LoadGameDef(absl::StrCat(POKER_SOURCE_DIR, "/data/games/", name));
    ASSERT_TRUE(game.ok()) << game.status();
    std::string notice;
    auto model = ChooseAgentModel(std::nullopt, *game, &notice);
    ASSERT_TRUE(model.ok()) << model.status();
    ASSERT_NE(*model, nullptr) << notice;
    EXPECT_GT((*model)->population().hands(), 1000u);
  }
  const poker::GameDef three = Game(agentplay_test::kNoLimit3p);
  std::string notice;
  auto none = ChooseAgentModel(std::nullopt, three, &notice);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(*none, nullptr);
  EXPECT_NE(notice.find("no bundled model fits"), std::string::npos) << notice;
}

// The whole pipeline (reading, equity, bet outcomes, policy) returns legal actions in every game.
struct LegalityCase {
  const char* label;
  const char* game;
  const char* policy;
  int hands;
};

class AgentLegalityTest : public ::testing::TestWithParam<LegalityCase> {};

TEST_P(AgentLegalityTest, EveryActionIsLegalAsSent) {
  const LegalityCase& c = GetParam();
  const poker::GameDef game = Game(c.game);
  absl::StatusOr<trainer::OpponentModel> model =
      trainer::OpponentModel::Create(game, trainer::ModelOptions{});
  ASSERT_TRUE(model.ok());
  AgentOptions options;
  options.policy = c.policy;
  options.params.trials = 500;
  options.params.bet_trials = 300;
  options.policy_params.semibluff_prob = 0.5;
  std::unique_ptr<AgentPlayer> agent =
      MakeAgent(game, options, std::make_unique<trainer::OpponentModel>(*std::move(model)));
  agentplay_test::LegalityChecker checked(agent.get());
  std::vector<std::unique_ptr<poker::Player>> others;
  std::vector<poker::Player*> seats = {&checked};
  for (int s = 1; s < game.num_players; ++s) {
    others.push_back(std::make_unique<agentplay_test::RandomPlayer>(100 + s));
    seats.push_back(others.back().get());
  }
  PlayHands(game, seats, c.hands, 21);
  EXPECT_GT(checked.actions, c.hands / 2);
  EXPECT_TRUE(checked.illegal.empty())
      << checked.illegal.size() << " illegal, first: " << checked.illegal.front();
}

INSTANTIATE_TEST_SUITE_P(
    Games, AgentLegalityTest,
    ::testing::Values(LegalityCase{"nolimit2p_fold", agentplay_test::kNoLimit2p, "fold", 150},
                      LegalityCase{"nolimit2p_joker", agentplay_test::kNoLimit2p, "joker", 150},
                      LegalityCase{"nolimit3p_static", agentplay_test::kNoLimit3p, "static", 100},
                      LegalityCase{"nolimit6p_fold", agentplay_test::kNoLimit6p, "fold", 60},
                      LegalityCase{"limit2p_fold", agentplay_test::kLimit2p, "fold", 150},
                      LegalityCase{"short_fold", agentplay_test::kShortStacks3p, "fold", 120},
                      LegalityCase{"short_joker", agentplay_test::kShortStacks3p, "joker", 120}),
    [](const ::testing::TestParamInfo<LegalityCase>& info) { return info.param.label; });

TEST(ArenaTest, TheAgentPlaysInTheArenaBySpec) {
  const poker::GameDef game = Game(agentplay_test::kNoLimit2p);
  arena::RingOptions options;
  options.hands = 40;
  options.seed = 3;
  options.duplicate = true;
  const std::vector<arena::PlayerSpec> players = {
      {"me", "agent:model=none,policy=fold,trials=1000,call_thr=0.55"},
      {"ta", "bot:style=ta,trials=200"}};
  absl::StatusOr<arena::RingResult> result = arena::RunRing(game, players, options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->hands, 80);
  EXPECT_NEAR(result->players[0].chips + result->players[1].chips, 0.0, 1e-6);

  arena::PlayerContext context{&game, 0, "me", 0};
  EXPECT_FALSE(arena::MakePlayer("agent:policy=nope,model=none", context).ok());
  EXPECT_FALSE(arena::MakePlayer("agent:model=none,bogus_param=1", context).ok());
  EXPECT_FALSE(arena::MakePlayer("agent:model=/no/such/model.pb", context).ok());

  // The bundled model is heads-up: in another game the agent reads hands with DFmodel instead of
  // refusing to play, but a model named for the wrong game is an error.
  ASSERT_FALSE(DefaultModelPath().empty());
  const poker::GameDef three = Game(agentplay_test::kNoLimit3p);
  arena::PlayerContext three_context{&three, 0, "me", 0};
  EXPECT_TRUE(arena::MakePlayer("agent:policy=fold", three_context).ok());
  const absl::StatusOr<std::unique_ptr<poker::Player>> named =
      arena::MakePlayer(absl::StrCat("agent:model=", DefaultModelPath()), three_context);
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.status().message().find("another game"), std::string::npos) << named.status();
}

}  // namespace
}  // namespace agent
