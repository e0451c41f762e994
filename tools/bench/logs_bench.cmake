# logs_bench: STATE line parsing + replay, and whole-log reading (BM_ParseDeepStackLog).
find_package(ZLIB REQUIRED)
add_executable(logs_bench ${CMAKE_CURRENT_SOURCE_DIR}/logs_bench.cc)
target_include_directories(logs_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(logs_bench PRIVATE logs_parser poker benchmark::benchmark ZLIB::ZLIB)
target_compile_definitions(logs_bench PRIVATE
  POKER_SHARED_DIR="${POKER_SHARED_DIR}" POKER_SOURCE_DIR="${POKER_SOURCE_DIR}")
