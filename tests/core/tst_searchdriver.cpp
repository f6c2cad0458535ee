// The live PUCT search driver (issue 14) against stand-in measurement workers: kfx's replay of the log it writes
// reaches the driver's own archive and statistics, the budget holds exactly, a stopped run resumes to the log an
// uninterrupted run writes, the workers measure in parallel, and forecasts never see their own step's measurements.

#include "io/fileloader.h"
#include "io/jsonwriter.h"
#include "model/speedupbin.h"
#include "scriptedchatserver.h"
#include "search/llmmutator.h"
#include "search/searchdriver.h"
#include "testforecasts.h"
#include "testutils.h"
#include "textfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include "testmain.h"

namespace tst_searchdriver {
namespace {

using namespace kfx;
using namespace kfx::search;

using kfx::test::lines;
using kfx::test::readText;

namespace {

namespace fs = std::filesystem;

const std::string kPool = KFX_POOLS_DIR "/layer_norm";

int countKind(const std::string &text, std::string_view kind)
{
    int count = 0;
    for (const auto &line : lines(text))
        count += line.starts_with("{\"kind\":\"" + std::string(kind) + "\"") ? 1 : 0;
    return count;
}

// Results a candidate took from the measurement cache (an earlier measurement of its kernel): no GPU measurement.
int countCached(const std::string &text)
{
    int count = 0;
    for (const auto &line : lines(text))
        count += line.find("\"cached\":true") != std::string::npos ? 1 : 0;
    return count;
}

// The stand-in's speedup for a candidate, from the definition in standinmeasureworker.cpp: 10000 / runtime_ns.
std::optional<double> standInSpeedup(const std::string &code)
{
    const auto at = code.find("kfx-standin: runtime_ns=");
    if (at == std::string::npos || code.find("outcome=", at) < code.find('\n', at))
        return std::nullopt;
    return 10000.0 / std::stod(code.substr(at + 24));
}

MeasurementPool standIns(int count, const std::string &workerLog = {})
{
    std::vector<std::unique_ptr<Measurer>> measurers;
    for (int i = 0; i < count; ++i) {
        std::vector<std::string> command{KFX_STANDIN_WORKER};
        if (!workerLog.empty())
            command.insert(command.end(), {"--log", workerLog});
        measure::MeasureOptions request;
        request.taskDirectory = "task";
        measurers.push_back(std::make_unique<WorkerMeasurer>(command, request, std::chrono::seconds(10)));
    }
    return MeasurementPool(std::move(measurers));
}

WallClock fixedClock()
{
    return [] { return std::chrono::system_clock::time_point(std::chrono::milliseconds(1795000000000)); };
}

// A clock that moves on by `numerator / denominator` ms at each reading: runs with different paces name their ids
// in different milliseconds, as runs on a real clock do.
WallClock pacedClock(int numerator, int denominator)
{
    auto readings = std::make_shared<std::atomic<long long>>(0);
    return [=] {
        return std::chrono::system_clock::time_point(
            std::chrono::milliseconds(1795000000000 + (*readings)++ * numerator / denominator));
    };
}

// The log with what legitimately follows the wall clock masked: the timestamps and each id's millisecond (its
// first 10 characters, spec §3.5).
std::string withoutWallClock(const std::string &log)
{
    // Ordinary string literals: Qt 5's moc reads raw ones as ordinary and loses its place in the file.
    static const std::regex timestamp("\"(started_at|completed_at)\":\"[^\"]*\"");
    static const std::regex ulid("\"[0-9A-HJKMNP-TV-Z]{10}([0-9A-HJKMNP-TV-Z]{16})\"");
    return std::regex_replace(std::regex_replace(log, timestamp, "\"$1\":\"T\""), ulid, "\"##########$1\"");
}

// A surrogate that knows the stand-in's answers: 0.9 on the true bin, the rest spread evenly. It gives no forecast
// of a failing candidate, whose failure no bin can name (trusting it would be a trust error), so the search measures
// it. It records how many measurements it had learnt before each forecast.
class OracleForecaster final : public CandidateForecaster {
public:
    std::string label() const override { return "oracle"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        learntAtForecast.push_back(learnt);
        std::vector<ForecastAnswer> answers;
        for (const auto &candidate : candidates) {
            if (const auto speedup = standInSpeedup(std::string(candidate.code)))
                answers.push_back(peaked(speedupBinFor(*speedup), 0.9));
            else
                answers.push_back(std::string("the oracle knows this kernel fails"));
        }
        return answers;
    }
    void learn(const SearchKernel &, std::optional<double>) override { ++learnt; }

    int learnt = 0;
    std::vector<int> learntAtForecast;
};

SearchConfig config(SearchMode mode, int steps, std::optional<int> budget)
{
    SearchConfig c;
    c.mode = mode;
    c.steps = steps;
    c.batchSize = 2;
    c.samplesPerParent = mode == SearchMode::Standard ? 3 : 6;
    c.kPerParent = 2;
    c.seed = 7;
    c.budgetMeasurements = budget;
    c.taskName = "layer_norm";
    return c;
}

// The driver's archive and PUCT statistics, by node id, against kfx's replay of the written log.
void compareWithReplay(const SearchOutcome &outcome, const std::string &logPath, const SearchConfig &c)
{
    const auto file = loadFile(logPath, {c.kPerParent, c.archiveCapacity});
    QVERIFY(file.population);
    for (const auto &diagnostic : file.diagnostics)
        qWarning("%s:%lld: %s", diagnostic.file.c_str(), (long long)diagnostic.line, diagnostic.message.c_str());
    QVERIFY(file.diagnostics.empty());
    const auto &replayed = *file.population;
    const auto &driven = *outcome.population;
    auto ids = [](const Population &p, auto &&indices) {
        std::vector<std::string> out;
        for (auto index : indices)
            out.push_back(p.node(index).id);
        return out;
    };
    QCOMPARE(ids(replayed, replayed.archive), ids(driven, driven.archive));
    auto byId = [](const Population &p, const auto &map) {
        std::map<std::string, double> out;
        for (const auto &[index, value] : map)
            out[p.node(index).id] = double(value);
        return out;
    };
    QVERIFY(byId(replayed, replayed.visitCounts) == byId(driven, driven.visitCounts));
    QVERIFY(byId(replayed, replayed.bestChildRewards) == byId(driven, driven.bestChildRewards));
    QCOMPARE(replayed.globalExpansionCount, driven.globalExpansionCount);
    QCOMPARE(replayed.currentStep, driven.currentStep);
    QVERIFY(replayed.bestArchiveNode().has_value());
    QCOMPARE(replayed.node(*replayed.bestArchiveNode()).id, driven.node(*driven.bestArchiveNode()).id);
    for (auto index : replayed.archive)
        QCOMPARE(replayed.node(index).reward(), driven.node(*driven.find(replayed.node(index).id)).reward());
}

} // namespace

class TestSearchDriver : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void standardSearchReplaysExactly()
    {
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("standard.jsonl")).toStdString();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        const auto c = config(SearchMode::Standard, 4, std::nullopt);
        SearchDriver driver(c, pool, workers, nullptr, log);
        const auto outcome = driver.run(false);
        compareWithReplay(outcome, log, c);

        const auto text = readText(log);
        // Every candidate measured (spec §4.2): one evaluation per completed mutation, 4 steps of 2 × 3 asked.
        QCOMPARE(countKind(text, "step_completed"), 4);
        QCOMPARE(countKind(text, "evaluation_requested"), countKind(text, "mutation_completed"));
        int parentsExpanded = 0;
        for (const auto &step : outcome.population->steps)
            parentsExpanded += int(step.parents.size());
        QCOMPARE(countKind(text, "mutation_requested"), parentsExpanded * 3);
        QCOMPARE(outcome.measurements,
                 countKind(text, "evaluation_completed") + countKind(text, "evaluation_failed") - countCached(text));
        // Every measured candidate's reward is the stand-in's, from the comment its code carries.
        const auto &population = *outcome.population;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            if (node.evaluation)
                QCOMPARE(node.reward(), standInSpeedup(node.code));
        }
        // The best measured speedup is the best of the measured candidates' (and the seed's).
        double best = 0.0;
        for (std::size_t i = 0; i < population.size(); ++i)
            best = std::max(best, population.node(i).reward().value_or(0.0));
        QCOMPARE(*outcome.bestMeasured, best);
        QCOMPARE(int(outcome.series.size()), outcome.measurements + 1);
    }

    void selectiveSearchReplaysExactly_data()
    {
        QTest::addColumn<int>("policy");
        QTest::newRow("topk") << int(SelectionPolicy::TopK);
        QTest::newRow("threshold") << int(SelectionPolicy::Threshold);
        QTest::newRow("coverage") << int(SelectionPolicy::Coverage);
    }

    void selectiveSearchReplaysExactly()
    {
        QFETCH(int, policy);
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("selective.jsonl")).toStdString();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        auto c = config(SearchMode::Selective, 3, std::nullopt);
        c.policy = SelectionPolicy(policy);
        c.threshold = 0.95; // above the oracle's 0.9: nothing is trusted under the threshold policy
        c.coverage = 0.5;
        SearchDriver driver(c, pool, workers, &oracle, log);
        const auto outcome = driver.run(false);
        compareWithReplay(outcome, log, c);

        const auto text = readText(log);
        const int selected = countKind(text, "candidate_selected");
        const auto logLines = lines(text);
        const int trusted = int(std::count_if(logLines.begin(), logLines.end(), [](const std::string &line) {
            return line.find("\"observation\":{\"kind\":\"forecast\"") != std::string::npos;
        }));
        // At most k_per_parent selected per parent and step, besides kernels measured before (cached); the rest
        // of the forecast candidates deferred.
        const int cached = countCached(text);
        QVERIFY(selected - cached <= 3 * 2 * c.kPerParent);
        QCOMPARE(selected + countKind(text, "candidate_deferred"), countKind(text, "forecast_completed"));
        // Trusted and cached candidates are not measured: measurements are the selected ones less those.
        QCOMPARE(outcome.measurements, selected - trusted - cached);
        if (c.policy != SelectionPolicy::Coverage)
            QCOMPARE(trusted, 0);
        else
            QVERIFY(trusted > 0);
        // Every step's forecasts came after all measurements of earlier steps and before any of its own: the seed
        // plus the measurements of the steps before it.
        std::vector<int> measuredBefore;
        int measured = 1; // the seed
        for (const auto &line : logLines) {
            if (line.starts_with("{\"kind\":\"step_started\""))
                measuredBefore.push_back(measured);
            if (((line.starts_with("{\"kind\":\"evaluation_completed\"")
                  && line.find("\"kind\":\"forecast\"") == std::string::npos)
                 || line.starts_with("{\"kind\":\"evaluation_failed\""))
                && line.find("\"cached\":true") == std::string::npos)
                ++measured;
        }
        QCOMPARE(oracle.learntAtForecast, measuredBefore);
    }

    void riskPolicyTrustsOnlyOnceCertified()
    {
        // The oracle is always right, at confidence 0.9 (one distinct score, so one test), and gives no forecast of
        // the pool's failing kernels, which are measured. Clopper-Pearson with no error in n forecasts bounds the
        // risk by 1 - delta^(1/n): below alpha 0.4 at delta 0.05 from n = 6 on (5 gives 0.451). So no step trusts
        // before 6 correct measurements with forecasts, and every later step's selected candidates are all trusted
        // (the pool has 13 correct kernels besides the seed, each measured once; a kernel drawn again takes its
        // result from the cache, which is no measurement).
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("risk.jsonl")).toStdString();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        auto c = config(SearchMode::Selective, 12, std::nullopt);
        c.policy = SelectionPolicy::Risk;
        c.alpha = 0.4;
        c.delta = 0.05;
        SearchDriver driver(c, pool, workers, &oracle, log);
        const auto outcome = driver.run(false);
        compareWithReplay(outcome, log, c);
        const double needed = std::log(c.delta) / std::log(1.0 - c.alpha); // n with (1 - alpha)^n = delta
        QVERIFY(needed > 5 && needed < 6);
        int calibration = 0, trustedSteps = 0;
        int stepTrusted = 0, stepMeasured = 0, calibrationAtStep = 0;
        auto closeStep = [&] {
            if (stepTrusted > 0) {
                ++trustedSteps;
                QVERIFY2(calibrationAtStep >= 6, "trusted before the threshold could be certified");
                QCOMPARE(stepMeasured, 0);
            } else if (calibrationAtStep >= 6) {
                QCOMPARE(stepMeasured, 0); // nothing selected (the pool ran dry) is the only way to trust none
            }
        };
        for (const auto &line : lines(readText(log))) {
            if (line.starts_with("{\"kind\":\"step_started\"")) {
                stepTrusted = stepMeasured = 0;
                calibrationAtStep = calibration;
            } else if (line.starts_with("{\"kind\":\"evaluation_completed\"")
                       && line.find("\"cached\":true") == std::string::npos) {
                if (line.find("\"kind\":\"forecast\"") != std::string::npos) {
                    ++stepTrusted;
                } else {
                    ++stepMeasured;
                    calibration += line.find("\"reward\":null") == std::string::npos ? 1 : 0;
                }
            } else if (line.starts_with("{\"kind\":\"step_completed\"")) {
                closeStep();
            }
        }
        QVERIFY(trustedSteps > 0);
    }

    void embeddedSurrogateRetrainsOnlyBetweenSteps()
    {
        surrogate::KernelRuntimeQuery context;
        context.task.opName = "layer_norm";
        context.reference = {"reference", "__global__ void k(float *x) { x[0] = 1; }", std::nullopt};
        surrogate::TrainingOptions small; // a few trees keep the test quick under ASan
        small.rounds = 5;
        LearningEmbeddedForecaster forecaster(context, small);
        const std::vector<SearchKernel> codes{
            {"__global__ void k(float *x) { __shared__ float s[32]; x[0] = s[0]; }", {}}};
        // Before 20 measurements there is no model: the uniform distribution, which says why.
        for (int i = 0; i < 19; ++i)
            forecaster.learn({"__global__ void k" + std::to_string(i) + "(float *x) { x[" + std::to_string(i)
                              + "] = 1; }",
                              {}},
                             0.25 * (1 + i % 12));
        auto answers = forecaster.forecast(codes);
        QVERIFY(std::holds_alternative<Forecast>(answers[0]));
        QCOMPARE(std::get<Forecast>(answers[0]).probabilityOf(3), 0.125);
        QVERIFY(std::get<Forecast>(answers[0]).reasoning.find("19 of the 20") != std::string::npos);
        QCOMPARE(int(forecaster.trainedOn()), 0);
        // A failed candidate has no bin to learn; the 20th correct one makes a model at the next forecast only.
        forecaster.learn({"__global__ void broken(", {}}, std::nullopt);
        forecaster.learn({"__global__ void k19(float *x) { x[19] = 1; }", {}}, 2.0);
        QCOMPARE(int(forecaster.trainedOn()), 0);
        answers = forecaster.forecast(codes);
        QCOMPARE(int(forecaster.trainedOn()), 20);
        QVERIFY(std::holds_alternative<Forecast>(answers[0]));
        QVERIFY(std::get<Forecast>(answers[0]).probabilityOf(3) != 0.125);
        // Measurements that arrive later wait for the next step's forecast.
        forecaster.learn({"__global__ void k20(float *x) { x[20] = 1; }", {}}, 3.0);
        QCOMPARE(int(forecaster.trainedOn()), 20);
        forecaster.forecast(codes);
        QCOMPARE(int(forecaster.trainedOn()), 21);
    }

    void surrogateIsAskedAboutCandidateAgainstSeed()
    {
        // The reference's surrogate-filtered search compares each candidate with the search's seed on its hardware
        // (spec §4.4); a failure or a declined forecast is the candidate's forecast_failed reason.
        class Recording final : public surrogate::Surrogate {
        public:
            std::string identity() const override { return "recording"; }
            std::string model() const override { return "m"; }
            std::string promptTemplateHash() const override { return {}; }
            void forecastBatch(std::span<const surrogate::KernelRuntimeQuery> queries, const surrogate::CancelFlag &,
                               const ResultCallback &done) override
            {
                asked.assign(queries.begin(), queries.end());
                surrogate::SurrogateResult forecast, declined;
                forecast.outcome = peaked(6, 0.8);
                declined.outcome = surrogate::Deferral{"unsure"};
                done(0, forecast);
                done(1, declined);
                done(2, surrogate::failedResult("HTTP 500"));
            }
            std::vector<surrogate::KernelRuntimeQuery> asked;
        } recording;
        surrogate::KernelRuntimeQuery context;
        context.task.opName = "layer_norm";
        context.reference = {"reference", "seed code", std::nullopt};
        context.hardware = knownHardware("NVIDIA H100 80GB HBM3");
        SurrogateForecaster forecaster(recording, context);
        // A corpus kernel's variant header (whose note may state speedups) is not part of what is asked about.
        const std::vector<SearchKernel> codes{
            {"a", {}}, {"b", {}}, {"// kfx-variant: tiled BLOCK=64\n// doubled BLOCK (1.3x)\nc", {}}};
        const std::vector<std::string> asked{"a", "b", "c"};
        const auto answers = forecaster.forecast(codes);
        QCOMPARE(int(recording.asked.size()), 3);
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(recording.asked[i].candidate.code, asked[i]);
            QCOMPARE(recording.asked[i].reference.code, std::string("seed code"));
            QCOMPARE(recording.asked[i].task.opName, std::string("layer_norm"));
            QCOMPARE(recording.asked[i].hardware.has_value(), context.hardware.has_value());
        }
        QCOMPARE(std::get<Forecast>(answers[0]).predictedBin, 6);
        QVERIFY(std::get<std::string>(answers[1]).find("unsure") != std::string::npos);
        QCOMPARE(std::get<std::string>(answers[2]), std::string("HTTP 500"));
    }

    void budgetIsKeptExactly_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("standard") << int(SearchMode::Standard);
        QTest::newRow("selective") << int(SearchMode::Selective);
    }

    void budgetIsKeptExactly()
    {
        QFETCH(int, mode);
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("budget.jsonl")).toStdString();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        // 7 is not a multiple of a step's measurements (6 standard, up to 4 selective): the last step is cut short.
        const auto c = config(SearchMode(mode), 40, 7);
        SearchDriver driver(c, pool, workers, &oracle, log);
        const auto outcome = driver.run(false);
        const auto text = readText(log);
        QCOMPARE(countKind(text, "evaluation_completed") + countKind(text, "evaluation_failed") - countCached(text), 7);
        QCOMPARE(outcome.measurements, 7);
        QVERIFY(outcome.budgetSpent);
        QVERIFY(!outcome.stopped);
        compareWithReplay(outcome, log, c);
    }

    void gpuSecondsBudgetIsCheckedBeforeEachStep()
    {
        // The stand-in reports its runtime as the measurement's cost (elapsed_ms): 50 us of budget lasts about seven.
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("seconds.jsonl")).toStdString();
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        auto c = config(SearchMode::Standard, 40, std::nullopt);
        c.budgetGpuSeconds = 50e-6;
        SearchDriver driver(c, pool, workers, nullptr, log);
        const auto outcome = driver.run(false);
        compareWithReplay(outcome, log, c);
        std::map<int, double> byStep;
        double total = 0.0;
        const auto &population = *outcome.population;
        for (std::size_t i = 1; i < population.size(); ++i) {
            if (!measuredOnGpu(population.node(i)))
                continue; // a result from the cache costs nothing
            const auto &code = population.node(i).code;
            const double seconds = std::stod(code.substr(code.find("runtime_ns=") + 11)) * 1e-9;
            byStep[population.node(i).step] += seconds;
            total += seconds;
        }
        QVERIFY(std::abs(outcome.gpuSeconds - total) < 1e-12);
        QVERIFY(outcome.budgetSpent);
        QVERIFY(total >= *c.budgetGpuSeconds);
        QVERIFY(total - byStep.rbegin()->second < *c.budgetGpuSeconds); // the last step began under the budget
    }

    void resumedRunWritesTheSameLog_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("stopAfter");
        for (int stopAfter : {1, 6, 17, 40}) {
            QTest::addRow("standard-%d", stopAfter) << int(SearchMode::Standard) << stopAfter;
            QTest::addRow("selective-%d", stopAfter) << int(SearchMode::Selective) << stopAfter;
        }
    }

    void resumedRunWritesTheSameLog()
    {
        QFETCH(int, mode);
        QFETCH(int, stopAfter);
        QTemporaryDir dir;
        const auto c = config(SearchMode(mode), 3, 12);
        const std::string whole = dir.filePath(QStringLiteral("whole.jsonl")).toStdString();
        const std::string resumed = dir.filePath(QStringLiteral("resumed.jsonl")).toStdString();
        {
            CandidatePool pool(kPool);
            auto workers = standIns(4);
            OracleForecaster oracle;
            SearchDriver(c, pool, workers, &oracle, whole, fixedClock()).run(false);
        }
        {
            CandidatePool pool(kPool);
            auto workers = standIns(4);
            OracleForecaster oracle;
            SearchDriver first(c, pool, workers, &oracle, resumed, fixedClock());
            first.stopAfterEvents = stopAfter;
            QVERIFY(first.run(false).stopped);
            QCOMPARE(int(lines(readText(resumed)).size()), stopAfter);
        }
        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        SearchDriver second(c, pool, workers, &oracle, resumed, fixedClock());
        const auto outcome = second.run(true);
        QVERIFY(!outcome.stopped);
        QCOMPARE(readText(resumed), readText(whole));
        compareWithReplay(outcome, resumed, c);
    }

    void resumeDropsAnUnfinishedLastLine_data()
    {
        // Where the first run was killed: how many whole lines it wrote, and how much of the next one.
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("wholeLines");
        QTest::addColumn<int>("partBytes");
        QTest::addColumn<int>("partOfLine"); // -1: the whole line but its newline
        for (int mode : {int(SearchMode::Standard), int(SearchMode::Selective)}) {
            const char *name = mode == int(SearchMode::Standard) ? "standard" : "selective";
            QTest::addRow("%s-initialized-without-newline", name) << mode << 0 << -1;
            QTest::addRow("%s-initialized-cut", name) << mode << 0 << 40;
            QTest::addRow("%s-step-event-cut", name) << mode << 9 << 30;
            QTest::addRow("%s-step-completed-cut", name) << mode << -1 << 20;
            QTest::addRow("%s-step-completed-without-newline", name) << mode << -1 << -1;
        }
    }

    void resumeDropsAnUnfinishedLastLine()
    {
        // Issue 27: a kill between an event and its newline left search_initialized without one, and --resume
        // appended the next event to it. A last line without its newline is dropped, saying so, and the resumed log
        // is the one an uninterrupted run writes.
        QFETCH(int, mode);
        QFETCH(int, wholeLines);
        QFETCH(int, partBytes);
        QTemporaryDir dir;
        const auto c = config(SearchMode(mode), 3, 12);
        const std::string whole = dir.filePath(QStringLiteral("whole.jsonl")).toStdString();
        const std::string resumed = dir.filePath(QStringLiteral("resumed.jsonl")).toStdString();
        {
            CandidatePool pool(kPool);
            auto workers = standIns(4);
            OracleForecaster oracle;
            SearchDriver(c, pool, workers, &oracle, whole, fixedClock()).run(false);
        }
        const auto text = readText(whole);
        const auto all = lines(text);
        if (wholeLines < 0) { // up to the first step_completed
            wholeLines = int(
                std::ranges::find_if(all, [](const auto &l) { return l.starts_with(R"({"kind":"step_completed")"); })
                - all.begin());
        }
        std::size_t cut = 0;
        for (int i = 0; i < wholeLines; ++i)
            cut += all[std::size_t(i)].size() + 1;
        cut += partBytes < 0 ? all[std::size_t(wholeLines)].size() : std::size_t(partBytes);
        std::ofstream(resumed, std::ios::binary) << text.substr(0, cut);

        CandidatePool pool(kPool);
        auto workers = standIns(4);
        OracleForecaster oracle;
        SearchDriver second(c, pool, workers, &oracle, resumed, fixedClock());
        std::vector<std::string> said;
        second.progress = [&said](const std::string &line) { said.push_back(line); };
        const auto outcome = second.run(true);
        QCOMPARE(readText(resumed), text);
        compareWithReplay(outcome, resumed, c);
        const auto named = resumed + ":" + std::to_string(wholeLines + 1) + ": the last line has no newline";
        QVERIFY2(std::ranges::any_of(said, [&](const auto &line) { return line.starts_with(named); }), named.c_str());
    }

    void tenRunsWithOneSeedWriteOneSearch()
    {
        // Issue 27: ten selective runs with one seed wrote different searches (75 and 95 candidates), because ties
        // in the forecast score fell to the wall clock's millisecond in the request ids. Each run here reads the
        // clock at its own pace; the logs agree but for the clock, and a stopped and resumed run writes the same.
        QTemporaryDir dir;
        auto c = config(SearchMode::Selective, 4, std::nullopt);
        c.seed = 3;
        std::set<std::string> logs;
        for (int run = 0; run < 10; ++run) {
            const std::string log = dir.filePath(QStringLiteral("run-%1.jsonl").arg(run)).toStdString();
            CandidatePool pool(kPool);
            auto workers = standIns(2);
            OracleForecaster oracle;
            SearchDriver(c, pool, workers, &oracle, log, pacedClock(run + 1, 3)).run(false);
            logs.insert(withoutWallClock(readText(log)));
        }
        QCOMPARE(int(logs.size()), 1);

        const std::string resumed = dir.filePath(QStringLiteral("resumed.jsonl")).toStdString();
        {
            CandidatePool pool(kPool);
            auto workers = standIns(2);
            OracleForecaster oracle;
            SearchDriver first(c, pool, workers, &oracle, resumed, pacedClock(2, 5));
            first.stopAfterEvents = 60;
            QVERIFY(first.run(false).stopped);
        }
        CandidatePool pool(kPool);
        auto workers = standIns(2);
        OracleForecaster oracle;
        QVERIFY(!SearchDriver(c, pool, workers, &oracle, resumed, pacedClock(7, 4)).run(true).stopped);
        QCOMPARE(withoutWallClock(readText(resumed)), *logs.begin());
    }

    void aResumedSearchAwareSearchIsTheUninterruptedOne()
    {
        // Issue 27's re-probe: with kfx-cli's default forecaster a resumed selective search chose other kernels than
        // an uninterrupted one. Resuming taught the forecaster the measurements but not its own forecasts, so the
        // search-aware weights, which follow how well each component forecast, started again from where they start.
        QTemporaryDir dir;
        auto c = config(SearchMode::Selective, 6, std::nullopt);
        c.seed = 3;
        const auto run = [&](const std::string &log, bool resume, std::optional<int> stopAfter, int pace) {
            CandidatePool pool(kPool);
            auto workers = standIns(2);
            SearchAwareCandidateForecaster forecaster(std::make_unique<OracleForecaster>(),
                                                      surrogate::BinPrior::everyBinAlike());
            SearchDriver driver(c, pool, workers, &forecaster, log, pacedClock(pace, 3));
            driver.stopAfterEvents = stopAfter;
            return driver.run(resume).stopped;
        };
        const std::string whole = dir.filePath(QStringLiteral("whole.jsonl")).toStdString();
        QVERIFY(!run(whole, false, std::nullopt, 1));
        const auto uninterrupted = withoutWallClock(readText(whole));
        const auto events = std::count(uninterrupted.begin(), uninterrupted.end(), '\n');
        const auto said = [](std::string text, const surrogate::SearchAwareMixing &part) {
            const auto shares = surrogate::ComponentWeights(part).shares();
            for (std::size_t component = 0; component < shares.size(); ++component)
                text += ' '
                    + std::string(surrogate::searchAwareComponentName(surrogate::SearchAwareComponent(component))) + ' '
                    + std::to_string(std::lround(100.0 * shares[component])) + " %";
            return text;
        };
        const auto fittedWeights = said("Weights for failure:", surrogate::kFittedMixing.failure) + ". "
            + said("Weights for the bin:", surrogate::kFittedMixing.speed);
        QVERIFY2(uninterrupted.find(fittedWeights) != std::string::npos,
                 "the first step's forecasts start from the fitted weights");
        const std::string resumed = dir.filePath(QStringLiteral("resumed.jsonl")).toStdString();
        QVERIFY(run(resumed, false, int(events * 2 / 3), 2));
        QVERIFY(!run(resumed, true, std::nullopt, 5));
        QCOMPARE(withoutWallClock(readText(resumed)), uninterrupted);
    }

    void freshRunRefusesAnExistingLog()
    {
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("old.jsonl")).toStdString();
        std::ofstream(log) << "{}\n";
        CandidatePool pool(kPool);
        auto workers = standIns(1);
        SearchDriver driver(config(SearchMode::Standard, 1, 2), pool, workers, nullptr, log);
        KFX_VERIFY_THROWS(SearchError, driver.run(false));
    }

    void resumeRefusesAnotherSearchsLog()
    {
        // A log started from the layer-norm pool cannot be resumed with an LLM mutator whose seed is another kernel.
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("pool.jsonl")).toStdString();
        {
            CandidatePool pool(kPool);
            auto workers = standIns(1);
            SearchDriver(config(SearchMode::Standard, 1, 2), pool, workers, nullptr, log).run(false);
        }
        const fs::path task = dir.filePath(QStringLiteral("task")).toStdString();
        fs::create_directories(task);
        std::ofstream(task / "task.json") << "{\"reference\":\"ref.cu\"}";
        std::ofstream(task / "ref.cu") << "// kfx-standin: runtime_ns=8000\n";
        LlmMutator mutator({"http://127.0.0.1:9/v1", "m", {}}, task.string());
        auto workers = standIns(1);
        SearchDriver driver(config(SearchMode::Standard, 2, 4), mutator, workers, nullptr, log);
        try {
            driver.run(true);
            QFAIL("resumed another search's log");
        } catch (const SearchError &error) {
            QVERIFY2(std::string(error.what()).find("seed kernel") != std::string::npos, error.what());
        }
    }

    void workersMeasureInParallel()
    {
        // Eight variants that each take 200 ms to measure: four workers share them, two each at most.
        QTemporaryDir dir;
        const fs::path poolDir = dir.filePath(QStringLiteral("pool")).toStdString();
        fs::create_directories(poolDir);
        std::string variants;
        for (int i = 0; i < 8; ++i) {
            std::ofstream(poolDir / ("v" + std::to_string(i) + ".cu"))
                << "// kfx-standin: runtime_ns=" << 5000 + 100 * i << " delay_ms=200\n";
            variants += std::string(i ? "," : "") + "\"v" + std::to_string(i) + ".cu\"";
        }
        std::ofstream(poolDir / "seed.cu") << "// kfx-standin: runtime_ns=10000\n";
        std::ofstream(poolDir / "pool.json")
            << "{\"format\":\"kfx-pool/1\",\"task\":\"" << KFX_POOLS_DIR
            << "/../demo/tasks/layer_norm\",\"seed\":\"seed.cu\",\"variants\":{\"seed.cu\":[" << variants << "]}}";
        const std::string workerLog = dir.filePath(QStringLiteral("workers.txt")).toStdString();
        CandidatePool pool(poolDir.string());
        auto workers = standIns(4, workerLog);
        auto c = config(SearchMode::Standard, 1, std::nullopt);
        c.batchSize = 1;
        c.samplesPerParent = 8;
        SearchDriver driver(c, pool, workers, nullptr, dir.filePath(QStringLiteral("p.jsonl")).toStdString());
        const auto outcome = driver.run(false);
        QCOMPARE(outcome.measurements, 8);
        // Each log line: worker pid, candidate, and when its measurement began and ended. Overlap is read from
        // those times, not from how long the run took, which a busy machine stretches.
        std::map<std::string, int> byWorker;
        std::vector<std::pair<long long, int>> edges; // (time, +1 began / -1 ended)
        for (const auto &line : lines(readText(workerLog))) {
            std::istringstream fields(line);
            std::string pid, label;
            long long began = 0, ended = 0;
            QVERIFY2(fields >> pid >> label >> began >> ended, line.c_str());
            ++byWorker[pid];
            edges.push_back({began, +1});
            edges.push_back({ended, -1});
        }
        QCOMPARE(int(byWorker.size()), 4);
        std::sort(edges.begin(), edges.end()); // an end before a begin at the same instant: touching is no overlap
        int running = 0, mostAtOnce = 0;
        for (const auto &[time, change] : edges)
            mostAtOnce = std::max(mostAtOnce, running += change);
        QVERIFY2(mostAtOnce >= 2, "no two of the eight 200 ms measurements were under way at once");
        // The best measured speedup is the fastest variant's: 10000 / 5000.
        QCOMPARE(*outcome.bestMeasured, 2.0);
    }

    void llmMutationsFromAChatServer()
    {
        // A task whose reference the stand-in measures at 8000 ns; the server answers two children, 5000 and
        // 4000 ns, in fenced blocks after some prose, then one reply without a block.
        QTemporaryDir dir;
        const fs::path task = dir.filePath(QStringLiteral("task")).toStdString();
        fs::create_directories(task);
        std::ofstream(task / "task.json") << "{\"format\":\"kfx-task/1\",\"name\":\"t\",\"reference\":\"ref.cu\"}";
        std::ofstream(task / "ref.cu") << "// kfx-standin: runtime_ns=8000\n";
        auto reply = [](const std::string &content) {
            JsonWriter w;
            w.beginObject().key("choices").beginArray().beginObject().key("message").beginObject();
            w.field("role", "assistant").field("content", content).endObject().endObject().endArray().endObject();
            return ScriptedReply{200, w.take(), {"Content-Type: application/json"}};
        };
        std::vector<ScriptedReply> script{reply("Faster:\n```cuda\n// kfx-standin: runtime_ns=5000\n```\n"),
                                          reply("```\n// kfx-standin: runtime_ns=4000\n```"), reply("no code, sorry")};
        // Three requests at once, each answered after 300 ms: the step waits for about one, not three.
        for (auto *replyOf : {&script[0], &script[1], &script[2]})
            replyOf->delayMs = 300;
        ScriptedChatServer server(script, reply("no code, sorry"));
        LlmMutatorSettings settings{server.url(), "test-model", {}};
        settings.concurrency = 3;
        LlmMutator mutator(settings, task.string());
        auto workers = standIns(2);
        auto c = config(SearchMode::Standard, 1, std::nullopt);
        c.batchSize = 1;
        c.samplesPerParent = 3;
        const std::string log = dir.filePath(QStringLiteral("llm.jsonl")).toStdString();
        SearchDriver driver(c, mutator, workers, nullptr, log);
        const auto outcome = driver.run(false);
        // Counted by the server, not timed: a busy machine stretches a run, not the requests' overlap.
        QVERIFY2(server.peakInFlight() == 3, "the three mutation requests were not in flight together");
        compareWithReplay(outcome, log, c);
        QCOMPARE(outcome.measurements, 2);
        QCOMPARE(*outcome.bestMeasured, 10000.0 / 4000.0);
        const auto text = readText(log);
        QCOMPARE(countKind(text, "mutation_failed"), 1);
        QVERIFY(text.find("the reply has no fenced code block") != std::string::npos);
        // kfx's own prompt: the task, the parent's code and how it measured (speedup 10000 / 8000 = 1.25).
        const auto requests = server.requests();
        QCOMPARE(int(requests.size()), 3);
        QVERIFY(requests[0].body.find("\"model\":\"test-model\"") != std::string::npos);
        QVERIFY(requests[0].body.find("kfx-standin: runtime_ns=8000") != std::string::npos);
        QVERIFY(requests[0].body.find("speedup 1.25 over the reference") != std::string::npos);
        QVERIFY(requests[0].body.find("kfx-task/1") != std::string::npos);
    }

    void poolErrorsNameTheFile()
    {
        QTemporaryDir dir;
        const fs::path poolDir = dir.path().toStdString();
        std::ofstream(poolDir / "pool.json")
            << "{\"format\":\"kfx-pool/1\",\"task\":\".\",\"seed\":\"../x.cu\",\"variants\":{}}";
        try {
            CandidatePool pool(poolDir.string());
            QFAIL("a seed outside the pool was accepted");
        } catch (const PoolError &error) {
            const std::string message = error.what();
            QVERIFY2(message.find("pool.json") != std::string::npos && message.find("\"seed\"") != std::string::npos,
                     error.what());
        }
    }
};

KFX_TEST_GUILESS_MAIN(TestSearchDriver)

} // namespace
} // namespace tst_searchdriver

#include "tst_searchdriver.moc"
