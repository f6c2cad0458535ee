#include "seedsimulation.h"

#include "search/searchworkers.h"
#include "session/tasklocator.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>

using namespace kfx::search;

std::optional<SeedSimulation::Request> SeedSimulation::requestFor(const QString &task, int seeds, int budget)
{
    const auto tasks = TaskLocator::bundledTasksDirectory();
    if (tasks.isEmpty() || task.isEmpty() || task.contains(QLatin1Char('/')) || task.startsWith(QLatin1Char('.')))
        return std::nullopt;
    const QDir resources(QDir(tasks).filePath(QStringLiteral("..")));
    Request request;
    request.mutations = QDir::cleanPath(resources.filePath(QStringLiteral("corpus/") + task));
    request.landscape = QDir::cleanPath(resources.filePath(QStringLiteral("landscape")));
    request.seeds = seeds;
    request.budget = budget;
    if (!QFileInfo(QDir(request.mutations).filePath(QStringLiteral("mutations.json"))).isFile()
        || !QFileInfo(QDir(request.landscape).filePath(task + QStringLiteral(".jsonl.xz"))).isFile())
        return std::nullopt;
    return request;
}

SeedSimulation::SeedSimulation(QObject *parent) : QObject(parent) {}

SeedSimulation::~SeedSimulation()
{
    m_stopRequested = true;
    if (m_thread.joinable())
        m_thread.join();
}

bool SeedSimulation::start(const Request &request)
{
    if (m_running || request.seeds < 1 || request.budget < 1)
        return false;
    if (m_thread.joinable())
        m_thread.join();
    m_running = true;
    m_request = request;
    m_stopRequested = false;
    m_seedsDone = 0;
    m_thread = std::thread([this, request] { work(request); });
    return true;
}

void SeedSimulation::stop()
{
    m_stopRequested = true;
}

template<typename F>
void SeedSimulation::post(F &&function)
{
    // Dropped with the simulation: nothing posted outlives it.
    QMetaObject::invokeMethod(this, std::forward<F>(function), Qt::QueuedConnection);
}

void SeedSimulation::work(const Request &request)
{
    try {
        const QTemporaryDir logs; // every seed's logs, which the window does not keep
        SimulationConfig config;
        config.baseline.budgetMeasurements = request.budget;
        auto selective = withSelectiveDefaults(config.baseline);
        selective.policy = request.policy;
        request.trust.applyTo(selective);
        config.selective.push_back({selective, SimulatedSurrogate::SearchAware});
        config.mutations = request.mutations.toStdString();
        config.firstSeed = 1;
        config.lastSeed = std::uint64_t(request.seeds);
        config.logDirectory = logs.path().toStdString();
        config.threads = std::max(1, QThread::idealThreadCount());
        config.stopRequested = &m_stopRequested;
        const auto task = QFileInfo(request.mutations).fileName().toStdString();
        const auto landscape = Landscape::openTask(request.landscape.toStdString(), task);
        auto report = std::make_shared<const SimulationReport>(
            simulate(config, landscape, [this, seeds = request.seeds](const std::string &) {
                post([this, seeds] { Q_EMIT progress(++m_seedsDone, seeds); });
            }));
        post([this, report] {
            m_running = false;
            m_report = report;
            Q_EMIT finished();
        });
    } catch (const SimulationStopped &) {
        post([this] {
            m_running = false;
            Q_EMIT stopped(m_seedsDone);
        });
    } catch (const std::exception &error) {
        const auto reason = QString::fromStdString(error.what());
        post([this, reason] {
            m_running = false;
            Q_EMIT failed(reason);
        });
    }
}
