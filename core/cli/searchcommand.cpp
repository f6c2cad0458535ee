// kfx-cli search: runs a live PUCT search over a task (issue 14), standard or selective, with a candidate pool or
// an OpenAI-compatible chat server proposing the mutations and kfx-measure workers measuring them; optionally the
// standard search with the same seed, budget and mutations beside it, for the paper's best-kernel-vs-GPU-budget
// comparison.
#include "commands.h"
#include "optionreader.h"

#include "io/jsonwriter.h"
#include "measure/slurmlauncher.h"
#include "search/landscapemeasurer.h"
#include "search/llmmutator.h"
#include "search/searchdriver.h"
#include "search/searchworkers.h"
#include "search/selectiveforecaster.h"
#include "search/simulation.h"
#include "search/standinsource.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/promptset.h"
#include "surrogate/secretredactor.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <poll.h>
#include <set>
#include <thread>
#include <unistd.h>

namespace kfx::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kUsage =
    "usage: kfx-cli search (--pool DIR | --llm URL --model M [--api-key-env VAR] [--llm-concurrency N])\n"
    "                      [--task DIR] [--mode standard|selective] [--surrogate embedded|llm --surrogate-url URL\n"
    "                      --surrogate-model M [--surrogate-key-env VAR]] [--no-pretrained]\n"
    "                      [--search-aware | --no-search-aware]\n"
    "                      [--policy topk|threshold|coverage|risk]\n"
    "                      [--threshold T] [--coverage C] [--alpha A] [--delta D] [--score "
    "max_prob|neg_entropy|top2_margin|expected_bin]\n"
    "                      (--budget-measurements N | --budget-gpu-seconds S) [--steps N] [--batch-size N]\n"
    "                      [--samples-per-parent N] [--k-per-parent K] [--archive-capacity N] [--c-puct C]\n"
    "                      [--exploration SHARE]\n"
    "                      [--workers N] [--launch-prefix \"ssh gpu-box\" | --slurm-partition P [--slurm-gres G]\n"
    "                      [--slurm-time T] [--slurm-option OPT]...] [--worker PATH] [--timeout-ms N]\n"
    "                      [--timing reference|robust] [--python \"INTERPRETER\"] [--device cuda|cpu]\n"
    "                      [--seed S] --log OUT.jsonl [--baseline] [--baseline-log OUT2.jsonl] [--resume] [--json]\n"
    "  --baseline runs the standard search with the same seed, budget and mutations after it (its log defaults\n"
    "  to OUT.baseline.jsonl); a pool is a stand-in for the LLM: pre-written variants\n"
    "  (resources/pools/<task>/pool.json) or template mutations (resources/corpus/<task>/mutations.json)\n"
    "  --mode selective's embedded surrogate starts from the model pretrained on the H100 corpus (for a corpus task,\n"
    "  the one that never saw it; KFX_PRETRAINED_DIR chooses another directory) and keeps learning from the search's\n"
    "  measurements; --no-pretrained starts it from nothing (no forecasts until 20 measurements)\n"
    "  the embedded surrogate works inside the search-aware forecaster (issue 25), as the simulation's\n"
    "  --surrogates search-aware does: it mixes the model with the parent's measurement, the nearest measured\n"
    "  kernels and the search's failures, each weighed by how well it has forecast this search; --no-search-aware\n"
    "  forecasts with the model alone, --search-aware puts an LLM surrogate inside it too\n"
    "  --exploration: this share of each parent's k selections is drawn at random (seeded) from the candidates the\n"
    "  ranking left, so that forecasts alone never rule a region out (a selective search's default 0.25: one of its\n"
    "  four; 0 is the spec's search)\n"
    "  --timing: kfx's robust protocol (the default: a kernel that caches results or works on a side stream fails\n"
    "  or reads slow) or spec 5.1's (reference, as the published searches);\n"
    "  --python and --device apply to Python tasks (GPU MODE, KernelBench): the interpreter, with any launch prefix,\n"
    "  and cpu for the harness's test mode\n"
    "  --slurm-partition runs each worker as an srun job, restarts a worker lost with its node, and scancels every\n"
    "  job it started when it ends (Ctrl+C included)\n"
    "\n"
    "Without a GPU, over a measured landscape (resources/landscape, issue 24): recorded H100 measurements, not live\n"
    "ones, answer each kernel of a template mutator's space (--pool resources/corpus/<task>):\n"
    "  kfx-cli search --pool DIR --landscape DIR [--noise] ... --log OUT.jsonl      one search, as above\n"
    "  kfx-cli search --pool DIR --landscape DIR --seeds A..B --budget-measurements N [--policy P,...]\n"
    "                 [--surrogates search-aware,pretrained,scratch,oracle,random] [--noise] [--logs DIR]\n"
    "                 [--report FILE]\n"
    "  --seeds runs, for each seed, the equal-budget baseline and the selective search with each policy and surrogate\n"
    "  (default search-aware, a live search's: pretrained inside the search-aware forecaster; pretrained alone;\n"
    "  scratch learns from nothing; oracle knows the landscape; random) and prints the best\n"
    "  speedup's median and 10-90 % band by budget, the measurements to reach 98 % of the landscape's best, the\n"
    "  distinct kernels measured and the recorded GPU-seconds; --report writes it as JSON (--json prints it instead\n"
    "  of the table), --logs keeps each search's log (default: a temporary folder); --noise adds noise.json's\n"
    "  log-normal measurement spread\n";

// A new folder under the system's temporary one, named PREFIX-XXXXXX, removed with everything in it when this goes.
class TemporaryFolder {
public:
    explicit TemporaryFolder(const std::string &prefix)
        : m_path((fs::temp_directory_path() / (prefix + "-XXXXXX")).string())
    {
        if (::mkdtemp(m_path.data()) == nullptr)
            throw std::runtime_error("cannot create a folder " + m_path + ": " + std::strerror(errno));
    }
    TemporaryFolder(const TemporaryFolder &) = delete;
    TemporaryFolder &operator=(const TemporaryFolder &) = delete;
    ~TemporaryFolder()
    {
        std::error_code ignored;
        fs::remove_all(m_path, ignored);
    }
    const std::string &path() const { return m_path; }

private:
    std::string m_path;
};

struct SearchOptions {
    std::string surrogate = "embedded", surrogateUrl, surrogateModel, surrogateKeyEnv;
    std::string pool, llm, model, apiKeyEnv, llmConcurrency, task, mode = "standard", policy = "topk", threshold,
                                                                   coverage, alpha, delta, score;
    std::string budgetMeasurements, budgetGpuSeconds, steps, batchSize, samplesPerParent, kPerParent, capacity, cPuct,
        exploration;
    std::string workers = "1", launchPrefix, worker, timeoutMs = "120000", seed = "0", log, baselineLog;
    std::string timing = "robust", python = "python3", device = "cuda";
    std::string slurmPartition, slurmGres, slurmTime;
    std::string landscape, seeds, surrogates = "search-aware", logs, report;
    bool noise = false;
    std::vector<std::string> slurmOptions;
    bool baseline = false;
    bool noPretrained = false;
    bool searchAware = false;   // an LLM surrogate too
    bool noSearchAware = false; // the model alone
    bool resume = false;
    bool json = false;
};

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

template<typename T>
T number(const std::string &text, std::string_view option, T low)
{
    const auto value = numberOption<T>(text);
    if (!value || *value < low)
        throw UsageError(std::string(option) + " must be a number of at least " + std::to_string(low) + ", not '" + text
                         + "'");
    return *value;
}

// kfx-measure beside kfx-cli (an installed kfx), in the build tree's measure folder, else on PATH.
std::string defaultWorker()
{
    std::error_code error;
    const auto self = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        for (const auto &candidate :
             {self.parent_path() / "kfx-measure", self.parent_path() / "../measure/kfx-measure"}) {
            if (fs::exists(candidate, error))
                return fs::weakly_canonical(candidate).string();
        }
    }
    return "kfx-measure";
}

// Every worker the same command: kfx-measure, possibly behind a launch prefix such as `ssh gpu-box`. There is
// nothing to start or cancel beyond the process itself.
class PrefixLauncher final : public search::WorkerLauncher {
public:
    explicit PrefixLauncher(std::vector<std::string> command) : m_command(std::move(command)) {}
    std::vector<std::string> command(int) const override { return m_command; }

private:
    std::vector<std::string> m_command;
};

// The signal that interrupted a search through Slurm, and the pipe its handler writes it to: a handler may only
// write(), and the thread reading the pipe cancels the jobs.
volatile std::sig_atomic_t g_interruptedBy = 0;
int g_signalPipe = -1;

extern "C" void forwardSignal(int signal)
{
    const int savedErrno = errno; // the interrupted code may be about to read it
    g_interruptedBy = signal;
    const auto byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const auto written = ::write(g_signalPipe, &byte, 1);
    errno = savedErrno;
}

// Each worker is an srun job with a name of its own (slurmJobName). A thread watches squeue once a second and
// reports a job that waits in the queue; on SIGINT or SIGTERM it cancels every job and makes the workers stop.
// Whatever ends the search, the destructor scancels every job name: killing srun alone would leave its job
// running on the node until its time limit.
class SlurmWorkers final : public search::WorkerLauncher {
public:
    SlurmWorkers(measure::SlurmOptions options, std::vector<std::string> worker, int count)
        : m_options(std::move(options))
        , m_worker(std::move(worker))
    {
        for (int slot = 0; slot < count; ++slot)
            m_names.push_back(measure::slurmJobName(long(::getpid()), slot));
        if (::pipe(m_pipe) != 0)
            throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
        g_signalPipe = m_pipe[1];
        struct sigaction action {};
        action.sa_handler = forwardSignal;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &m_previous[0]);
        ::sigaction(SIGTERM, &action, &m_previous[1]);
        m_watcher = std::jthread([this](const std::stop_token &stop) { watch(stop); });
    }
    SlurmWorkers(const SlurmWorkers &) = delete;
    SlurmWorkers &operator=(const SlurmWorkers &) = delete;

    ~SlurmWorkers() override
    {
        m_watcher.request_stop();
        m_watcher.join();
        ::sigaction(SIGINT, &m_previous[0], nullptr);
        ::sigaction(SIGTERM, &m_previous[1], nullptr);
        g_signalPipe = -1;
        ::close(m_pipe[0]);
        ::close(m_pipe[1]);
        cancelAll();
    }

    std::vector<std::string> command(int slot) const override
    {
        return measure::srunCommand(m_options, m_names[std::size_t(slot)], m_worker);
    }
    // A job may wait in the queue for as long as Slurm keeps it there; Ctrl+C cancels it.
    std::chrono::milliseconds startTimeout(std::chrono::milliseconds) const override
    {
        return std::chrono::hours(24 * 7);
    }
    bool stopping() const override { return m_stopping; }

private:
    void say(const std::string &line) const
    {
        if (notice)
            notice(line);
    }

    void cancelAll() const
    {
        for (const auto &name : m_names) {
            try {
                measure::cancelSlurmJob(name, std::chrono::seconds(10));
            } catch (const std::exception &error) {
                say("could not cancel Slurm job " + name + ": " + error.what());
            }
        }
    }

    void watch(const std::stop_token &stop)
    {
        using namespace std::chrono_literals;
        auto nextQuery = std::chrono::steady_clock::now();
        bool squeueFailed = false;
        while (!stop.stop_requested()) {
            pollfd fd{m_pipe[0], POLLIN, 0};
            unsigned char signal = 0;
            if (::poll(&fd, 1, 200) > 0 && ::read(m_pipe[0], &signal, 1) == 1 && !m_stopping) {
                m_stopping = true;
                say(std::string("interrupted (") + ::strsignal(signal) + "): cancelling the Slurm jobs of its "
                    + std::to_string(m_names.size()) + " workers");
                cancelAll();
            }
            if (std::chrono::steady_clock::now() < nextQuery)
                continue;
            nextQuery = std::chrono::steady_clock::now() + 1s;
            try {
                const auto jobs = measure::querySlurmJobs(m_names, 10s);
                // A worker started again just as the jobs were cancelled: cancelled too, until none is left.
                if (m_stopping && !jobs.empty())
                    cancelAll();
                for (const auto &job : jobs) {
                    if (job.pending() && m_reportedPending.insert(job.id).second)
                        say("waiting for Slurm job " + job.id + " (" + job.state + ")");
                }
            } catch (const std::exception &error) {
                if (!std::exchange(squeueFailed, true))
                    say(std::string("cannot ask Slurm about the workers: ") + error.what());
            }
        }
    }

    measure::SlurmOptions m_options;
    std::vector<std::string> m_worker;
    std::vector<std::string> m_names;
    std::atomic<bool> m_stopping{false};
    int m_pipe[2] = {-1, -1};
    struct sigaction m_previous[2]{};
    std::set<std::string> m_reportedPending; // the watcher's own
    std::jthread m_watcher;                  // last: it uses the members above
};

std::unique_ptr<search::WorkerLauncher> workerLauncher(const SearchOptions &o, int workerCount)
{
    const std::vector<std::string> worker{o.worker.empty() ? defaultWorker() : o.worker};
    if (o.slurmPartition.empty()) {
        if (!o.slurmGres.empty() || !o.slurmTime.empty() || !o.slurmOptions.empty())
            throw UsageError("--slurm-gres, --slurm-time and --slurm-option need --slurm-partition");
        return std::make_unique<PrefixLauncher>(measure::MeasureClient::withLaunchPrefix(o.launchPrefix, worker));
    }
    if (!o.launchPrefix.empty())
        throw UsageError("give --launch-prefix or --slurm-partition, not both: the workers run through srun");
    measure::SlurmOptions slurm;
    slurm.partition = o.slurmPartition;
    slurm.gres = o.slurmGres;
    slurm.timeLimit = o.slurmTime;
    for (const auto &option : o.slurmOptions)
        slurm.extraOptions += (slurm.extraOptions.empty() ? "" : " ") + option;
    return std::make_unique<SlurmWorkers>(std::move(slurm), worker, workerCount);
}

search::SearchConfig searchConfig(const SearchOptions &o, std::string_view mode)
{
    search::SearchConfig c;
    c.mode = mode == "selective" ? search::SearchMode::Selective : search::SearchMode::Standard;
    if (o.policy == "threshold")
        c.policy = search::SelectionPolicy::Threshold;
    else if (o.policy == "coverage")
        c.policy = search::SelectionPolicy::Coverage;
    else if (o.policy == "risk")
        c.policy = search::SelectionPolicy::Risk;
    else if (o.policy != "topk")
        throw UsageError("unknown --policy '" + o.policy + "' (topk, threshold, coverage, risk)");
    if (!o.alpha.empty())
        c.alpha = std::min(1.0, number<double>(o.alpha, "--alpha", 0.0));
    if (!o.delta.empty())
        c.delta = std::min(1.0, number<double>(o.delta, "--delta", 0.0));
    if (!o.threshold.empty())
        c.threshold = number<double>(o.threshold, "--threshold", 0.0);
    if (!o.coverage.empty())
        c.coverage = std::min(1.0, number<double>(o.coverage, "--coverage", 0.0));
    if (!o.score.empty()) {
        auto score = metrics::confidenceScoreFromName(o.score);
        if (!score)
            throw UsageError("unknown --score '" + o.score + "'");
        c.confidence = *score;
    }
    if (!o.steps.empty())
        c.steps = number<int>(o.steps, "--steps", 0);
    if (!o.batchSize.empty())
        c.batchSize = number<int>(o.batchSize, "--batch-size", 1);
    if (!o.samplesPerParent.empty())
        c.samplesPerParent = number<int>(o.samplesPerParent, "--samples-per-parent", 1);
    else if (c.mode == search::SearchMode::Selective)
        c.samplesPerParent = search::kSelectiveSamplesPerParent;
    if (!o.kPerParent.empty())
        c.kPerParent = number<int>(o.kPerParent, "--k-per-parent", 1);
    else if (c.mode == search::SearchMode::Selective)
        c.kPerParent = search::kSelectiveKPerParent;
    if (!o.capacity.empty())
        c.archiveCapacity = number<int>(o.capacity, "--archive-capacity", 1);
    if (!o.cPuct.empty())
        c.cPuct = number<double>(o.cPuct, "--c-puct", 0.0);
    if (!o.exploration.empty())
        c.explorationShare = std::min(1.0, number<double>(o.exploration, "--exploration", 0.0));
    else if (c.mode == search::SearchMode::Selective)
        c.explorationShare = search::kSelectiveExplorationShare;
    c.seed = number<std::uint64_t>(o.seed, "--seed", 0);
    if (!o.budgetMeasurements.empty())
        c.budgetMeasurements = number<int>(o.budgetMeasurements, "--budget-measurements", 1);
    if (!o.budgetGpuSeconds.empty())
        c.budgetGpuSeconds = number<double>(o.budgetGpuSeconds, "--budget-gpu-seconds", 0.0);
    c.secrets = surrogate::apiKeysNamedBy({o.apiKeyEnv, o.surrogateKeyEnv});
    return c;
}

struct RunReport {
    std::string name;
    std::string log;
    std::string forecaster; // the selective search's surrogate, as its log's search_initialized names it
    search::SearchOutcome outcome;
    double wallSeconds = 0.0;
};

// What every worker request carries besides the kernel. The worker's own limit for a Python candidate is a little
// under the client's, so that a candidate that runs too long comes back as its timeout rather than as a lost
// worker.
measure::MeasureOptions measureRequest(const SearchOptions &o, const std::string &task,
                                       std::chrono::milliseconds timeout)
{
    measure::MeasureOptions request;
    request.taskDirectory = task;
    if (o.timing != "reference" && o.timing != "robust")
        throw UsageError("unknown --timing '" + o.timing + "' (reference, robust)");
    request.timing = o.timing == "robust" ? measure::TimingProtocol::Robust : measure::TimingProtocol::Reference;
    if (o.device != "cuda" && o.device != "cpu")
        throw UsageError("unknown --device '" + o.device + "' (cuda, cpu)");
    request.device = o.device == "cpu" ? measure::ComputeDevice::Cpu : measure::ComputeDevice::Cuda;
    request.python = measure::MeasureClient::withLaunchPrefix(o.python, {});
    if (request.python.empty())
        throw UsageError("--python needs an interpreter");
    request.timeoutMs = 0.9 * static_cast<double>(timeout.count());
    return request;
}

void writeReport(JsonWriter &w, const RunReport &run)
{
    const auto &o = run.outcome;
    w.key(run.name).beginObject().field("log", run.log).field("steps", o.stepsCompleted);
    if (!run.forecaster.empty())
        w.field("forecaster", run.forecaster);
    // candidates: distinct kernels; cached: candidates that took an earlier measurement of their kernel (issue 24).
    w.field("measurements", o.measurements).field("gpu_seconds", o.gpuSeconds).field("candidates", o.candidates);
    w.field("cached", o.cachedResults);
    w.key("best_measured");
    o.bestMeasured ? w.value(*o.bestMeasured) : w.null();
    std::string bestId;
    if (auto best = o.population->bestArchiveNode())
        bestId = o.population->node(*best).id;
    w.field("best_archive_node", bestId).field("budget_spent", o.budgetSpent).field("wall_seconds", run.wallSeconds);
    w.key("series").beginArray();
    for (const auto &point : o.series)
        w.beginObject().field("measurements", point.measurements).field("best", point.best).endObject();
    w.endArray().endObject();
}

search::Landscape openLandscape(const SearchOptions &o, const std::string &task)
{
    return search::Landscape::openTask(o.landscape, fs::path(task).filename().string());
}

std::optional<double> landscapeNoise(const SearchOptions &o, const search::Landscape &landscape)
{
    if (!o.noise)
        return std::nullopt;
    return search::landscapeNoiseSigma((fs::path(o.landscape) / "noise.json").string(), landscape.task());
}

std::vector<std::unique_ptr<search::Measurer>> landscapeMeasurers(const SearchOptions &o,
                                                                  const search::Landscape &landscape)
{
    std::optional<search::LandscapeNoise> noise;
    if (const auto sigma = landscapeNoise(o, landscape))
        noise = search::LandscapeNoise{*sigma, number<std::uint64_t>(o.seed, "--seed", 0)};
    std::vector<std::unique_ptr<search::Measurer>> measurers;
    measurers.push_back(std::make_unique<search::LandscapeMeasurer>(landscape, noise));
    return measurers;
}

// "A..B", or a single seed.
std::pair<std::uint64_t, std::uint64_t> seedRange(const std::string &text)
{
    const auto dots = text.find("..");
    const auto first = number<std::uint64_t>(text.substr(0, dots), "--seeds", 0);
    const auto last = dots == std::string::npos ? first : number<std::uint64_t>(text.substr(dots + 2), "--seeds", 0);
    if (last < first)
        throw UsageError("--seeds A..B needs A <= B, not '" + text + "'");
    return {first, last};
}

std::vector<std::string> commaList(const std::string &text)
{
    std::vector<std::string> items;
    for (std::size_t start = 0; start <= text.size();) {
        const auto comma = std::min(text.find(',', start), text.size());
        items.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

// --landscape with --seeds: the simulation over many seeds, with one report.
int runSimulation(const SearchOptions &o, std::ostream &out, std::ostream &err)
{
    if (o.pool.empty())
        throw UsageError("--seeds needs --pool DIR: the template mutations whose space the landscape measured");
    if (o.budgetMeasurements.empty() || !o.budgetGpuSeconds.empty())
        throw UsageError("--seeds needs --budget-measurements N");
    search::SimulationConfig config;
    auto standard = o;
    standard.policy = "topk"; // the baseline selects nothing; --policy's list is the selective searches'
    config.baseline = searchConfig(standard, "standard");
    config.mutations = o.pool;
    std::tie(config.firstSeed, config.lastSeed) = seedRange(o.seeds);
    // Every policy of --policy with every surrogate of --surrogates, each a comma-separated list.
    for (const auto &policy : commaList(o.policy)) {
        auto withPolicy = o;
        withPolicy.policy = policy;
        const auto selective = searchConfig(withPolicy, "selective");
        for (const auto &name : commaList(o.surrogates)) {
            const auto surrogate = search::simulatedSurrogateFromName(name);
            if (!surrogate)
                throw UsageError("unknown surrogate '" + name
                                 + "' in --surrogates (search-aware, pretrained, scratch, oracle, random)");
            config.selective.push_back({selective, *surrogate});
        }
    }
    const auto task = search::openStandInSource(o.pool).taskDirectory;
    const auto landscape = openLandscape(o, task);
    config.noiseSigma = landscapeNoise(o, landscape);
    config.threads = int(std::max(1u, std::thread::hardware_concurrency()));
    // Without --logs the logs go to a temporary folder that is removed at the end, however the simulation ends: 200
    // seeds of one task write about 500 MB, so a screen over the eight landscapes left behind fills a disk.
    std::optional<TemporaryFolder> temporaryLogs;
    if (o.logs.empty())
        temporaryLogs.emplace("kfx-simulation-" + landscape.task());
    config.logDirectory = temporaryLogs ? temporaryLogs->path() : o.logs;
    err << "kfx-cli search: each search's log goes to " << config.logDirectory
        << (temporaryLogs ? ", removed at the end (--logs DIR keeps them)" : "") << '\n';
    const auto report = search::simulate(config, landscape);
    if (!o.report.empty()) {
        std::ofstream file(o.report);
        file << search::simulationReportJson(report) << '\n';
        if (!file.flush())
            throw std::runtime_error("cannot write " + o.report);
    }
    out << (o.json ? search::simulationReportJson(report) + '\n' : search::simulationReportTable(report));
    return 0;
}

int runSearches(const SearchOptions &o, std::ostream &out, std::ostream &err)
{
    if (!o.seeds.empty()) {
        if (o.landscape.empty())
            throw UsageError("--seeds needs --landscape DIR: a simulation answers from recorded measurements");
        return runSimulation(o, out, err);
    }
    if (!o.landscape.empty() && !o.llm.empty())
        throw UsageError("--landscape answers the kernels of a template mutator's space: give --pool DIR");
    if (o.pool.empty() == o.llm.empty())
        throw UsageError("give exactly one mutation source: --pool DIR or --llm URL");
    if (o.log.empty())
        throw UsageError("--log OUT.jsonl is required");
    if (o.budgetMeasurements.empty() == o.budgetGpuSeconds.empty())
        throw UsageError("give exactly one budget: --budget-measurements N or --budget-gpu-seconds S");
    if (o.mode != "standard" && o.mode != "selective")
        throw UsageError("unknown --mode '" + o.mode + "' (standard, selective)");
    if (o.surrogate != "embedded" && o.surrogate != "llm")
        throw UsageError("unknown --surrogate '" + o.surrogate + "' (embedded, llm)");
    if (o.surrogate == "llm" && (o.surrogateUrl.empty() || o.surrogateModel.empty()))
        throw UsageError("--surrogate llm needs --surrogate-url URL and --surrogate-model M");
    if ((o.searchAware || o.noSearchAware) && o.mode != "selective")
        throw UsageError(std::string(o.searchAware ? "--search-aware" : "--no-search-aware")
                         + " needs --mode selective: a standard search forecasts nothing");
    if (o.searchAware && o.noSearchAware)
        throw UsageError("--search-aware and --no-search-aware contradict each other");
    if (o.resume && !o.budgetGpuSeconds.empty())
        throw UsageError("--resume needs --budget-measurements: the log does not record GPU-seconds");

    std::unique_ptr<search::MutationSource> source;
    std::string task = o.task;
    if (!o.pool.empty()) {
        auto standIn = search::openStandInSource(o.pool);
        if (task.empty())
            task = standIn.taskDirectory;
        source = std::move(standIn.source);
    } else {
        if (task.empty())
            throw UsageError("--llm needs --task DIR");
        search::LlmMutatorSettings settings;
        settings.endpoint = o.llm;
        settings.model = o.model;
        settings.apiKeyEnv = o.apiKeyEnv;
        if (!o.llmConcurrency.empty())
            settings.concurrency = number<int>(o.llmConcurrency, "--llm-concurrency", 1);
        source = std::make_unique<search::LlmMutator>(settings, task);
    }

    // One writer at a time: the measuring threads report lost workers while the search reports its progress.
    std::mutex errMutex;
    auto say = [&err, &errMutex](const std::string &line) {
        std::lock_guard lock(errMutex);
        err << line << std::flush;
    };
    std::unique_ptr<search::WorkerLauncher> launcher;
    std::optional<search::Landscape> landscape;
    auto started = [&]() -> search::SearchWorkers {
        if (!o.landscape.empty()) {
            landscape = openLandscape(o, task);
            return {search::MeasurementPool(landscapeMeasurers(o, *landscape)),
                    HardwareContext{landscape->device()},
                    false,
                    {}};
        }
        const auto workerCount = number<int>(o.workers, "--workers", 1);
        const auto timeout = std::chrono::milliseconds(number<int>(o.timeoutMs, "--timeout-ms", 1));
        launcher = workerLauncher(o, workerCount);
        launcher->notice = [&say](const std::string &line) { say("kfx-cli search: " + line + '\n'); };
        auto workers = search::startSearchWorkers(*launcher, measureRequest(o, task, timeout), workerCount, timeout);
        if (!workers.hardware && !workers.cpuMode)
            say("kfx-cli search: the worker gave no device information: " + workers.deviceProblem + '\n');
        return workers;
    }();
    const auto &hardware = started.hardware;
    auto &workers = started.pool;

    std::vector<std::pair<std::string, std::string>> runs{{o.mode, o.log}};
    if (!o.baselineLog.empty() || o.baseline) {
        runs.emplace_back("baseline", !o.baselineLog.empty() ? o.baselineLog : search::defaultBaselineLog(o.log));
    }
    std::vector<RunReport> reports;
    for (const auto &[name, log] : runs) {
        auto config = searchConfig(o, name == "baseline" ? "standard" : o.mode);
        config.taskName = fs::path(task).filename().string();
        config.hardware = hardware;
        config.timingProtocol = o.timing;
        std::unique_ptr<surrogate::Surrogate> llmSurrogate;
        std::unique_ptr<search::CandidateForecaster> forecaster;
        if (config.mode == search::SearchMode::Selective) {
            const auto context = search::selectiveForecastContext(config, task, source->seedCode());
            if (o.surrogate == "llm") {
                surrogate::LlmSettings settings;
                settings.endpoint = o.surrogateUrl;
                settings.model = o.surrogateModel;
                settings.apiKeyEnv = o.surrogateKeyEnv;
                llmSurrogate = std::make_unique<surrogate::LlmSurrogate>(settings,
                                                                         surrogate::PromptSet::builtIn(false));
                forecaster = std::make_unique<search::SurrogateForecaster>(*llmSurrogate, context);
                if (o.searchAware)
                    forecaster = search::searchAwareOver(std::move(forecaster), context);
            } else {
                auto made = search::embeddedSearchForecaster(context, config.taskName,
                                                             {!o.noPretrained, !o.noSearchAware});
                if (!made.notice.empty())
                    say("kfx-cli search: " + made.notice + '\n');
                forecaster = std::move(made.forecaster);
            }
        }
        search::SearchDriver driver(config, *source, workers, forecaster.get(), log);
        driver.progress = [&say, name = name](const std::string &line) {
            say("kfx-cli search [" + name + "]: " + line + '\n');
        };
        const auto start = std::chrono::steady_clock::now();
        auto outcome = driver.run(o.resume);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        reports.push_back({name, log, forecaster ? forecaster->label() : std::string(), std::move(outcome), wall});
    }

    if (o.json) {
        JsonWriter w;
        w.beginObject().field("task", task).field("mutations", source->label()).key("runs").beginObject();
        for (const auto &report : reports)
            writeReport(w, report);
        w.endObject().endObject();
        out << w.text() << '\n';
        return 0;
    }
    out << "task " << task << "; mutations from " << source->label() << '\n';
    for (const auto &report : reports) {
        const auto &r = report.outcome;
        out << report.name << ": best measured speedup " << r.bestMeasured.value_or(0.0) << " after " << r.measurements
            << " GPU measurements (" << r.gpuSeconds << " GPU-s), " << r.candidates << " distinct candidates ("
            << r.cachedResults << " took a measurement again from the cache), " << r.stepsCompleted << " steps, "
            << report.wallSeconds << " s; log " << report.log << '\n';
        out << "  best vs measurements:";
        for (const auto &point : r.series)
            out << ' ' << point.measurements << ':' << point.best;
        out << '\n';
    }
    return 0;
}

} // namespace

int runSearch(const Arguments &args, std::ostream &out, std::ostream &err)
{
    SearchOptions o;
    OptionReader reader("kfx-cli search");
    for (auto [name, target] : std::initializer_list<std::pair<const char *, std::string *>>{
             {"--pool", &o.pool},
             {"--llm", &o.llm},
             {"--model", &o.model},
             {"--api-key-env", &o.apiKeyEnv},
             {"--surrogate", &o.surrogate},
             {"--surrogate-url", &o.surrogateUrl},
             {"--surrogate-model", &o.surrogateModel},
             {"--surrogate-key-env", &o.surrogateKeyEnv},
             {"--llm-concurrency", &o.llmConcurrency},
             {"--task", &o.task},
             {"--mode", &o.mode},
             {"--policy", &o.policy},
             {"--threshold", &o.threshold},
             {"--coverage", &o.coverage},
             {"--alpha", &o.alpha},
             {"--delta", &o.delta},
             {"--score", &o.score},
             {"--budget-measurements", &o.budgetMeasurements},
             {"--budget-gpu-seconds", &o.budgetGpuSeconds},
             {"--steps", &o.steps},
             {"--batch-size", &o.batchSize},
             {"--samples-per-parent", &o.samplesPerParent},
             {"--k-per-parent", &o.kPerParent},
             {"--archive-capacity", &o.capacity},
             {"--c-puct", &o.cPuct},
             {"--exploration", &o.exploration},
             {"--workers", &o.workers},
             {"--launch-prefix", &o.launchPrefix},
             {"--slurm-partition", &o.slurmPartition},
             {"--slurm-gres", &o.slurmGres},
             {"--slurm-time", &o.slurmTime},
             {"--worker", &o.worker},
             {"--timeout-ms", &o.timeoutMs},
             {"--timing", &o.timing},
             {"--python", &o.python},
             {"--device", &o.device},
             {"--seed", &o.seed},
             {"--log", &o.log},
             {"--baseline-log", &o.baselineLog},
             {"--landscape", &o.landscape},
             {"--seeds", &o.seeds},
             {"--surrogates", &o.surrogates},
             {"--logs", &o.logs},
             {"--report", &o.report},
         })
        reader.value(name, target);
    reader.repeated("--slurm-option", &o.slurmOptions);
    reader.flag("--baseline", &o.baseline);
    reader.flag("--no-pretrained", &o.noPretrained);
    reader.flag("--search-aware", &o.searchAware);
    reader.flag("--no-search-aware", &o.noSearchAware);
    reader.flag("--resume", &o.resume);
    reader.flag("--json", &o.json);
    reader.flag("--noise", &o.noise);
    bool help = false;
    reader.flag("--help", &help);
    if (!reader.parse(args, err)) {
        err << kUsage;
        return 1;
    }
    if (help) {
        out << kUsage;
        return 0;
    }
    try {
        return runSearches(o, out, err);
    } catch (const search::WorkersStopped &) {
        err << "kfx-cli search: interrupted; every Slurm job it started was cancelled. Continue the search with "
               "--resume: the step it was in is run again\n";
        return 128 + int(g_interruptedBy);
    } catch (const UsageError &error) {
        err << "kfx-cli search: " << error.what() << '\n' << kUsage;
        return 1;
    } catch (const std::exception &error) {
        err << "kfx-cli search: " << error.what() << '\n';
        return 2;
    }
}

} // namespace kfx::cli
