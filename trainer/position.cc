#include "trainer/position.h"

#include <vector>

namespace trainer {

const char* PositionClassName(PositionClass position_class) {
  switch (position_class) {
    case PositionClass::kFront:
      return "front";
    case PositionClass::kMiddle:
      return "middle";
    case PositionClass::kRear:
      return "rear";
    case PositionClass::kBlinds:
      return "blinds";
  }
  return "?";
}

std::array<PositionClass, poker::kMaxPlayers> PositionClasses(const poker::GameDef& game) {
  std::array<PositionClass, poker::kMaxPlayers> classes;
  classes.fill(PositionClass::kBlinds);
  const int n = game.num_players;
  // Preflop acting order, starting at the first player of round 0.
  std::vector<int> order;
  for (int i = 0; i < n; ++i) order.push_back((game.first_player[0] + i) % n);
  if (n == 2) {
    classes[order[0]] = PositionClass::kRear;
    classes[order[1]] = PositionClass::kBlinds;
    return classes;
  }
  int blinds = 0;
  for (int p = 0; p < n; ++p) blinds += game.blind[p] > 0;
  const bool antes = blinds == n;
  std::vector<int> others;
  for (int p : order) {
    if (antes || game.blind[p] == 0) others.push_back(p);
  }
  const int m = static_cast<int>(others.size());
  const int rear = (m + 2) / 3;
  const int front = (m - rear + 1) / 2;
  for (int i = 0; i < m; ++i) {
    classes[others[i]] = i < front      ? PositionClass::kFront
                         : i < m - rear ? PositionClass::kMiddle
                                        : PositionClass::kRear;
  }
  return classes;
}

}  // namespace trainer
