# Runs COMMAND with ARGUMENTS (a |-separated list) and checks fields of the JSON it prints.
# FIELDS is a |-separated list of
# "a/b/0/c=VALUE" entries: the path through objects and arrays, and the value as CMake's JSON reader prints it
# (numbers with 17 significant digits, so equal text means the same double).
# Lists arrive joined with "|" because ";" does not survive the trip through add_test().
string(REPLACE "|" ";" ARGUMENTS "${ARGUMENTS}")
string(REPLACE "|" ";" FIELDS "${FIELDS}")
execute_process(COMMAND ${COMMAND} ${ARGUMENTS} OUTPUT_VARIABLE output RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${COMMAND} ${ARGUMENTS} exited with ${status}:\n${errors}")
endif()
set(failures "")
foreach(field IN LISTS FIELDS)
    string(FIND "${field}" "=" split REVERSE)
    string(SUBSTRING "${field}" 0 ${split} path)
    math(EXPR valueStart "${split} + 1")
    string(SUBSTRING "${field}" ${valueStart} -1 expected)
    string(REPLACE "/" ";" keys "${path}")
    string(JSON actual ERROR_VARIABLE lookupError GET "${output}" ${keys})
    if(lookupError)
        string(APPEND failures "  ${path}: ${lookupError}\n")
    elseif(NOT actual STREQUAL expected)
        string(APPEND failures "  ${path}: ${actual}, expected ${expected}\n")
    endif()
endforeach()
if(failures)
    message(FATAL_ERROR "fields that differ:\n${failures}")
endif()
