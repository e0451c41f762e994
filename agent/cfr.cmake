# Library `cfr_policy`: the agent's `cfr` policy (plays a solver strategy; solver/). Registers
# itself with the agent's policy registry from a static initializer, so the programs that build
# agents link it whole-archive, like `pso` (see pso.cmake).
add_library(cfr_policy STATIC ${CMAKE_CURRENT_LIST_DIR}/cfr_policy.cc)
target_include_directories(cfr_policy PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(cfr_policy PUBLIC solver_play equity poker)
target_link_libraries(agent PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,cfr_policy>")
function(cfr_policy_link_arena)
  if(TARGET arena)
    target_link_libraries(arena PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,cfr_policy>")
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL cfr_policy_link_arena)
