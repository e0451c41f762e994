// Self-contained HTML pages (inline CSS, script and data; nothing fetched at view time) for the
// reports of `report`, `trainer inspect --html` and `eval_prediction --html` (pages are written
// with poker::WriteFileAtomically).
#ifndef HTML_HTML_PAGE_H_
#define HTML_HTML_PAGE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace html {

// The parts of a page. `data_json` is embedded as <script type="application/json" id="data">
// (read it with JSON.parse(document.getElementById('data').textContent)); `script` runs after it.
struct PageParts {
  std::string title;
  std::string css;
  std::string body;  // HTML inside <body>, before the data and the script
  std::string data_json;
  std::string script;
};

// The page as one string.
std::string Page(const PageParts& parts);

// `text` with & < > " ' escaped for HTML text and attribute values.
std::string Escape(absl::string_view text);

// JSON made safe inside a <script> element, whatever its strings hold: every '<', '>' and '&'
// (and U+2028, U+2029) becomes its \uXXXX escape, the same JSON value. Valid JSON in, the same
// value out; the data block cannot be closed or turned into a comment by any input.
std::string ScriptSafeJson(absl::string_view json);

// The page script around `main_body`, which must define `main()`: a strict-mode closure that
// first defines `started` (when the script began), `statusEl` (the #status element),
// `fail(message)` (sets <body data-status="error"> and shows the message; also called on any
// uncaught error) and `reportRendered(label)` (for the end of `main`: sets data-render-ms,
// data-open-ms (since navigation start) and data-status="ok", and shows "LABEL in N ms."), then
// runs `main()`, failing the page if it throws.
std::string PageScript(absl::string_view main_body);

// The CSS shared by the project's pages: fonts, tables, headings, the status line.
const char* BaseCss();

}  // namespace html

#endif  // HTML_HTML_PAGE_H_
