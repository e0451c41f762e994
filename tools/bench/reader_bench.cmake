# Hand reader benchmarks (BM_RangeUpdate, BM_StreetBuckets, BM_ReadHand), built into agent_bench.
if(TARGET agent_bench AND TARGET hand_reader)
  target_sources(agent_bench PRIVATE ${CMAKE_CURRENT_LIST_DIR}/reader_bench.cc)
  target_link_libraries(agent_bench PRIVATE hand_reader)
endif()
