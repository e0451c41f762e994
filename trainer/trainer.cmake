# `trainer`: trainer_main.cc plus every *_command.cc (each registers one subcommand).
file(GLOB TRAINER_COMMAND_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_command.cc)
add_executable(trainer ${CMAKE_CURRENT_SOURCE_DIR}/trainer_main.cc ${TRAINER_COMMAND_SOURCES})
target_include_directories(trainer PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(trainer PRIVATE poker Boost::program_options nlohmann_json::nlohmann_json
                      Threads::Threads)
foreach(lib logs_parser opponent_model)
  if(TARGET ${lib})
    target_link_libraries(trainer PRIVATE ${lib})
  endif()
endforeach()
# `trainer inspect --html` (trainer/model_page.cmake).
target_link_libraries(trainer PRIVATE model_page)
