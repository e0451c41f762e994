// The command-line handling every program of the project shares (Boost.Program_options): parse,
// answer --help, report a bad command line the same way everywhere, check numbers (finite, in
// their documented range: cli/numbers.h) and keep the terminal safe from what input files hold
// (cli/terminal.h). Header-only library `cli`, one layer above poker/ and below everything that
// has a program (trainer, agent, tools).
#ifndef CLI_COMMAND_LINE_H_
#define CLI_COMMAND_LINE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <typeinfo>

#include "boost/program_options.hpp"
#include "cli/numbers.h"
#include "cli/terminal.h"
#include "cli/version.h"

namespace cli {

// Prints `<program>: <message>` and a pointer to the help on stderr; returns 2, the exit status
// of a bad command line (STYLE.md).
inline int UsageError(const std::string& program, const std::string& message) {
  std::cerr << program << ": " << message << "\n(" << program << " --help for usage)\n";
  return 2;
}

// The dealer port of a client program (agent, bot, human), read as an unsigned number: a usage
// error naming the program and the value when it is outside 1..65535, else nullopt.
inline std::optional<int> CheckPort(const std::string& program, uint32_t port) {
  if (port >= 1 && port <= 65535) return std::nullopt;
  return UsageError(program, "<port> must be 1..65535 (got " + std::to_string(port) + ")");
}

// The options' help as Boost prints it, with each double default written the short way:
// Boost prints `(=0.20000000000000001)` for 0.2; this prints `(=0.2)`.
inline std::string HelpText(const boost::program_options::options_description& options) {
  std::ostringstream text;
  text << options;
  static const std::regex kLongDefault(R"(\(=(-?[0-9]+\.[0-9]{10,})\))");
  std::string out;
  std::string rest = text.str();
  std::smatch match;
  while (std::regex_search(rest, match, kLongDefault)) {
    std::ostringstream value;
    value << std::setprecision(15) << std::stod(match[1].str());
    out += match.prefix().str() + "(=" + value.str() + ")";
    rest = match.suffix().str();
  }
  return out + rest;
}

// A notifier for a numeric option: `po::value<double>()->notifier(cli::Within<double>("alpha",
// cli::Between(0, 1)))` makes a value outside the range a usage error naming the option, the
// value and the range (ParseCommandLine reports it). Say the range in the option's help.
template <typename T>
std::function<void(const T&)> Within(const std::string& option, Range range) {
  return [option, range](const T& value) {
    const absl::Status status = CheckNumber("--" + option, static_cast<double>(value), range);
    if (!status.ok()) throw boost::program_options::error(std::string(status.message()));
  };
}

// Parses argv into `vm`: the `visible` options (which must include "help"), the `hidden` ones and
// the positional arguments that map onto them. Returns the exit status when the program is done:
// 2 after a bad command line (UsageError), 0 after printing the help (`visible`, then what
// `help_tail` returns, if given), 0 after printing the version line for `--version` (every
// program has it; it is not one of `visible`). Returns nullopt when the program should go on.
// Every option of a floating-point type must be finite ("nan" and "inf" are usage errors); ranges
// are checked by the options' notifiers (Within). First makes std::cout and std::cerr
// terminal-safe (ProtectTerminalOutput).
inline std::optional<int> ParseCommandLine(
    const std::string& program, int argc, char** argv,
    const boost::program_options::options_description& visible,
    const boost::program_options::options_description& hidden,
    const boost::program_options::positional_options_description& positional,
    boost::program_options::variables_map* vm,
    const std::function<std::string()>& help_tail = nullptr) {
  namespace po = boost::program_options;
  ProtectTerminalOutput();
  // Answered before the options are read, so it works whatever else the command line holds.
  if (AsksForVersion(argc, argv)) {
    std::cout << VersionLine(program);
    return 0;
  }
  po::options_description all;
  all.add(visible).add(hidden);
  try {
    const po::parsed_options parsed =
        po::command_line_parser(argc, argv).options(all).positional(positional).run();
    po::store(parsed, *vm);
    // Boost reads "-1" into an unsigned option as 4294967295 (then an allocation fails or a
    // count is absurd): a negative number for an unsigned option is a usage error.
    for (const po::option& option : parsed.options) {
      if (option.string_key.empty() || !vm->count(option.string_key)) continue;
      const std::type_info& type = (*vm)[option.string_key].value().type();
      // "nan" and "inf" read into a double pass every comparison a program makes after.
      if (type == typeid(double) || type == typeid(float)) {
        const double value = type == typeid(double)
                                 ? (*vm)[option.string_key].as<double>()
                                 : static_cast<double>((*vm)[option.string_key].as<float>());
        if (!std::isfinite(value)) {
          return UsageError(program, "--" + option.string_key + " must be a finite number ('" +
                                         (option.value.empty() ? "" : option.value.back()) + "')");
        }
        continue;
      }
      if (type != typeid(unsigned short) && type != typeid(unsigned int) &&
          type != typeid(unsigned long) && type != typeid(unsigned long long)) {
        continue;
      }
      for (const std::string& value : option.value) {
        if (value.find_first_not_of(" \t") != std::string::npos &&
            value[value.find_first_not_of(" \t")] == '-') {
          return UsageError(program,
                            "--" + option.string_key + " must not be negative ('" + value + "')");
        }
      }
    }
    po::notify(*vm);
  } catch (const po::error& e) {
    return UsageError(program, e.what());
  }
  if (vm->count("help")) {
    std::cout << HelpText(visible) << kVersionHelp << "\n";
    if (help_tail) std::cout << help_tail();
    return 0;
  }
  return std::nullopt;
}

// The number of worker threads to use for `--threads requested`: 0 means one per core, and more
// than one per core is capped there (each thread holds its own counts: 5000 threads took 3.2 GB).
inline int ThreadCount(int requested) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return requested <= 0 ? cores : std::min(requested, cores);
}

// The same for a program without positional arguments.
inline std::optional<int> ParseCommandLine(
    const std::string& program, int argc, char** argv,
    const boost::program_options::options_description& visible,
    boost::program_options::variables_map* vm,
    const std::function<std::string()>& help_tail = nullptr) {
  return ParseCommandLine(program, argc, argv, visible, {}, {}, vm, help_tail);
}

}  // namespace cli

#endif  // CLI_COMMAND_LINE_H_
