# Runs COMMAND with ARGUMENTS (a |-separated list) and fails unless its standard output equals the file EXPECTED.
# Lists arrive joined with "|" because ";" does not survive the trip through add_test().
string(REPLACE "|" ";" ARGUMENTS "${ARGUMENTS}")
execute_process(COMMAND ${COMMAND} ${ARGUMENTS} OUTPUT_VARIABLE actual RESULT_VARIABLE status)
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "output of ${COMMAND} ${ARGUMENTS} (exit ${status}) differs from ${EXPECTED}:\n"
                        "--- actual\n${actual}--- expected\n${expected}")
endif()
