# Library `search_policy`: the model search (agent/search.h) and the agent's `search` policy
# (search_policy.cc; it plays the bundled blueprint of solver/ where the model knows little).
# Registers itself with the agent's policy registry from a static initializer, so the programs
# that build agents link it whole-archive, like `cfr_policy` (see cfr.cmake).
add_library(search_policy STATIC
  ${CMAKE_CURRENT_LIST_DIR}/bet_evidence.cc
  ${CMAKE_CURRENT_LIST_DIR}/search.cc
  ${CMAKE_CURRENT_LIST_DIR}/multiway_search.cc
  ${CMAKE_CURRENT_LIST_DIR}/range_equity.cc
  ${CMAKE_CURRENT_LIST_DIR}/river_solver.cc
  ${CMAKE_CURRENT_LIST_DIR}/search_internal.cc
  ${CMAKE_CURRENT_LIST_DIR}/search_discipline.cc
  ${CMAKE_CURRENT_LIST_DIR}/search_params.cc
  ${CMAKE_CURRENT_LIST_DIR}/search_policy.cc
  ${CMAKE_CURRENT_LIST_DIR}/tilted_blueprint.cc)
target_include_directories(search_policy PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(search_policy PUBLIC solver_play hand_reader equity acpc_client poker
  absl::status absl::statusor absl::strings absl::str_format absl::span absl::function_ref)
target_link_libraries(agent PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,search_policy>")
function(search_policy_link_arena)
  if(TARGET arena)
    target_link_libraries(arena PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,search_policy>")
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL search_policy_link_arena)
