# A simulation without --logs writes each search's log to a temporary folder, names it on standard error and removes
# it at the end; with --logs the logs stay. Run with -DCOMMAND=<kfx-cli> -DPOOL=<pool> -DLANDSCAPE=<dir> -DKEPT=<dir>.
set(arguments search --pool ${POOL} --landscape ${LANDSCAPE} --seeds 1..2 --budget-measurements 8 --policy topk
              --surrogates oracle --json)
execute_process(COMMAND ${COMMAND} ${arguments} RESULT_VARIABLE status ERROR_VARIABLE messages OUTPUT_QUIET)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "kfx-cli search failed (${status}): ${messages}")
endif()
if(NOT messages MATCHES "each search's log goes to ([^,\n]+), removed at the end")
    message(FATAL_ERROR "no temporary log folder named in: ${messages}")
endif()
set(folder "${CMAKE_MATCH_1}")
if(EXISTS "${folder}")
    message(FATAL_ERROR "${folder} is still there after the simulation")
endif()

file(REMOVE_RECURSE "${KEPT}")
execute_process(COMMAND ${COMMAND} ${arguments} --logs ${KEPT} RESULT_VARIABLE status ERROR_VARIABLE messages
                OUTPUT_QUIET)
if(NOT status EQUAL 0 OR messages MATCHES "removed at the end")
    message(FATAL_ERROR "kfx-cli search --logs (${status}): ${messages}")
endif()
file(GLOB kept "${KEPT}/*.jsonl")
list(LENGTH kept count)
if(NOT count EQUAL 4)
    message(FATAL_ERROR "--logs ${KEPT} kept ${count} logs, not the 2 seeds x 2 searches: ${kept}")
endif()
