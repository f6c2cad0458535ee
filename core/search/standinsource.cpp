#include "standinsource.h"

#include "templatemutator.h"

#include <filesystem>

namespace kfx::search {

StandInSource openStandInSource(const std::string &directory)
{
    namespace fs = std::filesystem;
    if (fs::exists(fs::path(directory) / "pool.json")) {
        auto pool = std::make_unique<CandidatePool>(directory);
        auto task = pool->taskDirectory();
        return {std::move(pool), std::move(task)};
    }
    if (fs::exists(fs::path(directory) / "mutations.json")) {
        auto mutator = std::make_unique<TemplateMutator>(directory);
        auto task = mutator->taskDirectory();
        return {std::move(mutator), std::move(task)};
    }
    throw PoolError(directory + ": neither pool.json (a candidate pool) nor mutations.json (template mutations)");
}

} // namespace kfx::search
