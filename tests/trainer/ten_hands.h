// A hand-made 10-hand heads-up no-limit log (and its game) whose pattern trees hand_log_test.cc
// works out by hand; other tests use it as a small valid input.
#ifndef TESTS_TRAINER_TEN_HANDS_H_
#define TESTS_TRAINER_TEN_HANDS_H_

namespace trainer::testing {

// Heads-up no-limit, reverse blinds: position 0 posts the big blind (100) and acts first after
// the flop, position 1 the small blind (50) and acts first preflop. Stacks 20000.
inline constexpr char kTenHandsGame[] = R"(GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
)";

// alice and bob swap seats every hand. Raise-size fractions (chips beyond the call / pot after
// the call): preflop the small blind's raise to 200/250/300 adds 100/150/200 over a pot of 200
// after calling (0.5 "H" r<0.6, 0.75 "T" r0.6-1, 1.0 "P" r>=1).
//   0 alice|bob  f                   bob folds
//   1 bob|alice  cc/cc/cc/cc         AA beats 72
//   2 alice|bob  r300c/r400c/cc/r1000f   P; flop 100/600 H; river 600/800 T, bob folds
//   3 bob|alice  r200r600c/cr1200r20000c//  alice H, bob 400/400 P; flop 600/1200 H, bob all-in
//   4 alice|bob  r300f               bob P, alice folds
//   5 bob|alice  cr300c/cc/cc/cc     alice limps, bob 200/200 P; JJ wins
//   6 alice|bob  r20000c///          bob all-in, alice calls; AA beats KK
//   7 bob|alice  cc/r200f            flop bob 100/200 H, alice folds
//   8 alice|bob  r250c/cr500c/r1500f   T; flop bob 250/500 H; turn alice 1000/1000 P, bob folds
//   9 bob|alice  f                   alice folds
inline constexpr char kTenHandsLog[] =
    "STATE:0:f:Ah2c|9d9s:50|-50:alice|bob\n"
    "STATE:1:cc/cc/cc/cc:AsAd|7c2h/Kd9s4c/3h/Jc:100|-100:bob|alice\n"
    "STATE:2:r300c/r400c/cc/r1000f:KsQs|8h8d/2c5d9h/Tc/3s:400|-400:alice|bob\n"
    "STATE:3:r200r600c/cr1200r20000c//:KhKd|QcJc/Kc7d2s/4h/9s:20000|-20000:bob|alice\n"
    "STATE:4:r300f:Td4c|AcKc:-100|100:alice|bob\n"
    "STATE:5:cr300c/cc/cc/cc:7c5d|JhJs/2h8cQd/Ks/3s:-300|300:bob|alice\n"
    "STATE:6:r20000c///:AhAc|KhKs/2d7s9c/Td/3c:20000|-20000:alice|bob\n"
    "STATE:7:cc/r200f:Jd8s|5h4h/QcTs3c:100|-100:bob|alice\n"
    "STATE:8:r250c/cr500c/r1500f:9c9h|AdQh/6d6h2c/Js:500|-500:alice|bob\n"
    "STATE:9:f:3d3h|Kc8c:50|-50:bob|alice\n";

}  // namespace trainer::testing

#endif  // TESTS_TRAINER_TEN_HANDS_H_
