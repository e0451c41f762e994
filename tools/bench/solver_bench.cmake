# solver_bench: the hold'em card abstraction (construction, per-board roll-out tables, DealBuckets
# per deal, Bucket per round), loading strategy files, MCCFR iterations/s on 1 and 2 threads;
# `solver_bench --quality [BOARDS [BUCKETS]]` prints how well buckets separate.
add_executable(solver_bench ${CMAKE_CURRENT_LIST_DIR}/solver_bench.cc
                            ${CMAKE_CURRENT_LIST_DIR}/solver_files_bench.cc
                            ${CMAKE_CURRENT_LIST_DIR}/solver_mccfr_bench.cc)
target_include_directories(solver_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(solver_bench PRIVATE POKER_SOURCE_DIR="${POKER_SOURCE_DIR}")
target_link_libraries(solver_bench PRIVATE solver_abstraction solver_files poker
                      benchmark::benchmark)
