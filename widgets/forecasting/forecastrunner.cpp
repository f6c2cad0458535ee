#include "forecastrunner.h"

#include "surrogate/embeddedsurrogate.h"
#include "surrogate/surrogatejob.h"

#include <QDateTime>
#include <QLocale>
#include <QTimer>

namespace {

constexpr int kPollMs = 100;

} // namespace

ForecastRunner::ForecastRunner(QObject *parent) : QObject(parent), m_poll(new QTimer(this))
{
    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, &ForecastRunner::poll);
}

ForecastRunner::~ForecastRunner()
{
    if (m_job)
        m_job->cancel();
    // The job joins its thread on destruction; it must go before the surrogate it borrows.
    m_job.reset();
    if (m_trainer.joinable())
        m_trainer.join();
}

QString ForecastRunner::label() const
{
    if (m_source == Source::Llm && m_surrogate)
        return QStringLiteral("llm:%1").arg(QString::fromStdString(m_surrogate->model()));
    return QStringLiteral("embedded");
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
    if (source == Source::Embedded) {
        examples = kfx::surrogate::trainingExamples(forecastrecords::measuredPairs(*population));
        if (examples.size() < std::size_t(kMinimumTrainingKernels)) {
            Q_EMIT failed(tr("Only %n measured kernel(s) in this search: the embedded surrogate needs at least %1 "
                             "to learn from.",
                             nullptr, static_cast<int>(examples.size()))
                              .arg(kMinimumTrainingKernels));
            return false;
        }
    }
    if (m_trainer.joinable())
        m_trainer.join();
    m_population = std::move(population);
    m_nodes = std::move(nodes);
    m_pairs.clear();
    for (const auto node : m_nodes)
        m_pairs.push_back(forecastrecords::pairFor(*m_population, node));
    m_source = source;
    m_outcome = {};
    m_running = true;
    m_cancelled = false;
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    const int run = ++m_run;
    Q_EMIT progressChanged(0, static_cast<int>(m_nodes.size()));

    if (source == Source::Llm) {
        try {
            startJob(std::make_unique<kfx::surrogate::LlmSurrogate>(
                llm, kfx::surrogate::PromptSet::builtIn(llm.allowDeferral)));
        } catch (const std::exception &error) {
            m_running = false;
            Q_EMIT failed(tr("The LLM surrogate could not start: %1").arg(QString::fromStdString(error.what())));
            return false;
        }
        return true;
    }

    Q_EMIT stageChanged(
        tr("Training the embedded surrogate on %n measured kernel(s)…", nullptr, static_cast<int>(examples.size())));
    m_trainer = std::thread([this, run, examples = std::move(examples)] {
        std::shared_ptr<kfx::surrogate::EmbeddedModel> model;
        QString error;
        try {
            model = std::make_shared<kfx::surrogate::EmbeddedModel>(
                kfx::surrogate::EmbeddedModel::train(examples, kfx::surrogate::TrainingOptions{}));
        } catch (const std::exception &failure) {
            error = QString::fromStdString(failure.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, run, model, error] {
                if (run != m_run)
                    return;
                if (!model) {
                    m_running = false;
                    Q_EMIT failed(tr("The embedded surrogate could not be trained: %1").arg(error));
                    return;
                }
                startJob(std::make_unique<kfx::surrogate::EmbeddedSurrogate>(std::move(*model)));
            },
            Qt::QueuedConnection);
    });
    return true;
}

void ForecastRunner::startJob(std::unique_ptr<kfx::surrogate::Surrogate> surrogate)
{
    m_surrogate = std::move(surrogate);
    std::vector<kfx::surrogate::KernelRuntimeQuery> queries;
    queries.reserve(m_pairs.size());
    for (const auto &pair : m_pairs)
        queries.push_back(kfx::surrogate::queryForPair(pair));
    Q_EMIT stageChanged(
        tr("Forecasting %n kernel(s) with %1…", nullptr, static_cast<int>(queries.size())).arg(label()));
    m_job = std::make_unique<kfx::surrogate::SurrogateJob>(*m_surrogate, std::move(queries));
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
    // Training cannot be interrupted; its result is dropped when it arrives.
    ++m_run;
    m_running = false;
    m_outcome.cancelled = true;
    Q_EMIT finished(tr("Forecast cancelled."));
}

void ForecastRunner::poll()
{
    if (!m_job)
        return;
    Q_EMIT progressChanged(static_cast<int>(m_job->completed()), static_cast<int>(m_job->total()));
    if (m_job->completed() >= m_job->total())
        finish();
}

void ForecastRunner::finish()
{
    m_poll->stop();
    auto results = m_job->results();
    m_job.reset();
    const auto source = label().toStdString();
    for (std::size_t i = 0; i < results.size() && i < m_pairs.size(); ++i) {
        auto &result = results[i];
        if (result.usage) {
            m_outcome.tokens.inputTokens += result.usage->inputTokens;
            m_outcome.tokens.outputTokens += result.usage->outputTokens;
        }
        const auto &pair = m_pairs[i];
        if (const auto *failure = std::get_if<kfx::surrogate::SurrogateFailure>(&result.outcome)) {
            if (failure->reason == kfx::surrogate::kCancelledReason)
                continue; // never asked: nothing to remember
            ++m_outcome.failures;
            if (m_outcome.firstFailure.isEmpty())
                m_outcome.firstFailure = QString::fromStdString(failure->reason);
        } else if (std::holds_alternative<kfx::surrogate::Deferral>(result.outcome)) {
            ++m_outcome.deferrals;
        }
        auto json = forecastrecords::recordJson(pair, source, result);
        kfx::workspace::StoredRecord record{pair.id, source, std::move(json)};
        if (auto forecast = forecastrecords::forecastFromRecord(record))
            m_outcome.forecasts.push_back(std::move(*forecast));
        m_outcome.records.push_back(std::move(record));
    }
    m_outcome.cancelled = m_cancelled;
    m_outcome.seconds = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
    m_running = false;
    m_surrogate.reset();

    QStringList parts{tr("%n forecast(s) by %1", nullptr, static_cast<int>(m_outcome.forecasts.size())).arg(label())};
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
