#pragma once

#include "model/comparisonpair.h"
#include "model/population.h"

#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// The comparison a surrogate is asked about for one kernel of a search: the search's reference (the seed's code,
// or the reference the log states) against the kernel, with its measured speedup where known. The task (pack)
// is the search's op name, so pairs of several searches group by task.
ComparisonPair searchPair(const Population &population, std::size_t node);
// Every measured candidate of a search (seeds and kernels without code left out) as a training pair. Search
// logs rarely name their task; `task`, when given, names it for a log that does not (cross-validation groups by
// it, so searches of different tasks must not share one name).
std::vector<ComparisonPair> measuredSearchPairs(const Population &population, std::string_view task = {});
// The task a search file is about, from its name: "matmul-search.jsonl", "rms_norm-selective.jsonl",
// "rms_norm-baseline.jsonl" and "rms_norm-seed2-selective.jsonl" → the task ("matmul", "rms_norm").
std::string taskFromFileName(std::string_view path);

} // namespace kfx::surrogate
