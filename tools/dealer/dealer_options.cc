#include "tools/dealer/dealer_options.h"

#include <getopt.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace dealer {
namespace {

absl::Status ParseMillis(absl::string_view option, absl::string_view text, bool allow_negative,
                         int64_t* out) {
  int64_t value = 0;
  if (!absl::SimpleAtoi(text, &value) || (!allow_negative && value < 0) ||
      value > std::numeric_limits<int64_t>::max() / 1000) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", option, ": '", text, "' is not a number of milliseconds"));
  }
  *out = value;
  return absl::OkStatus();
}

absl::Status ParsePorts(absl::string_view text, std::vector<uint16_t>* ports) {
  ports->clear();
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    uint32_t port = 0;
    if (!absl::SimpleAtoi(part, &port) || port > 65535) {
      return absl::InvalidArgumentError(absl::StrCat("-p: bad port string '", text, "'"));
    }
    ports->push_back(static_cast<uint16_t>(port));
  }
  return absl::OkStatus();
}

// The long options (the server's four and --bind); getopt_long also accepts any unambiguous
// prefix of them, as the server does (`--t_resp 500`).
enum LongOption { kTResponse = 1000, kTHand, kTPerHand, kStartTimeout, kBind, kPhh };

}  // namespace

absl::StatusOr<DealerOptions> ParseDealerArgs(const std::vector<std::string>& args) {
  DealerOptions options;
  // getopt_long permutes and reads a C argv: give it copies it may reorder.
  std::vector<std::string> storage;
  storage.reserve(args.size() + 1);
  storage.emplace_back("dealer");
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);
  static const struct option kLongOptions[] = {
      {"t_response", required_argument, nullptr, kTResponse},
      {"t_hand", required_argument, nullptr, kTHand},
      {"t_per_hand", required_argument, nullptr, kTPerHand},
      {"start_timeout", required_argument, nullptr, kStartTimeout},
      {"bind", required_argument, nullptr, kBind},
      {"phh", no_argument, nullptr, kPhh},
      {nullptr, 0, nullptr, 0}};
  optind = 0;  // GNU: start a fresh scan (the parser may be called more than once)
  opterr = 0;  // errors are returned, not printed
  const int argc = static_cast<int>(storage.size());
  while (true) {
    const int c = getopt_long(argc, argv.data(), ":flLp:qtTa", kLongOptions, nullptr);
    if (c == -1) break;
    absl::Status status;
    switch (c) {
      case 'f':
        options.fixed_seats = true;
        break;
      case 'l':
        options.log = false;
        break;
      case 'L':
        options.log = true;
        break;
      case 'q':
        options.quiet = true;
        break;
      case 't':
        options.transaction_log = false;
        break;
      case 'T':
        options.transaction_log = true;
        break;
      case 'a':
        options.append = true;
        break;
      case 'p':
        status = ParsePorts(optarg, &options.ports);
        break;
      case kTResponse:
        status = ParseMillis("t_response", optarg, false, &options.t_response_ms);
        break;
      case kTHand:
        status = ParseMillis("t_hand", optarg, false, &options.t_hand_ms);
        break;
      case kTPerHand:
        status = ParseMillis("t_per_hand", optarg, false, &options.t_per_hand_ms);
        break;
      case kStartTimeout:
        status = ParseMillis("start_timeout", optarg, true, &options.start_timeout_ms);
        break;
      case kBind:
        options.bind_address = optarg;
        break;
      case kPhh:
        options.phh = true;
        break;
      case ':':
        return absl::InvalidArgumentError(absl::StrCat(argv[optind - 1], " needs a value"));
      default:  // '?': unknown, or an abbreviation that fits more than one long option
        if (optopt != 0) {
          return absl::InvalidArgumentError(
              absl::StrCat("unknown option -", std::string(1, static_cast<char>(optopt))));
        }
        return absl::InvalidArgumentError(
            absl::StrCat("unknown or ambiguous option ", argv[optind - 1]));
    }
    if (!status.ok()) return status;
  }
  // getopt_long has moved the positional arguments to the end, in their order.
  const std::vector<std::string> positional(argv.begin() + optind, argv.end() - 1);
  if (positional.size() < 5) {
    return absl::InvalidArgumentError(
        "expected <matchName> <gameFile> <numHands> <rngSeed> and a name per player");
  }
  options.match_name = positional[0];
  options.game_file = positional[1];
  if (!absl::SimpleAtoi(positional[2], &options.num_hands) || options.num_hands == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid number of hands '", positional[2], "'"));
  }
  if (!absl::SimpleAtoi(positional[3], &options.seed)) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid random number seed '", positional[3], "'"));
  }
  options.names.assign(positional.begin() + 4, positional.end());
  return options;
}

std::string DealerUsage() {
  return "usage: dealer matchName gameDefFile #Hands rngSeed p1name p2name ... [options]\n"
         "  -f use fixed dealer button at table\n"
         "  -l/L disable/enable log file - enabled by default\n"
         "  -p player1_port,player2_port,... [default is random]\n"
         "  -q only print errors, warnings, and final value to stderr\n"
         "  -t/T disable/enable transaction file - disabled by default\n"
         "    (matchName.tlog: every action with its hand and send/receive times)\n"
         "  -a append to log/transaction files - disabled by default\n"
         "    (with -T, the actions already in matchName.tlog are replayed first, so an\n"
         "    interrupted match resumes where it stopped)\n"
         "  --t_response [milliseconds] maximum time per response (default 600000)\n"
         "  --t_hand [milliseconds] maximum player time per hand (default 600000)\n"
         "  --t_per_hand [milliseconds] maximum average player time for match (default 7000)\n"
         "  --start_timeout [milliseconds] maximum time to wait for players to connect\n"
         "    <0 [default] is no timeout\n"
         "  --bind ADDRESS listen on this IPv4 address (default 0.0.0.0: every interface,\n"
         "    as the server; 127.0.0.1 for this machine only)\n"
         "  --phh also write the log as PHH hand histories, matchName.phhs, at the end\n"
         "  Long options may be abbreviated where unambiguous (--t_resp).\n"
         "  --help prints this usage, --version the version.\n"
         "stdout: the ports line first, the SCORE line last. Exit status: 0 when the match is "
         "complete, 1 when it is aborted (timeout, disconnect, bad version) or cannot start, 2 for "
         "a bad command line.\n";
}

}  // namespace dealer
