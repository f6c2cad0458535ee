#include "corpus.h"

#include "io/fileloader.h"
#include "io/jsonfields.h"
#include "model/speedupbin.h"
#include "searchpairs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace kfx::surrogate {

namespace {

namespace fs = std::filesystem;

std::string taskReference(const std::string &task, const CorpusOptions &options)
{
    std::string searched;
    for (const auto &root : options.taskRoots) {
        const auto directory = fs::path(root) / task;
        try {
            if (auto code = fs::is_directory(directory) ? taskReferenceCode(directory) : std::string(); !code.empty())
                return code;
        } catch (const TaskReferenceError &error) {
            throw CorpusError(error.what());
        }
        searched += (searched.empty() ? "" : ", ") + root;
    }
    throw CorpusError("no reference for task '" + task + "': no " + task + "/task.json or " + task
                      + "/reference.py under " + (searched.empty() ? std::string("(no task directories)") : searched));
}

// What the corpus gathers about one distinct kernel while it reads the logs.
struct KernelRecord {
    std::string task;
    std::string code; // without the variant header
    std::vector<KernelMeasurement> measurements;
    // Per measurement: the kernel's search seed and parent, as kernel keys (empty for none).
    std::vector<std::string> seedKeys;
    std::vector<std::string> parentKeys;
    std::vector<ComparisonPair> searchPairs; // per measurement, as searchPair() gives it (hardware, ids)
};

std::string kernelKey(const std::string &task, const std::string &code)
{
    return task + '\n' + code;
}

std::size_t rootOf(const Population &population, std::size_t node)
{
    while (population.node(node).parent != kNoNode)
        node = population.node(node).parent;
    return node;
}

bool wasMeasured(const KernelNode &node)
{
    return node.evaluation && node.evaluation->kind != OutcomeKind::NoFeedback
        && node.evaluation->kind != OutcomeKind::Forecasted && !node.code.empty();
}

void checkLoaded(const LoadedFile &file)
{
    if (!file.readable)
        throw CorpusError(file.path + ": cannot be read as a search log");
    for (const auto &diagnostic : file.diagnostics) {
        if (diagnostic.severity == Severity::Error)
            throw CorpusError(diagnostic.file + ':' + std::to_string(diagnostic.line) + ": " + diagnostic.message);
    }
    if (!file.population || !isSearchLog(file.format))
        throw CorpusError(file.path + ": not a search log (" + std::string(dataFormatName(file.format)) + ")");
}

// The measurement a pair keeps: the lower median of the successful ones by speedup (ties by file order).
std::size_t keptMeasurement(const std::vector<KernelMeasurement> &measurements)
{
    std::vector<std::size_t> successes;
    for (std::size_t i = 0; i < measurements.size(); ++i) {
        if (measurements[i].speedup)
            successes.push_back(i);
    }
    std::stable_sort(successes.begin(), successes.end(),
                     [&](std::size_t a, std::size_t b) { return *measurements[a].speedup < *measurements[b].speedup; });
    return successes[(successes.size() - 1) / 2];
}

// The most frequent failure of a kernel (first in file order among equals).
std::string mainFailure(const std::vector<KernelMeasurement> &measurements)
{
    std::map<std::string, int> counts;
    std::string most;
    for (const auto &measurement : measurements) {
        if (measurement.speedup)
            continue;
        if (++counts[measurement.outcome] > (most.empty() ? 0 : counts[most]))
            most = measurement.outcome;
    }
    return most;
}

} // namespace

Corpus readCorpus(const std::string &directory, const CorpusOptions &options)
{
    Corpus corpus;
    std::error_code error;
    for (const auto &entry : fs::directory_iterator(directory, error)) {
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
            corpus.files.push_back(entry.path().string());
    }
    if (error)
        throw CorpusError(directory + ": " + error.message());
    if (corpus.files.empty())
        throw CorpusError(directory + ": no search logs (*.jsonl)");
    std::sort(corpus.files.begin(), corpus.files.end());

    std::vector<KernelRecord> records;
    std::unordered_map<std::string, std::size_t> recordOfKey;
    std::map<std::string, HardwareContext> statedHardware;
    std::map<std::string, SharedText> references; // task → its reference's code, shared by its pairs
    for (const auto &path : corpus.files) {
        const auto file = loadFile(path);
        checkLoaded(file);
        const auto &population = *file.population;
        if (population.context.hardware)
            statedHardware.emplace(population.context.hardware->deviceName, *population.context.hardware);
        const auto task = population.context.opName.empty() ? taskFromFileName(path) : population.context.opName;
        const auto keyOf = [&](std::size_t node) {
            return kernelKey(task, kernelWithoutVariantHeader(population.node(node).code));
        };
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            if (!wasMeasured(node))
                continue;
            const auto key = keyOf(i);
            auto [found, added] = recordOfKey.try_emplace(key, records.size());
            if (added)
                records.push_back({task, kernelWithoutVariantHeader(node.code), {}, {}, {}, {}});
            auto &record = records[found->second];
            KernelMeasurement measurement;
            measurement.file = fs::path(path).filename().string();
            measurement.line = node.firstLine;
            measurement.nodeId = node.id;
            measurement.speedup = node.evaluation->measuredSpeedup();
            measurement.outcome = std::string(outcomeKindName(node.evaluation->kind));
            record.measurements.push_back(std::move(measurement));
            const auto root = rootOf(population, i);
            record.seedKeys.push_back(root == i ? std::string() : keyOf(root));
            record.parentKeys.push_back(node.parent == kNoNode ? std::string() : keyOf(node.parent));
            // The logged speedups are against the task's reference: the pair compares the kernel with it.
            if (!references.contains(task))
                references[task] = taskReference(task, options);
            record.searchPairs.push_back(searchPair(population, i, references[task]));
            ++corpus.measurementCount;
        }
    }

    std::stable_sort(records.begin(), records.end(),
                     [](const KernelRecord &a, const KernelRecord &b) { return a.task < b.task; });
    std::unordered_map<std::string, std::size_t> pairOfKey;
    std::vector<std::size_t> keptOfPair;
    std::vector<const KernelRecord *> recordOfPair;
    for (const auto &record : records) {
        const auto successes = std::count_if(record.measurements.begin(), record.measurements.end(),
                                             [](const KernelMeasurement &m) { return m.speedup.has_value(); });
        if (2 * std::size_t(successes) <= record.measurements.size()) {
            ++corpus.skipped[mainFailure(record.measurements)];
            continue;
        }
        if (!corpus.referenceCode.contains(record.task)) {
            corpus.referenceCode[record.task] = references[record.task];
            corpus.tasks.push_back(record.task);
        }
        const auto kept = keptMeasurement(record.measurements);
        const auto &measurement = record.measurements[kept];
        auto pair = record.searchPairs[kept];
        pair.origin = PairOrigin::EvalDataset;
        pair.id = record.task + '/' + measurement.nodeId;
        pair.pack = record.task;
        pair.speedup = *measurement.speedup;
        pair.trueBin = speedupBinFor(pair.speedup);
        pair.sourceSearch = measurement.file;
        pair.sourceId = measurement.nodeId;
        pair.line = measurement.line;
        // A v2 log (the baselines) states no hardware; where every log that does names one device, the corpus
        // came from that machine, and its kernels all get it, so that no pair differs from another in that alone.
        if (!pair.hardware && statedHardware.size() == 1) {
            pair.hardware = statedHardware.begin()->second;
            pair.hardwareName = pair.hardware->deviceName;
        }
        pairOfKey.emplace(kernelKey(record.task, record.code), corpus.pairs.size());
        corpus.pairs.push_back(std::move(pair));
        corpus.measurements.push_back(record.measurements);
        keptOfPair.push_back(kept);
        recordOfPair.push_back(&record);
    }
    const auto pairIndex = [&](const std::string &key) -> std::optional<std::size_t> {
        const auto found = key.empty() ? pairOfKey.end() : pairOfKey.find(key);
        return found == pairOfKey.end() ? std::nullopt : std::optional(found->second);
    };
    for (std::size_t i = 0; i < corpus.pairs.size(); ++i) {
        const auto &record = *recordOfPair[i];
        corpus.lineage.push_back(
            {pairIndex(record.seedKeys[keptOfPair[i]]), pairIndex(record.parentKeys[keptOfPair[i]])});
    }
    return corpus;
}

} // namespace kfx::surrogate
