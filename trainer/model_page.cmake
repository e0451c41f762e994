# `trainer inspect --html`: a model as one self-contained page.
add_library(model_page STATIC ${CMAKE_CURRENT_SOURCE_DIR}/model_page.cc)
target_include_directories(model_page PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(model_page PUBLIC html_page opponent_model logs_parser absl::strings)
