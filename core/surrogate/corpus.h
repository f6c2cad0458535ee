#pragma once

#include "model/comparisonpair.h"
#include "searchpairs.h" // kernelWithoutVariantHeader, with the pairs of one search

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// A corpus directory that cannot be read as one: the message names the file (and line) at fault.
class CorpusError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Where a corpus's task references are: directories holding one directory per task (its task.json names the
// reference file; a GPU MODE task has reference.py).
struct CorpusOptions {
    std::vector<std::string> taskRoots;
};

// One measurement of a kernel in one search.
struct KernelMeasurement {
    std::string file; // the log's file name
    std::int64_t line = 0;
    std::string nodeId;
    std::optional<double> speedup; // against the task reference; none when the kernel failed
    std::string outcome;           // "success", "compile_failed", "runtime_error", "incorrect", ...
};

// Where a corpus pair's kernel came from in the search whose measurement was kept: the search's seed kernel and
// the parent it was edited from, as indices into Corpus::pairs (none when that kernel is no pair, or for a seed).
struct PairLineage {
    std::optional<std::size_t> seed;
    std::optional<std::size_t> parent;
};

// Every kernel a directory of search logs measured, once. Each distinct kernel of a task (its code without the
// variant header) is one pair: reference = the task's reference code, candidate = the kernel, pack = the task,
// speedup = the median of its successful measurements (the lower median for an even count, so the pair keeps
// one real measurement, whose node id, file and lineage it carries). A kernel that failed in at least half of
// its measurements is no pair (bin 0, failure, is outside the v2 distribution the surrogate forecasts; spec
// §1.1): it is counted under its most frequent failure. Pairs from logs that state no hardware (v2) get the
// device the other logs state, when they all state the same one.
struct Corpus {
    std::vector<std::string> files; // the logs read, sorted
    std::vector<std::string> tasks; // sorted
    std::map<std::string, std::string> referenceCode;
    std::vector<ComparisonPair> pairs;                        // by task, then by first measurement
    std::vector<PairLineage> lineage;                         // one per pair
    std::vector<std::vector<KernelMeasurement>> measurements; // one list per pair
    std::size_t measurementCount = 0;                         // every measurement read, failed ones included
    // Pairs that train the models but are never scored, since no search measured them (a measured landscape's
    // knob settings, issue 25). Grouped by task like `pairs`, so a model trained without a task never sees them.
    std::vector<ComparisonPair> trainingOnlyPairs;
    std::map<std::string, int> skipped; // distinct kernels that are no pair, by reason
};

// Reads every *.jsonl search log in `directory` (the task from each file's op name, else its name). Throws
// CorpusError naming the file and line of a damaged log, or the task whose reference cannot be found.
Corpus readCorpus(const std::string &directory, const CorpusOptions &options);

} // namespace kfx::surrogate
