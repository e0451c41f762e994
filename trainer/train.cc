#include "trainer/train.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace trainer {
namespace {

// Counts hands into one model. One per counting thread.
class Accumulator {
 public:
  Accumulator(OpponentModel model, const std::set<std::string>* filter)
      : model_(std::move(model)), bucketer_(model_.buckets()), filter_(filter) {}

  // Resolves a name to the player model it counts into (null: population only).
  PlayerModel* Resolve(const std::string& name) {
    if (filter_ != nullptr && !filter_->empty() && filter_->count(name) == 0) return nullptr;
    return &model_.MutablePlayer(name);
  }

  // Buckets the known cards and counts the hand for each position's player and the population.
  void Add(const HandCards& cards, HandObservation* hand, PlayerModel* const* players) {
    bucketer_.SetBuckets(model_.game(), cards, hand);
    for (int p = 0; p < hand->num_players; ++p) {
      if (players[p] != nullptr) players[p]->AddHand(*hand, p);
      model_.mutable_population().AddHand(*hand, p);
    }
    ++hands_used_;
  }

  OpponentModel& model() { return model_; }
  uint64_t hands_used() const { return hands_used_; }

 private:
  OpponentModel model_;
  HandBucketer bucketer_;
  const std::set<std::string>* filter_;
  uint64_t hands_used_ = 0;
};

// A hand waiting to be bucketed and counted: everything the counting needs, no betting history.
struct PendingHand {
  HandObservation observation;
  HandCards cards;
  std::array<uint8_t, poker::kMaxPlayers> name;  // index into Batch::names
};

// Hands queued together, so that threads meet once per batch rather than once per hand. Batches
// are recycled (their strings and vectors keep their capacity), so the steady state allocates
// nothing.
struct Batch {
  static constexpr int kCapacity = 256;
  std::vector<PendingHand> hands{kCapacity};
  int size = 0;
  std::vector<std::string> names;  // distinct names of the batch, the first num_names in use
  int num_names = 0;

  uint8_t Intern(const std::string& name) {
    for (int i = 0; i < num_names; ++i) {
      if (names[i] == name) return static_cast<uint8_t>(i);
    }
    if (num_names == static_cast<int>(names.size())) names.emplace_back();
    names[num_names].assign(name);
    return static_cast<uint8_t>(num_names++);
  }
  bool Full() const { return size == kCapacity || num_names + poker::kMaxPlayers > 255; }
  void Clear() {
    size = 0;
    num_names = 0;
  }
};

// A blocking queue of batches; Pop returns null once closed and drained.
class BatchQueue {
 public:
  void Push(Batch* batch) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(batch);
    }
    ready_.notify_one();
  }
  Batch* Pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return nullptr;
    Batch* batch = queue_.front();
    queue_.pop_front();
    return batch;
  }
  void Close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Batch*> queue_;
  bool closed_ = false;
};

// Reading threads fill batches and queue them; counting threads bucket and count them. A fixed
// pool of batches bounds memory: a reader waits for a free batch when counting lags behind.
class Pipeline {
 public:
  Pipeline(std::vector<Accumulator>* accumulators, int readers,
           const ActionAbstraction& abstraction,
           const std::array<PositionClass, poker::kMaxPlayers>& position_classes)
      : abstraction_(abstraction), position_classes_(position_classes), current_(readers) {
    const int counters = static_cast<int>(accumulators->size());
    pool_.resize(static_cast<size_t>(2 * (counters + readers)));
    for (auto& batch : pool_) {
      batch = std::make_unique<Batch>();
      free_.Push(batch.get());
    }
    for (int i = 0; i < counters; ++i) {
      threads_.emplace_back([this, accumulator = &(*accumulators)[i]] { Count(accumulator); });
    }
  }

  // Called by ReadLogs worker `reader` for each hand.
  void Add(int reader, const logs_parser::HandRecord& record) {
    Batch*& batch = current_[reader];
    if (batch == nullptr) batch = free_.Pop();
    PendingHand& pending = batch->hands[batch->size++];
    ObserveRecord(record, abstraction_, position_classes_, &pending.observation);
    pending.cards = HandCards::FromState(record.state);
    for (int p = 0; p < record.num_players(); ++p) pending.name[p] = batch->Intern(record.names[p]);
    if (batch->Full()) {
      full_.Push(batch);
      batch = nullptr;
    }
  }

  // After ReadLogs returned: queues the partial batches and waits for the counting to finish.
  void Finish() {
    for (Batch*& batch : current_) {
      if (batch != nullptr && batch->size > 0) full_.Push(batch);
      batch = nullptr;
    }
    full_.Close();
    for (std::thread& thread : threads_) thread.join();
    threads_.clear();
  }

  ~Pipeline() {
    if (!threads_.empty()) Finish();
  }

 private:
  void Count(Accumulator* accumulator) {
    std::vector<PlayerModel*> resolved;
    for (Batch* batch = full_.Pop(); batch != nullptr; batch = full_.Pop()) {
      resolved.clear();
      for (int i = 0; i < batch->num_names; ++i) {
        resolved.push_back(accumulator->Resolve(batch->names[i]));
      }
      std::array<PlayerModel*, poker::kMaxPlayers> players{};
      for (int h = 0; h < batch->size; ++h) {
        PendingHand& pending = batch->hands[h];
        for (int p = 0; p < pending.observation.num_players; ++p) {
          players[p] = resolved[pending.name[p]];
        }
        accumulator->Add(pending.cards, &pending.observation, players.data());
      }
      batch->Clear();
      free_.Push(batch);
    }
  }

  const ActionAbstraction& abstraction_;
  const std::array<PositionClass, poker::kMaxPlayers>& position_classes_;
  std::vector<std::unique_ptr<Batch>> pool_;
  BatchQueue free_;
  BatchQueue full_;
  std::vector<Batch*> current_;  // per reader, the batch being filled
  std::vector<std::thread> threads_;
};

// The single-threaded form: each hand counted right away on the reading thread.
class Inline {
 public:
  explicit Inline(Accumulator* accumulator) : accumulator_(accumulator) {}

  void Add(const logs_parser::HandRecord& record) {
    OpponentModel& model = accumulator_->model();
    ObserveRecord(record, model.abstraction(), model.position_classes(), &observation_);
    const HandCards cards = HandCards::FromState(record.state);
    std::array<PlayerModel*, poker::kMaxPlayers> players{};
    for (int p = 0; p < record.num_players(); ++p) {
      const std::string& name = record.names[p];
      auto it = cache_.find(name);
      if (it == cache_.end()) it = cache_.emplace(name, accumulator_->Resolve(name)).first;
      players[p] = it->second;
    }
    accumulator_->Add(cards, &observation_, players.data());
  }

 private:
  Accumulator* accumulator_;
  HandObservation observation_;
  std::map<std::string, PlayerModel*, std::less<>> cache_;
};

}  // namespace

absl::StatusOr<TrainResult> Train(
    const TrainOptions& options,
    const std::function<void(const logs_parser::ReadSummary&)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  if (options.threads < 1) {
    return absl::InvalidArgumentError(absl::StrCat("threads: ", options.threads, " < 1"));
  }
  if (options.shard_count < 1 || options.shard_index < 0 ||
      options.shard_index >= options.shard_count) {
    return absl::InvalidArgumentError(absl::StrCat("shard ", options.shard_index, "/",
                                                   options.shard_count,
                                                   " is not I/N with 0 <= "
                                                   "I < N"));
  }
  absl::StatusOr<OpponentModel> empty = OpponentModel::Create(options.game, options.model);
  if (!empty.ok()) return empty.status();

  logs_parser::ReadOptions read;
  read.game = &options.game;
  read.game_name = options.game_name;
  read.games_dir = options.games_dir;
  read.strip_name_suffix = options.strip_name_suffix;
  read.strict = options.strict;
  read.threads = options.threads;
  read.shard_index = options.shard_index;
  read.shard_count = options.shard_count;
  read.plan = options.plan;
  absl::StatusOr<std::vector<std::string>> files =
      logs_parser::ListLogFiles(options.log_paths, read);
  if (!files.ok()) return files.status();

  const std::set<std::string> filter(options.players.begin(), options.players.end());
  const int counters = options.threads;
  std::vector<Accumulator> accumulators;
  accumulators.reserve(counters);
  for (int i = 0; i < counters; ++i) {
    absl::StatusOr<OpponentModel> model = OpponentModel::Create(options.game, options.model);
    if (!model.ok()) return model.status();
    accumulators.emplace_back(*std::move(model), &filter);
  }

  absl::StatusOr<logs_parser::ReadSummary> summary;
  if (counters == 1) {
    Inline counting(&accumulators[0]);
    summary = logs_parser::ReadLogs(
        options.log_paths, read,
        [&counting](int, const logs_parser::HandRecord& record) { counting.Add(record); },
        progress);
  } else {
    Pipeline pipeline(&accumulators, options.threads, empty->abstraction(),
                      empty->position_classes());
    summary = logs_parser::ReadLogs(
        options.log_paths, read,
        [&pipeline](int reader, const logs_parser::HandRecord& record) {
          pipeline.Add(reader, record);
        },
        progress);
    pipeline.Finish();
  }
  if (!summary.ok()) return summary.status();

  OpponentModel model = std::move(accumulators[0].model());
  uint64_t hands_used = accumulators[0].hands_used();
  for (int i = 1; i < counters; ++i) {
    if (absl::Status status = model.Merge(accumulators[i].model()); !status.ok()) return status;
    hands_used += accumulators[i].hands_used();
  }

  Provenance& provenance = model.mutable_provenance();
  // The files read: those the plan skipped gave no hand.
  for (const logs_parser::FileReport& report : summary->file_reports) {
    if (!report.skipped && !report.file.empty()) provenance.files.insert(report.file);
  }
  provenance.hands_read = static_cast<uint64_t>(summary->hands);
  provenance.hands_used = hands_used;
  provenance.lines = static_cast<uint64_t>(summary->lines);
  provenance.lines_rejected = static_cast<uint64_t>(summary->rejected);
  for (const auto& [reason, count] : summary->rejected_by_reason) {
    provenance.rejected_by_reason[reason] = static_cast<uint64_t>(count);
  }
  provenance.files_failed = static_cast<uint64_t>(summary->files_failed);
  provenance.trainer_versions = {kTrainerVersion};
  provenance.strip_name_suffix = options.strip_name_suffix;
  provenance.player_filter = filter;
  model.set_min_hands(options.min_hands);
  if (options.shard_count == 1) model.Prune();

  TrainResult result{
      std::move(model), *std::move(summary), static_cast<int64_t>(files->size()),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
  return result;
}

}  // namespace trainer
