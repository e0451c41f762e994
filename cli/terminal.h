// Terminal-safe output: text from input files (names in logs, lines of game and config files,
// JSON values) reaches the programs' messages and tables, and a control byte in it could move
// the cursor, rewrite the screen or retitle the window. SafeTerminalText shows such bytes
// escaped; ProtectTerminalOutput (called by ParseCommandLine, so by every program) routes
// std::cout and std::cerr through the same escaping.
#ifndef CLI_TERMINAL_H_
#define CLI_TERMINAL_H_

#include <cstddef>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>

namespace cli {

// The one control sequence the programs send themselves and that is let through: erase to the
// end of the line, after a progress line redrawn with '\r' on a terminal.
inline constexpr std::string_view kEraseToEndOfLine = "\033[K";

namespace terminal_internal {

// Escapes, statefully across calls (a UTF-8 sequence may be split between two writes): keeps
// '\n', '\t', '\r', printable ASCII and well-formed UTF-8 other than the C1 controls
// (U+0080..U+009F, which some terminals obey); writes every other byte as \xNN.
class Escaper {
 public:
  template <typename Sink>
  void Write(std::string_view text, Sink&& sink) {
    for (size_t i = 0; i < text.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      if (need_ > 0) {
        if ((c & 0xC0) == 0x80 && !(pending_.size() == 1 && C1OrOverlong(pending_[0], c))) {
          pending_.push_back(static_cast<char>(c));
          if (--need_ == 0) {
            sink(pending_);
            pending_.clear();
          }
          continue;
        }
        FlushPendingEscaped(sink);  // a broken sequence; `c` is looked at afresh
      }
      if (!escape_.empty()) {  // inside a possible "\033[K"
        escape_.push_back(static_cast<char>(c));
        if (kEraseToEndOfLine.substr(0, escape_.size()) == escape_) {
          if (escape_.size() == kEraseToEndOfLine.size()) {
            sink(escape_);
            escape_.clear();
          }
          continue;
        }
        escape_.pop_back();
        sink(Hex(escape_[0]));
        sink(escape_.substr(1));
        escape_.clear();
      }
      if (c == 0x1B) {
        escape_.push_back(static_cast<char>(c));
      } else if (c == '\n' || c == '\t' || c == '\r' || (c >= 0x20 && c < 0x7F)) {
        const char ch = static_cast<char>(c);
        sink(std::string_view(&ch, 1));
      } else if (c >= 0xC2 && c <= 0xF4) {
        pending_.assign(1, static_cast<char>(c));
        need_ = c < 0xE0 ? 1 : (c < 0xF0 ? 2 : 3);
      } else {
        sink(Hex(static_cast<char>(c)));
      }
    }
  }
  // Ends the text: a sequence left open is written escaped.
  template <typename Sink>
  void Finish(Sink&& sink) {
    FlushPendingEscaped(sink);
    if (!escape_.empty()) {
      sink(Hex(escape_[0]));
      sink(escape_.substr(1));
      escape_.clear();
    }
  }

 private:
  static std::string Hex(char byte) {
    static const char kDigits[] = "0123456789abcdef";
    const unsigned char c = static_cast<unsigned char>(byte);
    return std::string{'\\', 'x', kDigits[c >> 4], kDigits[c & 15]};
  }
  // The second byte of a sequence: a C1 control (C2 80..9F), an overlong or surrogate form.
  static bool C1OrOverlong(char lead, unsigned char second) {
    const unsigned char first = static_cast<unsigned char>(lead);
    return (first == 0xC2 && second < 0xA0) || (first == 0xE0 && second < 0xA0) ||
           (first == 0xED && second >= 0xA0) || (first == 0xF0 && second < 0x90) ||
           (first == 0xF4 && second >= 0x90);
  }
  template <typename Sink>
  void FlushPendingEscaped(Sink&& sink) {
    for (char b : pending_) sink(Hex(b));
    pending_.clear();
    need_ = 0;
  }

  std::string pending_;  // an open UTF-8 sequence
  int need_ = 0;         // its bytes still to come
  std::string escape_;   // an open "\033[K"
};

// A streambuf that escapes what is written to it and passes it on to `target`. Unbuffered (the
// target buffers); thread-safe, as the standard streams are when threads write to them.
class EscapingBuf : public std::streambuf {
 public:
  explicit EscapingBuf(std::streambuf* target) : target_(target) {}
  ~EscapingBuf() override { Finish(); }
  void Finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    escaper_.Finish([this](std::string_view s) { Put(s); });
    target_->pubsync();
  }

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const char c = traits_type::to_char_type(ch);
    std::lock_guard<std::mutex> lock(mutex_);
    escaper_.Write(std::string_view(&c, 1), [this](std::string_view s) { Put(s); });
    return ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(mutex_);
    escaper_.Write(std::string_view(s, static_cast<size_t>(n)),
                   [this](std::string_view out) { Put(out); });
    return n;
  }
  int sync() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return target_->pubsync();
  }

 private:
  void Put(std::string_view s) { target_->sputn(s.data(), static_cast<std::streamsize>(s.size())); }

  std::streambuf* target_;
  std::mutex mutex_;
  Escaper escaper_;
};

}  // namespace terminal_internal

// `text` with control bytes, the C1 controls and bytes that are not UTF-8 written as \xNN
// ("\x1b[2J" for an escape sequence); '\n', '\t' and '\r' kept.
inline std::string SafeTerminalText(std::string_view text) {
  std::string out;
  terminal_internal::Escaper escaper;
  const auto sink = [&out](std::string_view s) { out.append(s.data(), s.size()); };
  escaper.Write(text, sink);
  escaper.Finish(sink);
  return out;
}

// From now on, std::cout and std::cerr (and std::clog) write SafeTerminalText of what they are
// given. Idempotent. Programs call it through ParseCommandLine before any output; output that
// must stay byte-exact goes to files, never to these streams.
inline void ProtectTerminalOutput() {
  static terminal_internal::EscapingBuf* const kOut = [] {
    auto* out = new terminal_internal::EscapingBuf(std::cout.rdbuf());
    auto* err = new terminal_internal::EscapingBuf(std::cerr.rdbuf());
    std::cout.rdbuf(out);
    std::cerr.rdbuf(err);
    std::clog.rdbuf(err);
    return out;
  }();
  (void)kOut;
}

}  // namespace cli

#endif  // CLI_TERMINAL_H_
