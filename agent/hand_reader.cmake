# Library `hand_reader`: DFmodel (000 eq. 6) and the hand reader (opponent ranges from their
# actions through the opponent model's backoff).
add_library(hand_reader STATIC
  ${CMAKE_CURRENT_LIST_DIR}/df_model.cc
  ${CMAKE_CURRENT_LIST_DIR}/hand_reader.cc)
target_include_directories(hand_reader PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(hand_reader PUBLIC equity opponent_model poker absl::span)
