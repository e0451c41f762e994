# lbr_bench: local best response's equity against every opponent hand, and a blueprint's strategy
# report for every hand.
add_executable(lbr_bench ${CMAKE_CURRENT_SOURCE_DIR}/lbr_bench.cc)
target_include_directories(lbr_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(lbr_bench PRIVATE lbr_lib solver_play poker benchmark::benchmark)
target_compile_definitions(lbr_bench PRIVATE POKER_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
