# agent_bench: equity (Monte Carlo and exact), all-pairs hand strength, range updates.
add_executable(agent_bench ${CMAKE_CURRENT_SOURCE_DIR}/agent_bench.cc)
target_include_directories(agent_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(agent_bench PRIVATE equity poker benchmark::benchmark)
