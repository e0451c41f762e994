# Library `pso`: 004's sigmoid policy and the online PSO / BR-PSO swarm (time-dimension
# particles), the `pso` policy kind of the agent (`--policy pso`, `agent:policy=pso` in the arena).
add_library(pso STATIC
  ${CMAKE_CURRENT_LIST_DIR}/pso_policy.cc
  ${CMAKE_CURRENT_LIST_DIR}/swarm.cc)
target_include_directories(pso PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(pso PUBLIC equity poker absl::status absl::statusor absl::strings
  absl::str_format absl::span)

# The `pso` kind registers itself with the agent's policy registry (RegisterPolicy, in
# agent_player) from a static initializer in pso_policy.cc, so the programs that build agents link
# this library whole-archive: `agent` here (agent.cmake came first), `arena` once tools/ has
# defined it (a call deferred to the end of the top-level directory). `pso` does not link
# agent_player itself: the arena links that whole-archive and the agent plainly, and CMake refuses
# one library with both; whatever links `pso` links agent_player too (as these programs do).
target_link_libraries(agent PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,pso>")
function(pso_link_arena)
  if(TARGET arena)
    target_link_libraries(arena PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,pso>")
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL pso_link_arena)
