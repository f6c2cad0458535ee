#pragma once

#include "gatesession.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSlider;
class QToolButton;

// The gate's controls for a toolbar: which score, where to cut (slider and number), a target coverage or a
// risk bound to cut by, the counters of what the cut means, and the workspace's message when the data changed.
// It drives a GateSession and follows it, so undo and a reopened workspace move the controls too.
class GateBar : public QWidget {
    Q_OBJECT
public:
    explicit GateBar(GateSession *session, QWidget *parent = nullptr);

    QComboBox *scoreBox() const { return m_score; }
    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *thresholdBox() const { return m_threshold; }
    QDoubleSpinBox *coverageBox() const { return m_coverage; }
    QDoubleSpinBox *alphaBox() const { return m_alpha; }
    QDoubleSpinBox *deltaBox() const { return m_delta; }
    QPushButton *coverageButton() const { return m_applyCoverage; }
    QPushButton *riskButton() const { return m_applyRisk; }
    QComboBox *correctionBox() const { return m_correction; }
    QComboBox *pValueBox() const { return m_pValue; }
    // The online monitor's line (hidden until a certified threshold arms it) and the fallback it offers.
    QLabel *monitorLabel() const { return m_monitorLabel; }
    QToolButton *deferEverythingButton() const { return m_deferEverything; }
    // Shown when the trusted kernels measured so far disagree with their forecasts far more often than α allows.
    QLabel *riskWarningLabel() const { return m_riskWarning; }
    // Whose forecasts the counters count (ForecastSourceChoice's box), put before them.
    void showSourceBox(QWidget *box);
    // The counters as one line, as a screen reader and the tests read them.
    QString countersText() const;
    QString messageText() const;

    // The slider's steps across the score's range.
    static constexpr int kSliderSteps = 1000;

private:
    void followSettings();
    void showCounters();
    void showMessage(const QString &message);
    void onSliderMoved(int value);
    void onThresholdEdited(double value);
    void applyRiskControl();
    void showMonitor();
    void showRiskWarning();
    void changeEvent(QEvent *event) override;
    std::pair<double, double> scoreRange() const;

    GateSession *m_session;
    QComboBox *m_score;
    QSlider *m_slider;
    QDoubleSpinBox *m_threshold;
    QDoubleSpinBox *m_coverage;
    QPushButton *m_applyCoverage;
    QDoubleSpinBox *m_alpha;
    QDoubleSpinBox *m_delta;
    QComboBox *m_correction;
    QComboBox *m_pValue;
    QPushButton *m_applyRisk;
    QLabel *m_monitorLabel;
    QToolButton *m_deferEverything;
    QHBoxLayout *m_counters;
    QLabel *m_coverageCount;
    QLabel *m_trustedCount;
    QLabel *m_deferredCount;
    QLabel *m_overriddenCount;
    QLabel *m_gpuCount;
    QLabel *m_riskCount;
    QLabel *m_riskResult;
    QLabel *m_riskWarning;
    QWidget *m_messageBar;
    QLabel *m_message;
    QToolButton *m_acceptData;
    QToolButton *m_setAside;
    bool m_following = false; // set while the controls follow the session, so they do not push it back
};
