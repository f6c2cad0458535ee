#pragma once

#include "gate/gatepolicy.h"
#include "gate/riskcontrol.h"
#include "gate/riskmonitor.h"
#include "model/population.h"
#include "session/sessionworkspace.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QTimer;
class QUndoStack;

// The gate over one search: which score it reads, where it cuts, what a person overrode, and what that costs;
// remembered in the session's workspace beside the data. Every change a person makes goes through the undo stack, and
// every change the stack applies is written to the workspace at once.
class GateSession : public QObject {
    Q_OBJECT
public:
    // What one gating means for the search: the gate bar's counters.
    struct Summary {
        int candidates = 0;
        int trusted = 0;
        int deferred = 0;
        int overridden = 0;
        int gpuEvaluations = 0;  // deferred candidates: each costs a measurement
        int trustedMeasured = 0; // trusted candidates whose truth is known
        int trustedWrong = 0;    // of which wrong: the forecast named the wrong bin, or the kernel failed
        int trustedFailed = 0;   // of the wrong ones, kernels that failed to compile, crashed or computed wrong
        double coverage() const { return candidates == 0 ? 0.0 : double(trusted) / candidates; }
        std::optional<double> risk() const
        {
            return trustedMeasured == 0 ? std::nullopt : std::optional(double(trustedWrong) / trustedMeasured);
        }
    };

    explicit GateSession(SessionWorkspace *workspace, QObject *parent = nullptr);
    ~GateSession() override;

    // The search the gate judges; decisions are recomputed for it, overrides and settings kept.
    void setPopulation(std::shared_ptr<const kfx::Population> population);
    const std::shared_ptr<const kfx::Population> &population() const { return m_population; }

    // The workspace the gate keeps its settings and overrides in, and restores them from when it opens.
    SessionWorkspace *workspace() const { return m_workspace; }

    QUndoStack *undoStack() const { return m_undoStack; }

    const kfx::workspace::StoredGateSettings &settings() const { return m_settings; }
    // Undoable. Consecutive threshold moves merge into one step, as a slider drag is one gesture.
    void setScore(kfx::metrics::ConfidenceScore score);
    void setThreshold(double threshold);
    // The spec's midpoint rule over the candidates' forecasts; undoable. Returns the threshold.
    double applyTargetCoverage(double coverage);
    // The lowest threshold Learn-then-Test certifies on the measured candidates; undoable when one is certified.
    // A certified threshold arms the online monitor over the measurements that arrive from then on.
    kfx::gate::RiskControlledThreshold
    applyRiskControl(double alpha, double delta, kfx::gate::Correction correction = kfx::gate::Correction::Bonferroni,
                     kfx::gate::PValue pValue = kfx::gate::PValue::ClopperPearson);
    // The fallback once the monitor alarms: nothing is trusted, every candidate goes to the GPU; undoable.
    void deferEverything();

    // The online risk monitor (issue 17): armed by a certified threshold, it watches the trusted forecasts whose
    // measurements arrive afterwards (a followed log growing), re-judged under the gate as it stands.
    struct MonitorState {
        bool armed = false;
        kfx::gate::RiskMonitorSettings settings;
        std::int64_t watched = 0; // measurements since arming
        std::int64_t trusted = 0;
        std::int64_t wrong = 0;
        double lowerBound = 0.0;
        double upperBound = 1.0;
        // Once raised, the alarm stays until the gate is certified again, whatever the threshold does since.
        QString alarmNodeId;
        double alarmLowerBound = 0.0;
        bool alarmed() const { return !alarmNodeId.isEmpty(); }
    };
    const MonitorState &monitor() const { return m_monitor; }

    // One undoable action for all `nodeIds`. Auto with no note removes the override.
    void setOverride(const QStringList &nodeIds, kfx::gate::OverrideMode mode, const QString &note = {});
    const std::map<std::string, kfx::gate::GateOverride> &overrides() const { return m_overrides; }
    kfx::gate::OverrideMode overrideFor(const std::string &nodeId) const;

    // Indexed by node, for the tree. Replaced (never changed in place) on every re-gating.
    const std::shared_ptr<const std::vector<kfx::gate::GateDecision>> &decisions() const { return m_decisions; }
    const Summary &summary() const { return m_summary; }
    // The measured candidates with their forecasts, for risk control and coverage targets.
    std::vector<kfx::metrics::SelectiveRow> selectiveRows(bool measuredOnly) const;

    // Writes settings still waiting for the end of a slider drag.
    void flush();

Q_SIGNALS:
    // Another search, or the same with forecasts or measurements added: setPopulation() was called.
    void populationChanged();
    void decisionsChanged();
    void settingsChanged();
    void overridesChanged();
    void monitorChanged();
    // The measurement of `nodeId` showed the trusted forecasts' error rate above the certified α.
    void monitorAlarmed(const QString &nodeId);

private:
    class SettingsCommand;
    class OverrideCommand;

    void pushSettings(const kfx::workspace::StoredGateSettings &settings, bool mergeable);
    void applySettings(const kfx::workspace::StoredGateSettings &settings, bool writeNow);
    void applyOverrides(const std::map<std::string, kfx::gate::GateOverride> &changes);
    void writeSettings();
    void rescore();
    void regate();
    void updateMonitor();
    int measuredCandidates() const;
    // Restores the settings and overrides the workspace just opened holds.
    void restoreFromWorkspace();
    // Writes what waits for a slider drag's end to the workspace about to close; undo and the monitor start afresh.
    void leaveWorkspace();

    std::shared_ptr<const kfx::Population> m_population;
    QPointer<SessionWorkspace> m_workspace;
    QUndoStack *m_undoStack;
    QTimer *m_writeTimer;

    kfx::workspace::StoredGateSettings m_settings;
    std::map<std::string, kfx::gate::GateOverride> m_overrides;

    // What the measurement says of a candidate's forecast, were it trusted.
    enum class Judged : std::uint8_t {
        Unknown, // no verdict yet, or a measured kernel without a forecast to judge
        Right,
        WrongBin,
        Failed, // the kernel failed to compile, crashed or computed wrong results: wrong whatever the forecast
    };
    static Judged judge(std::optional<int> judgedBin, const kfx::Forecast *forecast);

    // Per candidate: its node, its gate input under the current score, and what its measurement says.
    std::vector<std::size_t> m_candidates;
    std::vector<kfx::gate::GateInput> m_inputs;
    std::vector<Judged> m_judged;
    std::vector<kfx::gate::GateDecision> m_candidateDecisions;
    std::shared_ptr<const std::vector<kfx::gate::GateDecision>> m_decisions;
    Summary m_summary;
    MonitorState m_monitor;
    int m_monitorFrom = 0; // measured candidates already known when the monitor was armed
};
