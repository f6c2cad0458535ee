#include "searchreplay.h"

#include "io/recordjson.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

namespace kfx {

SearchReplay::SearchReplay(Population &population, const ReplayOptions &options, Diagnostics &diagnostics,
                           std::string fileLabel)
    : m_population(population)
    , m_options(options)
    , m_diagnostics(diagnostics)
    , m_label(std::move(fileLabel))
{
}

void SearchReplay::apply(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "search_initialized") {
        initialize(event, line);
        return;
    }
    if (m_population.archive.empty() && m_population.size() == 0)
        report(line, "event \"" + std::string(kind) + "\" comes before search_initialized");
    checkStep(kind, event, line);
    if (!applyKind(kind, event, line))
        report(line, "unknown event kind \"" + std::string(kind) + "\"");
}

int SearchReplay::readStep(const json::Object &event)
{
    const auto step = json::requiredInteger(event, "step");
    // Narrowed unchecked, 2^32 + 1 would be read as step 1, and -1 is the seed's step and "no step open".
    if (step < 0 || step > std::numeric_limits<int>::max())
        throw json::FieldError("\"step\": " + std::to_string(step) + " is not a step number");
    return int(step);
}

// Without this, only step_started and step_completed read an event's step (issue 27): a forecast_requested of step
// -1, 1e300 or "abc" went through without a word. step_completed reports a step other than the open one itself.
void SearchReplay::checkStep(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "step_started" || kind == "step_completed" || !json::hasField(event, "step"))
        return;
    if (const int step = readStep(event); step != m_openStep)
        report(line,
               std::string(kind) + ": step " + std::to_string(step) + " is not the open step "
                   + std::to_string(m_openStep) + "; the open step is used");
}

void SearchReplay::initialize(const json::Object &event, std::int64_t line)
{
    if (!m_population.archive.empty()) {
        report(line, "a second search_initialized event; the search was already initialised");
        return;
    }
    const auto root = json::requiredObject(event, "root");
    KernelNode seed;
    seed.id = std::string(json::requiredString(root, "ulid"));
    setCode(seed, json::requiredString(root, "program_code"));
    seed.evaluation = json::readEvaluation(json::requiredObject(root, "evaluation"));
    seed.status = NodeStatus::Seed;
    seed.inArchive = seed.everInArchive = true;
    if (auto existing = m_population.find(seed.id);
        existing && m_population.node(*existing).status != NodeStatus::Placeholder) {
        report(line,
               "search_initialized: root " + seed.id + " was already introduced on line "
                   + std::to_string(m_population.node(*existing).firstLine) + "; this event is ignored");
        return;
    }
    // A root that earlier events named as a parent is that placeholder, filled in: it keeps its children.
    const auto index = m_population.nodeOrPlaceholder(seed.id, line);
    auto &node = m_population.node(index);
    seed.firstLine = node.firstLine;
    seed.children = std::move(node.children);
    node = std::move(seed);
    m_population.archive = {index};
    m_population.archivedCode = {node.code};

    if (auto task = json::optionalObject(event, "kernel_task")) {
        m_population.context.opName = std::string(json::requiredString(*task, "op_name"));
        m_population.context.levelId = int(json::optionalInteger(*task, "level_id").value_or(0));
        m_population.context.taskId = int(json::optionalInteger(*task, "task_id").value_or(0));
    }
    if (auto reference = json::optionalString(event, "seed_reference_code"))
        m_population.context.seedReferenceCode = std::string(*reference);
    if (auto hardware = json::optionalObject(event, "hardware"))
        m_population.context.hardware = json::readHardwareContext(*hardware);
    // Every key but these is ignored, so a damaged one is lost without a word: a flipped bit that made "hardware"
    // "hard7are" dropped the search's GPU (issue 27's probe). None of the reference's writers or kfx's writes another
    // (kfx-cli generate marks its stand-in logs "synthetic"). A null is no value lost: the HF dataset's flattened
    // rows hold every event's columns, null where the event has none.
    constexpr std::array<std::string_view, 7> kKnown{"kind",     "root",       "kernel_task", "seed_reference_code",
                                                     "hardware", "forecaster", "synthetic"};
    for (auto field : event) {
        if (!field.value.is_null() && std::find(kKnown.begin(), kKnown.end(), field.key) == kKnown.end())
            m_diagnostics.push_back({m_label, line,
                                     "search_initialized: unknown key \"" + std::string(field.key)
                                         + "\" ignored (known: root, kernel_task, seed_reference_code, hardware, "
                                           "forecaster, synthetic)",
                                     Severity::Warning});
    }
}

StepRecord &SearchReplay::startStep(const json::Object &event, std::int64_t line)
{
    StepRecord record;
    record.step = readStep(event);
    record.line = line;
    for (auto element : json::requiredArray(event, "parent_ulids"))
        record.parents.push_back(referencedNode(json::asString(element, "parent_ulids entry"), line, "step parent"));
    if (auto scores = json::optionalArray(event, "selected_parent_scores")) {
        for (auto element : *scores)
            record.parentScores.push_back(json::asNumber(element, "selected_parent_scores entry"));
    }
    if (m_openStep >= 0)
        report(line, "step " + std::to_string(record.step) + " starts while step " + std::to_string(m_openStep)
                         + " is still open (a resumed search); the open step's work is dropped, as the "
                           "reference's replay does");
    m_openStep = record.step;
    m_population.steps.push_back(std::move(record));
    return m_population.steps.back();
}

std::size_t SearchReplay::referencedNode(std::string_view id, std::int64_t line, std::string_view role)
{
    if (auto index = m_population.find(id))
        return *index;
    report(line, std::string(role) + " " + std::string(id) + " is not a node of this log; kept as a placeholder");
    return m_population.nodeOrPlaceholder(id, line);
}

std::optional<std::size_t> SearchReplay::addCandidate(std::string_view id, std::size_t parent, int step,
                                                      std::int64_t line)
{
    if (auto existing = m_population.find(id)) {
        auto &node = m_population.node(*existing);
        if (node.everInArchive) {
            report(line,
                   "node " + std::string(id) + ", introduced on line " + std::to_string(node.firstLine)
                       + ", is introduced again although it " + (node.inArchive ? "is" : "was")
                       + " an archive member; this event is ignored (a damaged log?)");
            return std::nullopt;
        }
        if (node.status != NodeStatus::Placeholder)
            report(line, "node " + std::string(id) + " is introduced a second time; the later event wins");
        node.status = NodeStatus::Pending;
        node.step = step;
        m_population.setParent(*existing, parent);
        return *existing;
    }
    KernelNode node;
    node.id = std::string(id);
    node.step = step;
    node.status = NodeStatus::Pending;
    node.firstLine = line;
    const auto index = m_population.add(std::move(node));
    m_population.setParent(index, parent);
    return index;
}

void SearchReplay::recordEvaluation(std::size_t index, const json::Object &event)
{
    auto evaluation = json::readEvaluation(json::requiredObject(event, "evaluation"));
    auto &counters = m_population.counters;
    ++counters.evaluationsCompleted;
    if (evaluation.reward)
        ++counters.evaluationsCorrect;
    auto &node = m_population.node(index);
    markCached(index, event);
    if (!evaluation.reward) {
        node.status = NodeStatus::Failed;
        node.failureStage = FailureStage::Outcome;
    }
    node.evaluation = std::move(evaluation);
}

void SearchReplay::markCached(std::size_t index, const json::Object &event)
{
    m_population.node(index).cached = json::optionalBool(event, "cached").value_or(false);
}

void SearchReplay::markFailed(std::size_t index, FailureStage stage, std::string reason)
{
    auto &node = m_population.node(index);
    node.status = NodeStatus::Failed;
    node.failureStage = stage;
    node.failureReason = std::move(reason);
}

void SearchReplay::completeStep(int step)
{
    for (auto it = m_population.steps.rbegin(); it != m_population.steps.rend(); ++it) {
        if (it->step == step) {
            it->completed = true;
            break;
        }
    }
    m_population.currentStep = step + 1;
    m_openStep = -1;
}

void SearchReplay::setCode(KernelNode &node, std::string_view code)
{
    auto known = m_distinctCode.find(code);
    if (known == m_distinctCode.end()) {
        SharedText text(code);
        const std::string_view key = text;
        const auto language = detectKernelLanguage(key);
        known = m_distinctCode.emplace(key, DistinctCode{std::move(text), language}).first;
    }
    node.code = known->second.text;
    node.language = known->second.language;
}

void SearchReplay::report(std::int64_t line, std::string message)
{
    m_diagnostics.push_back({m_label, line, std::move(message)});
}

} // namespace kfx
