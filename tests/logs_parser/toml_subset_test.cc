// The TOML reader of PHH files: the value forms, tables one at a time, and what it refuses.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logs_parser/toml_subset.h"

namespace logs_parser {
namespace {

using ::testing::HasSubstr;

// Parses all of `text` as one table (at the end of the file).
TomlParser::Result ParseAll(const std::string& text, TomlTable* table, TomlParser* parser) {
  return parser->Next(text, /*at_eof=*/true, 1, table);
}

const TomlValue* Find(const TomlTable& table, absl::string_view key) {
  for (const TomlEntry& entry : table.entries()) {
    if (table.key(entry) == key) return &table.value(entry.value);
  }
  return nullptr;
}

TEST(TomlSubsetTest, ValueForms) {
  const std::string text = R"(# comment
basic = "tab\there \"q\" \u00e9 \U0001F0A1"
literal = 'C:\path'
multi = """
one\
   two
three"""
multi_literal = '''
a 'b' \n'''
int = -1_000
float = 2.5e-3
inf = inf
yes = true
date = 1979-05-27 07:32:00
time = 00:00:09
"quoted key" = 1
array = [
  1, # first
  [2, 3],
  "x",
]
inline = { a = 1, b = [2] }
)";
  TomlParser parser;
  TomlTable table;
  ASSERT_EQ(ParseAll(text, &table, &parser), TomlParser::Result::kTable) << parser.status();
  EXPECT_FALSE(table.has_header());
  EXPECT_EQ(table.first_line(), 2);
  EXPECT_EQ(table.string(*Find(table, "basic")), "tab\there \"q\" \xc3\xa9 \xf0\x9f\x82\xa1");
  EXPECT_EQ(table.string(*Find(table, "literal")), "C:\\path");
  EXPECT_EQ(table.string(*Find(table, "multi")), "onetwo\nthree");
  EXPECT_EQ(table.string(*Find(table, "multi_literal")), "a 'b' \\n");
  EXPECT_EQ(Find(table, "int")->type, TomlType::kInteger);
  EXPECT_EQ(table.raw(*Find(table, "int")), "-1_000");
  EXPECT_EQ(Find(table, "float")->type, TomlType::kFloat);
  EXPECT_EQ(Find(table, "inf")->type, TomlType::kFloat);
  EXPECT_EQ(Find(table, "yes")->type, TomlType::kBool);
  EXPECT_EQ(Find(table, "date")->type, TomlType::kDateTime);
  EXPECT_EQ(table.raw(*Find(table, "date")), "1979-05-27 07:32:00");
  EXPECT_EQ(Find(table, "time")->type, TomlType::kDateTime);
  EXPECT_NE(Find(table, "quoted key"), nullptr);
  const TomlValue& array = *Find(table, "array");
  ASSERT_EQ(array.num_children, 3u);
  EXPECT_EQ(table.child(array, 1).type, TomlType::kArray);
  EXPECT_EQ(table.child(array, 1).num_children, 2u);
  EXPECT_EQ(table.string(table.child(array, 2)), "x");
  EXPECT_EQ(Find(table, "inline")->type, TomlType::kInlineTable);
  EXPECT_EQ(table.raw(*Find(table, "inline")), "{ a = 1, b = [2] }");
}

TEST(TomlSubsetTest, TablesOneAtATimeAndMoreBytesWhenCut) {
  const std::string text = "[1]\na = 1\n\n# between\n[2]\nb = [1,\n 2]\n";
  TomlParser parser;
  TomlTable table;
  ASSERT_EQ(parser.Next(text, true, 1, &table), TomlParser::Result::kTable);
  EXPECT_EQ(table.header(), "1");
  EXPECT_EQ(table.header_line(), 1);
  const size_t first = parser.consumed();
  const std::string rest = text.substr(first);
  // Cut inside the second table's array: more bytes are needed.
  EXPECT_EQ(parser.Next(rest.substr(0, rest.size() - 3), false, 1 + parser.consumed_lines(),
                        &table),
            TomlParser::Result::kNeedMore);
  ASSERT_EQ(parser.Next(rest, true, 3, &table), TomlParser::Result::kTable);
  EXPECT_EQ(table.header(), "2");
  EXPECT_EQ(table.header_line(), 5);
  EXPECT_EQ(parser.Next("\n# only comments\n", true, 9, &table), TomlParser::Result::kEnd);
}

TEST(TomlSubsetTest, RefusesWhatIsNotTomlOrNotUsedByPhh) {
  const struct {
    std::string text, message;
  } cases[] = {
      {"a.b = 1\n", "dotted keys"},
      {"[[hands]]\n", "arrays of tables"},
      {"a = 1\na = 2\n", "given twice (first on line 1)"},
      {"a = 01\n", "is not a TOML value"},
      {"a = \"open\n", "a newline inside a one-line string"},
      {"a = [1 2]\n", "expected ',' or ']'"},
      {"a = 1 b = 2\n", "after the value"},
      {"a = \"\\x\"\n", "bad escape"},
  };
  for (const auto& c : cases) {
    TomlParser parser;
    TomlTable table;
    EXPECT_EQ(ParseAll(c.text, &table, &parser), TomlParser::Result::kError) << c.text;
    EXPECT_THAT(parser.status().message(), HasSubstr(c.message)) << c.text;
    EXPECT_THAT(parser.status().message(), HasSubstr("line ")) << c.text;
  }
}

TEST(TomlSubsetTest, QuoteEscapesWhatMustBe) {
  EXPECT_EQ(TomlQuote("a\"b\\c\r\n\x01"), "\"a\\\"b\\\\c\\r\\n\\u0001\"");
  EXPECT_TRUE(IsTomlBareKey("_acpc_eol"));
  EXPECT_FALSE(IsTomlBareKey("a b"));
}

}  // namespace
}  // namespace logs_parser
