# Library `pso`: 004's sigmoid policy and the online PSO / BR-PSO swarm (time-dimension
# particles), the `pso` policy kind of the agent. It only needs the policy interface headers
# (agent/policy.h, agent/policies.h) besides equity and poker; the agent's policy registry
# (agent_player) links it to offer `--policy pso`.
add_library(pso STATIC
  ${CMAKE_CURRENT_LIST_DIR}/pso_policy.cc
  ${CMAKE_CURRENT_LIST_DIR}/swarm.cc)
target_include_directories(pso PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(pso PUBLIC equity poker absl::status absl::statusor absl::strings
  absl::str_format absl::span)
