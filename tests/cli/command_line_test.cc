// The shared command-line helper: help text defaults, thread counts.
#include "cli/command_line.h"
#include "cli/progress.h"

#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace cli {
namespace {

namespace po = boost::program_options;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(HelpTextTest, DoubleDefaultsAreWrittenTheShortWay) {
  double fraction = 0.2;
  double edge = 0.6;
  int count = 7;
  po::options_description options("Options");
  options.add_options()("test-fraction", po::value(&fraction)->default_value(0.2), "a share")(
      "edge", po::value(&edge)->default_value(-0.6), "an edge")(
      "count", po::value(&count)->default_value(7), "a count");
  const std::string help = HelpText(options);
  EXPECT_THAT(help, HasSubstr("--test-fraction arg (=0.2)"));
  EXPECT_THAT(help, HasSubstr("--edge arg (=-0.6)"));
  EXPECT_THAT(help, HasSubstr("--count arg (=7)"));
  EXPECT_THAT(help, Not(HasSubstr("0.2000000")));
  EXPECT_THAT(help, Not(HasSubstr("0.5999999")));
}

// Boost would read -1 into an unsigned option as 4294967295: every program refuses it instead.
TEST(ParseCommandLineTest, NegativeNumbersForUnsignedOptionsAreUsageErrors) {
  const auto parse = [](std::vector<std::string> args) {
    po::options_description options("Options");
    options.add_options()("help", "help")("seed", po::value<uint32_t>(), "seed")(
        "hands", po::value<uint64_t>(), "hands")("delta", po::value<int>(), "signed");
    std::vector<char*> argv;
    static std::string name = "prog";
    argv.push_back(name.data());
    for (std::string& a : args) argv.push_back(a.data());
    po::variables_map vm;
    return ParseCommandLine("prog", static_cast<int>(argv.size()), argv.data(), options, &vm);
  };
  EXPECT_EQ(parse({"--seed", "-1"}), 2);
  EXPECT_EQ(parse({"--hands=-5"}), 2);
  EXPECT_EQ(parse({"--seed", "4294967295", "--hands", "3"}), std::nullopt);
  EXPECT_EQ(parse({"--delta", "-3"}), std::nullopt);  // signed options keep their negatives
}

TEST(ThreadCountTest, ZeroMeansEveryCoreAndMoreIsCapped) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  EXPECT_EQ(ThreadCount(0), cores);
  EXPECT_EQ(ThreadCount(5000), cores);
  EXPECT_EQ(ThreadCount(1), 1);
}

// Every program answers --version through ParseCommandLine, whatever else is on the line, and
// lists it in its help; the version is the one CMakeLists.txt declares.
TEST(ParseCommandLineTest, VersionIsAnsweredAndListedInTheHelp) {
  EXPECT_STREQ(kVersion, POKER_PROJECT_VERSION);
  const auto parse = [](std::vector<std::string> args, std::string* out) {
    po::options_description options("Options");
    options.add_options()("help", "help")("count", po::value<int>(), "a count");
    std::vector<char*> argv;
    static std::string name = "prog";
    argv.push_back(name.data());
    for (std::string& a : args) argv.push_back(a.data());
    po::variables_map vm;
    std::ostringstream captured;
    std::streambuf* old = std::cout.rdbuf(captured.rdbuf());
    const std::optional<int> done =
        ParseCommandLine("prog", static_cast<int>(argv.size()), argv.data(), options, &vm);
    std::cout.rdbuf(old);
    *out = captured.str();
    return done;
  };
  std::string out;
  EXPECT_EQ(parse({"--version"}, &out), 0);
  EXPECT_EQ(out, std::string("prog (poker_ai) ") + POKER_PROJECT_VERSION + "\n");
  // Unknown options or bad values beside it do not matter (as for GNU programs).
  EXPECT_EQ(parse({"--count", "x", "--version", "--bogus"}, &out), 0);
  EXPECT_THAT(out, HasSubstr("(poker_ai)"));
  // After `--` it is an argument, not the option.
  EXPECT_EQ(parse({"--", "--version"}, &out), 2);
  EXPECT_EQ(parse({"--help"}, &out), 0);
  EXPECT_THAT(out, HasSubstr("--version"));
}

TEST(ProgressTextTest, TotalShareElapsedAndRemainingTime) {
  EXPECT_EQ(ProgressText(1200, 4000, "hands", 2.1), "1200 / 4000 hands (30%), 2.1 s, ETA 4.9 s");
  EXPECT_EQ(ProgressText(0, 10, "files", 0.5), "0 / 10 files (0%), 0.5 s, ETA ?");
  EXPECT_EQ(ProgressText(10, 10, "files", 30), "10 / 10 files (100%), 30 s, ETA 0.0 s");
  EXPECT_EQ(ProgressText(5, 0, "hands", 1), "5 hands, 1.0 s");
  EXPECT_EQ(DurationText(725), "12 min 5 s");
  EXPECT_EQ(DurationText(7380), "2 h 3 min");
  EXPECT_EQ(ShareProgressText(25e6, 1e8, BytesText(1e8), 3), "25% of 100.0 MB, 3.0 s, ETA 9.0 s");
  EXPECT_EQ(ShareProgressText(0, 1e8, "x", 3), "0% of x, 3.0 s, ETA ?");
}

}  // namespace
}  // namespace cli
