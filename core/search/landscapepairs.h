#pragma once

#include "surrogate/corpus.h"

#include <map>
#include <string>
#include <vector>

namespace kfx::search {

// A measured landscape's successes as training pairs for the embedded model (issue 25: the shipped models are
// trained on the corpus and the landscapes). They train and are never scored: no search measured them.
struct LandscapeTrainingPairs {
    std::vector<ComparisonPair> pairs;  // by task, then by kernel id
    std::map<std::string, int> perTask; // pairs added, per task with a landscape
    int alreadyInCorpus = 0;            // successes a corpus search measured too: the corpus's pair stands for them
};

// For every task of `corpus` that has LANDSCAPES/<task>.jsonl.xz: each knob setting the landscape measured as a
// success, its code rendered from POOLS/<task>/mutations.json without the variant header (as the corpus keeps a
// kernel), against the corpus's reference for the task, on the corpus's hardware, with the landscape's speedup.
// Throws LandscapeError when no task has a landscape there, when a landscape was measured on another device than
// the corpus's kernels of its task, or when a rendered kernel is not the one the landscape recorded (its templates
// changed since).
LandscapeTrainingPairs landscapeTrainingPairs(const surrogate::Corpus &corpus, const std::string &landscapes,
                                              const std::string &pools);

} // namespace kfx::search
