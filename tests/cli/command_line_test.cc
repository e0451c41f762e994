// The shared command-line library: help text defaults, thread counts, number checks (options and
// spec parameters), terminal-safe output.
#include "cli/command_line.h"
#include "cli/progress.h"

#include <cmath>
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

// Parses `args` with a double option --x (range [0, 1] when `ranged`) and a float --f.
std::optional<int> ParseX(std::vector<std::string> args, bool ranged, double* x = nullptr) {
  po::options_description options("Options");
  double value = 0.5;
  float f = 0;
  if (ranged) {
    options.add_options()("help", "help")(
        "x", po::value(&value)->notifier(Within<double>("x", Between(0, 1))), "x")(
        "f", po::value(&f), "f");
  } else {
    options.add_options()("help", "help")("x", po::value(&value), "x")("f", po::value(&f), "f");
  }
  std::vector<char*> argv;
  static std::string name = "prog";
  argv.push_back(name.data());
  for (std::string& a : args) argv.push_back(a.data());
  po::variables_map vm;
  const std::optional<int> done =
      ParseCommandLine("prog", static_cast<int>(argv.size()), argv.data(), options, &vm);
  if (x != nullptr) *x = value;
  return done;
}

// "nan" and "inf" read into a double pass every range check written as `x < lo || x > hi`:
// every program refuses them.
TEST(ParseCommandLineTest, NonFiniteNumbersAreUsageErrors) {
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "1e999"}) {
    EXPECT_EQ(ParseX({"--x", bad}, false), 2) << bad;
    EXPECT_EQ(ParseX({"--f", bad}, false), 2) << bad;
  }
  double x = 0;
  EXPECT_EQ(ParseX({"--x", "-0.25"}, false, &x), std::nullopt);
  EXPECT_EQ(x, -0.25);
}

TEST(ParseCommandLineTest, RangesNameTheOptionTheValueAndTheRange) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(ParseX({"--x", "2"}, true), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_THAT(err, HasSubstr("prog: --x must be a number in [0, 1] (got 2)"));
  EXPECT_EQ(ParseX({"--x", "1"}, true), std::nullopt);
  EXPECT_EQ(ParseX({"--x", "-0.0001"}, true), 2);
}

TEST(NumbersTest, ParseNumberAcceptsFiniteNumbersInRangeOnly) {
  EXPECT_EQ(*ParseNumber("alpha", " 0.5 ", Between(0, 1)), 0.5);
  for (const char* bad : {"nan", "inf", "", "0.5x", "1e999", "2", "-1"}) {
    const absl::StatusOr<double> v = ParseNumber("alpha", bad, Between(0, 1));
    EXPECT_FALSE(v.ok()) << bad;
    EXPECT_TRUE(absl::IsInvalidArgument(v.status())) << bad;
    EXPECT_THAT(std::string(v.status().message()), HasSubstr("alpha")) << bad;
  }
  EXPECT_EQ(std::string(ParseNumber("p", "2", Between(0, 1)).status().message()),
            "p must be a number in [0, 1] (got 2)");
  EXPECT_EQ(std::string(ParseNumber("p", "nan", Between(0, 1)).status().message()),
            "p: 'nan' is not a number in [0, 1]");
  EXPECT_EQ(*ParseWhole<int>("trials", "1000", WholeBetween(1, 1e8)), 1000);
  EXPECT_EQ(*ParseWhole<int>("trials", "1e3", WholeBetween(1, 1e8)), 1000);
  EXPECT_FALSE(ParseWhole<int>("trials", "0", WholeBetween(1, 1e8)).ok());
  EXPECT_FALSE(ParseWhole<int>("trials", "1.5", WholeBetween(1, 1e8)).ok());
  EXPECT_FALSE(ParseWhole<uint32_t>("seed", "-1", AtLeast(0)).ok());
  EXPECT_FALSE(ParseWhole<uint32_t>("seed", "4294967296", AtLeast(0)).ok());
  EXPECT_EQ(*ParseWhole<uint32_t>("seed", "4294967295", AtLeast(0)), 4294967295u);
}

TEST(NumbersTest, RangesSayWhatTheyAccept) {
  EXPECT_EQ(Between(0, 1).Text(), "a number in [0, 1]");
  EXPECT_EQ(WholeAtLeast(1).Text(), "a whole number at least 1");
  EXPECT_EQ(Flag().Text(), "0 or 1");
  EXPECT_EQ(Positive(100).Text(), "a number in (0, 100]");
  EXPECT_EQ(Positive().Text(), "a number > 0");
  EXPECT_EQ(AnyNumber().Text(), "a number (finite)");
  EXPECT_TRUE(Positive().Contains(1e-300));
  EXPECT_FALSE(Positive().Contains(0));
  EXPECT_FALSE(AnyNumber().Contains(std::nan("")));
}

// Control bytes in text from input files reach messages and tables: shown escaped, never sent to
// the terminal (where ESC sequences move the cursor, clear the screen or retitle the window).
TEST(TerminalTest, ControlBytesAreShownEscaped) {
  EXPECT_EQ(SafeTerminalText("plain text, tabs\tand lines\n"), "plain text, tabs\tand lines\n");
  EXPECT_EQ(SafeTerminalText("\x1b[2Jcleared"), "\\x1b[2Jcleared");
  EXPECT_EQ(SafeTerminalText("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
  EXPECT_EQ(SafeTerminalText(std::string("nul\0bell\x07"
                                         "del\x7f",
                                         13)),
            "nul\\x00bell\\x07del\\x7f");
  EXPECT_EQ(SafeTerminalText("caf\xc3\xa9 \xe2\x82\xac"),
            "caf\xc3\xa9 \xe2\x82\xac");  // UTF-8 kept
  EXPECT_EQ(SafeTerminalText("\xc2\x9b"
                             "31m"),
            "\\xc2\\x9b31m");  // C1 CSI, as UTF-8
  EXPECT_EQ(SafeTerminalText("\x9b"
                             "31m"),
            "\\x9b31m");  // C1 CSI, a raw byte
  EXPECT_EQ(SafeTerminalText("latin1 caf\xe9!"), "latin1 caf\\xe9!");
  EXPECT_EQ(SafeTerminalText("cut \xe2\x82"), "cut \\xe2\\x82");
  // The one sequence the programs' progress lines send themselves.
  EXPECT_EQ(SafeTerminalText("\r42 hands\x1b[K"), "\r42 hands\x1b[K");
  EXPECT_EQ(SafeTerminalText("\x1b[Kx\x1b[1K"), "\x1b[Kx\\x1b[1K");
}

TEST(TerminalTest, ProtectedStreamsEscapeAcrossWrites) {
  std::ostringstream sink;
  {
    terminal_internal::EscapingBuf buf(sink.rdbuf());
    std::ostream out(&buf);
    out << "a\xc3"
        << "\xa9"
        << "b\x1b"
        << "[2J" << 7 << '\n';
    buf.Finish();
  }
  EXPECT_EQ(sink.str(),
            "a\xc3\xa9"
            "b\\x1b[2J7\n");
}

}  // namespace
}  // namespace cli
