// The shared page code: text escaping, the embedded data block that no input can break out of
// (checked as JSON, and in headless Chromium when it is installed).
#include "html/html_page.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "poker/file_io.h"
#include "tests/common/test_support.h"

namespace html {
namespace {

using ::testing::HasSubstr;

// Inputs that have broken pages: a name or title that closes the data element, or opens an HTML
// comment followed by a script start tag (the parser then reads the rest of the page, the page's
// own script included, as part of the data block: a blank page).
const char* const kHostile[] = {"</script>",  "<!--<script>", "<!--",
                                "<script>",   "]]>-->",       "</SCRIPT >",
                                "a&amp;b<b>", "\u2028\u2029", "<!--<script>x</script>-->"};

TEST(HtmlPageTest, ScriptSafeJsonKeepsTheValueAndLeavesNoAngleBracket) {
  for (const char* text : kHostile) {
    const nlohmann::json value = {{"name", text}, {"list", {text, 1, 2.5}}};
    const std::string safe = ScriptSafeJson(value.dump());
    EXPECT_EQ(safe.find('<'), std::string::npos) << safe;
    EXPECT_EQ(safe.find('>'), std::string::npos) << safe;
    EXPECT_EQ(nlohmann::json::parse(safe), value) << safe;
  }
  EXPECT_EQ(ScriptSafeJson(R"({"a":"<!--<script>"})"), R"({"a":"\u003c!--\u003cscript\u003e"})");
}

TEST(HtmlPageTest, EscapeCoversTextAndAttributes) {
  EXPECT_EQ(Escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

TEST(HtmlPageTest, TheDataBlockEndsWhereThePageSaysWhateverTheInput) {
  for (const char* text : kHostile) {
    PageParts parts;
    parts.title = text;
    parts.data_json = nlohmann::json({{"title", text}}).dump();
    const std::string page = Page(parts);
    const std::string open = "<script type=\"application/json\" id=\"data\">";
    const size_t begin = page.find(open);
    ASSERT_NE(begin, std::string::npos);
    const size_t end = page.find("</script>", begin);
    const std::string block = page.substr(begin + open.size(), end - begin - open.size());
    EXPECT_EQ(block.find('<'), std::string::npos) << block;
    EXPECT_EQ(nlohmann::json::parse(block)["title"], text);
  }
}

// Runs headless Chromium on `url` and returns the DOM it dumps ("" when it fails or takes more
// than 60 s; it is then ended by its pid).
std::string DumpDom(const std::string& chromium, const std::string& url,
                    const test_support::TempDir& dir) {
  const std::string out = dir.File("dom.html");
  const pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(out.c_str(), "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(127);
    const std::string profile = "--user-data-dir=" + dir.File("profile");
    execl(chromium.c_str(), chromium.c_str(), "--headless", "--no-sandbox", "--disable-gpu",
          "--no-first-run", "--disable-extensions", profile.c_str(), "--dump-dom", url.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return "";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return test_support::ReadFileBytes(out);
}

TEST(HtmlPageTest, AHostileTitleStillGivesAWorkingPageInABrowser) {
  std::string chromium;
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
    if (access(candidate, X_OK) == 0) chromium = candidate;
  }
  if (chromium.empty()) GTEST_SKIP() << "chromium is not installed (tools/setup.sh installs it)";
  const test_support::TempDir dir;
  const std::string hostile = "<!--<script>x</script>--> </script><!--<script>";
  PageParts parts;
  parts.title = hostile;
  parts.body = "<h1 id=\"title\"></h1><div id=\"status\"></div>";
  parts.data_json = nlohmann::json({{"title", hostile}}).dump();
  parts.script = PageScript(R"js(
function main() {
  const D = JSON.parse(document.getElementById('data').textContent);
  document.getElementById('title').textContent = D.title;
  document.body.dataset.title = D.title;
  reportRendered('Drawn');
}
)js");
  const std::string path = dir.File("page.html");
  ASSERT_TRUE(poker::WriteFileAtomically(path, Page(parts)).ok());
  const std::string dom = DumpDom(chromium, "file://" + path, dir);
  ASSERT_FALSE(dom.empty()) << "chromium failed or timed out";
  // The page's script ran to its end and read the title back whole.
  EXPECT_THAT(dom, HasSubstr("data-status=\"ok\""));
  EXPECT_THAT(dom, HasSubstr(Escape(hostile)));
}

}  // namespace
}  // namespace html
