#pragma once

#include "gpu/measuresettings.h"
#include "searchcomparison.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace kfx {
struct EvaluationOutcome;
}
class MeasureQueue;
class QLabel;
class QPushButton;
class QTimer;
class SearchRunChart;
class SeedSimulationBar;

// A selective search beside its equal-budget baseline, both finished: the best measured speedup against GPU
// evaluations for each (the Live Search dock's chart), which found the faster kernel, with how many GPU
// evaluations, and how many candidates each considered. Demo mode plays the comparison one GPU evaluation at a
// time; where a GPU answers (through the measurement workers of GPU > Measurement Settings) it measures the
// selective search's kernels live instead of reading the recorded results, and says which it is doing.
class SearchComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit SearchComparisonView(QWidget *parent = nullptr);
    ~SearchComparisonView() override;

    struct Search {
        QString path;
        std::shared_ptr<const kfx::Population> population;
    };
    // Finds a selective search and its baseline among these (X-selective.jsonl and X-baseline.jsonl) and shows
    // them; returns whether it found a pair. A demo in progress stops.
    bool setSearches(const std::vector<Search> &searches);
    bool hasPair() const { return m_selective.population != nullptr; }
    // Where the selective search's kernels are measured live (the task directory of its log).
    void setTaskDirectory(const QString &directory) { m_taskDirectory = directory; }

    // Demo mode: from no GPU evaluation to the last, one per beat (recorded) or one per live measurement.
    void playDemo();
    void stopDemo();
    bool demoRunning() const { return m_demoRunning; }
    bool measuringLive() const { return m_live; }
    // GPU evaluations the comparison shows; the last one when no demo runs.
    int cursor() const { return m_cursor; }
    int lastEvaluation() const;
    void setBeatMs(int ms);

    const searchcomparison::Figures &selectiveFigures() const { return m_selectiveFigures; }
    const searchcomparison::Figures &baselineFigures() const { return m_baselineFigures; }
    // What the view says, as plain text, for tests: where the figures come from, the verdict, the table.
    QString sourceText() const;
    QString verdictText() const;
    QString figuresText() const;
    SearchRunChart *chart() const { return m_chart; }
    SeedSimulationBar *simulationBar() const { return m_simulationBar; }
    QPushButton *demoButton() const { return m_demoButton; }

Q_SIGNALS:
    void demoFinished();
    // Whether a pair is shown, after each setSearches().
    void pairChanged(bool shown);

private:
    void step();
    void showCursor();
    void startLive();
    void onMeasured(const QString &nodeId, const QString &source, const kfx::EvaluationOutcome &outcome);
    void onProblem(const QString &problem);
    void finishDemo();
    void retireQueue();
    void showRecordedSource(const QString &why = {});
    bool canMeasureLive() const;

    Search m_selective;
    Search m_baseline;
    searchcomparison::Figures m_selectiveFigures;
    searchcomparison::Figures m_baselineFigures;
    // The selective search's GPU evaluations in order, and what each measured live.
    std::vector<std::size_t> m_measuredNodes;
    std::vector<std::optional<double>> m_liveRewards;
    int m_liveResults = 0;
    MeasureSettings m_settings;
    QString m_taskDirectory;
    std::unique_ptr<MeasureQueue> m_queue;

    SearchRunChart *m_chart;
    SeedSimulationBar *m_simulationBar;
    QLabel *m_source;
    QLabel *m_verdict;
    QLabel *m_clock;
    QLabel *m_rows[2][4];
    QPushButton *m_demoButton;
    QTimer *m_timer;
    int m_cursor = 0;
    bool m_demoRunning = false;
    bool m_live = false;
};
