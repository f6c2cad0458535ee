#include "session.h"

#include "io/fileloader.h"
#include "livefollow.h"
#include "recentsessions.h"
#include "sessionworkspace.h"

#include <QFile>
#include <QFileInfo>
#include <QMetaObject>

#include <utility>

Session::Session(QObject *parent)
    : QObject(parent)
    , m_workspace(new SessionWorkspace(this))
    , m_live(new LiveFollow(this))
{
    // The workspace has seen the log grow: its new size is no change to warn about on the next open. Connected before
    // any controller hears of the growth.
    connect(m_live, &LiveFollow::grown, m_workspace, &SessionWorkspace::acceptData);
}

Session::~Session()
{
    for (auto &[job, thread] : m_loaders)
        thread.join();
}

void Session::open(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    if (m_readable.isEmpty())
        load(paths, {});
    else if (paths == m_readable) // a live search's log read afresh after a resume
        load(paths, tr("Reopened %1").arg(RecentSessions::label(paths)));
    else
        load(paths,
             tr("Opened %1 in place of %2").arg(RecentSessions::label(paths), RecentSessions::label(m_readable)));
}

void Session::add(const QStringList &paths)
{
    QStringList session = m_readable;
    for (const auto &path : paths) {
        const auto absolute = QFileInfo(path).absoluteFilePath();
        if (!session.contains(absolute))
            session << absolute;
    }
    // The search shown stays shown: it is the first file of the session.
    load(session,
         session.size() == m_readable.size()
             ? tr("Already open: %1").arg(QFileInfo(paths.value(0)).fileName())
             : tr("Added %n file(s) to the session", nullptr, int(session.size() - m_readable.size())));
}

void Session::load(const QStringList &paths, const QString &message)
{
    if (paths.isEmpty())
        return;
    const int job = ++m_job;
    m_message = message;
    m_loading = true;
    Q_EMIT loadStarted();
    Q_EMIT loadProgress(0, int(paths.size()), QFileInfo(paths.first()).fileName());

    std::vector<std::string> files;
    for (const auto &path : paths)
        files.push_back(QFile::encodeName(path).toStdString());
    m_loaders.emplace(job, std::thread([this, job, files = std::move(files)] {
                          auto results = std::make_shared<std::vector<kfx::LoadedFile>>();
                          const int total = int(files.size());
                          for (int i = 0; i < total; ++i) {
                              const auto &path = files[std::size_t(i)];
                              QMetaObject::invokeMethod(
                                  this,
                                  [this, job, i, total, name = QFileInfo(QFile::decodeName(path.c_str())).fileName()] {
                                      if (job == m_job)
                                          Q_EMIT loadProgress(i, total, name);
                                  },
                                  Qt::QueuedConnection);
                              try {
                                  results->push_back(kfx::loadFile(path));
                              } catch (const std::exception &error) {
                                  kfx::LoadedFile failed;
                                  failed.path = path;
                                  failed.diagnostics.push_back({path, 0, error.what()});
                                  results->push_back(std::move(failed));
                              }
                          }
                          QMetaObject::invokeMethod(
                              this, [this, job, results] { onLoaded(job, results); }, Qt::QueuedConnection);
                      }));
}

void Session::onLoaded(int job, std::shared_ptr<std::vector<kfx::LoadedFile>> files)
{
    if (auto it = m_loaders.find(job); it != m_loaders.end()) {
        it->second.join();
        m_loaders.erase(it);
    }
    if (job != m_job)
        return;
    m_readable.clear();
    m_pairs = 0;
    m_predictions = 0;
    for (const auto &file : *files) {
        if (file.readable)
            m_readable << QFileInfo(QFile::decodeName(file.path.c_str())).absoluteFilePath();
        m_pairs += file.pairs.size();
        m_predictions += file.predictions.size();
    }
    RecentSessions().add(m_readable);
    m_files = std::move(files);
    m_shown = -1;
    m_nodePredictions.clear();
    m_loading = false;
    Q_EMIT loaded(std::exchange(m_message, {}));
}

kfx::Diagnostics Session::diagnostics() const
{
    kfx::Diagnostics diagnostics;
    if (!m_files)
        return diagnostics;
    for (const auto &file : *m_files) {
        if (!file.readable && file.diagnostics.empty())
            diagnostics.push_back({file.path, 0, tr("The file could not be read").toStdString()});
        diagnostics.insert(diagnostics.end(), file.diagnostics.begin(), file.diagnostics.end());
    }
    return diagnostics;
}

std::size_t Session::damagedLines() const
{
    std::size_t lines = 0;
    for (std::size_t i = 0; m_files && i < m_files->size(); ++i)
        lines += (*m_files)[i].damagedLines;
    return lines;
}

std::vector<Session::OpenSearch> Session::openSearches() const
{
    std::vector<OpenSearch> searches;
    for (std::size_t i = 0; m_files && i < m_files->size(); ++i)
        if (const auto &file = (*m_files)[i]; file.population)
            searches.push_back({QFile::decodeName(file.path.c_str()), file.population, int(i)});
    return searches;
}

void Session::showSearch(int fileIndex)
{
    // A forecast run on the search shown until now stops before its workspace closes: it writes there.
    Q_EMIT leavingSearch();
    m_live->stop();
    m_workspace->close();
    m_gateDecisions.reset();
    m_shown = m_files && fileIndex >= 0 && std::size_t(fileIndex) < m_files->size() ? fileIndex : -1;
    m_nodePredictions.clear();
    const auto *shown = shownFile();
    if (shown && shown->population)
        for (const auto &file : *m_files)
            for (const auto &row : file.predictions)
                if (shown->population->find(row.comparisonId))
                    m_nodePredictions[row.comparisonId].push_back(&row);
    Q_EMIT searchShown();
    if (!shown || !shown->population)
        return;
    // Fails only with a message (a file kfx cannot use, a folder it cannot write): the window then works without
    // memory.
    m_workspace->open(dataFilesOfShown());
    m_live->watch(shownPath(), qint64(shown->bytesRead));
}

const kfx::LoadedFile *Session::shownFile() const
{
    return m_shown < 0 ? nullptr : &m_files->at(std::size_t(m_shown));
}

QString Session::shownPath() const
{
    const auto *file = shownFile();
    return file ? QFile::decodeName(file->path.c_str()) : QString();
}

std::vector<const kfx::PredictionRow *> Session::predictionsOfNode(const std::string &nodeId) const
{
    const auto it = m_nodePredictions.find(nodeId);
    return it == m_nodePredictions.end() ? std::vector<const kfx::PredictionRow *>{} : it->second;
}

QStringList Session::dataFilesOfShown() const
{
    QStringList paths = m_readable;
    if (const auto shown = shownPath(); !shown.isEmpty()) {
        paths.removeAll(shown);
        paths.prepend(shown);
    }
    return paths;
}
