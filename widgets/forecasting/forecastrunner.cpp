#include "forecastrunner.h"

#include "io/jsonfields.h"
#include "io/threadpriority.h"
#include "surrogate/cachekeymaker.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/prequential.h"
#include "surrogate/searchawareprequential.h"
#include "surrogate/surrogatejob.h"
#include "workspace/workspaceforecastcache.h"

#include <QDateTime>
#include <QLocale>
#include <QTimer>

#include <algorithm>

namespace {

constexpr int kProgressPollMs = 100;
// How often answers are kept while they come: each keeping is a synced transaction on the GUI thread.
constexpr qint64 kKeepAnswersMs = 1000;

QString pretrainedNote(const kfx::surrogate::PretrainedModel &pretrained)
{
    const auto hardware = QString::fromStdString(pretrained.hardware);
    return pretrained.heldOut ? ForecastRunner::tr("pretrained on the %1 corpus, never saw this task").arg(hardware)
                              : ForecastRunner::tr("pretrained on the %1 corpus").arg(hardware);
}

// Whether a prequential surrogate continues its base model on the search's own measurements for some pair.
bool learnsFromTheSearch(const kfx::surrogate::PrequentialSurrogate &surrogate,
                         const std::vector<kfx::ComparisonPair> &pairs)
{
    return std::any_of(pairs.begin(), pairs.end(), [&](const kfx::ComparisonPair &pair) {
        return surrogate.measurementsBefore(pair.candidateCode) >= kfx::surrogate::EmbeddedModel::kMinimumExamples;
    });
}

} // namespace

ForecastRunner::ForecastRunner(QObject *parent)
    : QObject(parent)
    , m_poll(new QTimer(this))
    , m_cache(std::make_unique<kfx::surrogate::MemoryForecastCache>())
{
    m_poll->setInterval(kProgressPollMs);
    connect(m_poll, &QTimer::timeout, this, &ForecastRunner::poll);
}

ForecastRunner::~ForecastRunner()
{
    stopWorker();
    if (m_job)
        m_job->cancel();
    // The job joins its thread on destruction; it must go before the surrogate it borrows.
    m_job.reset();
    if (m_trainer.joinable())
        m_trainer.join();
}

void ForecastRunner::setWorkspace(kfx::workspace::Workspace *workspace)
{
    if (workspace == m_workspace)
        return;
    m_workspace = workspace;
    m_models.setWorkspace(workspace);
    m_cache = workspace ? std::unique_ptr<kfx::surrogate::ForecastCache>(
                  std::make_unique<kfx::workspace::WorkspaceForecastCache>(*workspace))
                        : std::make_unique<kfx::surrogate::MemoryForecastCache>();
    // A training under way belongs to the old data: its model is dropped when it arrives.
    m_training.reset();
    m_nextTraining.reset();
}

QString ForecastRunner::label() const
{
    if (m_source == Source::Llm && m_surrogate)
        return QString::fromStdString(forecastrecords::llmSource(m_surrogate->model()));
    return QString::fromLatin1(forecastrecords::kEmbeddedSource.data(), int(forecastrecords::kEmbeddedSource.size()));
}

QString ForecastRunner::answeredBy() const
{
    return m_outcome.model.isEmpty() ? label() : tr("%1 (%2)").arg(label(), m_outcome.model);
}

void ForecastRunner::setTrainingPairs(std::vector<kfx::ComparisonPair> measured)
{
    m_trainingPairs = std::move(measured);
}

std::vector<kfx::surrogate::TrainingExample> ForecastRunner::examplesFrom(const kfx::Population &population) const
{
    // The window folds the workspace's GPU measurements into the search it shows, so they are in `population`.
    if (!m_trainingPairs.empty())
        return kfx::surrogate::trainingExamples(m_trainingPairs);
    return kfx::surrogate::trainingExamples(forecastrecords::measuredPairs(population, m_taskReference));
}

bool ForecastRunner::start(std::shared_ptr<const kfx::Population> population, std::vector<std::size_t> nodes,
                           Source source, const kfx::surrogate::LlmSettings &llm)
{
    if (m_running) {
        Q_EMIT failed(tr("A forecast is already running."));
        return false;
    }
    if (!population || nodes.empty()) {
        Q_EMIT failed(tr("There is no kernel to forecast."));
        return false;
    }
    std::vector<kfx::surrogate::TrainingExample> examples;
    const kfx::surrogate::PretrainedModel *pretrained = source == Source::Llm ? nullptr : pretrainedFor(*population);
    if (source == Source::Pretrained && !pretrained)
        source = Source::Embedded;
    if (source == Source::Embedded) {
        examples = examplesFrom(*population);
        if (examples.size() < std::size_t(kMinimumTrainingKernels)) {
            if (!pretrained) {
                Q_EMIT tooLittleToLearn(tr("Only %n measured kernel(s) in the open searches: the embedded surrogate "
                                           "needs at least %1 to learn from. Measure more kernels, or open more "
                                           "searches together, to get forecasts.",
                                           nullptr, static_cast<int>(examples.size()))
                                            .arg(kMinimumTrainingKernels));
                return false;
            }
            source = Source::Pretrained; // too little to learn from: the pretrained model answers as it is
        }
    }
    m_population = std::move(population);
    m_nodes = std::move(nodes);
    m_pairs.clear();
    m_source = source;
    m_outcome = {};
    ++m_runs;
    m_running = true;
    m_cancelled = false;
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    Q_EMIT progressChanged(0, static_cast<int>(m_nodes.size()));

    if (source == Source::Llm) {
        try {
            startJob(SurrogateToMake{std::make_unique<kfx::surrogate::LlmSurrogate>(
                                         llm, kfx::surrogate::PromptSet::builtIn(llm.allowDeferral)),
                                     nullptr, nullptr});
        } catch (const std::exception &error) {
            m_running = false;
            Q_EMIT failed(tr("The LLM surrogate could not start: %1").arg(QString::fromStdString(error.what())));
            return false;
        }
        return true;
    }

    if (source == Source::Pretrained) {
        m_outcome.model = pretrainedNote(*pretrained);
        // Each kernel's forecast comes from the pretrained model continued on the search's measurements of the
        // steps before the kernel's own, inside the search-aware forecaster: what kfx-cli search's default
        // surrogate could have said at the time (issues 24, 25).
        // Made where the pairs are, since it reads every measured kernel of the search.
        startJob(SurrogateToMake{nullptr, pretrained->model, pretrained->parentAnchored});
        return true;
    }
    if (pretrained) {
        m_outcome.model = tr("pretrained, then trained on %n measured kernel(s)", nullptr,
                             static_cast<int>(examples.size()));
    }
    auto training = trainingFor(std::move(examples), pretrained, false);
    if (auto model = knownModel(training.hash, static_cast<qint64>(training.examples.size()))) {
        startJob(
            SurrogateToMake{std::make_unique<kfx::surrogate::EmbeddedSurrogate>(std::move(model)), nullptr, nullptr});
        return true;
    }
    m_outcome.trained = true;
    m_waitingFor = training.hash;
    Q_EMIT stageChanged(pretrained ? tr("Training the pretrained embedded surrogate further on %n measured kernel(s)…",
                                        nullptr, static_cast<int>(training.examples.size()))
                                   : tr("Training the embedded surrogate on %n measured kernel(s)…", nullptr,
                                        static_cast<int>(training.examples.size())));
    train(std::move(training));
    return true;
}

void ForecastRunner::measurementsAdded(std::shared_ptr<const kfx::Population> population)
{
    if (!population)
        return;
    auto examples = examplesFrom(*population);
    if (examples.size() < std::size_t(kMinimumTrainingKernels))
        return;
    auto training = trainingFor(std::move(examples), pretrainedFor(*population), true);
    const auto count = static_cast<qint64>(training.examples.size());
    if (knownModel(training.hash, count) || (m_training && m_training->hash == training.hash))
        return; // already learnt from, or learning from, exactly these
    Q_EMIT backgroundStatus(tr("New measurements: retraining the embedded surrogate on %n kernel(s) in the "
                               "background…",
                               nullptr, static_cast<int>(count)));
    train(std::move(training));
}

const kfx::surrogate::PretrainedModel *ForecastRunner::pretrainedFor(const kfx::Population &population)
{
    const auto &task = population.context.opName.empty() ? m_fileTask : population.context.opName;
    if (m_pretrainedTask != task) {
        m_pretrainedTask = task;
        m_pretrained.reset();
        const auto directory = kfx::surrogate::PretrainedModels::defaultDirectory();
        try {
            if (!directory.empty())
                m_pretrained = kfx::surrogate::PretrainedModels::open(directory).modelFor(task);
        } catch (const kfx::surrogate::PretrainedModelError &error) {
            Q_EMIT backgroundStatus(
                tr("The pretrained surrogate cannot be used: %1").arg(QString::fromStdString(error.what())));
        }
    }
    return m_pretrained ? &*m_pretrained : nullptr;
}

ForecastRunner::Training ForecastRunner::trainingFor(std::vector<kfx::surrogate::TrainingExample> examples,
                                                     const kfx::surrogate::PretrainedModel *pretrained,
                                                     bool background) const
{
    Training training;
    training.base = pretrained ? pretrained->model : nullptr;
    training.hash = kfx::workspace::EmbeddedModelStore::trainingHash(
        examples, training.base ? std::string_view(training.base->contentHash()) : std::string_view());
    training.examples = std::move(examples);
    training.background = background;
    return training;
}

std::shared_ptr<const kfx::surrogate::EmbeddedModel> ForecastRunner::knownModel(const std::string &hash, qint64 rows)
{
    if (auto model = m_models.find(hash))
        return model;
    // Searches opened together share one training set, but each has its own workspace: the model trained for one
    // serves the others without training again.
    if (!m_lastTrained || m_lastTrainedHash != hash)
        return nullptr;
    try {
        m_models.keep(m_lastTrained, hash, rows);
    } catch (const std::exception &failure) {
        Q_EMIT backgroundStatus(tr("The embedded model could not be saved in the workspace: %1")
                                    .arg(QString::fromStdString(failure.what())));
    }
    return m_lastTrained;
}

void ForecastRunner::train(Training training)
{
    if (m_training) {
        m_nextTraining = std::move(training); // XGBoost already uses the cores: one training at a time
        return;
    }
    if (m_trainer.joinable())
        m_trainer.join(); // finished: its result has been delivered
    m_training = std::move(training);
    ++m_trainings;
    // The base is only read (its trees copied into the new booster), so forecasts may use it meanwhile.
    m_trainer = std::thread([this, examples = m_training->examples, base = m_training->base] {
        kfx::lowerThisThreadsPriority();
        std::shared_ptr<const kfx::surrogate::EmbeddedModel> model;
        QString error;
        try {
            model = std::make_shared<const kfx::surrogate::EmbeddedModel>(
                base ? kfx::surrogate::EmbeddedModel::continueTraining(*base, examples,
                                                                       kfx::surrogate::continuationOptions())
                     : kfx::surrogate::EmbeddedModel::train(examples, kfx::surrogate::TrainingOptions{}));
        } catch (const std::exception &failure) {
            error = QString::fromStdString(failure.what());
        }
        // Queued to the runner's thread; dropped by Qt if the runner is gone (its destructor joins first).
        QMetaObject::invokeMethod(
            this, [this, model, error] { onTrained(model, error); }, Qt::QueuedConnection);
    });
}

void ForecastRunner::onTrained(std::shared_ptr<const kfx::surrogate::EmbeddedModel> model, const QString &error)
{
    auto done = std::move(m_training);
    m_training.reset();
    if (done && model) {
        m_lastTrained = model;
        m_lastTrainedHash = done->hash;
        try {
            m_models.keep(model, done->hash, static_cast<qint64>(done->examples.size()));
        } catch (const std::exception &failure) {
            Q_EMIT backgroundStatus(tr("The embedded model could not be saved in the workspace: %1")
                                        .arg(QString::fromStdString(failure.what())));
        }
        if (done->background) {
            Q_EMIT backgroundStatus(tr("Embedded surrogate retrained on %n measured kernel(s); new forecasts use it.",
                                       nullptr, static_cast<int>(done->examples.size())));
        }
        Q_EMIT modelReplaced();
    } else if (done && done->background) {
        Q_EMIT backgroundStatus(tr("Retraining the embedded surrogate failed: %1").arg(error));
    }
    // A run waiting for exactly this model goes on; one waiting for another waits for the next training.
    const bool forRun = m_running && done && done->hash == m_waitingFor;
    if (forRun) {
        m_waitingFor.clear();
        if (model) {
            startJob(SurrogateToMake{std::make_unique<kfx::surrogate::EmbeddedSurrogate>(model), nullptr, nullptr});
        } else {
            m_running = false;
            Q_EMIT failed(tr("The embedded surrogate could not be trained: %1").arg(error));
        }
    }
    if (m_nextTraining) {
        auto next = std::move(*m_nextTraining);
        m_nextTraining.reset();
        if (!knownModel(next.hash, static_cast<qint64>(next.examples.size())))
            train(std::move(next));
    }
}

void ForecastRunner::startJob(SurrogateToMake surrogate)
{
    stopWorker();
    m_stopWorker = false;
    // Every kernel's code is copied into its pair and query, and each distinct query hashed into its cache key:
    // seconds on a search of 80,000 kernels, so not on the GUI thread. The population is immutable and shared;
    // nothing else is touched.
    m_worker = std::thread([this, run = m_runs, surrogate = std::move(surrogate), population = m_population,
                            nodes = m_nodes, taskReference = m_taskReference]() mutable {
        kfx::lowerThisThreadsPriority();
        auto prepared = std::make_shared<Prepared>();
        QString error;
        try {
            const kfx::surrogate::PrequentialSurrogate *continued = nullptr;
            if (surrogate.continuedFrom) {
                // kfx-cli search's default forecaster, as it would have forecast each kernel at the time; past its
                // limit, the continued model alone, and the run says so.
                prepared->measured = kfx::surrogate::SearchAwarePrequentialSurrogate::measuredKernels(*population);
                if (prepared->measured <= kfx::surrogate::SearchAwarePrequentialSurrogate::kMeasuredLimit) {
                    auto searchAware = std::make_unique<kfx::surrogate::SearchAwarePrequentialSurrogate>(
                        surrogate.continuedFrom, *population, taskReference, surrogate.parentAnchored);
                    continued = &searchAware->continued();
                    surrogate.made = std::move(searchAware);
                    prepared->searchAware = true;
                } else {
                    auto alone = std::make_unique<kfx::surrogate::PrequentialSurrogate>(surrogate.continuedFrom,
                                                                                        *population, taskReference);
                    continued = alone.get();
                    surrogate.made = std::move(alone);
                }
            }
            prepared->surrogate = std::move(surrogate.made);
            prepared->pairs.reserve(nodes.size());
            prepared->queries.reserve(nodes.size());
            prepared->keys.reserve(nodes.size());
            kfx::surrogate::CacheKeyMaker keyOf(*prepared->surrogate);
            for (const auto node : nodes) {
                if (m_stopWorker)
                    return;
                prepared->pairs.push_back(forecastrecords::pairFor(*population, node, taskReference));
                prepared->queries.push_back(kfx::surrogate::queryForPair(prepared->pairs.back()));
                prepared->keys.push_back(keyOf(prepared->queries.back()));
            }
            if (continued)
                prepared->continued = learnsFromTheSearch(*continued, prepared->pairs);
        } catch (const std::exception &failure) {
            error = QString::fromStdString(failure.what());
            prepared->surrogate.reset(); // the run fails whole: never asked about some of its kernels only
        }
        // Queued to the runner's thread; dropped by Qt if the runner is gone (its destructor joins first).
        QMetaObject::invokeMethod(
            this, [this, run, prepared, error] { onPrepared(run, prepared, error); }, Qt::QueuedConnection);
    });
}

void ForecastRunner::stopWorker()
{
    m_stopWorker = true;
    if (m_worker.joinable())
        m_worker.join();
}

void ForecastRunner::onPrepared(int run, const std::shared_ptr<Prepared> &prepared, const QString &error)
{
    if (run != m_runs || !m_running || m_cancelled)
        return; // abandoned or cancelled meanwhile: finished() was said then
    if (!prepared->surrogate) {
        m_running = false;
        Q_EMIT failed(tr("The forecast could not start: %1").arg(error));
        return;
    }
    m_surrogate = std::move(prepared->surrogate);
    m_pairs = std::move(prepared->pairs);
    if (prepared->continued)
        m_outcome.model = tr("%1, continued step by step").arg(m_outcome.model);
    if (prepared->searchAware) {
        m_outcome.model = tr("%1, inside the search-aware forecaster").arg(m_outcome.model);
    } else if (prepared->measured > 0) {
        m_outcome.model = tr("%1 (without the search-aware forecaster, which stops at %2 measured kernels; this "
                             "search has %3)")
                              .arg(m_outcome.model)
                              .arg(QLocale().toString(
                                  qulonglong(kfx::surrogate::SearchAwarePrequentialSurrogate::kMeasuredLimit)))
                              .arg(QLocale().toString(qulonglong(prepared->measured)));
    }
    try {
        m_plan = std::make_unique<kfx::surrogate::CachePlan>(std::move(prepared->keys), prepared->queries,
                                                             m_cache.get());
    } catch (const std::exception &) {
        // An unreadable cache costs only the answers it held: ask for everything.
        m_plan = std::make_unique<kfx::surrogate::CachePlan>(*m_surrogate, prepared->queries, nullptr);
    }
    m_outcome.cached = static_cast<int>(m_plan->cachedCount());
    m_outcome.asked = static_cast<int>(m_plan->toAsk().size());
    if (m_plan->toAsk().empty()) {
        finish({});
        return;
    }
    Q_EMIT stageChanged(tr("Forecasting %n kernel(s) with %1…", nullptr, m_outcome.asked).arg(answeredBy()));
    m_job = std::make_unique<kfx::surrogate::SurrogateJob>(*m_surrogate, m_plan->toAsk(),
                                                           kfx::surrogate::SurrogateJob::Priority::Background);
    m_keptMs = QDateTime::currentMSecsSinceEpoch();
    m_poll->start();
}

void ForecastRunner::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    if (m_job) {
        // The job reports what was left as cancelled; poll() collects it.
        m_job->cancel();
        return;
    }
    // Training cannot be interrupted; it finishes and its model is kept, but this run no longer waits for it.
    m_stopWorker = true;
    m_waitingFor.clear();
    m_plan.reset();
    m_running = false;
    m_outcome.cancelled = true;
    Q_EMIT finished(tr("Forecast cancelled."));
}

void ForecastRunner::abandon()
{
    if (!m_running)
        return;
    m_poll->stop();
    m_stopWorker = true;
    if (m_job) {
        m_job->cancel();
        m_job.reset(); // joins its thread: nothing reaches the plan or the cache any more
    }
    m_plan.reset();
    m_surrogate.reset();
    m_waitingFor.clear();
    m_running = false;
    m_outcome = {};
    m_outcome.cancelled = true;
    Q_EMIT finished(tr("Forecast stopped: other data was opened."));
}

void ForecastRunner::poll()
{
    if (!m_job)
        return;
    if (const auto now = QDateTime::currentMSecsSinceEpoch(); now - m_keptMs >= kKeepAnswersMs) {
        keepAnswersSoFar();
        m_keptMs = now;
    }
    const int done = m_outcome.cached + static_cast<int>(m_job->completed());
    Q_EMIT progressChanged(done, static_cast<int>(m_pairs.size()));
    if (m_job->completed() >= m_job->total()) {
        m_poll->stop();
        auto answers = m_job->results();
        m_job.reset();
        finish(std::move(answers));
    }
}

void ForecastRunner::keepAnswersSoFar()
{
    // An LLM's answers cost tokens and its run can take an hour; the embedded model's on a large search take
    // seconds. Each is in the cache within a second of its coming, so a run cancelled, abandoned, crashed or killed
    // half-way has kept what it was answered, and the next run asks only for the rest.
    try {
        m_plan->storeAnswered(m_job->takeAnswered());
    } catch (const std::exception &error) {
        Q_EMIT backgroundStatus(tr("The forecasts could not be cached: %1").arg(QString::fromStdString(error.what())));
    }
}

void ForecastRunner::finish(std::vector<kfx::surrogate::SurrogateResult> answers)
{
    if (!m_plan)
        return; // cancelled meanwhile
    // Tokens are what this run spent: answers from the cache cost nothing now.
    for (const auto &answer : answers) {
        if (answer.usage) {
            m_outcome.tokens.inputTokens += answer.usage->inputTokens;
            m_outcome.tokens.outputTokens += answer.usage->outputTokens;
        }
    }
    std::vector<kfx::surrogate::SurrogateResult> results;
    try {
        results = m_plan->complete(std::move(answers));
    } catch (const std::exception &error) {
        Q_EMIT backgroundStatus(tr("The forecasts could not be cached: %1").arg(QString::fromStdString(error.what())));
    }
    m_plan.reset();
    stopWorker(); // the preparation, long done
    m_stopWorker = false;
    // Each result is written as its prediction row and read back from it, as a reopened workspace reads it, so
    // that the forecasts shown now are those shown after a reopen. For 80,000 kernels that takes seconds: on a
    // thread too. The rows go to the workspace a thousand at a time as they are made: all of an 80,000-kernel
    // search's rows at once were 60 MB of JSON at the peak of opening it.
    m_worker = std::thread([this, run = m_runs, results = std::move(results), pairs = std::move(m_pairs),
                            source = label().toStdString(), rowsAtOnce = m_rowsHandedOverAtOnce]() mutable {
        kfx::lowerThisThreadsPriority();
        auto recorded = std::make_shared<Recorded>();
        recorded->forecasts.reserve(results.size());
        std::vector<kfx::workspace::StoredRecord> rows;
        const auto handOver = [this, run, &rows] {
            QMetaObject::invokeMethod(
                this, [this, run, rows = std::exchange(rows, {})] { saveRows(run, rows); }, Qt::QueuedConnection);
        };
        for (std::size_t i = 0; i < results.size() && i < pairs.size(); ++i) {
            if (m_stopWorker)
                return;
            auto &result = results[i];
            const auto &pair = pairs[i];
            if (const auto *failure = std::get_if<kfx::surrogate::SurrogateFailure>(&result.outcome)) {
                if (failure->reason == kfx::surrogate::kCancelledReason)
                    continue; // never asked: nothing to remember
                ++recorded->failures;
                if (recorded->firstFailure.isEmpty())
                    recorded->firstFailure = QString::fromStdString(failure->reason);
            } else if (std::holds_alternative<kfx::surrogate::Deferral>(result.outcome)) {
                ++recorded->deferrals;
            }
            auto json = forecastrecords::recordJson(pair, source, result);
            json.shrink_to_fit(); // kept until the workspace has it: 80,000 rows on a large search
            kfx::workspace::StoredRecord record{pair.id, source, std::move(json)};
            try {
                if (auto forecast = forecastrecords::forecastFromRecord(record))
                    recorded->forecasts.push_back(std::move(*forecast));
            } catch (const kfx::json::FieldError &error) {
                // A row the reader refuses would be left out on reopening too: a failure, said as one.
                ++recorded->failures;
                if (recorded->firstFailure.isEmpty())
                    recorded->firstFailure = QString::fromStdString(error.what());
            }
            rows.push_back(std::move(record));
            if (rows.size() == rowsAtOnce)
                handOver();
            // Its row says all it said: let the rows grow into its memory rather than beside it, which was the
            // peak of opening an 80,000-node log.
            result = {};
        }
        handOver();
        QMetaObject::invokeMethod(
            this, [this, run, recorded] { onRecorded(run, recorded); }, Qt::QueuedConnection);
    });
}

void ForecastRunner::saveRows(int run, const std::vector<kfx::workspace::StoredRecord> &rows)
{
    if (run != m_runs || !m_running || !m_workspace || rows.empty())
        return; // cancelled or abandoned meanwhile, or kept in memory only
    try {
        m_workspace->addForecasts(rows);
    } catch (const std::exception &error) {
        // Said once a run: a full disk would otherwise say it again for every thousand rows.
        if (std::exchange(m_rowsNotSavedRun, run) != run)
            Q_EMIT rowsNotSaved(tr("The forecasts could not be saved: %1").arg(QString::fromStdString(error.what())));
    }
}

void ForecastRunner::onRecorded(int run, const std::shared_ptr<Recorded> &recorded)
{
    if (run != m_runs || !m_running)
        return; // cancelled or abandoned meanwhile: finished() was said then
    m_outcome.forecasts = std::make_shared<const std::vector<forecastrecords::NodeForecast>>(
        std::move(recorded->forecasts));
    m_outcome.failures = recorded->failures;
    m_outcome.deferrals = recorded->deferrals;
    m_outcome.firstFailure = recorded->firstFailure;
    m_outcome.cancelled = m_cancelled;
    m_outcome.seconds = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
    m_running = false;
    m_surrogate.reset();

    QStringList parts{
        tr("%n forecast(s) by %1", nullptr, static_cast<int>(m_outcome.forecasts->size())).arg(answeredBy())};
    if (m_outcome.cached > 0)
        parts << tr("%n answered before (cached)", nullptr, m_outcome.cached);
    if (m_outcome.deferrals > 0)
        parts << tr("%n deferral(s)", nullptr, m_outcome.deferrals);
    if (m_outcome.failures > 0)
        parts << tr("%n failure(s), first: %1", nullptr, m_outcome.failures).arg(m_outcome.firstFailure);
    if (m_outcome.tokens.inputTokens + m_outcome.tokens.outputTokens > 0)
        parts << tr("%1 tokens in, %2 out")
                     .arg(QLocale().toString(qlonglong(m_outcome.tokens.inputTokens)),
                          QLocale().toString(qlonglong(m_outcome.tokens.outputTokens)));
    parts << tr("%1 s").arg(QLocale().toString(m_outcome.seconds, 'f', 1));
    if (m_outcome.cancelled)
        parts.prepend(tr("Cancelled"));
    Q_EMIT finished(parts.join(QStringLiteral(" · ")));
}
