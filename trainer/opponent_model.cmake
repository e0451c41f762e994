find_package(ZLIB REQUIRED)  # CRC-32 of the model file

# `opponent_model`: pattern trees, strength buckets, the model file, training and merging
# (every trainer/*.cc except the `trainer` program's trainer_main.cc and *_command.cc).
# The agent links it for the model API (trainer/opponent_model.h).
file(GLOB OPPONENT_MODEL_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cc)
list(FILTER OPPONENT_MODEL_SOURCES EXCLUDE REGEX "(_command|trainer_main)\\.cc$")
add_library(opponent_model STATIC ${OPPONENT_MODEL_SOURCES})
target_include_directories(opponent_model PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(opponent_model PUBLIC
  poker logs_parser opponent_model_proto
  absl::status absl::statusor absl::strings absl::str_format absl::span absl::flat_hash_map
  absl::flat_hash_set Threads::Threads
  PRIVATE ZLIB::ZLIB)
