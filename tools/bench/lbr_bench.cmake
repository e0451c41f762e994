# lbr_bench: local best response's equity against every opponent hand, and a blueprint's and the
# default agent's (`search`, registered from a static initializer: linked whole-archive) strategy
# reports for every hand.
add_executable(lbr_bench ${CMAKE_CURRENT_SOURCE_DIR}/lbr_bench.cc)
target_include_directories(lbr_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(lbr_bench PRIVATE lbr_lib solver_play poker benchmark::benchmark
  "$<LINK_LIBRARY:WHOLE_ARCHIVE,search_policy>" agent_player)
target_compile_definitions(lbr_bench PRIVATE POKER_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
