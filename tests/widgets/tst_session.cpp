// The window's session (issue 23): the one object that holds the files open and the search shown, which every
// controller reads. Checked on the H100 corpus's rms_norm selective search, its baseline and an eval set.

#include "session/livefollow.h"
#include "session/recentsessions.h"
#include "session/session.h"
#include "session/sessionworkspace.h"

#include "guitest.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include "testmain.h"

namespace tst_session {
namespace {

namespace {

QString copyCorpusLog(const QTemporaryDir &dir, const QString &name)
{
    const auto to = dir.filePath(name);
    QFile::copy(QStringLiteral(KFX_TEST_DATA_DIR "/corpus/") + name, to);
    return to;
}

// Waits for the load in progress and returns the message it finished with.
QString loaded(Session &session)
{
    QSignalSpy done(&session, &Session::loaded);
    if (!done.wait(60000))
        return QStringLiteral("(the load did not finish)");
    return done.first().first().toString();
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator)); }

    void opensAddsAndSaysWhat()
    {
        RecentSessions().clear();
        QTemporaryDir dir;
        const auto selective = copyCorpusLog(dir, QStringLiteral("rms_norm-selective.jsonl"));
        const auto baseline = copyCorpusLog(dir, QStringLiteral("rms_norm-baseline.jsonl"));
        Session session;

        session.open({selective});
        QVERIFY(session.isLoading());
        QCOMPARE(loaded(session), QString()); // a first open replaces nothing
        QVERIFY(!session.isLoading());
        QCOMPARE(session.readablePaths(), QStringList{selective});
        QCOMPARE(session.openSearches().size(), std::size_t(1));
        QCOMPARE(RecentSessions().sessions().value(0), QStringList{selective});

        session.add({baseline});
        QCOMPARE(loaded(session), QStringLiteral("Added 1 file to the session"));
        QCOMPARE(session.readablePaths(), QStringList({selective, baseline}));
        const auto searches = session.openSearches();
        QCOMPARE(searches.size(), std::size_t(2));
        QCOMPARE(searches[1].path, baseline);
        QCOMPARE(searches[1].fileIndex, 1);
        QVERIFY(searches[1].population->size() > 1);

        session.add({baseline});
        QCOMPARE(loaded(session), QStringLiteral("Already open: rms_norm-baseline.jsonl"));
        session.open({selective, baseline});
        QCOMPARE(loaded(session), QStringLiteral("Reopened rms_norm-selective.jsonl and 1 more file"));
        session.open({baseline});
        QCOMPARE(loaded(session),
                 QStringLiteral("Opened rms_norm-baseline.jsonl in place of rms_norm-selective.jsonl and 1 more file"));
    }

    void showsOneSearchAndItsPredictions()
    {
        QTemporaryDir dir;
        const auto selective = copyCorpusLog(dir, QStringLiteral("rms_norm-selective.jsonl"));
        const auto baseline = copyCorpusLog(dir, QStringLiteral("rms_norm-baseline.jsonl"));
        Session session;
        session.open({selective, baseline});
        QCOMPARE(loaded(session), QString());
        QCOMPARE(session.shownFile(), nullptr); // nothing is shown until asked for

        // A published predictions row (tests/data/rows), moved onto a kernel of the baseline, in a file of its own.
        const auto nodeId = session.openSearches()[1].population->node(1).id;
        const auto predictions = dir.filePath(QStringLiteral("predictions.jsonl"));
        {
            QFile published(QStringLiteral(KFX_TEST_DATA_DIR "/rows/predictions.jsonl"));
            QVERIFY(published.open(QIODevice::ReadOnly));
            auto row = published.readLine();
            row.replace("trimul/a73b91f58c89__d33207a806f3", QByteArray::fromStdString(nodeId));
            QFile file(predictions);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(row);
        }
        session.add({predictions});
        QCOMPARE(loaded(session), QStringLiteral("Added 1 file to the session"));
        QCOMPARE(session.predictionCount(), std::size_t(1));

        QSignalSpy shown(&session, &Session::searchShown);
        session.showSearch(1);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(session.shownFileIndex(), 1);
        QCOMPARE(session.shownPath(), baseline);
        // The workspace lives beside the search shown and records every file open with it.
        QCOMPARE(session.dataFilesOfShown(), QStringList({baseline, selective, predictions}));
        QCOMPARE(session.predictionsOfNode(nodeId).size(), std::size_t(1));
        QCOMPARE(session.predictionsOfNode(nodeId).front()->surrogateLabel, std::string("gpt_oss_20b_untrained"));

        // The selective search holds no kernel of that id: its nodes have no predictions.
        session.showSearch(0);
        QVERIFY(session.predictionsOfNode(nodeId).empty());
        session.showSearch(-1);
        QCOMPARE(session.shownFile(), nullptr);
        QCOMPARE(session.shownPath(), QString());
        QCOMPARE(shown.count(), 3);
    }

    // The session opens the workspace of the search it shows and closes it when it shows another or none; no
    // controller does. It says it leaves a search while that search's workspace is still open, so that a forecast
    // run writing there stops first, and it follows only the log shown.
    void opensTheWorkspaceOfTheSearchShown()
    {
        QTemporaryDir dir;
        const auto selective = copyCorpusLog(dir, QStringLiteral("rms_norm-selective.jsonl"));
        const auto baseline = copyCorpusLog(dir, QStringLiteral("rms_norm-baseline.jsonl"));
        Session session;
        auto *workspace = session.workspace();
        workspace->setBesideData(true);
        session.open({selective, baseline});
        QCOMPARE(loaded(session), QString());
        QVERIFY(!workspace->current());

        QStringList openWhenLeaving;
        connect(&session, &Session::leavingSearch, &session,
                [&] { openWhenLeaving << (workspace->current() ? workspace->path() : QStringLiteral("none")); });
        QStringList openWhenShown;
        connect(&session, &Session::searchShown, &session,
                [&] { openWhenShown << (workspace->current() ? workspace->path() : QStringLiteral("none")); });
        QSignalSpy opened(workspace, &SessionWorkspace::opened);
        QSignalSpy closing(workspace, &SessionWorkspace::closing);
        const auto beside = [](const QString &log) { return log + QStringLiteral(".kfx-workspace"); };

        session.showSearch(0);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(workspace->path(), beside(selective));
        QCOMPARE(session.liveFollow()->path(), selective);
        session.showSearch(1);
        QCOMPARE(opened.count(), 2);
        QCOMPARE(workspace->path(), beside(baseline));
        QCOMPARE(session.liveFollow()->path(), baseline);
        session.showSearch(-1);
        QCOMPARE(opened.count(), 2);
        QVERIFY(!workspace->current());
        QVERIFY(session.liveFollow()->path().isEmpty());
        QVERIFY(closing.count() >= 3);
        // Left while still open; shown to the controllers before the next one opens.
        QCOMPARE(openWhenLeaving, QStringList({QStringLiteral("none"), beside(selective), beside(baseline)}));
        QCOMPARE(openWhenShown, QStringList({QStringLiteral("none"), QStringLiteral("none"), QStringLiteral("none")}));
    }

    void namesWhatItCouldNotRead()
    {
        QTemporaryDir dir;
        const auto missing = dir.filePath(QStringLiteral("gone.jsonl"));
        const auto malformed = dir.filePath(QStringLiteral("eval_set_malformed.jsonl"));
        QFile::copy(QStringLiteral(KFX_TEST_DATA_DIR "/rows/eval_set_malformed.jsonl"), malformed);
        Session session;
        session.open({missing, malformed});
        loaded(session);
        QCOMPARE(session.readablePaths(), QStringList{malformed});
        QVERIFY(session.openSearches().empty());
        const auto diagnostics = session.diagnostics();
        QVERIFY(std::any_of(diagnostics.begin(), diagnostics.end(), [&](const auto &diagnostic) {
            return QString::fromStdString(diagnostic.file) == missing;
        }));
        QVERIFY(std::any_of(diagnostics.begin(), diagnostics.end(), [&](const auto &diagnostic) {
            return QString::fromStdString(diagnostic.file) == malformed && diagnostic.line > 0;
        }));
        QVERIFY(session.damagedLines() > 0);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestSession)

} // namespace
} // namespace tst_session

#include "tst_session.moc"
