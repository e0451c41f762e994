// Numbers from the command line, player specs and parameter files, validated one way everywhere:
// a value is a finite number inside the range its option or parameter documents, else a usage
// error that names the option, the value and the range. Header-only (Abseil), so the libraries
// that parse player specs (the agent's, the bots', the solver's players) use it as the programs
// do.
#ifndef CLI_NUMBERS_H_
#define CLI_NUMBERS_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace cli {

// A closed range [min, max] of a number, as help texts show it ("in [0, 1]", "at least 1").
struct Range {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool whole = false;  // whole numbers only

  bool Contains(double value) const {
    return std::isfinite(value) && value >= min && value <= max &&
           (!whole || value == std::floor(value));
  }
  // "a number in [0, 1]", "a whole number at least 1", "a number at most 5", "a number".
  std::string Text() const {
    const auto number = [](double x) { return absl::StrFormat("%.10g", x); };
    const std::string kind = whole ? "a whole number" : "a number";
    const bool low = std::isfinite(min), high = std::isfinite(max);
    if (whole && min == 0 && max == 1) return "0 or 1";
    if (min == std::numeric_limits<double>::denorm_min()) {
      return high ? absl::StrCat(kind, " in (0, ", number(max), "]") : absl::StrCat(kind, " > 0");
    }
    if (low && high) return absl::StrCat(kind, " in [", number(min), ", ", number(max), "]");
    if (low) return absl::StrCat(kind, " at least ", number(min));
    if (high) return absl::StrCat(kind, " at most ", number(max));
    return absl::StrCat(kind, " (finite)");
  }
};

constexpr Range Between(double min, double max) { return {min, max, false}; }
constexpr Range AtLeast(double min) {
  return {min, std::numeric_limits<double>::infinity(), false};
}
constexpr Range WholeBetween(double min, double max) { return {min, max, true}; }
constexpr Range WholeAtLeast(double min) {
  return {min, std::numeric_limits<double>::infinity(), true};
}
// Positive: the smallest positive double up to `max` (a time or a rate that must not be 0).
constexpr Range Positive(double max = std::numeric_limits<double>::infinity()) {
  return {std::numeric_limits<double>::denorm_min(), max, false};
}
// 0 or 1, for a parameter that is a switch.
constexpr Range Flag() { return {0, 1, true}; }
// Any finite number.
constexpr Range AnyNumber() { return {}; }

// OK when `value` is finite and in `range`; else InvalidArgument "NAME must be RANGE (got V)".
inline absl::Status CheckNumber(absl::string_view name, double value, const Range& range) {
  if (range.Contains(value)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(name, " must be ", range.Text(), " (got ",
                                                 absl::StrFormat("%.10g", value), ")"));
}

// Parses `text` (surrounding blanks allowed) as a finite number in `range`. "nan", "inf", "1e999"
// and trailing text are refused. Errors are InvalidArgument and name `name` and the text.
inline absl::StatusOr<double> ParseNumber(absl::string_view name, absl::string_view text,
                                          const Range& range) {
  double value = 0;
  const absl::string_view stripped = absl::StripAsciiWhitespace(text);
  if (!absl::SimpleAtod(stripped, &value) || !std::isfinite(value)) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": '", text, "' is not ", range.Text()));
  }
  if (absl::Status s = CheckNumber(name, value, range); !s.ok()) return s;
  return value;
}

// The same for an integer type; the range is also held to the type's.
template <typename Int>
absl::StatusOr<Int> ParseWhole(absl::string_view name, absl::string_view text, Range range) {
  static_assert(std::is_integral_v<Int>);
  range.whole = true;
  range.min = std::max(range.min, static_cast<double>(std::numeric_limits<Int>::min()));
  range.max = std::min(range.max, static_cast<double>(std::numeric_limits<Int>::max()));
  Int value = 0;
  const absl::string_view stripped = absl::StripAsciiWhitespace(text);
  if (!absl::SimpleAtoi(stripped, &value)) {
    // "1e3" or "2.0" for a whole number: read as a number, then checked whole.
    absl::StatusOr<double> number = ParseNumber(name, text, range);
    if (!number.ok()) return number.status();
    return static_cast<Int>(*number);
  }
  if (absl::Status s = CheckNumber(name, static_cast<double>(value), range); !s.ok()) return s;
  return value;
}

}  // namespace cli

#endif  // CLI_NUMBERS_H_
