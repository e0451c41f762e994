// The progress text every long job prints on stderr: how much of how much is done, and when it
// should end at the speed so far, e.g. `1200 / 4000 hands (30%), 2.1 s, ETA 4.9 s`.
#ifndef CLI_PROGRESS_H_
#define CLI_PROGRESS_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace cli {

// A duration in seconds the short way: `4.9 s`, `75 s`, `12 min 5 s`, `2 h 3 min`.
inline std::string DurationText(double seconds) {
  char text[48];
  if (!(seconds >= 0) || !std::isfinite(seconds)) return "?";
  if (seconds < 10) {
    std::snprintf(text, sizeof(text), "%.1f s", seconds);
  } else if (seconds < 120) {
    std::snprintf(text, sizeof(text), "%.0f s", seconds);
  } else if (seconds < 7200) {
    const int64_t whole = static_cast<int64_t>(seconds + 0.5);
    std::snprintf(text, sizeof(text), "%lld min %lld s", static_cast<long long>(whole / 60),
                  static_cast<long long>(whole % 60));
  } else {
    const int64_t minutes = static_cast<int64_t>(seconds / 60 + 0.5);
    std::snprintf(text, sizeof(text), "%lld h %lld min", static_cast<long long>(minutes / 60),
                  static_cast<long long>(minutes % 60));
  }
  return text;
}

// `done / total unit (P%), elapsed, ETA remaining`: the remaining time is what the rest takes at
// the average speed so far (`ETA ?` before anything is done). `total` <= 0: `done unit, elapsed`.
inline std::string ProgressText(int64_t done, int64_t total, const std::string& unit,
                                double elapsed_seconds) {
  char text[160];
  if (total <= 0) {
    std::snprintf(text, sizeof(text), "%lld %s, %s", static_cast<long long>(done), unit.c_str(),
                  DurationText(elapsed_seconds).c_str());
    return text;
  }
  const double share = static_cast<double>(done) / static_cast<double>(total);
  const std::string eta =
      done > 0 ? DurationText(elapsed_seconds * (static_cast<double>(total - done) / done)) : "?";
  std::snprintf(text, sizeof(text), "%lld / %lld %s (%.0f%%), %s, ETA %s",
                static_cast<long long>(done), static_cast<long long>(total), unit.c_str(),
                100 * share, DurationText(elapsed_seconds).c_str(), eta.c_str());
  return text;
}

// `P% of WHAT, elapsed, ETA remaining` for work counted in any unit (bytes of files read, ...):
// `what` names the whole, e.g. `12.3 MB`.
inline std::string ShareProgressText(double done, double total, const std::string& what,
                                     double elapsed_seconds) {
  char text[160];
  const double share = total > 0 ? std::min(1.0, std::max(0.0, done / total)) : 0;
  const std::string eta =
      share > 0 ? DurationText(elapsed_seconds * (1 - share) / share) : std::string("?");
  std::snprintf(text, sizeof(text), "%.0f%% of %s, %s, ETA %s", 100 * share, what.c_str(),
                DurationText(elapsed_seconds).c_str(), eta.c_str());
  return text;
}

// Bytes the short way: `512 B`, `12.3 kB`, `4.5 MB`, `1.2 GB`.
inline std::string BytesText(double bytes) {
  char text[32];
  if (bytes < 1000) {
    std::snprintf(text, sizeof(text), "%.0f B", bytes);
  } else if (bytes < 1e6) {
    std::snprintf(text, sizeof(text), "%.1f kB", bytes / 1e3);
  } else if (bytes < 1e9) {
    std::snprintf(text, sizeof(text), "%.1f MB", bytes / 1e6);
  } else {
    std::snprintf(text, sizeof(text), "%.1f GB", bytes / 1e9);
  }
  return text;
}

}  // namespace cli

#endif  // CLI_PROGRESS_H_
