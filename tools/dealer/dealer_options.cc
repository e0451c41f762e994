#include "tools/dealer/dealer_options.h"

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

// Applies one long option; `value` is its argument.
absl::Status ApplyLong(absl::string_view name, absl::string_view value, DealerOptions* options) {
  if (name == "t_response") return ParseMillis(name, value, false, &options->t_response_ms);
  if (name == "t_hand") return ParseMillis(name, value, false, &options->t_hand_ms);
  if (name == "t_per_hand") return ParseMillis(name, value, false, &options->t_per_hand_ms);
  if (name == "start_timeout") return ParseMillis(name, value, true, &options->start_timeout_ms);
  if (name == "bind") {
    options->bind_address = std::string(value);
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown option --", name));
}

bool IsLongOption(absl::string_view name) {
  return name == "t_response" || name == "t_hand" || name == "t_per_hand" ||
         name == "start_timeout" || name == "bind";
}

}  // namespace

absl::StatusOr<DealerOptions> ParseDealerArgs(const std::vector<std::string>& args) {
  DealerOptions options;
  std::vector<std::string> positional;
  bool options_ended = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const absl::string_view arg = args[i];
    if (options_ended || arg.size() < 2 || arg[0] != '-') {
      positional.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      options_ended = true;
      continue;
    }
    if (arg.substr(0, 2) == "--") {
      absl::string_view name = arg.substr(2);
      absl::string_view value;
      const size_t eq = name.find('=');
      if (eq != absl::string_view::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
      } else {
        if (!IsLongOption(name)) {
          return absl::InvalidArgumentError(absl::StrCat("unknown option ", arg));
        }
        if (i + 1 >= args.size()) {
          return absl::InvalidArgumentError(absl::StrCat(arg, " needs a value"));
        }
        value = args[++i];
      }
      if (absl::Status s = ApplyLong(name, value, &options); !s.ok()) return s;
      continue;
    }
    // A group of short flags; -p takes the rest of the group or the next argument.
    for (size_t j = 1; j < arg.size(); ++j) {
      const char flag = arg[j];
      switch (flag) {
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
        case 'p': {
          absl::string_view value = arg.substr(j + 1);
          if (value.empty()) {
            if (i + 1 >= args.size()) return absl::InvalidArgumentError("-p needs a port list");
            value = args[++i];
          }
          if (absl::Status s = ParsePorts(value, &options.ports); !s.ok()) return s;
          j = arg.size();
          break;
        }
        default:
          return absl::InvalidArgumentError(absl::StrCat("unknown option -", std::string(1, flag)));
      }
    }
  }
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
         "  --bind ADDRESS listen on this IPv4 address (default 127.0.0.1)\n"
         "stdout: the ports line first, the SCORE line last. Exit status: 0 when the match is "
         "complete, 1 when it is aborted (timeout, disconnect, bad version) or cannot start, 2 for "
         "a bad command line.\n";
}

}  // namespace dealer
