// The pretrained surrogate's held-out quality on the real H100 corpus (issue 15), and what reading the corpus and
// scoring it leave-one-task-out cost. The corpus is a directory of search logs: $KFX_CORPUS_DIR, else the
// unpacked copy in build-corpus/ (scripts/run unpacks resources/corpus/searches-h100.tar.xz). Skipped, saying
// so, when neither is there. Run: KFX_CORPUS_DIR=DIR build/bench/kfx-bench-corpus
#include "surrogate/corpus.h"
#include "surrogate/corpusevaluation.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>

using namespace kfx::surrogate;

namespace {

std::string corpusDirectory()
{
    if (const char *directory = std::getenv("KFX_CORPUS_DIR"))
        return directory;
    return KFX_SOURCE_DIR "/build-corpus";
}

const CorpusOptions kOptions{{KFX_SOURCE_DIR "/resources/demo/tasks", KFX_SOURCE_DIR "/resources/corpus/tasks",
                              KFX_SOURCE_DIR "/resources/tasks"}};

bool corpusPresent(benchmark::State &state)
{
    if (std::filesystem::is_directory(corpusDirectory()))
        return true;
    state.SkipWithError(
        ("no corpus at " + corpusDirectory() + ": set KFX_CORPUS_DIR to a directory of search logs").c_str());
    return false;
}

void BM_CorpusLoad(benchmark::State &state)
{
    if (!corpusPresent(state))
        return;
    Corpus corpus;
    for (auto _ : state)
        corpus = readCorpus(corpusDirectory(), kOptions);
    state.counters["logs"] = double(corpus.files.size());
    state.counters["measurements"] = double(corpus.measurementCount);
    state.counters["pairs"] = double(corpus.pairs.size());
    state.counters["tasks"] = double(corpus.tasks.size());
}
BENCHMARK(BM_CorpusLoad)->Unit(benchmark::kMillisecond)->Iterations(1);

// Leave-one-task-out with the options chosen inside each fold's training tasks; the pooled held-out figures of
// the surrogate and of the four baselines as counters (embedded_*, majority_*, always-defer as defer_*, the
// parent's bin as parent_*, the nearest measured kernel as nearest_*).
void BM_CorpusLeaveOneTaskOut(benchmark::State &state)
{
    if (!corpusPresent(state))
        return;
    const auto corpus = readCorpus(corpusDirectory(), kOptions);
    std::vector<CorpusFold> folds;
    for (auto _ : state)
        folds = leaveOneTaskOut(corpus, corpusOptionGrid());
    const std::map<std::string, std::string> prefixes{{"embedded", "embedded"},
                                                      {"majority", "majority"},
                                                      {"always-defer", "defer"},
                                                      {"parent-bin", "parent"},
                                                      {"nearest", "nearest"}};
    for (const auto &score : heldOutScores(corpus, folds)) {
        if (score.task != kPooledTask)
            continue;
        const auto &prefix = prefixes.at(score.surrogate);
        state.counters[prefix + "_accuracy"] = score.accuracy;
        state.counters[prefix + "_off_by_one"] = score.offByOne;
        state.counters[prefix + "_brier"] = score.brier;
        state.counters[prefix + "_ece"] = score.ece;
        state.counters[prefix + "_nll"] = score.nll;
        state.counters[prefix + "_aurc"] = score.aurc;
    }
    state.counters["pairs"] = double(corpus.pairs.size());
    state.counters["folds"] = double(folds.size());
}
BENCHMARK(BM_CorpusLeaveOneTaskOut)->Unit(benchmark::kSecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
