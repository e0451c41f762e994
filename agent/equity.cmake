# Library `equity`: opponent ranges (weights over the 1326 pairs) and equity against them by Monte
# Carlo or exact enumeration; equity against uniform deals in any game (uniform_equity).
add_library(equity STATIC
  ${CMAKE_CURRENT_LIST_DIR}/range.cc
  ${CMAKE_CURRENT_LIST_DIR}/equity.cc
  ${CMAKE_CURRENT_LIST_DIR}/uniform_equity.cc)
target_include_directories(equity PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(equity PUBLIC poker absl::status absl::statusor absl::strings
  absl::str_format absl::span)
