# poker_bench: speed of the hand evaluator (random and enumerated 5-, 6- and 7-card hands, table
# build). Run e.g. build/bin/poker_bench --benchmark_min_time=1; items_per_second = evaluations.
add_executable(poker_bench ${CMAKE_CURRENT_LIST_DIR}/poker_bench.cc)
target_link_libraries(poker_bench PRIVATE poker benchmark::benchmark)
target_include_directories(poker_bench PRIVATE ${PROJECT_SOURCE_DIR})
