#include "tools/eval/split.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <vector>

#include "gtest/gtest.h"

namespace eval {
namespace {

// 1000 hands in 10 files of 40..140 hands.
std::vector<int> Files() {
  std::vector<int> file_of;
  for (int f = 0; f < 10; ++f) {
    for (int i = 0; i < 40 + 20 * (f % 6); ++i) file_of.push_back(f);
  }
  return file_of;
}

void ExpectPartition(const Split& split, int n) {
  std::vector<int> all = split.train;
  all.insert(all.end(), split.test.begin(), split.test.end());
  std::sort(all.begin(), all.end());
  std::vector<int> expected(n);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(all, expected) << "every hand in exactly one part";
  EXPECT_TRUE(std::is_sorted(split.train.begin(), split.train.end()));
  EXPECT_TRUE(std::is_sorted(split.test.begin(), split.test.end()));
}

TEST(SplitTest, ByHandIsReproducibleAndDisjoint) {
  const std::vector<int> file_of = Files();
  const int n = static_cast<int>(file_of.size());
  const Split a = *MakeSplit(file_of, 10, SplitKind::kHand, 0.2, 7);
  const Split b = *MakeSplit(file_of, 10, SplitKind::kHand, 0.2, 7);
  const Split c = *MakeSplit(file_of, 10, SplitKind::kHand, 0.2, 8);
  ExpectPartition(a, n);
  ExpectPartition(c, n);
  EXPECT_EQ(a.test, b.test);
  EXPECT_EQ(a.train, b.train);
  EXPECT_NE(a.test, c.test);
  EXPECT_EQ(static_cast<int>(a.test.size()), std::lround(0.2 * n));
  // Drawn from everywhere, not a block: both halves of the corpus are represented.
  EXPECT_GT(std::count_if(a.test.begin(), a.test.end(), [n](int i) { return i < n / 2; }), 50);
  EXPECT_GT(std::count_if(a.test.begin(), a.test.end(), [n](int i) { return i >= n / 2; }), 50);
}

TEST(SplitTest, ByFileKeepsFilesWhole) {
  const std::vector<int> file_of = Files();
  const int n = static_cast<int>(file_of.size());
  const Split a = *MakeSplit(file_of, 10, SplitKind::kFile, 0.3, 3);
  const Split b = *MakeSplit(file_of, 10, SplitKind::kFile, 0.3, 3);
  ExpectPartition(a, n);
  EXPECT_EQ(a.test, b.test);
  std::set<int> test_files, train_files;
  for (int i : a.test) test_files.insert(file_of[i]);
  for (int i : a.train) train_files.insert(file_of[i]);
  for (int f : test_files) EXPECT_EQ(train_files.count(f), 0u) << "file " << f << " in both";
  EXPECT_GE(static_cast<double>(a.test.size()), 0.3 * n);
  EXPECT_FALSE(a.train.empty());
}

TEST(SplitTest, SubsetSplitsOnlyTheSubset) {
  const std::vector<int> file_of = Files();
  const Split outer = *MakeSplit(file_of, 10, SplitKind::kHand, 0.2, 1);
  const Split inner = *SplitSubset(outer.train, file_of, 10, SplitKind::kHand, 0.2, 2);
  std::vector<int> all = inner.train;
  all.insert(all.end(), inner.test.begin(), inner.test.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, outer.train);
  for (int i : inner.test) {
    EXPECT_FALSE(std::binary_search(outer.test.begin(), outer.test.end(), i));
  }
}

TEST(SplitTest, Refusals) {
  const std::vector<int> one_file(100, 0);
  EXPECT_FALSE(MakeSplit(one_file, 1, SplitKind::kFile, 0.2, 1).ok());
  EXPECT_FALSE(MakeSplit(one_file, 1, SplitKind::kHand, 0.0, 1).ok());
  EXPECT_FALSE(MakeSplit(one_file, 1, SplitKind::kHand, 1.0, 1).ok());
  EXPECT_FALSE(MakeSplit(std::vector<int>{0}, 1, SplitKind::kHand, 0.5, 1).ok());
  EXPECT_TRUE(MakeSplit(one_file, 1, SplitKind::kHand, 0.2, 1).ok());
  EXPECT_EQ(*ParseSplitKind("file"), SplitKind::kFile);
  EXPECT_FALSE(ParseSplitKind("hands").ok());
}

}  // namespace
}  // namespace eval
