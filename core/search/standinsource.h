#pragma once

#include "mutationsource.h"

#include <memory>
#include <string>

namespace kfx::search {

// A stand-in for the LLM mutator read from a directory, and the task it is written for.
struct StandInSource {
    std::unique_ptr<MutationSource> source;
    std::string taskDirectory; // absolute
};

// A candidate pool (pool.json) or template mutations (mutations.json), whichever the directory holds. Throws
// PoolError naming the directory when it holds neither, or the file at fault.
StandInSource openStandInSource(const std::string &directory);

} // namespace kfx::search
