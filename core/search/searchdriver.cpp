#include "searchdriver.h"

#include "gate/riskcontrol.h"
#include "io/fileloader.h"
#include "io/recordjson.h"
#include "measurementcache.h"
#include "model/speedupbin.h"
#include "replay/forecastreward.h"
#include "search/puct.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

// Thrown through the run when it is asked to stop; the log is left as a crash would leave it.
struct StopRun {};

EvaluationOutcome readEvaluationJson(const std::string &text)
{
    const simdjson::padded_string padded(text);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (auto error = parser.parse(padded).get(root))
        throw SearchError(std::string("an evaluation that is not JSON: ") + simdjson::error_message(error));
    return json::readEvaluation(json::asObject(root, "evaluation"));
}

void writeForecast(JsonWriter &w, const Forecast &forecast)
{
    w.beginObject().field("predicted_bin", forecast.predictedBin).key("bin_probabilities").beginObject();
    for (int bin = 1; bin <= kBinCount; ++bin)
        w.field(std::to_string(bin), forecast.probabilityOf(bin));
    w.endObject().field("reasoning", forecast.reasoning).field("raw_probability_sum", forecast.rawProbabilitySum);
    // kfx's own key, beside the reference's: the gate's confidence and top-k's expected bin read the failure mass
    // (issue 25), so a replay of the log must see it as the search did. Left out where it is 0, as the reference
    // writes it.
    if (forecast.failureProbability != 0.0)
        w.field("failure_probability", forecast.failureProbability);
    w.endObject();
}

} // namespace

bool measuredOnGpu(const KernelNode &node)
{
    if (node.status == NodeStatus::Seed || node.cached)
        return false;
    if (node.evaluation)
        return node.evaluation->kind != OutcomeKind::Forecasted;
    return node.status == NodeStatus::Failed && node.failureStage == FailureStage::Evaluation;
}

std::vector<BudgetPoint> bestMeasuredSeries(const Population &population)
{
    std::vector<BudgetPoint> series;
    double best = 0.0;
    if (!population.archive.empty())
        best = population.node(population.archive.front()).reward().value_or(0.0);
    series.push_back({0, best});
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (!measuredOnGpu(node))
            continue;
        best = std::max(best, node.reward().value_or(0.0));
        series.push_back({series.back().measurements + 1, best});
    }
    return series;
}

std::optional<std::size_t> bestMeasuredNode(const Population &population)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        const auto reward = node.reward();
        if (!reward || (node.status != NodeStatus::Seed && !measuredOnGpu(node)))
            continue;
        if (!best || *reward > *population.node(*best).reward())
            best = i;
    }
    return best;
}

// One run of the driver: the population it builds, the log it writes, the budget it spends.
class SearchDriver::Run {
public:
    Run(SearchDriver &driver)
        : m_driver(driver)
        , m_config(driver.m_config)
        , m_log(driver.m_logPath, driver.m_clock, surrogate::SecretRedactor(m_config.secrets))
        , m_setting{m_config.taskName, m_config.timingProtocol,
                    m_config.hardware ? m_config.hardware->deviceName : std::string()}
    {
    }

    void start(bool resumed);
    bool budgetLeft(int assigned = 0) const;
    void runStep(int step);
    SearchOutcome finish(bool stopped);

    std::shared_ptr<Population> population = std::make_shared<Population>();

private:
    struct Candidate {
        std::size_t parent = kNoNode;
        std::size_t node = kNoNode; // v2: none until its evaluation is requested
        std::string requestId;
        std::string evaluationRequestId; // v2: the evaluation's own request id
        std::optional<Forecast> forecast;
        bool selected = false;
        bool trusted = false;
        bool explored = false; // selected by the exploration floor, not by its rank
    };

    bool selective() const { return m_config.mode == SearchMode::Selective; }
    // The ids of a step all carry the millisecond the step started: they differ only in their seeded part, so the
    // selection's ties by request id fall the same way in every run with the same seed (issue 27: ties fell to
    // the wall clock, and ten runs with one seed wrote different searches).
    std::string nextId() { return ulidFor(m_stepStarted, m_config.seed, m_step, m_ordinal++); }
    JsonWriter event(std::string_view kind);
    // A per-candidate event: v3 names the step, the candidate and its parent in each; v2 names the parent only
    // when the mutation is requested.
    JsonWriter event(std::string_view kind, const std::string &requestId, std::size_t parent);
    void emit(JsonWriter &w);
    void initialize();
    void replayForecaster();
    std::size_t addCandidate(const std::string &id, std::size_t parent);
    void recordEvaluation(std::size_t node, const std::string &evaluationJson);
    void mutate(std::span<const std::size_t> parents, std::vector<Candidate> &candidates);
    void forecastAndSelect(std::span<const std::size_t> parents, std::vector<Candidate> &candidates);
    void evaluate(std::span<const std::size_t> parents, std::vector<Candidate> &candidates);
    // Logs a selected candidate's measurement, fresh or `cached` (an earlier one of its kernel), and records it.
    void settle(const Candidate &candidate, const MeasuredCandidate &result, bool cached);
    std::string kernelKey(const std::string &code) const { return MeasurementCache::key(m_setting, code); }
    // A node as the forecaster knows it: its code and its parent's.
    SearchKernel searchKernel(std::size_t node) const
    {
        const auto &kernel = population->node(node);
        return {kernel.code,
                kernel.parent == kNoNode ? std::string_view() : std::string_view(population->node(kernel.parent).code)};
    }
    // The risk policy's threshold, certified on the measurements so far.
    double certifiedThreshold() const;
    void closeStep(int step, std::span<const std::size_t> parents, std::span<const Candidate> candidates);
    void say(const std::string &line)
    {
        if (m_driver.progress)
            m_driver.progress(line);
    }

    SearchDriver &m_driver;
    const SearchConfig &m_config;
    SearchLogWriter m_log;
    int m_step = -1;
    std::chrono::system_clock::time_point m_stepStarted;
    int m_ordinal = 0;
    int m_events = 0;
    int m_measurements = 0;
    double m_gpuSeconds = 0.0;
    // This search's measurements by kernel: a kernel is sent to the GPU once, and drawn again takes the result.
    MeasurementSetting m_setting;
    MeasurementCache m_cache;
    int m_cachedResults = 0;
    std::unordered_set<std::string> m_kernels; // the distinct kernels the mutations produced (the candidates)
};

JsonWriter SearchDriver::Run::event(std::string_view kind)
{
    JsonWriter w;
    w.beginObject().field("kind", kind);
    if (selective() && kind != "search_initialized" && kind != "step_started" && kind != "step_completed")
        w.field("step", m_step);
    return w;
}

JsonWriter SearchDriver::Run::event(std::string_view kind, const std::string &requestId, std::size_t parent)
{
    auto w = event(kind);
    w.field("request_id", requestId);
    if (selective() || kind == "mutation_requested")
        w.field("parent_ulid", population->node(parent).id);
    return w;
}

void SearchDriver::Run::emit(JsonWriter &w)
{
    if (m_driver.stopRequested.load() || (m_driver.stopAfterEvents && m_events >= *m_driver.stopAfterEvents))
        throw StopRun{};
    m_log.emit(w);
    ++m_events;
}

void SearchDriver::Run::start(bool resumed)
{
    if (resumed)
        cutToLastClosedStep(m_driver.m_logPath, [this](const std::string &line) { say(line); });
    // A log cut back to nothing (killed while writing search_initialized) holds no search to continue.
    if (!resumed || fs::file_size(m_driver.m_logPath) == 0) {
        initialize();
        return;
    }
    auto loaded = loadFile(m_driver.m_logPath, {m_config.kPerParent, m_config.archiveCapacity});
    const auto expected = selective() ? DataFormat::PuctV3 : DataFormat::PuctV2;
    if (loaded.format != expected || !loaded.population || loaded.population->archive.empty())
        throw SearchError(m_driver.m_logPath + ": not a "
                          + std::string(selective() ? "selective (v3)" : "standard (v2)")
                          + " search log this search can resume");
    if (!loaded.diagnostics.empty())
        throw SearchError(loaded.diagnostics.front().file + ":" + std::to_string(loaded.diagnostics.front().line) + ": "
                          + loaded.diagnostics.front().message);
    population = loaded.population;
    // The reference's resume refuses a log of another search (SurrogateContextMismatch, spec §4.3).
    const auto &root = population->node(population->archive.front());
    if (root.code != m_driver.m_mutations.seedCode())
        throw SearchError(m_driver.m_logPath + ": the log's seed kernel is not this search's ("
                          + m_driver.m_mutations.label() + "); resume it with the mutation source it was started with");
    if (selective() && !population->context.opName.empty() && population->context.opName != m_config.taskName)
        throw SearchError(m_driver.m_logPath + ": the log is a search of task " + population->context.opName
                          + ", not of " + m_config.taskName);
    for (std::size_t i = 0; i < population->size(); ++i) {
        const auto &node = population->node(i);
        if (measuredOnGpu(node))
            ++m_measurements;
        if (!node.code.empty() && node.status != NodeStatus::Seed)
            m_kernels.insert(kernelKey(node.code));
        if (node.cached)
            ++m_cachedResults;
    }
    if (m_driver.m_forecaster)
        replayForecaster();
    m_cache.addFromSearchLog(m_driver.m_logPath, m_setting);
    say("resumed at step " + std::to_string(population->currentStep) + " after " + std::to_string(m_measurements)
        + " measurements");
}

// The forecaster as the search left it: the log's forecasts and measurements again, in the order the search made
// them. A forecaster that learns from how well it forecast (the search-aware one's weights) must see each step's
// forecasts before that step's measurements; taught the measurements alone, its weights started again from equal,
// and a resumed search chose other kernels than an uninterrupted one (issue 27).
void SearchDriver::Run::replayForecaster()
{
    auto &forecaster = *m_driver.m_forecaster;
    const auto nodeOf = [this](std::string_view id) {
        const auto node = population->find(std::string(id));
        if (!node)
            throw SearchError(m_driver.m_logPath + ": no candidate " + std::string(id) + " to resume with");
        return *node;
    };
    std::vector<SearchKernel> asked;                      // the forecast_requested run the search asked about at once
    std::unordered_map<std::string, std::string> childOf; // v2: an evaluation's request id → its candidate's
    std::ifstream file(m_driver.m_logPath, std::ios::binary);
    simdjson::dom::parser parser;
    for (std::string line; std::getline(file, line);) {
        simdjson::dom::element root;
        if (parser.parse(simdjson::padded_string(line)).get(root))
            throw SearchError(m_driver.m_logPath + ": a line that is not JSON");
        const auto event = json::asObject(root, "event");
        const auto kind = json::requiredString(event, "kind");
        if (kind == "forecast_requested") {
            asked.push_back(searchKernel(nodeOf(json::requiredString(event, "request_id"))));
            continue;
        }
        if (!asked.empty()) {
            forecaster.forecast(asked); // the answers are in the log already
            asked.clear();
        }
        if (kind == "search_initialized") {
            const auto seed = population->archive.front();
            forecaster.learn(searchKernel(seed), population->node(seed).reward());
        } else if (kind == "evaluation_requested") {
            if (const auto child = json::optionalString(event, "child_ulid"))
                childOf.emplace(json::requiredString(event, "request_id"), *child);
        } else if ((kind == "evaluation_completed" || kind == "evaluation_failed")
                   && !json::optionalBool(event, "cached").value_or(false)) {
            // A trusted forecast's own observation was never measured, and the forecaster never learnt it.
            if (kind == "evaluation_completed"
                && json::readEvaluation(json::requiredObject(event, "evaluation")).kind == OutcomeKind::Forecasted)
                continue;
            const std::string request(json::requiredString(event, "request_id"));
            const auto child = childOf.find(request);
            const auto node = nodeOf(child == childOf.end() ? request : child->second);
            forecaster.learn(searchKernel(node), population->node(node).reward());
        }
    }
}

void SearchDriver::Run::initialize()
{
    const std::string seedCode = m_driver.m_mutations.seedCode();
    std::vector<MeasurementPool::Job> jobs{{seedCode, "seed"}};
    MeasuredCandidate seed;
    m_driver.m_measurers.measureAll(jobs, [&](std::size_t, MeasuredCandidate &result) { seed = std::move(result); });
    if (!seed.reward)
        throw SearchError("the seed kernel did not measure correctly ("
                          + (seed.failureReason.empty() ? seed.evaluationJson : seed.failureReason)
                          + "); a search needs a measured root");
    KernelNode root;
    root.id = ulidFor(m_log.now(), m_config.seed, -1, 0);
    root.code = seedCode;
    root.language = detectKernelLanguage(root.code);
    root.status = NodeStatus::Seed;
    root.inArchive = root.everInArchive = true;
    root.evaluation = readEvaluationJson(seed.evaluationJson);
    const auto index = population->add(root);
    population->archive = {index};
    population->archivedCode = {seedCode};
    if (m_driver.m_forecaster)
        m_driver.m_forecaster->learn(searchKernel(index), seed.reward);
    // A mutation can come back to the seed kernel; it is then taken from here, not measured again.
    m_cache.add(kernelKey(seedCode), seed);

    auto w = event("search_initialized");
    w.key("root").beginObject().field("program_code", seedCode).key("ancestors").beginArray().endArray();
    w.key("evaluation").raw(seed.evaluationJson).field("ulid", root.id).field("is_seed", true).endObject();
    if (selective()) {
        w.key("kernel_task").beginObject().field("op_name", m_config.taskName).field("level_id", 0).field("task_id", 0);
        w.endObject().field("seed_reference_code", seedCode);
        // kfx's addition: which surrogate forecast (pretrained or not), for reading the log later.
        w.field("forecaster", m_driver.m_forecaster->label());
        if (m_config.hardware) {
            const auto &h = *m_config.hardware;
            w.key("hardware").beginObject().field("device_name", h.deviceName).key("compute_capability").beginArray();
            w.value(h.computeCapabilityMajor).value(h.computeCapabilityMinor).endArray();
            w.field("total_global_memory_gb", h.totalGlobalMemoryGb)
                .field("multiprocessor_count", h.multiprocessorCount)
                .field("max_threads_per_multiprocessor", h.maxThreadsPerMultiprocessor)
                .field("clock_rate_ghz", h.clockRateGhz)
                .field("memory_clock_rate_ghz", h.memoryClockRateGhz)
                .field("memory_bus_width_bits", h.memoryBusWidthBits)
                .endObject();
        }
    }
    emit(w);
    say("seed measured: speedup " + std::to_string(*seed.reward));
}

bool SearchDriver::Run::budgetLeft(int assigned) const
{
    if (m_config.budgetMeasurements && m_measurements + assigned >= *m_config.budgetMeasurements)
        return false;
    return !(m_config.budgetGpuSeconds && m_gpuSeconds >= *m_config.budgetGpuSeconds);
}

std::size_t SearchDriver::Run::addCandidate(const std::string &id, std::size_t parent)
{
    KernelNode node;
    node.id = id;
    node.step = m_step;
    node.status = NodeStatus::Pending;
    const auto index = population->add(std::move(node));
    population->setParent(index, parent);
    return index;
}

void SearchDriver::Run::recordEvaluation(std::size_t index, const std::string &evaluationJson)
{
    auto &node = population->node(index);
    node.evaluation = readEvaluationJson(evaluationJson);
    if (!node.evaluation->reward) {
        node.status = NodeStatus::Failed;
        node.failureStage = FailureStage::Outcome;
    }
}

void SearchDriver::Run::runStep(int step)
{
    m_step = step;
    m_stepStarted = m_log.now();
    m_ordinal = 0;
    const auto parents = puct::selectParents(*population, m_config.batchSize, m_config.cPuct);
    auto w = event("step_started");
    w.field("step", step).key("parent_ulids").beginArray();
    for (auto parent : parents)
        w.value(population->node(parent).id);
    w.endArray();
    if (selective()) {
        const auto scored = puct::scoreArchive(*population, m_config.cPuct);
        w.key("selected_parent_scores").beginArray();
        for (auto parent : parents)
            w.value(std::ranges::find(scored, parent, &puct::ScoredNode::node)->score);
        w.endArray();
    }
    emit(w);
    population->steps.push_back({step, parents, {}, false, 0});

    std::vector<Candidate> candidates;
    mutate(parents, candidates);
    if (selective())
        forecastAndSelect(parents, candidates);
    evaluate(parents, candidates);
    closeStep(step, parents, candidates);
}

void SearchDriver::Run::mutate(std::span<const std::size_t> parents, std::vector<Candidate> &candidates)
{
    // A standard search measures every mutation, so it asks for no more than the budget can measure.
    int wanted = int(parents.size()) * m_config.samplesPerParent;
    if (!selective() && m_config.budgetMeasurements)
        wanted = std::min(wanted, *m_config.budgetMeasurements - m_measurements);
    for (int slot = 0; slot < wanted; ++slot) {
        Candidate candidate;
        candidate.parent = parents[std::size_t(slot / m_config.samplesPerParent)];
        candidate.requestId = nextId();
        // v3 names the candidate by its request id from the start; v2 only once its evaluation is requested.
        if (selective())
            candidate.node = addCandidate(candidate.requestId, candidate.parent);
        auto w = event("mutation_requested", candidate.requestId, candidate.parent);
        w.field("started_at", m_log.timestamp());
        emit(w);
        candidates.push_back(std::move(candidate));
    }
    // A source that allows it is asked for the whole step at once; the log still takes the answers in slot order.
    const auto concurrent = std::min<std::size_t>(std::size_t(std::max(1, m_driver.m_mutations.concurrency())),
                                                  candidates.size());
    std::vector<MutationResult> answers(concurrent > 1 ? candidates.size() : 0);
    if (concurrent > 1) {
        std::atomic<std::size_t> next{0};
        std::vector<std::jthread> threads;
        for (std::size_t t = 0; t < concurrent; ++t) {
            threads.emplace_back([&] {
                for (std::size_t i = next++; i < candidates.size(); i = next++)
                    answers[i] = m_driver.m_mutations.mutate(
                        {*population, candidates[i].parent, m_step, int(i), m_config.seed});
            });
        }
    }
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        auto &candidate = candidates[i];
        auto result = concurrent > 1
            ? std::move(answers[i])
            : m_driver.m_mutations.mutate({*population, candidate.parent, m_step, int(i), m_config.seed});
        if (!result.code) {
            auto w = event("mutation_failed", candidate.requestId, candidate.parent);
            w.field("reason", result.failureReason).field("completed_at", m_log.timestamp());
            emit(w);
            ++population->counters.mutationFailures;
            if (selective()) {
                auto &node = population->node(candidate.node);
                node.status = NodeStatus::Failed;
                node.failureStage = FailureStage::Mutation;
                node.failureReason = result.failureReason;
                candidate.node = kNoNode;
            } else {
                population->failedMutations.push_back({candidate.parent, m_step, result.failureReason, 0});
            }
            continue;
        }
        m_kernels.insert(kernelKey(*result.code));
        auto w = event("mutation_completed", candidate.requestId, candidate.parent);
        w.field("code", *result.code);
        if (selective())
            w.key("llm_usage").null();
        w.field("completed_at", m_log.timestamp());
        emit(w);
        if (selective()) {
            population->node(candidate.node).code = *result.code;
            continue;
        }
        const auto childId = nextId();
        candidate.evaluationRequestId = nextId();
        candidate.node = addCandidate(childId, candidate.parent);
        population->node(candidate.node).code = *result.code;
        w = event("evaluation_requested");
        w.field("request_id", candidate.evaluationRequestId)
            .field("child_ulid", childId)
            .field("parent_ulid", population->node(candidate.parent).id)
            .field("code", *result.code)
            .field("from_mutation_request_id", candidate.requestId)
            .field("started_at", m_log.timestamp());
        emit(w);
        candidate.selected = true;
    }
    if (selective()) {
        for (auto parent : parents) {
            auto w = event("mutations_drained");
            w.field("parent_ulid", population->node(parent).id);
            emit(w);
        }
    }
}

void SearchDriver::Run::forecastAndSelect(std::span<const std::size_t> parents, std::vector<Candidate> &candidates)
{
    std::vector<SearchKernel> kernels;
    std::vector<Candidate *> asked;
    for (auto &candidate : candidates) {
        if (candidate.node == kNoNode)
            continue;
        auto w = event("forecast_requested", candidate.requestId, candidate.parent);
        w.field("code", population->node(candidate.node).code).field("started_at", m_log.timestamp());
        emit(w);
        kernels.push_back(searchKernel(candidate.node));
        asked.push_back(&candidate);
    }
    auto answers = m_driver.m_forecaster->forecast(kernels);
    for (std::size_t i = 0; i < asked.size(); ++i) {
        auto &candidate = *asked[i];
        auto &node = population->node(candidate.node);
        if (auto *reason = std::get_if<std::string>(&answers[i])) {
            auto w = event("forecast_failed", candidate.requestId, candidate.parent);
            w.field("reason", *reason).field("completed_at", m_log.timestamp());
            emit(w);
            node.status = NodeStatus::Failed;
            node.failureStage = FailureStage::Forecast;
            node.failureReason = *reason;
            continue;
        }
        candidate.forecast = std::get<Forecast>(answers[i]);
        auto w = event("forecast_completed", candidate.requestId, candidate.parent);
        w.key("forecast");
        writeForecast(w, *candidate.forecast);
        w.key("llm_usage").null().field("completed_at", m_log.timestamp());
        emit(w);
        node.forecasts.push_back(*candidate.forecast);
    }
    for (auto parent : parents) {
        auto w = event("forecasts_drained");
        w.field("parent_ulid", population->node(parent).id);
        emit(w);
    }

    // Per parent, the top k_per_parent by expected bin index (or the forecaster's own selection score), ties by
    // request id (spec §4.3), which within a step is the order of the ids' seeded part (nextId).
    std::vector<Candidate *> selected;
    std::vector<Candidate *> allRanked; // parent by parent, each in rank order: the order the selections are logged
    std::unordered_set<std::string> stepKernels;
    const int explored = int(std::floor(m_config.explorationShare * double(m_config.kPerParent) + 1e-9));
    for (std::size_t parentIndex = 0; parentIndex < parents.size(); ++parentIndex) {
        const auto parent = parents[parentIndex];
        std::vector<Candidate *> ranked;
        for (auto &candidate : candidates) {
            if (candidate.forecast && population->node(candidate.node).parent == parent)
                ranked.push_back(&candidate);
        }
        std::ranges::sort(ranked, [](const Candidate *a, const Candidate *b) {
            const double sa = a->forecast->rankingScore(), sb = b->forecast->rankingScore();
            return sa != sb ? sa > sb : a->requestId < b->requestId;
        });
        // A kernel measured before is selected at no cost, outside k_per_parent, and one drawn already in this
        // step is deferred (its twin's result stands for it): either way the next candidate takes its place.
        int drawn = 0;
        std::vector<Candidate *> left; // new kernels the ranking did not reach: the exploration floor's choice
        for (auto *candidate : ranked) {
            const auto key = kernelKey(population->node(candidate->node).code);
            if (m_cache.find(key)) {
                candidate->selected = true;
            } else if (drawn < m_config.kPerParent - explored && stepKernels.insert(key).second) {
                selected.push_back(candidate);
                ++drawn;
            } else if (!stepKernels.contains(key)) {
                left.push_back(candidate);
            }
        }
        // Seeded by the search's seed, step and parent alone, so a resumed search draws the same.
        std::mt19937_64 random(m_config.seed ^ (std::uint64_t(m_step) << 32) ^ parentIndex);
        while (drawn < m_config.kPerParent && !left.empty()) {
            const auto pick = std::uniform_int_distribution<std::size_t>(0, left.size() - 1)(random);
            auto *candidate = left[pick];
            left.erase(left.begin() + std::ptrdiff_t(pick));
            if (!stepKernels.insert(kernelKey(population->node(candidate->node).code)).second)
                continue;
            candidate->explored = true;
            selected.push_back(candidate);
            ++drawn;
        }
        allRanked.insert(allRanked.end(), ranked.begin(), ranked.end());
    }
    // Which selected candidates the gate trusts (the rest go to the GPU).
    if (m_config.policy == SelectionPolicy::Threshold) {
        for (auto *candidate : selected)
            candidate->trusted = metrics::confidence(m_config.confidence, *candidate->forecast) >= m_config.threshold;
    } else if (m_config.policy == SelectionPolicy::Coverage) {
        std::vector<Candidate *> byConfidence = selected;
        std::ranges::stable_sort(byConfidence, [&](const Candidate *a, const Candidate *b) {
            return metrics::confidence(m_config.confidence, *a->forecast)
                > metrics::confidence(m_config.confidence, *b->forecast);
        });
        const auto trusted = std::size_t(std::floor(m_config.coverage * double(byConfidence.size()) + 1e-9));
        for (std::size_t i = 0; i < trusted; ++i)
            byConfidence[i]->trusted = true;
    }
    if (m_config.policy == SelectionPolicy::Risk) {
        const double threshold = certifiedThreshold();
        for (auto *candidate : selected)
            candidate->trusted = metrics::confidence(m_config.confidence, *candidate->forecast) >= threshold;
    }
    // A candidate the budget cannot measure is deferred like one that ranked too low.
    int assigned = 0;
    for (auto *candidate : selected) {
        candidate->selected = candidate->trusted || budgetLeft(assigned);
        assigned += candidate->selected && !candidate->trusted ? 1 : 0;
    }
    for (auto *ranked : allRanked) {
        auto &candidate = *ranked;
        const double score = candidate.forecast->rankingScore();
        auto w = event(candidate.selected ? "candidate_selected" : "candidate_deferred", candidate.requestId,
                       candidate.parent);
        w.field("selection_score", score);
        if (candidate.explored)
            w.field("explored", true);
        emit(w);
        auto &node = population->node(candidate.node);
        node.selectionScore = score;
        if (!candidate.selected)
            node.status = NodeStatus::Deferred;
    }
}

double SearchDriver::Run::certifiedThreshold() const
{
    // Calibration: every candidate measured so far whose forecast came before its measurement, those that failed
    // as errors. Those of this step are not measured yet, so the gate never sees the answers it is about to be
    // asked for.
    std::vector<metrics::SelectiveRow> rows;
    for (std::size_t i = 0; i < population->size(); ++i) {
        const auto &node = population->node(i);
        const auto bin = node.evaluation ? node.evaluation->judgedBin() : std::nullopt;
        if (measuredOnGpu(node) && bin && !node.forecasts.empty())
            rows.push_back({*bin, node.reward().value_or(0.0), &node.forecasts.back()});
    }
    gate::RiskControlRequest request;
    request.score = m_config.confidence;
    request.alpha = m_config.alpha;
    request.delta = m_config.delta;
    return gate::riskControlledThreshold(rows, request).threshold;
}

void SearchDriver::Run::evaluate(std::span<const std::size_t> parents, std::vector<Candidate> &candidates)
{
    std::vector<MeasurementPool::Job> jobs;
    std::vector<Candidate *> measured;
    std::vector<Candidate *> twins; // a standard search's candidates whose kernel another one of the step measures
    std::unordered_set<std::string> stepKernels;
    for (auto &candidate : candidates) {
        if (!candidate.selected)
            continue;
        const auto &code = population->node(candidate.node).code;
        if (selective()) {
            auto w = event("evaluation_requested", candidate.requestId, candidate.parent);
            w.field("code", code).field("started_at", m_log.timestamp());
            emit(w);
        }
        if (candidate.trusted) {
            // The abstaining search's forecast observation: the forecast's expected speedup stands for a measurement.
            const double expected = replay::expectedSpeedupReward(*candidate.forecast);
            JsonWriter evaluation;
            evaluation.beginObject().key("observation").beginObject().field("kind", "forecast").key("estimate");
            writeForecast(evaluation, *candidate.forecast);
            evaluation.field("expected_speedup", expected).endObject().field("reward", expected).endObject();
            auto w = event("evaluation_completed", candidate.requestId, candidate.parent);
            w.key("evaluation").raw(evaluation.text()).field("completed_at", m_log.timestamp());
            emit(w);
            recordEvaluation(candidate.node, evaluation.text());
            continue;
        }
        const auto key = kernelKey(code);
        if (const auto *known = m_cache.find(key)) {
            settle(candidate, *known, true);
            continue;
        }
        if (!stepKernels.insert(key).second) {
            twins.push_back(&candidate);
            continue;
        }
        jobs.push_back({code, population->node(candidate.node).id});
        measured.push_back(&candidate);
    }
    m_driver.m_measurers.measureAll(jobs, [&](std::size_t i, MeasuredCandidate &result) {
        const auto &candidate = *measured[i];
        ++m_measurements;
        m_gpuSeconds += result.gpuSeconds;
        m_cache.add(kernelKey(population->node(candidate.node).code), result);
        settle(candidate, result, false);
    });
    // Every twin's kernel was measured in this batch; the replay orders children by request, not by result.
    for (const auto *twin : twins)
        settle(*twin, *m_cache.find(kernelKey(population->node(twin->node).code)), true);
    if (selective()) {
        for (auto parent : parents) {
            auto w = event("evaluations_drained");
            w.field("parent_ulid", population->node(parent).id);
            emit(w);
        }
    }
}

void SearchDriver::Run::settle(const Candidate &candidate, const MeasuredCandidate &result, bool cached)
{
    // v2 joins the evaluation to its own request id, v3 to the candidate's.
    auto w = event(result.failureReason.empty() ? "evaluation_completed" : "evaluation_failed",
                   selective() ? candidate.requestId : candidate.evaluationRequestId, candidate.parent);
    if (result.failureReason.empty())
        w.key("evaluation").raw(result.evaluationJson);
    else
        w.field("reason", result.failureReason);
    if (cached)
        w.field("cached", true);
    w.field("completed_at", m_log.timestamp());
    emit(w);
    if (result.failureReason.empty()) {
        recordEvaluation(candidate.node, result.evaluationJson);
    } else {
        auto &node = population->node(candidate.node);
        node.status = NodeStatus::Failed;
        node.failureStage = FailureStage::Evaluation;
        node.failureReason = result.failureReason;
    }
    population->node(candidate.node).cached = cached;
    if (cached)
        ++m_cachedResults;
    else if (m_driver.m_forecaster)
        m_driver.m_forecaster->learn(searchKernel(candidate.node), result.reward);
}

void SearchDriver::Run::closeStep(int step, std::span<const std::size_t> parents, std::span<const Candidate> candidates)
{
    // The reducers' _finalize_step: evaluated children of parents still archived, in log order.
    std::vector<puct::StepChild> children;
    for (const auto &candidate : candidates) {
        if (!candidate.selected || candidate.node == kNoNode)
            continue;
        const auto &node = population->node(candidate.node);
        const bool failedMeasuring = node.status == NodeStatus::Failed && node.failureStage == FailureStage::Evaluation;
        if (node.evaluation && !failedMeasuring && population->node(node.parent).inArchive)
            children.push_back({candidate.node, node.parent});
    }
    auto w = event("step_completed");
    w.field("step", step);
    emit(w);
    puct::finalizeStep(*population, parents, children, {m_config.kPerParent, m_config.archiveCapacity});
    for (const auto &candidate : candidates) {
        if (candidate.selected && candidate.node != kNoNode) {
            auto &node = population->node(candidate.node);
            if (node.status == NodeStatus::Pending && node.evaluation)
                node.status = NodeStatus::NotAdmitted;
        }
    }
    ++population->counters.stepsCompleted;
    population->steps.back().completed = true;
    population->currentStep = step + 1;
    std::string best = "none";
    if (auto index = population->bestArchiveNode())
        best = std::to_string(*population->node(*index).reward());
    say("step " + std::to_string(step) + " done: " + std::to_string(m_measurements) + " measurements, "
        + std::to_string(m_kernels.size()) + " distinct candidates, " + std::to_string(m_cachedResults)
        + " cached results, best archived reward " + best);
}

SearchOutcome SearchDriver::Run::finish(bool stopped)
{
    SearchOutcome outcome;
    outcome.population = population;
    outcome.stepsCompleted = population->currentStep;
    outcome.measurements = m_measurements;
    outcome.gpuSeconds = m_gpuSeconds;
    outcome.candidates = int(m_kernels.size());
    outcome.cachedResults = m_cachedResults;
    outcome.budgetSpent = !budgetLeft();
    outcome.stopped = stopped;
    outcome.series = bestMeasuredSeries(*population);
    outcome.bestMeasured = outcome.series.back().best;
    return outcome;
}

SearchDriver::SearchDriver(SearchConfig config, MutationSource &mutations, MeasurementPool &measurers,
                           CandidateForecaster *forecaster, std::string logPath, WallClock clock)
    : m_config(std::move(config))
    , m_mutations(mutations)
    , m_measurers(measurers)
    , m_forecaster(forecaster)
    , m_logPath(std::move(logPath))
    , m_clock(clock ? std::move(clock) : WallClock([] { return std::chrono::system_clock::now(); }))
{
    if (m_config.mode == SearchMode::Selective && !m_forecaster)
        throw SearchError("a selective search needs a surrogate to forecast its candidates");
    if (m_config.batchSize < 1 || m_config.samplesPerParent < 1 || m_config.kPerParent < 1 || m_config.steps < 0)
        throw SearchError("batch size, samples per parent and k_per_parent must be at least 1");
    if (m_measurers.size() == 0)
        throw SearchError("a search needs at least one measurement worker");
}

SearchDriver::~SearchDriver() = default;

SearchOutcome SearchDriver::run(bool resume)
{
    std::error_code error;
    const bool hasLog = fs::exists(m_logPath, error) && fs::file_size(m_logPath, error) > 0;
    if (hasLog && !resume)
        throw SearchError(m_logPath + ": the log already exists; resume it (--resume) or choose another file");
    Run run(*this);
    try {
        run.start(hasLog);
        for (int step = run.population->currentStep; step < m_config.steps && run.budgetLeft(); ++step)
            run.runStep(step);
    } catch (const StopRun &) {
        return run.finish(true);
    }
    return run.finish(false);
}

} // namespace kfx::search
