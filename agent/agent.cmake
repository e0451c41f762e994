# Library `agent_player`: the decision policies and the agent as a poker::Player (it also
# registers the arena's `agent:` player kind). Program `agent`: the agent behind an ACPC
# connection. hand_reader is defined by a later fragment; CMake resolves target names at
# generation time.
add_library(agent_player STATIC
  ${CMAKE_CURRENT_LIST_DIR}/policies.cc
  ${CMAKE_CURRENT_LIST_DIR}/decision_log.cc
  ${CMAKE_CURRENT_LIST_DIR}/agent_player.cc)
target_include_directories(agent_player PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_definitions(agent_player PRIVATE
  POKER_DEFAULT_MODEL="${PROJECT_SOURCE_DIR}/data/models/default.pb")
target_link_libraries(agent_player PUBLIC cli
  hand_reader equity opponent_model acpc_client poker
  absl::status absl::statusor absl::strings absl::str_format absl::span
  PRIVATE Boost::program_options nlohmann_json::nlohmann_json)

add_executable(agent ${CMAKE_CURRENT_LIST_DIR}/agent_main.cc)
target_link_libraries(agent PRIVATE agent_player acpc_client logs_parser cli)
