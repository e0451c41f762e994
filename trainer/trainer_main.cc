// `trainer`: builds opponent models from ACPC match logs. Each subcommand lives in its own file.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "trainer/command.h"

namespace trainer {

std::map<std::string, Command>& Commands() {
  static auto* commands = new std::map<std::string, Command>;
  return *commands;
}

bool RegisterCommand(const std::string& name, const std::string& summary,
                     std::function<int(int, char**)> run) {
  Commands()[name] = Command{summary, std::move(run)};
  return true;
}

namespace {

void PrintUsage(std::ostream& out) {
  out << "Usage: trainer <command> [options]\n\n"
         "Builds per-street opponent pattern trees from ACPC match logs (STATE: lines) and\n"
         "saves them as one Protocol Buffers model file.\n\nCommands:\n";
  for (const auto& [name, command] : Commands()) {
    out << "  " << name << std::string(name.size() < 10 ? 10 - name.size() : 1, ' ')
        << command.summary << "\n";
  }
  out << "\n`trainer <command> --help` describes a command's options; `trainer --version` prints\n"
         "the version.\n"
         "Exit codes: 0 success, 1 failure, 2 usage error.\n";
}

}  // namespace
}  // namespace trainer

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    trainer::PrintUsage(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "--version") == 0) {
    std::cout << cli::VersionLine("trainer");
    return 0;
  }
  auto it = trainer::Commands().find(argv[1]);
  if (it == trainer::Commands().end()) {
    std::cerr << "trainer: unknown command '" << argv[1] << "'\n\n";
    trainer::PrintUsage(std::cerr);
    return 2;
  }
  std::string name = std::string("trainer ") + argv[1];
  std::vector<char*> args{name.data()};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  return it->second.run(static_cast<int>(args.size()), args.data());
}
