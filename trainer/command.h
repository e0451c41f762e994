// Subcommands of the `trainer` program register themselves here, one file each.
#ifndef TRAINER_COMMAND_H_
#define TRAINER_COMMAND_H_

#include <functional>
#include <map>
#include <string>

namespace trainer {

// A subcommand: `trainer <name> args...`. `run` gets argv with argv[0] = "trainer <name>" and
// returns the exit code (0 success, 1 failure, 2 usage).
struct Command {
  std::string summary;  // one line for `trainer --help`
  std::function<int(int argc, char** argv)> run;
};

std::map<std::string, Command>& Commands();

// Registers a command at static-initialisation time; use at namespace scope in the command's file:
//   const bool kRegistered = trainer::RegisterCommand("stats", "...", &RunStats);
bool RegisterCommand(const std::string& name, const std::string& summary,
                     std::function<int(int, char**)> run);

}  // namespace trainer

#endif  // TRAINER_COMMAND_H_
