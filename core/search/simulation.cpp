#include "simulation.h"

#include "io/jsonwriter.h"
#include "landscapemeasurer.h"
#include "searchworkers.h"
#include "selectiveforecaster.h"
#include "standinsource.h"
#include "surrogate/embeddedmodel.h"
#include "surrogate/searchpairs.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iomanip>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_set>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

constexpr double kTargetShare = 0.98;
// The oracle's mass on the landscape's bin; the rest is spread evenly, so that a confidence gate still sees a
// distribution and not a certainty.
constexpr double kOracleMass = 0.86;

// The landscape measurer, noting for each call what it cost and which kernel it was, in the order of the calls.
// One measurer serves a search, and the pool hands its results back in the log's order, so call n + 1 is the
// search's nth measurement (call 1 measures the seed).
class RecordingMeasurer final : public Measurer {
public:
    RecordingMeasurer(const Landscape &landscape, std::optional<LandscapeNoise> noise) : m_measurer(landscape, noise) {}
    MeasuredCandidate measure(const std::string &code, const std::string &label) override
    {
        auto result = m_measurer.measure(code, label);
        costs.push_back(result.gpuSeconds);
        kernels.insert(landscapeKernelId(code));
        return result;
    }
    std::vector<double> costs;
    std::unordered_set<std::string> kernels;

private:
    LandscapeMeasurer m_measurer;
};

// Failures and kernels outside the landscape are bin 1, as the surrogates' training data counts a failure.
class OracleForecaster final : public CandidateForecaster {
public:
    explicit OracleForecaster(const Landscape &landscape) : m_landscape(landscape) {}
    std::string label() const override { return "oracle: the landscape's bin, smoothed"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        std::vector<ForecastAnswer> answers;
        for (const auto &candidate : candidates) {
            const auto *kernel = m_landscape.findCode(candidate.code);
            const int bin = kernel && kernel->speedup ? kernel->bin : 1;
            BinProbabilities p;
            p.fill((1.0 - kOracleMass) / 7.0);
            p[std::size_t(bin - 1)] = kOracleMass;
            answers.push_back(std::get<Forecast>(makeForecast(p, bin, "oracle")));
        }
        return answers;
    }
    void learn(const SearchKernel &, std::optional<double>) override {}

private:
    const Landscape &m_landscape;
};

class RandomForecaster final : public CandidateForecaster {
public:
    explicit RandomForecaster(std::uint64_t seed) : m_random(seed) {}
    std::string label() const override { return "random: a seeded random distribution per candidate"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        std::vector<ForecastAnswer> answers;
        std::exponential_distribution<double> draw; // normalised: a uniform draw from the simplex
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            BinProbabilities p;
            for (auto &mass : p)
                mass = draw(m_random);
            const int bin = int(std::max_element(p.begin(), p.end()) - p.begin()) + 1;
            answers.push_back(std::get<Forecast>(makeForecast(p, bin, "random")));
        }
        return answers;
    }
    void learn(const SearchKernel &, std::optional<double>) override {}

private:
    std::mt19937_64 m_random;
};

// `pretrained` is read once per simulation: a model's load checks it in a child process first.
std::unique_ptr<CandidateForecaster> makeForecaster(SimulatedSurrogate surrogate, const Landscape &landscape,
                                                    const std::optional<surrogate::PretrainedModel> &pretrained,
                                                    const surrogate::KernelRuntimeQuery &context, std::uint64_t seed)
{
    switch (surrogate) {
    case SimulatedSurrogate::Pretrained:
        return std::make_unique<LearningEmbeddedForecaster>(context, surrogate::continuationOptions(), pretrained);
    case SimulatedSurrogate::Scratch:
        return std::make_unique<LearningEmbeddedForecaster>(context);
    case SimulatedSurrogate::Oracle:
        return std::make_unique<OracleForecaster>(landscape);
    case SimulatedSurrogate::Random:
        return std::make_unique<RandomForecaster>(seed);
    case SimulatedSurrogate::SearchAware:
        return searchAwareOver(makeForecaster(SimulatedSurrogate::Pretrained, landscape, pretrained, context, seed),
                               context, pretrained ? pretrained->parentAnchored : nullptr);
    }
    return nullptr;
}

std::optional<surrogate::PretrainedModel> pretrainedModel(const SimulationConfig &config, std::string_view task)
{
    if (std::none_of(config.selective.begin(), config.selective.end(), [](const SimulatedSelection &selection) {
            return selection.surrogate == SimulatedSurrogate::Pretrained
                || selection.surrogate == SimulatedSurrogate::SearchAware;
        }))
        return std::nullopt;
    const auto directory = surrogate::PretrainedModels::defaultDirectory();
    if (directory.empty())
        throw SearchError("no pretrained surrogate is installed (KFX_PRETRAINED_DIR chooses one)");
    return surrogate::PretrainedModels::open(directory).modelFor(task);
}

struct RunSetup {
    const SimulationConfig &config;
    const Landscape &landscape;
    MutationSource &mutations;
    std::string reference; // what forecasts compare each candidate with
    std::optional<surrogate::PretrainedModel> pretrained;
    double target = 0.0;
};

SimulatedRun runOne(const RunSetup &setup, SearchConfig config, const std::optional<SimulatedSurrogate> &surrogate,
                    std::uint64_t seed, const std::string &log, std::string &forecasterLabel)
{
    config.seed = seed;
    config.taskName = setup.landscape.task();
    config.hardware = HardwareContext{setup.landscape.device()};
    config.timingProtocol = "robust";
    std::optional<LandscapeNoise> noise;
    if (setup.config.noiseSigma)
        noise = LandscapeNoise{*setup.config.noiseSigma, seed};
    auto owned = std::make_unique<RecordingMeasurer>(setup.landscape, noise);
    auto *recorder = owned.get();
    std::vector<std::unique_ptr<Measurer>> measurers;
    measurers.push_back(std::move(owned));
    MeasurementPool pool(std::move(measurers));
    std::unique_ptr<CandidateForecaster> forecaster;
    if (surrogate) {
        forecaster = makeForecaster(*surrogate, setup.landscape, setup.pretrained,
                                    forecastContext(config, setup.reference), seed);
        forecasterLabel = forecaster->label();
    }
    fs::remove(log);
    SearchDriver driver(config, setup.mutations, pool, forecaster.get(), log);
    const auto outcome = driver.run(false);

    SimulatedRun run;
    run.seed = seed;
    run.measurements = outcome.measurements;
    run.cachedResults = outcome.cachedResults;
    run.gpuSeconds = outcome.gpuSeconds;
    run.distinctKernelsMeasured = int(recorder->kernels.size());
    const int budget = config.budgetMeasurements.value_or(outcome.measurements);
    run.bestByBudget.assign(std::size_t(budget), 0.0);
    for (const auto &point : outcome.series) {
        for (int b = std::max(point.measurements, 1); b <= budget; ++b)
            run.bestByBudget[std::size_t(b - 1)] = std::max(run.bestByBudget[std::size_t(b - 1)], point.best);
        if (!run.measurementsToTarget && point.best >= setup.target && point.measurements >= 1) {
            run.measurementsToTarget = point.measurements;
            double seconds = 0.0;
            for (int call = 1; call <= point.measurements && call < int(recorder->costs.size()); ++call)
                seconds += recorder->costs[std::size_t(call)];
            run.gpuSecondsToTarget = seconds;
        }
    }
    return run;
}

std::optional<double> medianOf(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    return bandOf(std::move(values)).median;
}

void summarise(SimulatedMode &mode, int budget)
{
    std::vector<double> toTarget, secondsToTarget, distinct, seconds;
    for (int b = 1; b <= budget; ++b) {
        std::vector<double> bests;
        for (const auto &run : mode.runs)
            bests.push_back(run.bestByBudget[std::size_t(b - 1)]);
        mode.bestByBudget.push_back(bandOf(std::move(bests)));
    }
    for (const auto &run : mode.runs) {
        if (run.measurementsToTarget) {
            toTarget.push_back(*run.measurementsToTarget);
            secondsToTarget.push_back(*run.gpuSecondsToTarget);
        } else {
            ++mode.seedsNeverReachingTarget;
        }
        distinct.push_back(run.distinctKernelsMeasured);
        seconds.push_back(run.gpuSeconds);
        // The seed's measurement is one call beyond the search's measurements.
        mode.repeatedMeasurements += run.measurements + 1 - run.distinctKernelsMeasured;
    }
    mode.medianMeasurementsToTarget = medianOf(toTarget);
    mode.medianGpuSecondsToTarget = medianOf(secondsToTarget);
    mode.medianDistinctKernels = medianOf(distinct).value_or(0.0);
    mode.medianGpuSeconds = medianOf(seconds).value_or(0.0);
}

std::string policyName(SelectionPolicy policy)
{
    switch (policy) {
    case SelectionPolicy::TopK:
        return "topk";
    case SelectionPolicy::Threshold:
        return "threshold";
    case SelectionPolicy::Coverage:
        return "coverage";
    case SelectionPolicy::Risk:
        return "risk";
    }
    return {};
}

// The table's first column: the longest mode's name ("threshold/pretrained") and a blank.
constexpr int kModeWidth = 22;

// The budgets the table shows: doubling from 5, and the whole budget.
std::vector<int> tableBudgets(int budget)
{
    std::vector<int> budgets;
    for (int b = 5; b < budget; b *= 2)
        budgets.push_back(b);
    budgets.push_back(budget);
    return budgets;
}

} // namespace

std::optional<SimulatedSurrogate> simulatedSurrogateFromName(std::string_view name)
{
    for (auto surrogate : {SimulatedSurrogate::Pretrained, SimulatedSurrogate::Scratch, SimulatedSurrogate::Oracle,
                           SimulatedSurrogate::Random, SimulatedSurrogate::SearchAware}) {
        if (simulatedSurrogateName(surrogate) == name)
            return surrogate;
    }
    return std::nullopt;
}

std::string_view simulatedSurrogateName(SimulatedSurrogate surrogate)
{
    switch (surrogate) {
    case SimulatedSurrogate::Pretrained:
        return "pretrained";
    case SimulatedSurrogate::Scratch:
        return "scratch";
    case SimulatedSurrogate::Oracle:
        return "oracle";
    case SimulatedSurrogate::Random:
        return "random";
    case SimulatedSurrogate::SearchAware:
        return "search-aware";
    }
    return {};
}

Band bandOf(std::vector<double> values)
{
    if (values.empty())
        return {};
    std::sort(values.begin(), values.end());
    const auto at = [&values](double share) {
        const double position = share * double(values.size() - 1);
        const auto below = std::size_t(std::floor(position));
        const auto above = std::min(below + 1, values.size() - 1);
        return values[below] + (position - double(below)) * (values[above] - values[below]);
    };
    return {at(0.1), at(0.5), at(0.9)};
}

SimulationReport simulate(const SimulationConfig &config, const Landscape &landscape,
                          const std::function<void(const std::string &)> &progress)
{
    const auto budget = config.baseline.budgetMeasurements;
    if (!budget || std::any_of(config.selective.begin(), config.selective.end(), [&](const SimulatedSelection &s) {
            return s.config.budgetMeasurements != budget;
        }))
        throw SearchError("a simulation needs one budget in measurements for every search");
    const auto start = std::chrono::steady_clock::now();
    fs::create_directories(config.logDirectory);

    SimulationReport report;
    report.task = landscape.task();
    report.device = landscape.device();
    report.landscapePath = landscape.path();
    report.landscapeBest = landscape.bestSpeedup();
    report.target = kTargetShare * landscape.bestSpeedup();
    report.budget = *budget;
    report.firstSeed = config.firstSeed;
    report.lastSeed = config.lastSeed;
    report.noiseSigma = config.noiseSigma;
    const auto addMode = [&report](std::string name) { report.modes.emplace_back().name = std::move(name); };
    addMode("baseline");
    for (const auto &selection : config.selective)
        addMode(policyName(selection.config.policy) + "/" + std::string(simulatedSurrogateName(selection.surrogate)));

    // Each thread takes the next seed and runs all of its searches; the runs are filed by seed, so the report is
    // the same whatever the threads' speeds.
    const auto seeds = std::size_t(config.lastSeed - config.firstSeed + 1);
    std::vector<std::vector<SimulatedRun>> bySeed(seeds);
    std::vector<std::string> labels(report.modes.size());
    std::atomic<std::size_t> nextSeed{0};
    std::mutex mutex; // the progress callback, the labels and the first error
    std::exception_ptr error;
    const auto work = [&] {
        try {
            auto standIn = openStandInSource(config.mutations);
            const auto reference = surrogate::taskReferenceCode(standIn.taskDirectory);
            // A thread's own pretrained model: XGBoost does not promise that two threads may read one booster.
            const RunSetup setup{config,
                                 landscape,
                                 *standIn.source,
                                 reference.empty() ? standIn.source->seedCode() : reference,
                                 pretrainedModel(config, landscape.task()),
                                 kTargetShare * landscape.bestSpeedup()};
            for (auto index = nextSeed++; index < seeds; index = nextSeed++) {
                if (config.stopRequested && *config.stopRequested)
                    throw SimulationStopped();
                const auto seed = config.firstSeed + index;
                const auto logOf = [&](const std::string &mode) {
                    auto name = mode;
                    std::replace(name.begin(), name.end(), '/', '-');
                    return (fs::path(config.logDirectory) / (name + "-seed" + std::to_string(seed) + ".jsonl"))
                        .string();
                };
                std::vector<std::string> runLabels(report.modes.size());
                auto &runs = bySeed[index];
                runs.push_back(runOne(setup, config.baseline, std::nullopt, seed, logOf("baseline"), runLabels[0]));
                for (std::size_t i = 0; i < config.selective.size(); ++i)
                    runs.push_back(runOne(setup, config.selective[i].config, config.selective[i].surrogate, seed,
                                          logOf(report.modes[i + 1].name), runLabels[i + 1]));
                std::lock_guard lock(mutex);
                labels = runLabels;
                if (progress)
                    progress("seed " + std::to_string(seed) + " done");
                if (error)
                    return;
            }
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!error)
                error = std::current_exception();
            nextSeed = seeds; // the other threads stop after their seed
        }
    };
    {
        std::vector<std::jthread> threads;
        for (int i = 1; i < std::max(1, config.threads); ++i)
            threads.emplace_back(work);
        work();
    }
    if (error)
        std::rethrow_exception(error);
    for (std::size_t m = 0; m < report.modes.size(); ++m) {
        report.modes[m].forecaster = labels[m];
        for (auto &runs : bySeed)
            report.modes[m].runs.push_back(std::move(runs[m]));
    }
    for (auto &mode : report.modes)
        summarise(mode, report.budget);
    report.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

std::string simulationReportJson(const SimulationReport &report)
{
    JsonWriter w;
    w.beginObject().field("format", "kfx-simulation/1").field("task", report.task);
    w.field("measurements", "recorded H100 measurements (not live ones): recorded on " + report.device);
    w.field("landscape", report.landscapePath).field("landscape_best", report.landscapeBest);
    w.field("target", report.target).field("budget_measurements", report.budget);
    w.field("first_seed", std::int64_t(report.firstSeed)).field("last_seed", std::int64_t(report.lastSeed));
    w.key("noise_sigma");
    report.noiseSigma ? w.value(*report.noiseSigma) : w.null();
    w.field("wall_seconds", report.wallSeconds).key("modes").beginArray();
    for (const auto &mode : report.modes) {
        w.beginObject().field("name", mode.name).field("forecaster", mode.forecaster);
        w.key("best_by_budget").beginArray();
        for (std::size_t b = 0; b < mode.bestByBudget.size(); ++b) {
            const auto &band = mode.bestByBudget[b];
            w.beginObject().field("measurements", int(b + 1)).field("p10", band.p10).field("median", band.median);
            w.field("p90", band.p90).endObject();
        }
        w.endArray().key("median_measurements_to_target");
        mode.medianMeasurementsToTarget ? w.value(*mode.medianMeasurementsToTarget) : w.null();
        w.field("seeds_never_reaching_target", mode.seedsNeverReachingTarget).key("median_gpu_seconds_to_target");
        mode.medianGpuSecondsToTarget ? w.value(*mode.medianGpuSecondsToTarget) : w.null();
        w.field("median_distinct_kernels_measured", mode.medianDistinctKernels);
        w.field("median_gpu_seconds", mode.medianGpuSeconds).field("repeated_measurements", mode.repeatedMeasurements);
        w.endObject();
    }
    w.endArray().endObject();
    return w.take();
}

std::string simulationReportTable(const SimulationReport &report)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(3);
    out << "task " << report.task << ": seeds " << report.firstSeed << ".." << report.lastSeed << ", budget "
        << report.budget << " measurements; recorded H100 measurements (" << report.device << "), not live ones"
        << (report.noiseSigma ? ", log-normal noise sigma " + std::to_string(*report.noiseSigma) : std::string())
        << "\nlandscape best " << report.landscapeBest << "x; target (98 %) " << report.target << "x\n";
    out << "best speedup found, median [p10, p90] over the seeds, after N measurements\n";
    out << std::left << std::setw(kModeWidth) << "mode";
    for (int b : tableBudgets(report.budget))
        out << std::setw(24) << ("N=" + std::to_string(b));
    out << '\n';
    for (const auto &mode : report.modes) {
        out << std::setw(kModeWidth) << mode.name;
        for (int b : tableBudgets(report.budget)) {
            const auto &band = mode.bestByBudget[std::size_t(b - 1)];
            std::ostringstream cell;
            cell << std::fixed << std::setprecision(3) << band.median << " [" << band.p10 << ", " << band.p90 << "]";
            out << std::setw(24) << cell.str();
        }
        out << '\n';
    }
    out << std::setw(kModeWidth) << "mode" << std::setw(16) << "to target" << std::setw(14) << "never" << std::setw(16)
        << "GPU-s to tgt" << std::setw(12) << "distinct" << std::setw(12) << "GPU-s"
        << "repeats\n";
    const auto optional = [](const std::optional<double> &value) {
        std::ostringstream cell;
        cell << std::fixed << std::setprecision(3);
        value ? cell << *value : cell << "-";
        return cell.str();
    };
    for (const auto &mode : report.modes) {
        out << std::setw(kModeWidth) << mode.name << std::setw(16) << optional(mode.medianMeasurementsToTarget)
            << std::setw(14) << mode.seedsNeverReachingTarget << std::setw(16)
            << optional(mode.medianGpuSecondsToTarget) << std::setw(12) << mode.medianDistinctKernels << std::setw(12)
            << mode.medianGpuSeconds << mode.repeatedMeasurements << '\n';
    }
    out << "to target: median measurements to reach the target, over the seeds that did (never: those that did not); "
           "GPU-s: recorded\ntimed GPU-seconds (samples x medians of kernel and reference); distinct: median kernels "
           "measured, the seed's\nincluded; repeats: measurements of a kernel the same search had measured, over "
           "every seed\n";
    const auto &baseline = report.modes.front();
    for (std::size_t i = 1; i < report.modes.size(); ++i) {
        const auto &mode = report.modes[i];
        if (baseline.medianGpuSecondsToTarget && mode.medianGpuSecondsToTarget)
            out << mode.name << " saved " << *baseline.medianGpuSecondsToTarget - *mode.medianGpuSecondsToTarget
                << " recorded GPU-s (median) reaching the target\n";
    }
    return out.str();
}

} // namespace kfx::search
