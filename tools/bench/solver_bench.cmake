# solver_bench: the hold'em card abstraction (construction, per-board roll-out tables, DealBuckets
# per deal, Bucket per round); `solver_bench --quality [BOARDS [BUCKETS]]` prints how well
# buckets separate.
add_executable(solver_bench ${CMAKE_CURRENT_LIST_DIR}/solver_bench.cc)
target_include_directories(solver_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(solver_bench PRIVATE solver_abstraction poker benchmark::benchmark)
