# Surrogates (issue 6): included from core/CMakeLists.txt into kfx_core. XGBoost and libcurl come from Debian
# (libxgboost-dev, libcurl4-openssl-dev); Debian's XGBoost ships no CMake package, hence find_library.
find_package(CURL REQUIRED)
find_path(XGBOOST_INCLUDE_DIR xgboost/c_api.h REQUIRED)
find_library(XGBOOST_LIBRARY NAMES xgboost REQUIRED)

target_sources(kfx_core PRIVATE
    surrogate/kernelquery.cpp
    surrogate/surrogatejob.cpp
    surrogate/templatevalue.cpp
    surrogate/prompttemplate.cpp
    surrogate/promptset.cpp
    surrogate/toolcallparser.cpp
    surrogate/chatprotocol.cpp
    surrogate/secretredactor.cpp
    surrogate/httpclient.cpp
    surrogate/llmsurrogate.cpp
    surrogate/kernelfeatures.cpp
    surrogate/probabilitycalibrator.cpp
    surrogate/recalibration.cpp
    surrogate/treeensemble.cpp
    surrogate/embeddedmodel.cpp
    surrogate/embeddedsurrogate.cpp
    surrogate/predictionrows.cpp
    surrogate/resultcodec.cpp
    surrogate/forecastcache.cpp
    surrogate/cachekeymaker.cpp
    surrogate/searchpairs.cpp
    surrogate/pretrainedmodels.cpp
    surrogate/crossfittedsurrogate.cpp
    surrogate/corpus.cpp
    surrogate/kernelfamily.cpp
    surrogate/baselines.cpp
    surrogate/parentanchored.cpp
    surrogate/searchbaselines.cpp
    surrogate/searchevidence.cpp
    surrogate/corpusevaluation.cpp
    surrogate/searchawareforecaster.cpp
    surrogate/searchawaremixing.cpp
    surrogate/prequential.cpp
    surrogate/searchawareprequential.cpp
    surrogate/corpusexport.cpp
    surrogate/plantedpairs.cpp
)
# Their classes defined in the .cpp hold types of its anonymous namespace: fine in a file of its own, but GCC's
# -Wsubobject-linkage refuses it once the file is merged into a unity source (CI builds with CMAKE_UNITY_BUILD).
set_source_files_properties(surrogate/prompttemplate.cpp surrogate/httpclient.cpp
                            PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_include_directories(kfx_core PRIVATE ${XGBOOST_INCLUDE_DIR})
target_link_libraries(kfx_core PUBLIC CURL::libcurl ${XGBOOST_LIBRARY})

# The default prompt templates are files under resources/prompts/ (users edit copies of them) and are also
# built into the binary, so kfx-cli works from any directory. Editing a template re-runs this at build time.
set(_kfx_prompts_dir ${PROJECT_SOURCE_DIR}/resources/prompts)
set(_kfx_prompts_header "// Generated from resources/prompts/ by core/surrogate/surrogate.cmake.\n#pragma once\n\n#include <string_view>\n\nnamespace kfx::surrogate::builtinprompts {\n")
foreach(_kfx_prompt system user defer_system defer_user)
    set(_kfx_prompt_file ${_kfx_prompts_dir}/${_kfx_prompt}.j2)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_kfx_prompt_file})
    file(READ ${_kfx_prompt_file} _kfx_prompt_text)
    string(REPLACE "_" ";" _kfx_words ${_kfx_prompt})
    set(_kfx_name "k")
    foreach(_kfx_word ${_kfx_words})
        string(SUBSTRING ${_kfx_word} 0 1 _kfx_first)
        string(TOUPPER ${_kfx_first} _kfx_first)
        string(SUBSTRING ${_kfx_word} 1 -1 _kfx_rest)
        string(APPEND _kfx_name ${_kfx_first}${_kfx_rest})
    endforeach()
    string(APPEND _kfx_prompts_header "inline constexpr std::string_view ${_kfx_name} = R\"kfxprompt(${_kfx_prompt_text})kfxprompt\";\n")
endforeach()
string(APPEND _kfx_prompts_header "} // namespace kfx::surrogate::builtinprompts\n")
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/generated/builtinprompts.h CONTENT "${_kfx_prompts_header}" @ONLY)
target_include_directories(kfx_core PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)

# The pretrained embedded surrogates (issue 15): read from the source tree until installed, then from
# <prefix>/share/kfx/surrogate/h100, which pretrainedmodels.cpp finds relative to the executable.
set(_kfx_pretrained_dir ${PROJECT_SOURCE_DIR}/resources/surrogate/h100)
set_source_files_properties(surrogate/pretrainedmodels.cpp PROPERTIES
    COMPILE_DEFINITIONS KFX_PRETRAINED_SOURCE_DIR="${_kfx_pretrained_dir}")
if(EXISTS ${_kfx_pretrained_dir}/manifest.json)
    install(DIRECTORY ${_kfx_pretrained_dir}/ DESTINATION share/kfx/surrogate/h100)
endif()
