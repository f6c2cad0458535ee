#pragma once

#include "model/population.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace kfx::search {

// What a mutation is asked for: a new kernel from the archive member `parent` (its code, its measurement and
// the children it already has are in `population`).
struct MutationContext {
    const Population &population;
    std::size_t parent = kNoNode;
    int step = 0;
    int slot = 0;           // the mutation's place among the step's mutations
    std::uint64_t seed = 0; // the search's seed
};

struct MutationResult {
    std::optional<std::string> code;
    std::string failureReason; // mutation_failed's reason when there is no code
};

// Where mutations come from: a model (the paper's LLM) or a stand-in for it.
class MutationSource {
public:
    virtual ~MutationSource() = default;
    // How the search's config names the source ("candidate pool (stand-in for an LLM mutator): DIR").
    virtual std::string label() const = 0;
    // The seed kernel the search starts from.
    virtual std::string seedCode() const = 0;
    virtual MutationResult mutate(const MutationContext &context) = 0;
    // How many mutations of a step may be asked for at once. More than 1 promises that mutate() is safe from
    // several threads and needs not see the step's other children (a model server); a pool, which draws among the
    // variants its siblings left, asks one at a time.
    virtual int concurrency() const { return 1; }
};

class PoolError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A directory of pre-written variants keyed by parent, for reproducible offline searches (a stand-in for the
// LLM). `pool.json`:
//   {"format": "kfx-pool/1", "task": "../../demo/tasks/layer_norm", "seed": "l00_seed.cu",
//    "variants": {"l00_seed.cu": ["l01_warp.cu", "l02_block.cu"], "l01_warp.cu": ["l04_float4.cu"]}}
// A parent is recognised by its code (any archive member whose code is a pool file's). A mutation draws, by
// the search's seed, one of the parent's variants that is not yet among its children; when none is left, or
// the parent's code is not in the pool, the mutation fails and says why.
class CandidatePool final : public MutationSource {
public:
    // Throws PoolError naming the file and the entry at fault.
    explicit CandidatePool(const std::string &directory);

    std::string label() const override;
    std::string seedCode() const override { return m_files.at(m_seedFile); }
    MutationResult mutate(const MutationContext &context) override;

    // The task directory the pool's variants are written for (absolute).
    const std::string &taskDirectory() const { return m_task; }

private:
    std::string m_directory;
    std::string m_task;
    std::string m_seedFile;
    std::unordered_map<std::string, std::string> m_files;                 // file name -> code
    std::unordered_map<std::string, std::string> m_fileByCode;            // code -> file name
    std::unordered_map<std::string, std::vector<std::string>> m_variants; // parent file -> variant files
};

} // namespace kfx::search
