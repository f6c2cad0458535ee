#pragma once

#include "forecastrecords.h"
#include "surrogate/llmsurrogate.h"

#include <QObject>

#include <memory>
#include <thread>
#include <vector>

class QTimer;

namespace kfx::surrogate {
class SurrogateJob;
}

// Forecasts kernels of a search off the GUI thread: the embedded model is first trained on the search's own
// measured kernels (on a worker thread), then a SurrogateJob answers every query while a timer reports its
// progress. Cancelling stops the training's result from being used or the job's queries still waiting.
class ForecastRunner : public QObject {
    Q_OBJECT
public:
    enum class Source { Embedded, Llm };

    // What a finished run produced; every failure is counted and its first reason kept.
    struct Outcome {
        std::vector<forecastrecords::NodeForecast> forecasts;
        std::vector<kfx::workspace::StoredRecord> records; // forecasts, deferrals and failures as rows
        int deferrals = 0;
        int failures = 0;
        bool cancelled = false;
        QString firstFailure;
        kfx::TokenUsage tokens;
        double seconds = 0.0;
    };

    explicit ForecastRunner(QObject *parent = nullptr);
    ~ForecastRunner() override;

    // The embedded model needs this many measured kernels to learn from.
    static constexpr int kMinimumTrainingKernels = 20;

    // Starts forecasting `nodes` of `population`. False, with failed() emitted, when a run is under way, there is
    // nothing to forecast, or too few kernels were measured to train on.
    bool start(std::shared_ptr<const kfx::Population> population, std::vector<std::size_t> nodes, Source source,
               const kfx::surrogate::LlmSettings &llm = {});
    void cancel();
    bool isRunning() const { return m_running; }
    const Outcome &outcome() const { return m_outcome; }
    QString label() const;

Q_SIGNALS:
    // `what` says what runs now ("Training the embedded surrogate on 240 kernels…").
    void stageChanged(const QString &what);
    void progressChanged(int done, int total);
    void finished(const QString &summary);
    void failed(const QString &reason);

private:
    void startJob(std::unique_ptr<kfx::surrogate::Surrogate> surrogate);
    void poll();
    void finish();

    QTimer *m_poll;
    std::shared_ptr<const kfx::Population> m_population;
    std::vector<std::size_t> m_nodes;
    std::vector<kfx::ComparisonPair> m_pairs;
    Source m_source = Source::Embedded;
    std::unique_ptr<kfx::surrogate::Surrogate> m_surrogate;
    std::unique_ptr<kfx::surrogate::SurrogateJob> m_job;
    std::thread m_trainer;
    int m_run = 0; // bumped per start and per cancel, so a stale training result is dropped
    bool m_running = false;
    bool m_cancelled = false;
    qint64 m_startedMs = 0;
    Outcome m_outcome;
};
