// The project's version and the `--version` answer every program gives (header-only, no Boost:
// the benchmark programs include it too).
#ifndef CLI_VERSION_H_
#define CLI_VERSION_H_

#include <string>

namespace cli {

// The project's version (CMakeLists.txt's project(... VERSION), which cli_test compares it with).
inline constexpr char kVersion[] = "0.1.0";

// What `--version` prints: `<program> (poker_ai) <version>`.
inline std::string VersionLine(const std::string& program) {
  return program + " (poker_ai) " + kVersion + "\n";
}

// The help line of --version, which ParseCommandLine answers for every program.
inline constexpr char kVersionHelp[] = "  --version             print the version and exit\n";

// True when `--version` is among the options of argv (before a `--` that ends them).
inline bool AsksForVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return false;
    if (arg == "--version") return true;
  }
  return false;
}

}  // namespace cli

#endif  // CLI_VERSION_H_
