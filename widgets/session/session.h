#pragma once

#include "gate/gatepolicy.h"
#include "io/loadedfile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

class LiveFollow;
class SessionWorkspace;

// The files open in the window and the search shown of them. It reads the files off the GUI thread, all the files
// of one load together, and a newer load makes an older one's result moot. Every view and controller reads what is
// open, which search is shown, and the workspace kept beside it, from here. Files opened together are shown
// together: a search log with its predictions, a selective search beside its baseline. The session opens the
// workspace of the search it shows, closes it when it shows another, and follows the shown search's log as it grows.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject *parent = nullptr);
    // Waits for a loader still reading: it posts its result to this object.
    ~Session() override;

    // These files in place of those open (File → Open).
    void open(const QStringList &paths);
    // These files beside those open (File → Add Files, files dropped on the window).
    void add(const QStringList &paths);
    bool isLoading() const { return m_loading; }

    // The files of the last load, readable or not; the views point into their rows, which live as long as this.
    const std::shared_ptr<const std::vector<kfx::LoadedFile>> &files() const { return m_files; }
    // The absolute paths of the files that could be read, in load order.
    const QStringList &readablePaths() const { return m_readable; }
    // What the last load could not read, each naming its file and line, and how many lines were damaged.
    kfx::Diagnostics diagnostics() const;
    std::size_t damagedLines() const;
    std::size_t pairCount() const { return m_pairs; }
    std::size_t predictionCount() const { return m_predictions; }

    // A search log of the session, shown or not.
    struct OpenSearch {
        QString path;
        std::shared_ptr<const kfx::Population> population;
        int fileIndex; // in files()
    };
    // In file order.
    std::vector<OpenSearch> openSearches() const;

    // Shows the search log loaded as file `fileIndex` of the last load; -1 shows none (an eval set's pairs). Says
    // leavingSearch(), closes the workspace of the search shown until now, says searchShown(), then opens the new
    // search's workspace (its SessionWorkspace::opened() says when what it keeps can be read) and follows its log.
    void showSearch(int fileIndex);
    // The file of the search shown, and its index in files(); nullptr and -1 when none is.
    const kfx::LoadedFile *shownFile() const;
    int shownFileIndex() const { return m_shown; }
    // Its path; empty when no search is shown.
    QString shownPath() const;
    // The loaded predictions, from any file of the session, of the node of the search shown with this id.
    std::vector<const kfx::PredictionRow *> predictionsOfNode(const std::string &nodeId) const;
    // The readable files, the search shown's first: its workspace lives beside it and records them all.
    QStringList dataFilesOfShown() const;
    // The workspace of the search shown, open while a search is shown and kfx can use its file.
    SessionWorkspace *workspace() const { return m_workspace; }
    // Follows the shown search's log while it grows; what has grown is no change of the data to warn about.
    LiveFollow *liveFollow() const { return m_live; }

    // The gate's decisions over the search the gate judges, indexed by node: the gate says them here, and the others
    // read them (Measure Everything the Gate Deferred). Null until the gate has judged the search shown.
    using GateDecisions = std::shared_ptr<const std::vector<kfx::gate::GateDecision>>;
    const GateDecisions &gateDecisions() const { return m_gateDecisions; }
    void setGateDecisions(GateDecisions decisions) { m_gateDecisions = std::move(decisions); }

Q_SIGNALS:
    void loadStarted();
    void loadProgress(int done, int total, const QString &file);
    // The last load's files are in. `message` says what they replaced or added; empty when there is nothing to say.
    void loaded(const QString &message);
    // Another search is about to be shown, or none, and the workspace of the one shown to close: whatever works on
    // the search shown (a forecast run) stops now, as it must not outlive the workspace it writes to.
    void leavingSearch();
    // Another search is shown, or none. Controllers point at it here, before its workspace opens and before the tree
    // shows it.
    void searchShown();

private:
    void load(const QStringList &paths, const QString &message);
    void onLoaded(int job, std::shared_ptr<std::vector<kfx::LoadedFile>> files);

    SessionWorkspace *m_workspace;
    LiveFollow *m_live;
    GateDecisions m_gateDecisions;
    std::shared_ptr<const std::vector<kfx::LoadedFile>> m_files;
    QStringList m_readable;
    std::size_t m_pairs = 0;
    std::size_t m_predictions = 0;
    bool m_loading = false;
    int m_job = 0;
    int m_shown = -1; // the index in m_files of the search shown
    // The predictions of the search shown's nodes, by node id; they point into m_files's rows.
    std::unordered_map<std::string, std::vector<const kfx::PredictionRow *>> m_nodePredictions;
    QString m_message; // of the load in progress
    // Loader threads by job, joined when their result arrives or the session goes away.
    std::map<int, std::thread> m_loaders;
};
