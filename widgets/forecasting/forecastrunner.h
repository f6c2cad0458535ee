#pragma once

#include "session/forecastrecords.h"
#include "surrogate/forecastcache.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/pretrainedmodels.h"
#include "workspace/embeddedmodelstore.h"

#include <QObject>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

class QTimer;

namespace kfx::surrogate {
class SurrogateJob;
}

// Forecasts kernels of a search off the GUI thread. The embedded model comes from the workspace when it was
// trained on the same measured kernels, else it is trained (on a worker thread) and saved there; answers come
// from the workspace's forecast cache when the same surrogate, model and prompts answered the same query before,
// and only the rest go to a SurrogateJob while a timer reports its progress and keeps each answer in the cache as
// it comes. Cancelling stops the job's queries still waiting (a training under way finishes and is kept, since it
// is valid).
//
// When measurements land, measurementsAdded() retrains in the background and the new model replaces the old
// one when done; the status of that is backgroundStatus().
//
// With a pretrained model installed (kfx::surrogate::PretrainedModels), the embedded surrogate starts from it:
// too few measured kernels to learn from means forecasts from the pretrained model for the search's task (the one
// that never saw that task when the corpus has it) instead of none, and enough means continued training of the
// pretrained model on them (its trees kept, new ones added), so it keeps learning rather than starting over.
class ForecastRunner : public QObject {
    Q_OBJECT
public:
    // Pretrained: the pretrained model as it is, so forecasts of the search's measured kernels are held out (what
    // the Calibration view and the gate need on opening); Embedded when none is installed.
    enum class Source { Embedded, Pretrained, Llm };

    // What a finished run produced; every failure is counted and its first reason kept.
    struct Outcome {
        // Shared with the search shown, which they join: on an 80,000-kernel search a copy was 30 MB.
        std::shared_ptr<const std::vector<forecastrecords::NodeForecast>> forecasts =
            std::make_shared<const std::vector<forecastrecords::NodeForecast>>();
        int deferrals = 0;
        int failures = 0;
        int cached = 0;       // answered from the forecast cache
        int asked = 0;        // distinct queries the surrogate was asked
        bool trained = false; // the run had to train the embedded model first
        bool cancelled = false;
        QString firstFailure;
        QString model; // which embedded model answered ("pretrained on the … corpus, never saw this task"), or empty
        kfx::TokenUsage tokens;
        double seconds = 0.0;
    };

    explicit ForecastRunner(QObject *parent = nullptr);
    ~ForecastRunner() override;

    // The embedded model needs this many measured kernels to learn from.
    static constexpr int kMinimumTrainingKernels = 20;

    // Where models and answers are kept (null: in memory only, for this session). Not during a run.
    void setWorkspace(kfx::workspace::Workspace *workspace);
    // What the embedded model learns from: the measured kernels of every open search, the one forecast included,
    // as `kfx-cli forecast` learns across every file it is given (one search alone is often too small). Empty:
    // the measured kernels of the search forecast.
    void setTrainingPairs(std::vector<kfx::ComparisonPair> measured);
    // The task the search's file name gives ("rms_norm-baseline.jsonl" → rms_norm), for choosing the pretrained
    // model of a log that names no task itself (a v2 log); the log's own op name wins.
    void setFileTask(std::string task) { m_fileTask = std::move(task); }
    // The code of the search's task reference, which its logged speedups are measured against and the pretrained
    // models' pairs compare with; empty when the task is not known (then the search's own reference).
    void setTaskReference(std::string code) { m_taskReference = std::move(code); }
    // Whether a pretrained model would answer for `population` (Source::Pretrained forecasts held out).
    bool hasPretrainedModel(const kfx::Population &population) { return pretrainedFor(population) != nullptr; }

    // Starts forecasting `nodes` of `population`. False, with failed() emitted, when a run is under way or there
    // is nothing to forecast, and with tooLittleToLearn() when too few kernels were measured to train on and no
    // pretrained model is installed.
    bool start(std::shared_ptr<const kfx::Population> population, std::vector<std::size_t> nodes, Source source,
               const kfx::surrogate::LlmSettings &llm = {});
    void cancel();
    // Stops a run at once and drops its answers not yet kept in the cache (finished() says so): the data and
    // workspace it was started on are going away. A training under way is dropped when it arrives.
    void abandon();
    // How many rows a run makes before it hands them to the workspace: a thousand, about 0.7 MB of JSON.
    void setRowsHandedOverAtOnce(std::size_t rows) { m_rowsHandedOverAtOnce = std::max<std::size_t>(rows, 1); }
    bool isRunning() const { return m_running; }
    bool isTraining() const { return m_training.has_value(); }
    const Outcome &outcome() const { return m_outcome; }
    QString label() const;
    // The label with the embedded model that answers, when it is (or grew from) the pretrained one.
    QString answeredBy() const;
    // The embedded model forecasts use now (null before one was trained or loaded).
    std::shared_ptr<const kfx::surrogate::EmbeddedModel> embeddedModel() const { return m_models.latest(); }
    // How many embedded models were trained, and loaded from the workspace, by this runner.
    int trainings() const { return m_trainings; }
    int modelLoads() const { return m_models.loads(); }

public Q_SLOTS:
    // New measured kernels: retrains the embedded model on `population`'s measured kernels off the GUI thread,
    // unless the model in use already learnt from exactly those.
    void measurementsAdded(std::shared_ptr<const kfx::Population> population);

Q_SIGNALS:
    // `what` says what runs now ("Training the embedded surrogate on 240 kernels…").
    void stageChanged(const QString &what);
    void progressChanged(int done, int total);
    // A run's forecasts, deferrals and failures are in the workspace as rows (the only copy) once this is said;
    // some may be before, for they are saved as they are made.
    void finished(const QString &summary);
    void failed(const QString &reason);
    // The embedded surrogate has too few measured kernels to learn from: nothing was started.
    void tooLittleToLearn(const QString &reason);
    // Background retraining: started, done (the new model in use) or failed.
    void backgroundStatus(const QString &what);
    // Rows of a run's forecasts could not be added to the workspace.
    void rowsNotSaved(const QString &reason);
    void modelReplaced();

private:
    struct Training {
        std::vector<kfx::surrogate::TrainingExample> examples;
        std::string hash;
        bool background = false;
        std::shared_ptr<const kfx::surrogate::EmbeddedModel> base; // continued from (the pretrained model), or null
    };

    std::vector<kfx::surrogate::TrainingExample> examplesFrom(const kfx::Population &population) const;
    // The pretrained model for the population's task, read once per task; none when none is installed or it is
    // unreadable (said through backgroundStatus()).
    const kfx::surrogate::PretrainedModel *pretrainedFor(const kfx::Population &population);
    Training trainingFor(std::vector<kfx::surrogate::TrainingExample> examples,
                         const kfx::surrogate::PretrainedModel *pretrained, bool background) const;
    std::shared_ptr<const kfx::surrogate::EmbeddedModel> knownModel(const std::string &hash, qint64 rows);
    void train(Training training);
    void onTrained(std::shared_ptr<const kfx::surrogate::EmbeddedModel> model, const QString &error);
    // The surrogate a run asks: made already, or a prequential one continued from `continuedFrom`, made where the
    // pairs are since making it reads every measured kernel of the search.
    struct SurrogateToMake {
        std::unique_ptr<kfx::surrogate::Surrogate> made;
        std::shared_ptr<const kfx::surrogate::EmbeddedModel> continuedFrom;
        std::shared_ptr<const kfx::surrogate::ParentAnchoredForecaster> parentAnchored; // beside continuedFrom
    };
    // What a run reads from every kernel: its pair, query and cache key, one per node in m_nodes' order.
    struct Prepared {
        std::unique_ptr<kfx::surrogate::Surrogate> surrogate; // null when it could not be made
        std::vector<kfx::ComparisonPair> pairs;
        std::vector<kfx::surrogate::KernelRuntimeQuery> queries;
        std::vector<kfx::surrogate::CacheKey> keys;
        bool continued = false; // a prequential surrogate learns from the search for some kernel
        bool searchAware = false; // and does so inside the search-aware forecaster
        std::size_t measured = 0; // the search's measured kernels, where a prequential surrogate was made
    };
    // What a run's results become, besides the workspace rows saveRows() is handed: the forecasts read back from
    // those rows.
    struct Recorded {
        std::vector<forecastrecords::NodeForecast> forecasts;
        int failures = 0;
        int deferrals = 0;
        QString firstFailure;
    };
    // Prepares the run's kernels on m_worker, then onPrepared() asks the cache and starts the job.
    void startJob(SurrogateToMake surrogate);
    void onPrepared(int run, const std::shared_ptr<Prepared> &prepared, const QString &error);
    // Rows of the results, made on m_worker, into the workspace the run started with.
    void saveRows(int run, const std::vector<kfx::workspace::StoredRecord> &rows);
    // The results recorded on m_worker: the run ends.
    void onRecorded(int run, const std::shared_ptr<Recorded> &recorded);
    // Stops the work under way on m_worker at its next kernel, and waits for its thread.
    void stopWorker();
    void poll();
    void keepAnswersSoFar();
    void finish(std::vector<kfx::surrogate::SurrogateResult> answers);

    QTimer *m_poll;
    kfx::workspace::Workspace *m_workspace = nullptr;
    kfx::workspace::EmbeddedModelStore m_models;
    std::unique_ptr<kfx::surrogate::ForecastCache> m_cache;
    std::shared_ptr<const kfx::Population> m_population;
    std::vector<std::size_t> m_nodes;
    std::vector<kfx::ComparisonPair> m_pairs;
    std::vector<kfx::ComparisonPair> m_trainingPairs;
    Source m_source = Source::Embedded;
    std::optional<kfx::surrogate::PretrainedModel> m_pretrained;
    std::optional<std::string> m_pretrainedTask; // the task m_pretrained was looked up for
    std::string m_fileTask;
    kfx::SharedText m_taskReference; // shared by every pair of a run
    std::unique_ptr<kfx::surrogate::Surrogate> m_surrogate;
    std::unique_ptr<kfx::surrogate::CachePlan> m_plan;
    std::unique_ptr<kfx::surrogate::SurrogateJob> m_job;
    // Reads every kernel of a run, off the GUI thread: prepares its pairs before the job, records its results after.
    std::thread m_worker;
    std::atomic<bool> m_stopWorker{false};
    std::size_t m_rowsHandedOverAtOnce = 1000;

    std::thread m_trainer;
    std::optional<Training> m_training;     // the one on m_trainer
    std::optional<Training> m_nextTraining; // asked for while another ran: only the latest is kept
    std::string m_waitingFor;               // the run waits for a model trained on examples with this digest
    int m_trainings = 0;
    std::shared_ptr<const kfx::surrogate::EmbeddedModel> m_lastTrained; // whichever workspace it was kept in
    std::string m_lastTrainedHash;

    int m_runs = 0; // runs started, to tell a late answer for an abandoned run from one for the current run
    int m_rowsNotSavedRun = 0; // the run whose rows the workspace refused, said once
    bool m_running = false;
    bool m_cancelled = false;
    qint64 m_startedMs = 0;
    qint64 m_keptMs = 0; // when the job's answers were last kept in the cache
    Outcome m_outcome;
};
