// Reading JSON from files a user names: nesting bounded before parsing (a recursive parser once
// overflowed the stack on 50000 brackets), errors with the file and line.
#include "logs_parser/json_input.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace logs_parser {
namespace {

using ::testing::HasSubstr;

TEST(JsonInputTest, ParsesWhatTheProjectWrites) {
  absl::StatusOr<nlohmann::ordered_json> v =
      ParseJson(R"({"a": [1, 2.5, {"b": "x]}{\"["}], "c": null})", "f.json");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ((*v)["a"][2]["b"], "x]}{\"[");
  EXPECT_EQ(JsonNestingDepth(R"({"a": [1, {"b": "[[[["}]})", 100, nullptr), 3);
}

TEST(JsonInputTest, DeepNestingIsRefusedWithoutRecursion) {
  const std::string deep = std::string(50000, '[') + std::string(50000, ']');
  absl::StatusOr<nlohmann::ordered_json> v = ParseJson(deep, "deep.json");
  ASSERT_FALSE(v.ok());
  EXPECT_TRUE(absl::IsInvalidArgument(v.status()));
  EXPECT_THAT(std::string(v.status().message()),
              HasSubstr("deep.json:1: not JSON of this program: nested deeper than 64 levels"));
  const std::string at_limit = std::string(64, '[') + std::string(64, ']');
  EXPECT_TRUE(ParseJson(at_limit, "ok.json").ok());
  EXPECT_FALSE(ParseJson("[" + at_limit + "]", "one_more.json").ok());
  // Brackets inside strings do not count.
  EXPECT_TRUE(ParseJson("[\"" + std::string(1000, '[') + "\"]", "s.json").ok());
}

TEST(JsonInputTest, ErrorsNameTheFileAndLine) {
  const auto message = [](const std::string& text) {
    absl::StatusOr<nlohmann::ordered_json> v = ParseJson(text, "x.json");
    return v.ok() ? std::string("ok") : std::string(v.status().message());
  };
  EXPECT_THAT(message("{\"a\": 1,\n\"b\": }"), HasSubstr("x.json:2: not JSON: "));
  EXPECT_THAT(message("{} {}"), HasSubstr("x.json:1: not JSON: "));
  EXPECT_THAT(message(""), HasSubstr("x.json:1: not JSON: "));
  EXPECT_THAT(message(std::string("\"\xff\"")), HasSubstr("not JSON"));
  EXPECT_THAT(message("[1e999]"), HasSubstr("not JSON"));
  EXPECT_EQ(message(" [1] \n"), "ok");
}

}  // namespace
}  // namespace logs_parser
