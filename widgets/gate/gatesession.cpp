#include "gatesession.h"

#include "model/speedupbin.h"
#include "session/gatecandidates.h"

#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using kfx::gate::GateOverride;
using kfx::gate::OverrideMode;
using kfx::workspace::StoredGateSettings;

// Command ids for QUndoCommand::mergeWith.
constexpr int kThresholdCommandId = 1;

// A slider drag writes once it pauses, not at every pixel: SQLite's full sync costs a disk flush per write.
constexpr int kWriteDelayMs = 300;

bool sameSettings(const StoredGateSettings &a, const StoredGateSettings &b)
{
    return a.gate.score == b.gate.score && a.gate.threshold == b.gate.threshold && a.targetCoverage == b.targetCoverage
        && a.riskAlpha == b.riskAlpha && a.riskDelta == b.riskDelta;
}

std::string toStd(const QString &text)
{
    return text.toStdString();
}

} // namespace

class GateSession::SettingsCommand : public QUndoCommand {
public:
    SettingsCommand(GateSession *session, StoredGateSettings before, StoredGateSettings after, bool mergeable)
        : m_session(session)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeable(mergeable)
    {
        setText(mergeable ? GateSession::tr("Move Gate Threshold") : GateSession::tr("Change Gate"));
    }
    void undo() override { m_session->applySettings(m_before, true); }
    void redo() override { m_session->applySettings(m_after, !m_mergeable); }
    int id() const override { return m_mergeable ? kThresholdCommandId : -1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const SettingsCommand *>(other);
        if (!next->m_mergeable)
            return false;
        m_after = next->m_after;
        return true;
    }

private:
    GateSession *m_session;
    StoredGateSettings m_before;
    StoredGateSettings m_after;
    bool m_mergeable;
};

class GateSession::OverrideCommand : public QUndoCommand {
public:
    OverrideCommand(GateSession *session, std::map<std::string, GateOverride> before,
                    std::map<std::string, GateOverride> after, const QString &text)
        : QUndoCommand(text)
        , m_session(session)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void undo() override { m_session->applyOverrides(m_before); }
    void redo() override { m_session->applyOverrides(m_after); }

private:
    GateSession *m_session;
    std::map<std::string, GateOverride> m_before;
    std::map<std::string, GateOverride> m_after;
};

GateSession::GateSession(SessionWorkspace *workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_undoStack(new QUndoStack(this))
    , m_writeTimer(new QTimer(this))
    , m_decisions(std::make_shared<const std::vector<kfx::gate::GateDecision>>())
{
    m_settings.gate.threshold = kfx::workspace::defaultGateThreshold(m_settings.gate.score);
    m_writeTimer->setSingleShot(true);
    m_writeTimer->setInterval(kWriteDelayMs);
    connect(m_writeTimer, &QTimer::timeout, this, &GateSession::writeSettings);
    connect(m_workspace, &SessionWorkspace::opened, this, &GateSession::restoreFromWorkspace);
    connect(m_workspace, &SessionWorkspace::closing, this, &GateSession::leaveWorkspace);
}

GateSession::~GateSession()
{
    flush();
}

void GateSession::flush()
{
    if (m_writeTimer->isActive()) {
        m_writeTimer->stop();
        writeSettings();
    }
}

void GateSession::setPopulation(std::shared_ptr<const kfx::Population> population)
{
    // A search never changes once made: the same one judges the same, and its listeners (the replay of every
    // policy) would only redo their work, holding its memory again at the window's peak.
    if (population == m_population)
        return;
    m_population = std::move(population);
    m_candidates.clear();
    if (m_population) {
        for (std::size_t i = 0; i < m_population->size(); ++i) {
            if (gatecandidates::isCandidate(m_population->node(i)))
                m_candidates.push_back(i);
        }
    }
    rescore();
    Q_EMIT populationChanged();
}

void GateSession::restoreFromWorkspace()
{
    auto *workspace = m_workspace->current();
    try {
        m_overrides = workspace->overrides();
        auto settings = workspace->gateSettings().value_or(StoredGateSettings{});
        if (!workspace->gateSettings())
            settings.gate.threshold = kfx::workspace::defaultGateThreshold(settings.gate.score);
        QStringList unreadable;
        for (const auto &line : settings.unreadable)
            unreadable << QString::fromStdString(line) + QLatin1Char('.');
        if (!unreadable.isEmpty())
            m_workspace->reportUnreadable(unreadable.join(QLatin1Char(' ')));
        m_settings = settings;
    } catch (const std::exception &error) {
        // Said as a workspace that cannot be opened is: the gate goes on without what it held.
        m_workspace->reportError(tr("The workspace could not be opened"), error);
    }
    rescore();
    Q_EMIT settingsChanged();
    Q_EMIT overridesChanged();
}

void GateSession::leaveWorkspace()
{
    flush();
    m_undoStack->clear();
    m_monitor = {};
    Q_EMIT monitorChanged();
}

void GateSession::setScore(kfx::metrics::ConfidenceScore score)
{
    if (score == m_settings.gate.score)
        return;
    auto settings = m_settings;
    settings.gate.score = score;
    settings.gate.threshold = kfx::workspace::defaultGateThreshold(score);
    settings.targetCoverage.reset();
    pushSettings(settings, false);
}

void GateSession::setThreshold(double threshold)
{
    if (threshold == m_settings.gate.threshold)
        return;
    auto settings = m_settings;
    settings.gate.threshold = threshold;
    settings.targetCoverage.reset();
    pushSettings(settings, true);
}

double GateSession::applyTargetCoverage(double coverage)
{
    const auto rows = selectiveRows(false);
    auto settings = m_settings;
    settings.gate.threshold = kfx::metrics::thresholdForCoverage(rows, m_settings.gate.score, coverage);
    settings.targetCoverage = coverage;
    pushSettings(settings, false);
    return settings.gate.threshold;
}

kfx::gate::RiskControlledThreshold
GateSession::applyRiskControl(double alpha, double delta, kfx::gate::Correction correction, kfx::gate::PValue pValue)
{
    const auto rows = selectiveRows(true);
    kfx::gate::RiskControlRequest request;
    request.score = m_settings.gate.score;
    request.alpha = alpha;
    request.delta = delta;
    request.correction = correction;
    request.pValue = pValue;
    const auto result = kfx::gate::riskControlledThreshold(rows, request);
    m_monitor = {};
    if (result.certified) {
        m_monitor.armed = true;
        m_monitor.settings = {alpha, delta};
        m_monitorFrom = measuredCandidates();
    }
    auto settings = m_settings;
    settings.riskAlpha = alpha;
    settings.riskDelta = delta;
    settings.targetCoverage.reset();
    if (result.certified)
        settings.gate.threshold = result.threshold;
    pushSettings(settings, false);
    return result;
}

void GateSession::deferEverything()
{
    setThreshold(std::numeric_limits<double>::infinity());
}

int GateSession::measuredCandidates() const
{
    return static_cast<int>(
        std::count_if(m_judged.begin(), m_judged.end(), [](Judged judged) { return judged != Judged::Unknown; }));
}

void GateSession::updateMonitor()
{
    if (!m_monitor.armed)
        return;
    // Recomputed from the measurements each time: the same counts an incremental update reaches, and a threshold
    // moved since is then applied to all of them alike.
    kfx::gate::RiskMonitor monitor(m_monitor.settings);
    int measured = 0;
    QString raisedBy;
    for (std::size_t i = 0; i < m_candidates.size(); ++i) {
        if (m_judged[i] == Judged::Unknown || ++measured <= m_monitorFrom)
            continue;
        if (monitor.observe(m_candidateDecisions[i].trusted(), m_judged[i] != Judged::Right) && !m_monitor.alarmed()) {
            raisedBy = QString::fromStdString(m_population->node(m_candidates[i]).id);
            m_monitor.alarmLowerBound = monitor.lowerBound();
        }
    }
    m_monitor.watched = monitor.observations();
    m_monitor.trusted = monitor.trusted();
    m_monitor.wrong = monitor.trustedWrong();
    m_monitor.lowerBound = monitor.lowerBound();
    m_monitor.upperBound = monitor.upperBound();
    if (!raisedBy.isEmpty())
        m_monitor.alarmNodeId = raisedBy;
    Q_EMIT monitorChanged();
    if (!raisedBy.isEmpty())
        Q_EMIT monitorAlarmed(raisedBy);
}

void GateSession::pushSettings(const StoredGateSettings &settings, bool mergeable)
{
    if (sameSettings(settings, m_settings))
        return;
    m_undoStack->push(new SettingsCommand(this, m_settings, settings, mergeable));
}

void GateSession::applySettings(const StoredGateSettings &settings, bool writeNow)
{
    const bool rescored = settings.gate.score != m_settings.gate.score;
    m_settings = settings;
    if (writeNow) {
        m_writeTimer->stop();
        writeSettings();
    } else {
        m_writeTimer->start();
    }
    if (rescored)
        rescore();
    else
        regate();
    Q_EMIT settingsChanged();
}

void GateSession::writeSettings()
{
    auto *workspace = m_workspace ? m_workspace->current() : nullptr;
    if (!workspace)
        return;
    try {
        workspace->saveGateSettings(m_settings);
    } catch (const std::exception &error) {
        m_workspace->reportError(tr("The gate settings could not be saved"), error);
    }
}

void GateSession::setOverride(const QStringList &nodeIds, OverrideMode mode, const QString &note)
{
    std::map<std::string, GateOverride> before;
    std::map<std::string, GateOverride> after;
    for (const auto &id : nodeIds) {
        const auto key = toStd(id);
        const auto it = m_overrides.find(key);
        before[key] = it != m_overrides.end() ? it->second : GateOverride{};
        auto next = before[key];
        next.mode = mode;
        if (!note.isNull())
            next.note = toStd(note);
        after[key] = next;
    }
    bool changes = false;
    for (const auto &[id, value] : after)
        changes = changes || value.mode != before[id].mode || value.note != before[id].note;
    if (!changes)
        return;
    const int count = static_cast<int>(nodeIds.size());
    QString text;
    switch (mode) {
    case OverrideMode::Trust:
        text = tr("Trust %n Kernel(s)", nullptr, count);
        break;
    case OverrideMode::Defer:
        text = tr("Defer %n Kernel(s)", nullptr, count);
        break;
    case OverrideMode::Auto:
        text = tr("Return %n Kernel(s) to the Gate", nullptr, count);
        break;
    }
    m_undoStack->push(new OverrideCommand(this, std::move(before), std::move(after), text));
}

void GateSession::applyOverrides(const std::map<std::string, GateOverride> &changes)
{
    for (const auto &[id, value] : changes) {
        if (value.mode == OverrideMode::Auto && value.note.empty())
            m_overrides.erase(id);
        else
            m_overrides[id] = value;
    }
    // The whole action in one transaction: a crash keeps all of it or none of it.
    try {
        if (auto *workspace = m_workspace->current())
            workspace->setOverrides(changes);
    } catch (const std::exception &error) {
        m_workspace->reportError(tr("The override could not be saved"), error);
    }
    rescore();
    Q_EMIT overridesChanged();
}

OverrideMode GateSession::overrideFor(const std::string &nodeId) const
{
    const auto it = m_overrides.find(nodeId);
    return it == m_overrides.end() ? OverrideMode::Auto : it->second.mode;
}

std::vector<kfx::metrics::SelectiveRow> GateSession::selectiveRows(bool measuredOnly) const
{
    std::vector<kfx::metrics::SelectiveRow> rows;
    if (!m_population)
        return rows;
    for (const auto index : m_candidates) {
        const auto &node = m_population->node(index);
        const auto bin = node.evaluation ? node.evaluation->judgedBin() : std::nullopt;
        if (measuredOnly && !bin)
            continue;
        const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
        rows.push_back({bin.value_or(kfx::kFailureBin), speedup.value_or(0.0), gatecandidates::forecastOf(node)});
    }
    return rows;
}

GateSession::Judged GateSession::judge(std::optional<int> judgedBin, const kfx::Forecast *forecast)
{
    if (judgedBin == kfx::kFailureBin)
        return Judged::Failed; // judged even without a forecast: a person may have trusted it by hand
    if (!judgedBin || !forecast)
        return Judged::Unknown;
    return forecast->predictedBin == *judgedBin ? Judged::Right : Judged::WrongBin;
}

void GateSession::rescore()
{
    m_inputs.clear();
    m_judged.clear();
    if (m_population) {
        m_inputs.reserve(m_candidates.size());
        m_judged.reserve(m_candidates.size());
        for (const auto index : m_candidates) {
            const auto &node = m_population->node(index);
            const auto *forecast = gatecandidates::forecastOf(node);
            kfx::gate::SurrogateAnswer answer;
            const kfx::gate::SurrogateAnswer *answerPtr = nullptr;
            if (forecast) {
                answer = *forecast;
                answerPtr = &answer;
            } else if (gatecandidates::modelDeferred(node)) {
                answer = kfx::gate::Deferral{*node.evaluation->deferralReason};
                answerPtr = &answer;
            }
            m_inputs.push_back(kfx::gate::gateInput(answerPtr, m_settings.gate.score, overrideFor(node.id)));
            m_judged.push_back(judge(node.evaluation ? node.evaluation->judgedBin() : std::nullopt, forecast));
        }
    }
    regate();
}

void GateSession::regate()
{
    m_candidateDecisions.resize(m_inputs.size());
    kfx::gate::decideAll(m_inputs, m_settings.gate.threshold, m_candidateDecisions);
    const auto counts = kfx::gate::countDecisions(m_candidateDecisions);
    Summary summary;
    summary.candidates = static_cast<int>(m_candidateDecisions.size());
    summary.trusted = counts.trusted;
    summary.deferred = counts.deferred;
    summary.overridden = counts.overridden;
    summary.gpuEvaluations = counts.deferred;
    for (std::size_t i = 0; i < m_candidateDecisions.size(); ++i) {
        if (!m_candidateDecisions[i].trusted() || m_judged[i] == Judged::Unknown)
            continue;
        ++summary.trustedMeasured;
        summary.trustedWrong += int(m_judged[i] != Judged::Right);
        summary.trustedFailed += int(m_judged[i] == Judged::Failed);
    }
    m_summary = summary;

    auto decisions = std::make_shared<std::vector<kfx::gate::GateDecision>>(m_population ? m_population->size() : 0);
    for (std::size_t i = 0; i < m_candidates.size(); ++i)
        (*decisions)[m_candidates[i]] = m_candidateDecisions[i];
    m_decisions = std::move(decisions);
    Q_EMIT decisionsChanged();
    updateMonitor();
}
