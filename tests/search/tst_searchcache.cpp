// The measurement cache (issue 24): a selective search and its equal-budget baseline on the layer-norm pool,
// measured by stand-in workers, never send one kernel (canonicalkernel.h) to the GPU twice; a kernel drawn again
// takes the logged result, marked "cached", and the budget counts only the measurements. A search stopped and
// resumed rebuilds the cache from its log and writes the log an uninterrupted one writes.
#include "check.h"

#include "io/fileloader.h"
#include "model/speedupbin.h"
#include "search/canonicalkernel.h"
#include "search/mutationsource.h"
#include "search/searchdriver.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <simdjson.h>
#include <sstream>
#include <unistd.h>

using namespace kfx;
using namespace kfx::search;
namespace fs = std::filesystem;

namespace {

const std::string kPool = KFX_RESOURCES_DIR "/pools/layer_norm";

std::string readText(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The stand-in's speedup (standinmeasureworker.cpp: 10000 / runtime_ns), which this surrogate knows.
class OracleForecaster final : public CandidateForecaster {
public:
    std::string label() const override { return "oracle"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        std::vector<ForecastAnswer> answers;
        for (const auto &candidate : candidates) {
            const std::string code(candidate.code);
            const auto at = code.find("kfx-standin: runtime_ns=");
            const bool fails = at == std::string::npos || code.find("outcome=", at) < code.find('\n', at);
            Forecast forecast;
            forecast.predictedBin = fails ? 1 : speedupBinFor(10000.0 / std::stod(code.substr(at + 24)));
            forecast.probabilities.fill(0.1 / (kBinCount - 1));
            forecast.probabilities[std::size_t(forecast.predictedBin - 1)] = 0.9;
            answers.push_back(forecast);
        }
        return answers;
    }
    void learn(const SearchKernel &, std::optional<double>) override {}
};

MeasurementPool standIns(int count)
{
    std::vector<std::unique_ptr<Measurer>> measurers;
    for (int i = 0; i < count; ++i) {
        measure::MeasureOptions request;
        request.taskDirectory = "task";
        measurers.push_back(std::make_unique<WorkerMeasurer>(std::vector<std::string>{KFX_STANDIN_WORKER}, request,
                                                             std::chrono::seconds(10)));
    }
    return MeasurementPool(std::move(measurers));
}

SearchConfig config(SearchMode mode)
{
    SearchConfig c;
    c.mode = mode;
    c.steps = 40;
    c.batchSize = 2;
    c.samplesPerParent = mode == SearchMode::Standard ? 4 : 16;
    c.kPerParent = mode == SearchMode::Standard ? 2 : 4;
    c.seed = 3;
    c.budgetMeasurements = 12; // of the pool's 17 kernels
    c.taskName = "layer_norm";
    c.timingProtocol = "robust";
    return c;
}

WallClock fixedClock()
{
    return [] { return std::chrono::system_clock::time_point(std::chrono::milliseconds(1795000000000)); };
}

struct LogCount {
    int measured = 0;      // results the GPU gave
    int cached = 0;        // results taken again
    int twiceMeasured = 0; // measured results whose kernel an earlier measured one had
};

// Read from the log's text alone: evaluation_requested names each request's code, and each result event not
// marked "cached" is one GPU measurement (a trusted forecast's observation is none).
LogCount countMeasurements(const std::string &path)
{
    LogCount count;
    std::map<std::string, std::string> codeOfRequest;
    std::set<std::uint64_t> measuredKernels;
    simdjson::dom::parser parser;
    std::ifstream file(path);
    for (std::string line; std::getline(file, line);) {
        const simdjson::dom::object event = parser.parse(simdjson::padded_string(line)).get_object();
        const std::string_view kind = event["kind"].get_string();
        if (kind == "evaluation_requested") {
            codeOfRequest[std::string(event["request_id"].get_string().value())] = std::string(
                event["code"].get_string().value());
            continue;
        }
        if (kind != "evaluation_completed" && kind != "evaluation_failed")
            continue;
        if (kind == "evaluation_completed") {
            std::string_view observation;
            if (!event["evaluation"]["observation"]["kind"].get_string().get(observation) && observation == "forecast")
                continue;
        }
        bool cached = false;
        if (!event["cached"].get_bool().get(cached) && cached) {
            ++count.cached;
            continue;
        }
        ++count.measured;
        const auto &code = codeOfRequest[std::string(event["request_id"].get_string().value())];
        if (!measuredKernels.insert(canonicalKernel("layer_norm", code).hash()).second)
            ++count.twiceMeasured;
    }
    return count;
}

void noKernelIsMeasuredTwice(const fs::path &dir)
{
    for (auto mode : {SearchMode::Selective, SearchMode::Standard}) {
        const auto name = mode == SearchMode::Selective ? "selective" : "baseline";
        const auto log = (dir / (std::string(name) + ".jsonl")).string();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        SearchDriver driver(config(mode), pool, workers, &oracle, log, fixedClock());
        const auto outcome = driver.run(false);
        const auto count = countMeasurements(log);
        KFX_CHECK(count.twiceMeasured == 0,
                  std::string(name) + ": kernels measured twice: " + std::to_string(count.twiceMeasured) + " of "
                      + std::to_string(count.measured));
        KFX_CHECK(count.measured == 12 && outcome.measurements == 12,
                  std::string(name) + ": the budget is 12 measurements, the log has " + std::to_string(count.measured));
        KFX_CHECK(count.cached > 0 && count.cached == outcome.cachedResults,
                  std::string(name) + ": results taken again: " + std::to_string(count.cached));
        // kfx's reader agrees: a cached result is no GPU measurement.
        const auto file = loadFile(log, {config(mode).kPerParent, config(mode).archiveCapacity});
        KFX_CHECK(file.diagnostics.empty() && file.population, std::string(name) + ": the log replays cleanly");
        if (file.population)
            KFX_CHECK(bestMeasuredSeries(*file.population).back().measurements == 12,
                      std::string(name) + ": the replay counts 12 measurements");
    }
}

void resumeRebuildsTheCache(const fs::path &dir)
{
    const auto whole = (dir / "whole.jsonl").string();
    const auto resumed = (dir / "resumed.jsonl").string();
    for (const auto &log : {whole, resumed}) {
        CandidatePool pool(kPool);
        auto workers = standIns(2);
        OracleForecaster oracle;
        SearchDriver driver(config(SearchMode::Selective), pool, workers, &oracle, log, fixedClock());
        if (log == resumed) {
            driver.stopAfterEvents = 400; // well after the first kernels were taken again
            driver.run(false);
            driver.stopAfterEvents.reset();
        }
        driver.run(log == resumed);
    }
    KFX_CHECK(countMeasurements(resumed).twiceMeasured == 0, "the resumed search measures no kernel twice");
    KFX_CHECK(readText(resumed) == readText(whole), "the resumed log is the uninterrupted one");
}

} // namespace

int main()
{
    const auto dir = fs::temp_directory_path() / ("tst_searchcache-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    noKernelIsMeasuredTwice(dir);
    resumeRebuildsTheCache(dir);
    fs::remove_all(dir);
    return kfx::test::finish();
}
