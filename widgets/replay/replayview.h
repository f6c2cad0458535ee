#pragma once

#include "gate/gatepolicy.h"
#include "model/population.h"
#include "replay/counterfactualreplay.h"

#include <QWidget>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#if QT_VERSION < QT_VERSION_CHECK(6, 0, 0)
QT_CHARTS_USE_NAMESPACE
#endif

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

class DemoCandidateCard;
class FrontierChart;
class QComboBox;
class QLabel;
class QProgressBar;
class QMainWindow;
class QPushButton;
class QScrollArea;
class QSlider;
class QSpinBox;
class QSplitter;
class QTableView;
class QTimer;
class ReplayResultsModel;

// The paper's search experiment, offline: every policy replayed over the loaded search with the recorded
// measurements as the GPU, best-so-far speedup against GPU evaluations in a chart and the final figures in a
// table. Demo mode animates the same replay one GPU evaluation at a time, in large type, with a budget gauge.
// Everything scrolls inside the view, so that the dock never forces its window past a small screen.
class ReplayView : public QWidget {
    Q_OBJECT
public:
    explicit ReplayView(QWidget *parent = nullptr);
    ~ReplayView() override;

    // The search to replay, the gate the gate-driven policies use and the person's overrides they honour;
    // replays at once if the view is shown, else when it next is.
    void setSource(std::shared_ptr<const kfx::Population> population, const kfx::gate::GateSettings &gate,
                   const std::map<std::string, kfx::gate::GateOverride> &overrides = {});
    void replay();

    const std::vector<kfx::replay::PolicyOutcome> &outcomes() const;
    ReplayResultsModel *resultsModel() const { return m_results; }
    QChart *chart() const { return m_chart; }
    FrontierChart *frontierChart() const { return m_frontier; }

    bool demoMode() const { return m_demo; }
    void setDemoMode(bool demo);
    void play();
    void pause();
    // One beat of the animation: the next candidate of the followed policy appears with its forecast, or the one
    // shown gets its verdict; once that policy is done, the other policies' curves run on one evaluation a beat.
    void step();
    bool isPlaying() const;
    // The policy whose candidates the demo shows one by one (the compound search at first).
    kfx::replay::ReplayPolicy followedPolicy() const { return m_followed; }
    void setFollowedPolicy(kfx::replay::ReplayPolicy policy);
    DemoCandidateCard *candidateCard() const { return m_card; }
    // GPU evaluations the animation has reached.
    int cursor() const { return m_cursor; }
    // The last GPU evaluation any policy reaches: where the animation ends.
    int lastEvaluation() const { return m_lastEvaluation; }
    QString demoText() const;
    // The budget gauge's words and the standings' rows as plain text, for tests: both count what the followed
    // policy has spent at the cursor.
    QString budgetText() const;
    QString standingsText() const;

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Replayed;
    // Searches larger than this are replayed on a thread of their own.
    static constexpr std::size_t kReplayInBackgroundAbove = 5000;
    void finishReplay(Replayed replayed);
    void showReplayed(std::vector<kfx::replay::PolicyOutcome> outcomes, const QString &message);
    void redrawSeries();
    void applyTheme();
    void updateDemoPanel();
    void restartDemo();
    const kfx::replay::PolicyOutcome *followedOutcome() const;
    QMainWindow *hostWindow() const;
    void growDockToShowChart();
    // Sizes the chart and its neighbour anew when the mode changes or the splitter turns.
    void arrangeChartAndTable(bool modeChanged);
    // Demo mode gives the docked replay the window's room; leaving it, or closing the window in it, puts back the
    // layout from before, so that the window never saves the presenter's layout as the person's own.
    void enlargeDockForDemo();
    void restoreLayoutAfterDemo();

    std::shared_ptr<const kfx::Population> m_population;
    kfx::gate::GateSettings m_gate;
    std::map<std::string, kfx::gate::GateOverride> m_overrides;
    bool m_stale = false;
    ReplayResultsModel *m_results;
    QChart *m_chart;
    QChartView *m_chartView;
    QValueAxis *m_xAxis;
    QValueAxis *m_yAxis;
    QSplitter *m_splitter = nullptr;
    QTableView *m_table;
    FrontierChart *m_frontier;
    QSpinBox *m_perParent;
    QSpinBox *m_budget;
    QSpinBox *m_seed;
    QPushButton *m_demoButton;
    QPushButton *m_playButton;
    QPushButton *m_stepButton;
    QSlider *m_speed;
    QWidget *m_demoPanel;
    QLabel *m_demoHeadline;
    QLabel *m_demoStandings;
    QProgressBar *m_budgetGauge;
    DemoCandidateCard *m_card;
    QComboBox *m_follow;
    QLabel *m_message;
    QScrollArea *m_scroll;
    QTimer *m_timer;
    std::thread m_worker;
    // Settings changed while a replay ran: replay again once it ends.
    bool m_replayAgain = false;
    QByteArray m_layoutBeforeDemo;
    bool m_explorerHidden = false;
    bool m_demo = false;
    int m_cursor = 0;
    int m_lastEvaluation = 0;
    kfx::replay::ReplayPolicy m_followed = kfx::replay::ReplayPolicy::Compound;
    // Beats taken through the followed policy's trace: two per candidate (appear with forecast, then settle).
    std::size_t m_beat = 0;
};
