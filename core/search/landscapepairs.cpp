#include "landscapepairs.h"

#include "landscape.h"
#include "model/speedupbin.h"
#include "templatemutator.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

// The first of the task's corpus pairs: it carries the task's reference and hardware.
const ComparisonPair &firstPairOf(const surrogate::Corpus &corpus, const std::string &task)
{
    return *std::find_if(corpus.pairs.begin(), corpus.pairs.end(),
                         [&](const ComparisonPair &pair) { return pair.pack == task; });
}

} // namespace

LandscapeTrainingPairs landscapeTrainingPairs(const surrogate::Corpus &corpus, const std::string &landscapes,
                                              const std::string &pools)
{
    LandscapeTrainingPairs result;
    for (const auto &task : corpus.tasks) {
        if (!fs::exists(fs::path(landscapes) / (task + ".jsonl.xz")))
            continue;
        const auto landscape = Landscape::openTask(landscapes, task);
        const TemplateMutator templates((fs::path(pools) / task).string());
        const auto &sample = firstPairOf(corpus, task);
        if (landscape.device() != sample.hardwareName)
            throw LandscapeError(landscape.path() + " was measured on " + landscape.device() + ", the corpus's " + task
                                 + " kernels on " + sample.hardwareName);
        std::set<std::string> inCorpus;
        for (const auto &pair : corpus.pairs) {
            if (pair.pack == task)
                inCorpus.insert(landscapeKernelId(pair.candidateCode.str()));
        }
        int &added = result.perTask[task];
        for (const auto &id : landscape.kernelIds()) {
            const auto &kernel = *landscape.find(id);
            if (!kernel.speedup)
                continue;
            if (inCorpus.contains(id)) {
                ++result.alreadyInCorpus;
                continue;
            }
            std::string why;
            const auto variant = templates.variantNamed(kernel.variant, &why);
            if (!variant)
                throw LandscapeError(landscape.path() + ": kernel " + id + " (" + kernel.variant + "): " + why);
            const auto code = templates.render(*variant, "");
            if (landscapeKernelId(code) != id)
                throw LandscapeError(landscape.path() + ": kernel " + id + " (" + kernel.variant
                                     + ") renders as another kernel from " + pools + "/" + task
                                     + "/mutations.json: the templates changed since it was measured");
            ComparisonPair pair;
            pair.origin = PairOrigin::EvalDataset;
            pair.id = task + "/landscape/" + id;
            pair.sourceId = id;
            pair.pack = task;
            pair.referenceCode = sample.referenceCode;
            pair.candidateCode = surrogate::kernelWithoutVariantHeader(code);
            pair.hardwareName = sample.hardwareName;
            pair.hardware = sample.hardware;
            pair.speedup = *kernel.speedup;
            pair.trueBin = speedupBinFor(pair.speedup);
            pair.sourceSearch = landscape.path();
            pair.pairType = "landscape";
            result.pairs.push_back(std::move(pair));
            ++added;
        }
    }
    // A directory that holds no landscape of these tasks is a mistyped path far more often than a choice.
    if (result.perTask.empty())
        throw LandscapeError("no landscape of the corpus's tasks in " + landscapes + " (looked for <task>.jsonl.xz)");
    return result;
}

} // namespace kfx::search
