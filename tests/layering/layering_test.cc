// The layering written down in docs/project.md (Layout): each folder is a layer and a file may
// include only from its own layer or lower ones. Reads every source file of the project and fails
// on an include that points upward, naming the file, the line and the two layers.
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"

namespace {

namespace fs = std::filesystem;

// Bottom up; folders of one rank may include each other.
const std::map<std::string, int>& Layers() {
  static const std::map<std::string, int> layers = {
      {"poker", 0},   {"proto", 0}, {"cli", 1},    {"acpc", 1},  {"html", 1},  {"logs_parser", 2},
      {"trainer", 3}, {"agent", 4}, {"solver", 4}, {"tools", 5}, {"tests", 6},
      {"python", 6},
  };
  return layers;
}

// The layer of a path relative to the project root, or -1 for files outside the layers.
int LayerOf(const std::string& relative) {
  const std::string top = relative.substr(0, relative.find('/'));
  const auto it = Layers().find(top);
  return it == Layers().end() ? -1 : it->second;
}

// `#include "x/y.h"` lines of a file: (line number, included path).
std::vector<std::pair<int, std::string>> ProjectIncludes(const fs::path& file) {
  std::vector<std::pair<int, std::string>> includes;
  std::ifstream in(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    absl::string_view text = absl::StripLeadingAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&text, "#include \"")) continue;
    const size_t end = text.find('"');
    if (end != absl::string_view::npos) includes.emplace_back(number, text.substr(0, end));
  }
  return includes;
}

TEST(LayeringTest, NoFileIncludesFromAHigherLayer) {
  const fs::path root = POKER_SOURCE_DIR;
  std::vector<std::string> violations;
  int files = 0;
  for (const auto& [folder, rank] : Layers()) {
    if (!fs::is_directory(root / folder)) continue;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cc" && ext != ".inc")) continue;
      ++files;
      const std::string relative = fs::relative(entry.path(), root).string();
      for (const auto& [line, included] : ProjectIncludes(entry.path())) {
        const int target = LayerOf(included);
        if (target > rank) {
          violations.push_back(absl::StrCat(relative, ":", line, ": includes ", included, " (",
                                            included.substr(0, included.find('/')), " is above ",
                                            folder, ")"));
        }
      }
    }
  }
  EXPECT_GT(files, 100);
  std::string all;
  for (const std::string& v : violations) absl::StrAppend(&all, v, "\n");
  EXPECT_TRUE(violations.empty()) << violations.size() << " upward includes:\n" << all;
}

// The check itself: an upward include is seen, a downward or same-layer one is not.
TEST(LayeringTest, LayersAreOrdered) {
  EXPECT_LT(LayerOf("poker/state.h"), LayerOf("acpc/acpc_client.h"));
  EXPECT_LT(LayerOf("cli/command_line.h"), LayerOf("trainer/train.h"));
  EXPECT_LT(LayerOf("trainer/train.h"), LayerOf("agent/agent_player.h"));
  EXPECT_LT(LayerOf("agent/agent_player.h"), LayerOf("tools/arena/ring.h"));
  EXPECT_EQ(LayerOf("absl/strings/str_cat.h"), -1);
}

}  // namespace
