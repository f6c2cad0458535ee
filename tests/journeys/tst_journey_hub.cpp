// File → Open from Hugging Face…, end to end in the real window against a dataset viewer on 127.0.0.1 that
// answers in the rows API's documented shape: a mistyped dataset is reported, a download cancelled half-way keeps
// its pages, the next one resumes after them through a 429, and the eval set it wrote opens in the window.

#include "journeychecks.h"

#include "hub/hubpulldialog.h"
#include "hubfixtures.h"
#include "pairlist/pairlistmodel.h"

#include "guitest.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTranslator>

#include "testmain.h"

namespace tst_journey_hub {
namespace {

namespace fixture = hubfixture;

namespace {

void typeInto(QLineEdit *field, const QString &text)
{
    field->selectAll();
    QTest::keyClick(field, Qt::Key_Backspace);
    QTest::keyClicks(field, text);
}

QString statusOf(const HubPullDialog &dialog)
{
    return dialog.findChild<QLabel *>(QStringLiteral("hubStatus"))->text();
}

} // namespace

class TestJourneyHub : public QObject {
    Q_OBJECT

    QTranslator m_translator;

private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journeys"))); }

    void openFromHuggingFace()
    {
        QSettings().clear();
        QTemporaryDir dir;
        qputenv("XDG_CACHE_HOME", QFile::encodeName(dir.filePath(QStringLiteral("cache"))));
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        const auto table = fixture::evalSet(250);
        const auto splits = fixture::ok(fixture::splits(dataset, {{"combined", "eval"}, {"trimul", "eval"}}));
        auto stalled = fixture::ok(fixture::rowsPage(table, 100, 100));
        stalled.delayMs = 20000; // answered only after Cancel has been pressed
        ScriptedChatServer server({fixture::failure(404, "The dataset does not exist."), splits,
                                   fixture::ok(fixture::rowsPage(table, 0, 100)), stalled, splits,
                                   fixture::failure(429, "Too many requests", {"Retry-After: 0"}),
                                   fixture::ok(fixture::rowsPage(table, 100, 100)),
                                   fixture::ok(fixture::rowsPage(table, 200, 100))},
                                  fixture::failure(500, "the journey's script ran out"));

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *openFromHub = window.findChild<QAction *>(QStringLiteral("openFromHub"));
        QVERIFY(openFromHub);
        openFromHub->trigger();
        QPointer<HubPullDialog> dialog = window.findChild<HubPullDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->setOutputFolder(dir.filePath(QStringLiteral("hub")));
        auto *datasetField = dialog->findChild<QComboBox *>(QStringLiteral("hubDataset"));
        QCOMPARE(datasetField->currentText(), QString::fromStdString(dataset)); // the published ids are offered
        auto *server_ = dialog->findChild<QLineEdit *>(QStringLiteral("hubServer"));
        QCOMPARE(server_->text(), QStringLiteral("https://datasets-server.huggingface.co"));
        typeInto(server_, QString::fromStdString(server.url()));
        auto *download = dialog->findChild<QPushButton *>(QStringLiteral("hubDownload"));
        auto *progress = dialog->findChild<QProgressBar *>(QStringLiteral("hubProgress"));

        // A mistyped dataset: the server's answer, in the dialog.
        typeInto(datasetField->lineEdit(), QString::fromStdString(dataset + "s"));
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(statusOf(*dialog).contains(QLatin1String("was not found")), 10000);
        QVERIFY2(statusOf(*dialog).contains(QLatin1String("(The dataset does not exist.)")),
                 qPrintable(statusOf(*dialog)));
        QVERIFY(download->isEnabled());

        // The right one, cancelled while the second page is under way: the dialog stays, the first page is kept.
        typeInto(datasetField->lineEdit(), QString::fromStdString(dataset));
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() == 100, 10000);
        QCOMPARE(progress->maximum(), 250);
        QVERIFY(!download->isEnabled());
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(statusOf(*dialog).startsWith(QLatin1String("Cancelled.")), 5000);
        QVERIFY(dialog->isVisible());
        QVERIFY(download->isEnabled());
        const auto dialogClipped = journey::clippedTexts(*dialog);
        QVERIFY2(dialogClipped.isEmpty(), qPrintable(dialogClipped.join(QLatin1Char('\n'))));

        // Again: it resumes after the kept page, waits out a 429, and the window opens the eval set.
        QSignalSpy loaded(&window, &MainWindow::loadingFinished);
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull() || !dialog->isVisible(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 30000);
        const auto requests = server.requests();
        QCOMPARE(requests.size(), std::size_t(8));
        for (const auto at : {6, 7}) // after the 429, rows 100 and 200: row 0 came from the cache
            QVERIFY(requests[std::size_t(at)].head.find(at == 6 ? "offset=100&" : "offset=200&") != std::string::npos);
        QVERIFY(window.showsPairs());
        QCOMPARE(window.pairModel()->rowCount(), 250);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("hub/gpu-forecasters-eval-set-combined-eval.jsonl"))));
        JOURNEY_CHECK_LAYOUT(window);
    }
};

KFX_TEST_MAIN(TestJourneyHub)

} // namespace
} // namespace tst_journey_hub

#include "tst_journey_hub.moc"
