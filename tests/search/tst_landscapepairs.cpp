// The measured landscapes as training pairs (issue 25), on real data: the cut of the H100 corpus in
// tests/data/corpus (matmul, rms_norm, transpose) and resources/landscape. Every knob setting a landscape measured
// as a success and no corpus search measured becomes one training-only pair, rendered from its task's templates
// to the very kernel the landscape recorded; a template changed since is refused, naming the landscape; and a
// model trained without a task sees none of that task's landscape, while its held-out forecasts stay the corpus's.
#include "check.h"

#include "search/canonicalkernel.h"
#include "search/landscape.h"
#include "search/landscapepairs.h"
#include "surrogate/corpusevaluation.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace kfx;
using namespace kfx::search;
namespace fs = std::filesystem;

namespace {

const std::string kLandscapes = KFX_RESOURCES_DIR "/landscape";
const std::string kPools = KFX_RESOURCES_DIR "/corpus";

std::size_t countOf(const std::vector<ComparisonPair> &pairs, const std::string &task)
{
    return std::size_t(std::count_if(pairs.begin(), pairs.end(), [&](const auto &pair) { return pair.pack == task; }));
}

void everyUnmeasuredSuccessIsOnePair(const surrogate::Corpus &corpus, const LandscapeTrainingPairs &added)
{
    int inCorpus = 0;
    for (const auto &task : corpus.tasks) {
        const auto landscape = Landscape::openTask(kLandscapes, task);
        std::set<std::string> corpusKernels;
        for (const auto &pair : corpus.pairs) {
            if (pair.pack == task)
                corpusKernels.insert(landscapeKernelId(pair.candidateCode.str()));
        }
        std::size_t successes = 0, successesInCorpus = 0;
        for (const auto &id : landscape.kernelIds()) {
            if (landscape.find(id)->speedup) {
                ++successes;
                successesInCorpus += corpusKernels.contains(id);
            }
        }
        inCorpus += int(successesInCorpus);
        const auto pairs = countOf(added.pairs, task);
        KFX_CHECK(pairs > 0 && pairs == std::size_t(added.perTask.at(task)), task + ": its pairs are counted");
        KFX_CHECK(pairs + successesInCorpus == successes,
                  task + ": each success of the landscape is a pair or a corpus kernel");
    }
    KFX_CHECK(added.alreadyInCorpus == inCorpus, "the corpus's kernels are counted, not added again");
    std::set<std::string> kernels;
    for (const auto &pair : added.pairs) {
        const auto landscape = Landscape::openTask(kLandscapes, pair.pack);
        const auto *kernel = landscape.findCode(pair.candidateCode.str());
        KFX_CHECK(kernel && kernel->speedup && *kernel->speedup == pair.speedup,
                  pair.id + ": the landscape's kernel and its speedup");
        KFX_CHECK(!test::contains(pair.candidateCode.str(), "kfx-variant:"),
                  pair.id + ": no variant header, as the corpus keeps a kernel");
        KFX_CHECK(pair.referenceCode.str() == corpus.referenceCode.at(pair.pack), pair.id + ": the task's reference");
        KFX_CHECK(pair.hardware && pair.hardwareName == "NVIDIA H100 80GB HBM3", pair.id + ": the corpus's H100");
        KFX_CHECK(kernels.insert(pair.sourceId).second, pair.id + ": once");
    }
}

void aChangedTemplateIsRefused(const surrogate::Corpus &corpus, const fs::path &dir)
{
    // A copy of the pools beside links to the task folders their mutations.json name by relative paths.
    const auto resources = dir / "resources";
    const auto pools = resources / "corpus";
    fs::create_directories(pools);
    for (const auto *tasks : {"demo", "tasks"})
        fs::create_directory_symlink(fs::path(KFX_RESOURCES_DIR) / tasks, resources / tasks);
    fs::create_directory_symlink(fs::path(kPools) / "tasks", pools / "tasks");
    for (const auto &task : corpus.tasks)
        fs::copy(fs::path(kPools) / task, pools / task, fs::copy_options::recursive);
    // A line of code the landscape's kernels did not have: every rendered kernel is another one now.
    for (const auto &entry : fs::directory_iterator(pools / "rms_norm")) {
        if (entry.path().extension() == ".cu")
            std::ofstream(entry.path(), std::ios::app) << "__device__ int changedSinceMeasured;\n";
    }
    try {
        landscapeTrainingPairs(corpus, kLandscapes, pools.string());
        KFX_CHECK(false, "a template changed since the landscape was measured is refused");
    } catch (const LandscapeError &error) {
        const std::string message = error.what();
        KFX_CHECK(test::contains(message, "rms_norm.jsonl.xz") && test::contains(message, "templates changed"),
                  "the refusal names the landscape and why: " + message);
    }
}

void noFoldSeesItsTasksLandscape(surrogate::Corpus corpus, LandscapeTrainingPairs added)
{
    corpus.trainingOnlyPairs = std::move(added.pairs);
    surrogate::TrainingOptions quick;
    quick.rounds = 5;
    const std::vector<surrogate::TrainingOptions> grid{quick};
    for (const auto &fold : surrogate::leaveOneTaskOut(corpus, grid)) {
        const auto task = fold.heldOutTask;
        KFX_CHECK(fold.pairs.size() == countOf(corpus.pairs, task),
                  task + ": the held-out forecasts are its corpus pairs");
        KFX_CHECK(
            std::all_of(fold.pairs.begin(), fold.pairs.end(), [&](auto i) { return corpus.pairs[i].pack == task; }),
            task + ": and no other task's");
        const auto trained = fold.chosen.report.trainingRows + fold.chosen.report.calibrationRows;
        const auto expected = corpus.pairs.size() - countOf(corpus.pairs, task) + corpus.trainingOnlyPairs.size()
            - countOf(corpus.trainingOnlyPairs, task);
        KFX_CHECK(trained == expected,
                  task + ": trained on every other task's pairs and landscape, " + std::to_string(trained)
                      + " rows against " + std::to_string(expected));
    }
}

} // namespace

int main()
{
    const auto dir = fs::temp_directory_path() / ("tst_landscapepairs-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const auto corpus = surrogate::readCorpus(KFX_TEST_DATA_DIR "/corpus",
                                              {{KFX_RESOURCES_DIR "/corpus/tasks", KFX_RESOURCES_DIR "/demo/tasks"}});
    KFX_CHECK(corpus.tasks == (std::vector<std::string>{"matmul", "rms_norm", "transpose"}), "the cut's three tasks");
    const auto added = landscapeTrainingPairs(corpus, kLandscapes, kPools);
    everyUnmeasuredSuccessIsOnePair(corpus, added);
    aChangedTemplateIsRefused(corpus, dir);
    noFoldSeesItsTasksLandscape(corpus, added);
    fs::remove_all(dir);
    return kfx::test::finish();
}
