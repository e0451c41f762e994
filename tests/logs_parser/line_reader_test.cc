#include "logs_parser/line_reader.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/logs_parser/test_util.h"

namespace logs_parser {
namespace {

using testing::Bzip2;
using testing::Gzip;
using testing::TempDir;

struct ReadResult {
  std::vector<std::string> lines;  // kLine texts; kTooLong lines as "<too long N>"
  std::vector<int64_t> numbers;    // their line numbers
  LineReader::Result last;
  std::string error;
  Compression compression = Compression::kNone;
};

ReadResult ReadAll(const std::string& path, size_t max_line = LineReader::kDefaultMaxLineBytes) {
  ReadResult result;
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
  EXPECT_TRUE(source.ok()) << source.status();
  if (!source.ok()) return result;
  result.compression = (*source)->compression();
  LineReader reader(source->get(), max_line);
  absl::string_view line;
  while (true) {
    result.last = reader.Next(&line);
    if (result.last == LineReader::Result::kLine) {
      result.lines.emplace_back(line);
    } else if (result.last == LineReader::Result::kTooLong) {
      result.lines.push_back("<too long " + std::to_string(reader.too_long_bytes()) + ">");
    } else {
      break;
    }
    result.numbers.push_back(reader.line_number());
  }
  if (result.last == LineReader::Result::kError) {
    result.error = std::string(reader.status().message());
  }
  return result;
}

TEST(LineReaderTest, SplitsLinesToleratingCrlfAndNoFinalNewline) {
  TempDir dir;
  std::string path = dir.Write("a.log", "first\r\nsecond\n\nthird\r\nlast without newline");
  ReadResult result = ReadAll(path);
  EXPECT_EQ(result.last, LineReader::Result::kEnd);
  EXPECT_EQ(result.lines,
            (std::vector<std::string>{"first", "second", "", "third", "last without newline"}));
  EXPECT_EQ(result.numbers, (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(result.compression, Compression::kNone);
}

TEST(LineReaderTest, EmptyFileHasNoLines) {
  TempDir dir;
  ReadResult result = ReadAll(dir.Write("empty.log", ""));
  EXPECT_EQ(result.last, LineReader::Result::kEnd);
  EXPECT_TRUE(result.lines.empty());
}

TEST(LineReaderTest, SkipsATwoMegabyteLineAndKeepsCounting) {
  TempDir dir;
  std::string huge(2 * 1024 * 1024, 'x');
  std::string path = dir.Write("huge.log", "before\n" + huge + "\r\nafter\n" + huge + "\r");
  ReadResult result = ReadAll(path);
  EXPECT_EQ(result.last, LineReader::Result::kEnd);
  EXPECT_EQ(result.lines, (std::vector<std::string>{"before", "<too long 2097152>", "after",
                                                    "<too long 2097152>"}));
  EXPECT_EQ(result.numbers, (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST(LineReaderTest, LineAtTheLimitIsKeptOneMoreByteIsNot) {
  TempDir dir;
  std::string at_limit(100, 'a');
  std::string over(101, 'b');
  ReadResult result = ReadAll(dir.Write("limit.log", at_limit + "\r\n" + over + "\r\nz\n"), 100);
  EXPECT_EQ(result.lines, (std::vector<std::string>{at_limit, "<too long 101>", "z"}));
}

TEST(LineReaderTest, LinesLongerThanTheBufferStreamThrough) {
  // Many lines spanning buffer refills: every byte must arrive once, in order.
  TempDir dir;
  std::string text;
  std::vector<std::string> expected;
  for (int i = 0; i < 20000; ++i) {
    expected.push_back("STATE:" + std::to_string(i) + ":" + std::string(i % 300, 'c'));
    text += expected.back() + (i % 2 ? "\r\n" : "\n");
  }
  ReadResult result = ReadAll(dir.Write("many.log", text));
  EXPECT_EQ(result.lines, expected);
}

TEST(LineReaderTest, ReadsGzipAndBzip2ByContentNotName) {
  TempDir dir;
  std::string text = "one\r\ntwo\nthree";
  ReadResult gz = ReadAll(dir.Write("x.log.gz", Gzip(text)));
  ReadResult bz = ReadAll(dir.Write("misnamed.log", Bzip2(text)));
  EXPECT_EQ(gz.compression, Compression::kGzip);
  EXPECT_EQ(bz.compression, Compression::kBzip2);
  for (const ReadResult* result : {&gz, &bz}) {
    EXPECT_EQ(result->last, LineReader::Result::kEnd) << result->error;
    EXPECT_EQ(result->lines, (std::vector<std::string>{"one", "two", "three"}));
  }
}

TEST(LineReaderTest, ConcatenatedMembersReadAsOneFile) {
  TempDir dir;
  ReadResult gz = ReadAll(dir.Write("cat.log.gz", Gzip("a\nb") + Gzip("c\n")));
  ReadResult bz = ReadAll(dir.Write("cat.log.bz2", Bzip2("a\nb") + Bzip2("c\n")));
  EXPECT_EQ(gz.lines, (std::vector<std::string>{"a", "bc"}));
  EXPECT_EQ(bz.lines, (std::vector<std::string>{"a", "bc"}));
  EXPECT_EQ(gz.last, LineReader::Result::kEnd);
  EXPECT_EQ(bz.last, LineReader::Result::kEnd);
}

std::string ManyLines(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += "line " + std::to_string(i) + " some padding text\n";
  return text;
}

TEST(LineReaderTest, TruncatedGzipIsAnErrorAfterTheGoodLines) {
  TempDir dir;
  std::string text = ManyLines(50000);
  std::string gz = Gzip(text);
  ReadResult result = ReadAll(dir.Write("cut.log.gz", gz.substr(0, gz.size() / 2)));
  EXPECT_EQ(result.last, LineReader::Result::kError);
  EXPECT_NE(result.error.find("truncated gzip data"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("cut.log.gz"), std::string::npos) << result.error;
  ASSERT_GT(result.lines.size(), 1000u);
  ASSERT_LT(result.lines.size(), 50000u);
  // Every line delivered is a complete, correct line; the partial one is not delivered.
  for (size_t i = 0; i < result.lines.size(); ++i) {
    ASSERT_EQ(result.lines[i], "line " + std::to_string(i) + " some padding text");
  }
}

TEST(LineReaderTest, TruncatedBzip2IsAnError) {
  TempDir dir;
  std::string bz = Bzip2(ManyLines(50000));
  ReadResult result = ReadAll(dir.Write("cut.log.bz2", bz.substr(0, bz.size() - 100)));
  EXPECT_EQ(result.last, LineReader::Result::kError);
  EXPECT_NE(result.error.find("truncated bzip2 data"), std::string::npos) << result.error;
}

TEST(LineReaderTest, CorruptGzipIsAnError) {
  TempDir dir;
  std::string gz = Gzip(ManyLines(1000));
  for (size_t i = 20; i < 60; ++i) gz[i] = static_cast<char>(gz[i] ^ 0x5a);
  ReadResult result = ReadAll(dir.Write("bad.log.gz", gz));
  EXPECT_EQ(result.last, LineReader::Result::kError);
  EXPECT_NE(result.error.find("gzip"), std::string::npos) << result.error;
}

TEST(LineReaderTest, GarbageAfterGzipStreamIsAnError) {
  TempDir dir;
  ReadResult result = ReadAll(dir.Write("tail.log.gz", Gzip("a\n") + "garbage"));
  EXPECT_EQ(result.last, LineReader::Result::kError);
  EXPECT_EQ(result.lines, (std::vector<std::string>{"a"}));
  EXPECT_NE(result.error.find("data after the end of the gzip stream"), std::string::npos);
}

TEST(LineReaderTest, MissingFileIsNotFound) {
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource("/nonexistent/x.log");
  EXPECT_EQ(source.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(source.status().message().find("/nonexistent/x.log"), absl::string_view::npos);
}

}  // namespace
}  // namespace logs_parser
