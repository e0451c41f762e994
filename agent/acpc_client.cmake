# acpc_client: the ACPC client side (connect, VERSION handshake, MATCHSTATE to poker::Player,
# replies). Used by the `bot` program and the agent.
add_library(acpc_client STATIC ${CMAKE_CURRENT_LIST_DIR}/acpc_client.cc)
target_include_directories(acpc_client PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(acpc_client PUBLIC poker absl::status absl::statusor absl::strings
                      absl::str_format)
