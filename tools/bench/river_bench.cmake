# river_bench: river re-solving (agent/river_solver.h), time and exploitability per iteration count.
add_executable(river_bench ${CMAKE_CURRENT_SOURCE_DIR}/river_bench.cc)
target_include_directories(river_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(river_bench PRIVATE search_policy agent_player poker benchmark::benchmark)
target_compile_definitions(river_bench PRIVATE POKER_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
