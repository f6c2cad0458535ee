#pragma once

#include "search/searchdriver.h"
#include "search/simulation.h"

#include <QtCharts/QAreaSeries>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#if QT_VERSION < QT_VERSION_CHECK(6, 0, 0)
QT_CHARTS_USE_NAMESPACE
#endif

#include <memory>
#include <optional>
#include <vector>

namespace kfx::replay {
class LogFollower;
}

// The paper's headline figure for a run started from the window: the best measured speedup against GPU
// measurements spent, for the search and for its equal-budget baseline, read from their logs as they grow.
class SearchRunChart : public QChartView {
    Q_OBJECT
public:
    explicit SearchRunChart(QWidget *parent = nullptr);
    ~SearchRunChart() override;

    // Follows these logs (the search's, then the baseline's) from their start; `budget` spans the axis (0: fit).
    void follow(const QStringList &logs, int budget);
    // Reads a run's log again from its start: a resumed run rewrites the step its pause left open.
    void restart(int run);
    // Reads what the logs gained since the last refresh and redraws.
    void refresh();
    // Shows finished runs (no log followed), each line named by `names`: two searches opened side by side.
    void showSeries(const QStringList &names, std::vector<std::vector<kfx::search::BudgetPoint>> series, int budget);
    // Draws every run only up to this many measurements (a demo's clock); -1 draws all.
    void setShownUpTo(int measurements);
    // Beside the runs, what many seeds of each did (SeedSimulation): band i, in run i's colour, is the best found's
    // 10–90 % band after each measurement count, with its median dashed. Gone on the next follow() or showSeries().
    struct Band {
        QString name;
        std::vector<kfx::search::Band> byBudget; // index b − 1: after b measurements
    };
    void showBands(std::vector<Band> bands);
    int bandCount() const { return static_cast<int>(m_bands.size()); }
    QAreaSeries *bandArea(int band) const { return m_bands.at(band).area; }

    int runCount() const { return static_cast<int>(m_runs.size()); }
    const std::vector<kfx::search::BudgetPoint> &series(int run) const { return m_runs.at(run).points; }
    // The GPU measurements a run has spent so far.
    int measurements(int run) const { return series(run).empty() ? 0 : series(run).back().measurements; }
    // The best measured speedup of a run so far; none before its seed is measured.
    std::optional<double> best(int run) const;
    QLineSeries *line(int run) const { return m_runs.at(run).line; }

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Run {
        QString log;
        std::unique_ptr<kfx::replay::LogFollower> follower;
        std::vector<kfx::search::BudgetPoint> points;
        QLineSeries *line = nullptr;
    };
    struct BandSeries {
        QAreaSeries *area = nullptr;
        QLineSeries *median = nullptr;
        double highest = 0.0;
        int budget = 0;
    };
    void applyTheme();
    void addRun(const QString &name, const QString &log);
    void drawRuns();
    void clearAll();

    std::vector<Run> m_runs;
    std::vector<BandSeries> m_bands;
    int m_budget = 0;
    int m_shownUpTo = -1;
    QValueAxis *m_measurements;
    QValueAxis *m_best;
};
