#include "logs_parser/game_detect.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <system_error>
#include <thread>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "logs_parser/hand_record.h"
#include "logs_parser/line_reader.h"
#include "logs_parser/phh_file.h"
#include "logs_parser/state_line.h"

namespace logs_parser {
namespace {

namespace fs = std::filesystem;

constexpr absl::string_view kGameSuffix = ".game";

absl::string_view BaseName(absl::string_view path) {
  size_t slash = path.find_last_of("/\\");
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

absl::string_view WithoutGameSuffix(absl::string_view name) {
  if (absl::EndsWith(name, kGameSuffix)) name.remove_suffix(kGameSuffix.size());
  return name;
}

bool SameGameName(absl::string_view a, absl::string_view b) {
  return WithoutGameSuffix(BaseName(a)) == WithoutGameSuffix(BaseName(b));
}

// What the detection read of one file: its header's game and how many of its STATE lines each
// candidate game reads.
struct Detection {
  std::string header_game;      // as written; "" without a header
  int64_t checked = 0;          // STATE lines parsed with every candidate still in the running
  std::vector<int64_t> fits;    // per candidate: lines it reads (of those it was tried on)
  int64_t state_lines = 0;      // STATE lines seen
  bool whole_file = false;      // every line was read
  bool phh = false;             // a PHH hand history: no STATE lines, hands of their own games
  std::string error;            // the file could not be read to its end
};

// Reads `path`: the first kDetectionLines STATE lines with every candidate; with `to_the_end`,
// the rest of the file too, with the candidates tied at the top (and counts every STATE line).
Detection Detect(const std::string& path, const std::vector<const NamedGame*>& candidates,
                 bool to_the_end, size_t max_line_bytes) {
  Detection d;
  d.fits.assign(candidates.size(), 0);
  absl::StatusOr<LogFormat> format = DetectLogFormat(path);
  if (format.ok() && *format == LogFormat::kPhh) {
    d.phh = true;  // its hands say their own games (or are mapped onto --game)
    return d;
  }
  absl::StatusOr<std::unique_ptr<ByteSource>> source = OpenByteSource(path);
  if (!source.ok()) {
    d.error = std::string(source.status().message());
    return d;
  }
  std::vector<HandRecord> records;
  records.reserve(candidates.size());
  for (const NamedGame* game : candidates) records.emplace_back(game->game);
  const NameOptions names;
  LineReader reader(source->get(), max_line_bytes);
  absl::string_view line;
  std::vector<bool> alive(candidates.size(), true);
  while (true) {
    const LineReader::Result result = reader.Next(&line);
    if (result == LineReader::Result::kEnd) break;
    if (result == LineReader::Result::kError) {
      d.error = std::string(reader.status().message());
      return d;
    }
    if (result != LineReader::Result::kLine) continue;
    absl::string_view header_game;
    if (d.header_game.empty() && !line.empty() && line[0] == '#' &&
        ParseGameHeader(line, &header_game)) {
      d.header_game = std::string(header_game);
      continue;
    }
    if (!absl::StartsWith(line, "STATE:")) continue;
    ++d.state_lines;
    if (d.checked == kDetectionLines) {
      if (!to_the_end) return d;
      // From here on only the games tied at the top are worth telling apart.
      const int64_t best = *std::max_element(d.fits.begin(), d.fits.end());
      int tied = 0;
      for (size_t c = 0; c < candidates.size(); ++c) {
        alive[c] = alive[c] && d.fits[c] == best;
        tied += alive[c] ? 1 : 0;
      }
      if (tied <= 1) std::fill(alive.begin(), alive.end(), false);
    }
    bool any = false;
    for (size_t c = 0; c < candidates.size(); ++c) {
      if (!alive[c]) continue;
      any = true;
      const char* reason = nullptr;
      if (ParseHandLine(line, candidates[c]->game, names, &records[c], &reason).ok()) ++d.fits[c];
    }
    if (any) ++d.checked;
  }
  d.whole_file = true;
  return d;
}

// The index of `game` among the candidates, or -1.
int IndexOf(const std::vector<const NamedGame*>& candidates, const NamedGame* game) {
  for (size_t c = 0; c < candidates.size(); ++c) {
    if (candidates[c] == game) return static_cast<int>(c);
  }
  return -1;
}

// What a file's header says next to the game its lines chose, for FileGame::how.
std::string HeaderNote(const Detection& d, const GamePlan& plan,
                       const std::vector<const NamedGame*>& candidates, const NamedGame* game) {
  if (d.header_game.empty()) return "no header";
  const NamedGame* named = plan.catalog.Find(d.header_game);
  if (named == nullptr) {
    return absl::StrCat("its header names ", d.header_game, ", not a game of ", plan.games_dir);
  }
  if (named == game || named->game == game->game) return "its header names it too";
  const int index = IndexOf(candidates, named);
  return absl::StrFormat("its header names %s, which reads %d of them", named->name,
                         index >= 0 ? d.fits[index] : 0);
}

void Decide(const Detection& d, GamePlan* plan, const std::vector<const NamedGame*>& candidates,
            FileGame* out, std::vector<int>* tied) {
  out->lines_checked = d.checked;
  out->state_lines = d.whole_file ? d.state_lines : -1;
  const NamedGame* header = d.header_game.empty() ? nullptr : plan->catalog.Find(d.header_game);
  if (d.phh) {
    out->game = plan->chosen;
    out->how = plan->chosen != nullptr ? "PHH hands mapped onto --game"
                                       : "PHH: each hand read as its own game";
    return;
  }
  if (!d.error.empty()) {
    // Read anyway, so the reader reports why it cannot be read, in its place among the problems.
    out->game = plan->chosen != nullptr ? plan->chosen : header;
    out->how = plan->chosen != nullptr ? "--game" : "its header";
    return;
  }
  int best = 0;
  for (size_t c = 1; c < candidates.size(); ++c) {
    if (d.fits[c] > d.fits[best]) best = static_cast<int>(c);
  }
  if (plan->chosen != nullptr) {
    const int chosen = IndexOf(candidates, plan->chosen);
    const int64_t chosen_fits = d.fits[chosen];
    out->lines_fitting = chosen_fits;
    if (d.checked == 0 || 2 * chosen_fits >= d.checked || d.fits[best] <= chosen_fits) {
      out->game = plan->chosen;
      out->how = "--game";
      if (header != nullptr && !(header->game == plan->chosen->game)) {
        plan->notices.push_back(
            Problem{out->file, 0, kNoticeHeaderGame,
                    absl::StrCat(out->file, ": note: the header names game '", d.header_game,
                                 "' (a different game); the file is read as --game ",
                                 plan->chosen->name)});
      }
      return;
    }
    out->skipped = true;
    out->skipped_game = candidates[best]->name;
    out->skip_reason = absl::StrFormat(
        "another game: %s reads %d of its first %d STATE lines, --game %s %d", candidates[best]->name,
        d.fits[best], d.checked, plan->chosen->name, chosen_fits);
    return;
  }
  if (d.checked == 0) {
    out->game = header;
    out->how = "no STATE lines";
    return;
  }
  if (d.fits[best] == 0) {
    if (header != nullptr) {
      out->game = header;  // its lines are rejected with their reasons
      out->how = "its header (no known game reads any of its lines)";
      return;
    }
    out->skipped = true;
    out->skip_reason = absl::StrFormat("no game of %s reads any of its %d STATE lines",
                                       plan->games_dir, d.checked);
    return;
  }
  for (size_t c = 0; c < candidates.size(); ++c) {
    if (d.fits[c] == d.fits[best]) tied->push_back(static_cast<int>(c));
  }
  out->lines_fitting = d.fits[best];
  if (tied->size() > 1) return;  // decided with the other files
  out->game = candidates[best];
  out->how = absl::StrFormat("its lines: %d of %d read as this game; %s", d.fits[best], d.checked,
                             HeaderNote(d, *plan, candidates, out->game));
}

}  // namespace

void GameCatalog::Load(const std::string& dir, std::vector<Problem>* notices) {
  std::error_code error;
  fs::directory_iterator it(dir, error), end;
  if (error) return;  // no catalog: headers then need --game, and messages say where we looked
  std::vector<std::string> paths;
  for (; it != end; it.increment(error)) {
    if (error) break;
    if (absl::EndsWith(it->path().filename().string(), kGameSuffix)) {
      paths.push_back(it->path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  for (const std::string& path : paths) {
    absl::StatusOr<poker::GameDef> game = poker::LoadGameDef(path);
    if (!game.ok()) {
      notices->push_back(Problem{path, 0, "bad game file",
                                 absl::StrCat(path, ": ignored: ", game.status().message())});
      continue;
    }
    games_.push_back(std::make_unique<NamedGame>(
        NamedGame{*std::move(game), std::string(BaseName(path)), path}));
  }
}

const NamedGame* GameCatalog::Find(absl::string_view game_path) const {
  for (const auto& game : games_) {
    if (SameGameName(game->name, game_path)) return game.get();
  }
  return nullptr;
}

const NamedGame* GameCatalog::FindSame(const poker::GameDef& game) const {
  for (const auto& known : games_) {
    if (known->game == game) return known.get();
  }
  return nullptr;
}

absl::StatusOr<std::unique_ptr<GamePlan>> PlanGames(const std::vector<std::string>& files,
                                                    const ReadOptions& options,
                                                    const NamedGame* chosen) {
  auto plan = std::make_unique<GamePlan>();
  plan->games_dir = options.games_dir.empty() ? DefaultGamesDir() : options.games_dir;
  plan->catalog.Load(plan->games_dir, &plan->notices);
  plan->files = files;
  plan->chosen = chosen;
  std::vector<const NamedGame*> candidates;
  for (const auto& game : plan->catalog.games()) candidates.push_back(game.get());
  if (chosen != nullptr) {
    // --game stands for its rules: the catalog's copy of them is not "another game".
    candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                    [&](const NamedGame* g) { return g->game == chosen->game; }),
                     candidates.end());
    candidates.push_back(chosen);
  } else if (candidates.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "no game files in ", plan->games_dir, " to tell the logs' games by: give --game FILE"));
  }

  plan->games.resize(files.size());
  std::vector<Detection> detections(files.size());
  std::atomic<size_t> next{0};
  const auto work = [&] {
    for (size_t i = next.fetch_add(1); i < files.size(); i = next.fetch_add(1)) {
      detections[i] = Detect(files[i], candidates, chosen == nullptr, options.max_line_bytes);
    }
  };
  const int threads =
      std::clamp(options.threads, 1, static_cast<int>(std::max<size_t>(files.size(), 1)));
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();

  std::vector<std::vector<int>> tied(files.size());
  std::map<const NamedGame*, int64_t> decided;  // files decided without a tie, by game
  for (size_t i = 0; i < files.size(); ++i) {
    plan->games[i].file = files[i];
    Decide(detections[i], plan.get(), candidates, &plan->games[i], &tied[i]);
    if (tied[i].size() == 1 && plan->games[i].game != nullptr) ++decided[plan->games[i].game];
  }
  // Ties the whole file left: the game most files were found to be of, then the header's.
  for (size_t i = 0; i < files.size(); ++i) {
    if (tied[i].size() < 2) continue;
    const Detection& d = detections[i];
    const NamedGame* header = d.header_game.empty() ? nullptr : plan->catalog.Find(d.header_game);
    int pick = tied[i][0];
    const char* why = "the first of them by name";
    int64_t most = 0;
    for (int c : tied[i]) {
      if (decided[candidates[c]] > most) {
        most = decided[candidates[c]];
        pick = c;
        why = "the game most other files of this run were found to be of";
      }
    }
    if (most == 0) {
      for (int c : tied[i]) {
        if (candidates[c] == header) {
          pick = c;
          why = "the game its header names";
        }
      }
    }
    std::vector<std::string> names;
    for (int c : tied[i]) names.push_back(candidates[c]->name);
    plan->games[i].game = candidates[pick];
    plan->games[i].how = absl::StrFormat(
        "its lines: %d of %d read as any of %s; taken as %s", d.fits[pick], d.checked,
        absl::StrJoin(names, ", "), why);
  }
  return plan;
}

bool ChooseOneGame(GamePlan* plan) {
  std::map<const NamedGame*, int64_t> lines;
  for (const FileGame& file : plan->games) {
    if (file.game == nullptr || file.skipped) continue;
    lines[file.game] += file.state_lines >= 0 ? file.state_lines : file.lines_checked;
  }
  const NamedGame* best = nullptr;
  for (const auto& [game, count] : lines) {
    if (best == nullptr || count > lines[best] ||
        (count == lines[best] && game->name < best->name)) {
      best = game;
    }
  }
  if (best == nullptr) return false;
  plan->chosen = best;
  for (FileGame& file : plan->games) {
    if (file.game == nullptr || file.skipped || file.game == best) continue;
    file.skipped = true;
    file.skipped_game = file.game->name;
    file.skip_reason = absl::StrFormat(
        "another game: %s (%s); the run's game is %s, the game of the most hands", file.game->name,
        file.how, best->name);
    file.game = nullptr;
  }
  return true;
}

}  // namespace logs_parser
