// The dealer's command line, the same as the ACPC competition server's dealer:
// `dealer <matchName> <gameFile> <numHands> <rngSeed> <name1> ... <nameN> [options]`.
#ifndef TOOLS_DEALER_DEALER_OPTIONS_H_
#define TOOLS_DEALER_DEALER_OPTIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dealer {

// Everything the command line says. Times are in milliseconds, as on the command line.
struct DealerOptions {
  std::string match_name;          // the log is <match_name>.log
  std::string game_file;           // as given (printed verbatim in the log header)
  uint32_t num_hands = 0;          // > 0
  uint32_t seed = 0;               // seeds the deal (MT19937)
  std::vector<std::string> names;  // per seat, command-line order (may exceed the game's players)
  std::vector<uint16_t> ports;     // -p: fixed ports per seat (0 or missing: the OS picks)
  bool fixed_seats = false;        // -f: no rotation of positions between hands
  bool quiet = false;              // -q: no TO/FROM traffic on stderr
  bool log = true;                 // -l/-L
  bool transaction_log = false;    // -t/-T: write <match_name>.tlog (every action, timed)
  bool append = false;             // -a: append to the log/.tlog; with -T, resume from the .tlog
  bool phh = false;                // --phh: convert the finished log to <match_name>.phhs
  int64_t t_response_ms = 600000;  // --t_response: most time for one reply
  int64_t t_hand_ms = 600000;      // --t_hand: most time a seat may use in one hand
  int64_t t_per_hand_ms = 7000;    // --t_per_hand: average a seat may use per hand over the match
  int64_t start_timeout_ms = -1;   // --start_timeout: wait for connections (< 0: forever)
  std::string bind_address = "0.0.0.0";  // --bind: where the seats' sockets listen (all)
};

// Parses the arguments after the program name with getopt_long, as the server does: options may
// come before, between or after the positional arguments, short flags may be grouped (`-fq`),
// `-p` takes `1234,1235` attached or as the next argument, long options take `=V` or the next
// argument and may be abbreviated where unambiguous (`--t_resp`), and `--` ends the options.
// Not thread-safe (getopt's globals). Needs the four positional arguments and at least one name;
// the number of names is checked against the game by the caller.
absl::StatusOr<DealerOptions> ParseDealerArgs(const std::vector<std::string>& args);

// The usage text printed for a bad command line.
std::string DealerUsage();

}  // namespace dealer

#endif  // TOOLS_DEALER_DEALER_OPTIONS_H_
