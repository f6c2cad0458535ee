#include "hubpulljob.h"

HubPullJob::HubPullJob(kfx::hub::PullSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{
}

HubPullJob::~HubPullJob()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void HubPullJob::start()
{
    m_thread = std::jthread([this](std::stop_token stop) { run(std::move(stop)); });
}

void HubPullJob::cancel()
{
    m_thread.request_stop();
}

QString HubPullJob::formatLabel(kfx::hub::RowFormat format)
{
    using kfx::hub::RowFormat;
    switch (format) {
    case RowFormat::EvalSet:
        return tr("an eval set");
    case RowFormat::Predictions:
        return tr("predictions");
    case RowFormat::TrainingPool:
        return tr("an RL training pool");
    case RowFormat::DiscoveryPairs:
        return tr("discovery pairs");
    case RowFormat::SearchEvents:
        return tr("PUCT search events");
    case RowFormat::SearchSummaries:
        return tr("PUCT search summaries");
    }
    return {};
}

void HubPullJob::run(std::stop_token stop)
{
    const auto result = kfx::hub::DatasetPull(m_settings)
                            .run(
                                [this](const kfx::hub::PullProgress &progress) {
                                    Q_EMIT progressed(progress.rowsDone, progress.rowsTotal,
                                                      QString::fromStdString(progress.note));
                                },
                                std::move(stop));
    if (!result.ok) {
        Q_EMIT failed(QString::fromStdString(result.error), result.cancelled);
        return;
    }
    const auto summary = tr("%n row(s) of %1 (config “%2”, split “%3”)", nullptr, int(result.rows))
                             .arg(formatLabel(*result.format), QString::fromStdString(result.config),
                                  QString::fromStdString(result.split));
    Q_EMIT succeeded(QString::fromStdString(result.out.string()), summary);
}
