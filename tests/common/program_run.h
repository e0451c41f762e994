// Running one of the project's programs from a test: its output and exit code.
#ifndef TESTS_COMMON_PROGRAM_RUN_H_
#define TESTS_COMMON_PROGRAM_RUN_H_

#include <stdio.h>
#include <sys/wait.h>

#include <string>

#include "gtest/gtest.h"
#include "tests/common/test_support.h"

namespace test_support {

// What a program run by RunCommand printed and how it ended.
struct ProgramRun {
  int exit_code = -1;  // -1 when it could not start or did not exit normally
  std::string out;     // its standard output
  std::string err;     // its standard error (the two-argument RunCommand only)
};

// Runs the shell command `command` (with whatever redirections it carries) and captures its
// standard output and exit code; a failure to start it fails the test.
inline ProgramRun RunCommand(const std::string& command) {
  ProgramRun run;
  FILE* pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t got;
  while ((got = fread(buffer, 1, sizeof(buffer), pipe)) > 0) run.out.append(buffer, got);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// Runs `command` with its standard error sent to the file `err_path`, then read into err.
inline ProgramRun RunCommand(const std::string& command, const std::string& err_path) {
  ProgramRun run = RunCommand(command + " 2>" + err_path);
  run.err = ReadFileBytes(err_path);
  return run;
}

}  // namespace test_support

#endif  // TESTS_COMMON_PROGRAM_RUN_H_
