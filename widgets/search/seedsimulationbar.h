#pragma once

#include "trustsettings.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class SearchRunChart;
class SeedSimulation;

// Beside a selective search shown with its baseline (issue 24): "[top-k] [200 seeds] Simulate Seeds" runs the pair's
// task over that many seeds of its measured landscape (SeedSimulation), with the selective search's policy chosen
// (a log does not say which its search used) at the gate bar's threshold, coverage or risk, with progress and Stop,
// draws the seeds' bands on the pair's chart and says in words what they show, so that one lucky or unlucky pair is
// not all a person sees. The bar is the two controls; its progress() and summary() are shown only while they have
// something to say, where its parent places them.
class SeedSimulationBar : public QWidget {
    Q_OBJECT
public:
    SeedSimulationBar(SearchRunChart *chart, QWidget *parent = nullptr);

    // The pair shown: its task and the GPU measurements each search may spend; an empty task, none. A simulation
    // of another pair is stopped and its result dropped.
    void setPair(const QString &task, int budget);
    // The gate's settings, which the threshold, coverage and risk policies simulate from the next simulation on.
    void setTrust(const TrustSettings &trust);

    SeedSimulation *simulation() const { return m_simulation; }
    QPushButton *button() const { return m_button; }
    QSpinBox *seeds() const { return m_seeds; }
    // The selective search's policy to simulate: top-k (Search → Run…'s default), threshold, coverage or risk.
    QComboBox *policy() const { return m_policy; }
    QProgressBar *progress() const { return m_progress; }
    QLabel *summary() const { return m_summary; }
    QString summaryText() const;
    // Starts a simulation of the pair, or stops the one running: the button's and Search → Simulate's action.
    void startOrStop();

Q_SIGNALS:
    // Whether the pair shown can be simulated (its task has a landscape), after each setPair().
    void availabilityChanged(bool available);

private:
    void showReport();
    void showIdle(const QString &text);
    void showSummary(const QString &text);

    SearchRunChart *m_chart;
    SeedSimulation *m_simulation;
    QComboBox *m_policy;
    QSpinBox *m_seeds;
    QPushButton *m_button;
    QProgressBar *m_progress;
    QLabel *m_summary;
    QString m_task;
    int m_budget = 0;
    TrustSettings m_trust;
    bool m_available = false; // the pair shown has a landscape and a budget
};
