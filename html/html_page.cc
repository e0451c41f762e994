#include "html/html_page.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"

namespace html {

std::string Page(const PageParts& parts) {
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
      Escape(parts.title), "</title>\n<style>\n", BaseCss(), parts.css,
      "</style>\n</head>\n<body>\n", parts.body, "\n<script type=\"application/json\" id=\"data\">",
      ScriptSafeJson(parts.data_json), "</script>\n<script>\n", parts.script,
      "</script>\n</body>\n</html>\n");
}

std::string Escape(absl::string_view text) {
  return absl::StrReplaceAll(
      text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"}});
}

std::string ScriptSafeJson(absl::string_view json) {
  // In JSON these characters can only stand inside strings, where \uXXXX is the same character:
  // with no '<' left, nothing in the data can close the element ("</script>") or open the
  // comment-and-script states ("<!--<script>") that made the parser swallow the page's script.
  // U+2028 and U+2029 are escaped too, for a page that ever embeds the data as script.
  return absl::StrReplaceAll(json, {{"<", "\\u003c"},
                                    {">", "\\u003e"},
                                    {"&", "\\u0026"},
                                    {"\xe2\x80\xa8", "\\u2028"},
                                    {"\xe2\x80\xa9", "\\u2029"}});
}

std::string PageScript(absl::string_view main_body) {
  return absl::StrCat(R"js(
'use strict';
(function () {
const started = performance.now();
const statusEl = document.getElementById('status');
function fail(message) {
  document.body.dataset.status = 'error';
  statusEl.textContent = 'Error: ' + message;
}
window.addEventListener('error', e => fail(e.message));
function reportRendered(label) {
  const ms = performance.now() - started;
  document.body.dataset.renderMs = ms.toFixed(1);
  document.body.dataset.openMs = performance.now().toFixed(1);  // since navigation start
  document.body.dataset.status = 'ok';
  statusEl.textContent = label + ' in ' + ms.toFixed(0) + ' ms.';
}
)js",
                      main_body, R"js(
try { main(); } catch (e) { fail(e.message); console.error(e); }
})();
)js");
}

const char* BaseCss() {
  return R"css(
:root { --fg: #1d2330; --muted: #667085; --line: #d6dae2; --bg: #ffffff; --panel: #f5f7fa;
  --accent: #2458c6; --good: #1a7f37; --bad: #c4302b; }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px 20px; font: 13px/1.4 system-ui, -apple-system, "Segoe UI",
  Roboto, "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 18px 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 3px; }
h3 { font-size: 14px; margin: 10px 0 4px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; margin: 4px 0 8px; }
th, td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: right;
  white-space: nowrap; }
th { background: var(--panel); font-weight: 600; }
td.l, th.l { text-align: left; }
.pos { color: var(--good); } .neg { color: var(--bad); }
code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
#status { font-size: 11px; color: var(--muted); margin-top: 16px; }
)css";
}

}  // namespace html
