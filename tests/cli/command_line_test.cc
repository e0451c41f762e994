// The shared command-line helper: help text defaults, thread counts.
#include "cli/command_line.h"

#include <cstdint>
#include <optional>
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

}  // namespace
}  // namespace cli
