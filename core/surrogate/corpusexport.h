#pragma once

#include "corpus.h"

#include <ostream>
#include <string_view>

namespace kfx::surrogate {

// The name the corpus's rows give as internal_experiment.
inline constexpr std::string_view kCorpusExperiment = "kfx_h100_corpus";

// The corpus's pairs as eval-set rows (spec §3.1 a), one per distinct kernel: anchor = the task's reference,
// candidate = the kernel, aggregated_speedup = its kept measurement, source_search = the log it was kept from,
// source_id = its node id. Returns the rows written.
std::size_t writeEvalSetRows(const Corpus &corpus, std::ostream &out);

// The corpus's pairs as RL training-pool rows (spec §3.1 c), every speedup relative to the row's anchor (both
// kernels were measured against the task reference on the same cases, so the ratio of their geomeans is the
// geomean of the per-case ratios):
// - "pair": anchor = the task reference (the eval-set comparison);
// - "seed": anchor = the seed kernel of the search the measurement was kept from;
// - "parent_edit": anchor = the kernel it was edited from.
// A kernel edited straight from the seed gets a parent_edit row only (its seed row would be the same pair), and
// a seed or parent that is no pair (it failed) gives no row. Returns the rows written.
std::size_t writeTrainingPoolRows(const Corpus &corpus, std::ostream &out);

} // namespace kfx::surrogate
