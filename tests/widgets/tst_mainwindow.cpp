// The kfx window offscreen: it shows a population, fills the code view from the selection, loads files in the
// background, follows the palette, and leaves screenshots of both themes in the working directory to look at.

#include "comparison/codeview.h"
#include "diagnostics/diagnosticsmodel.h"
#include "mainwindow.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include "guitest.h"
#include "testpopulation.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>

#include "testmain.h"

namespace tst_mainwindow {
namespace {

using namespace kfxtest;

namespace {

QModelIndex proxyIndexOf(const MainWindow &window, const char *id)
{
    const auto *model = window.populationModel();
    return window.proxyModel()->mapFromSource(model->indexForNode(model->population()->find(id).value()));
}

kfx::Diagnostics sampleDiagnostics()
{
    return {{"/data/runs/trimul-v3/events.jsonl", 412, "unknown event kind 'tool_call_started'; skipped"},
            {"/data/runs/trimul-v3/events.jsonl", 0, "the log ends in the middle of a line: the last record is lost"}};
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-test"))); }

    void showsPopulationAndCode()
    {
        MainWindow window;
        window.showPopulation(makePopulation(), QStringLiteral("events.jsonl"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        auto *tree = window.treeView();
        QCOMPARE(window.focusWidget(), tree);
        QCOMPARE(tree->model()->rowCount(), 2);
        QVERIFY(tree->isExpanded(proxyIndexOf(window, kFastId)));
        QCOMPARE(window.statusText(),
                 QStringLiteral("9 nodes · archive 4 · best measured 10.50× · archive best 10.50× · 0 errors"));

        // The best measured kernel is current from the start, so the code view is never empty without a reason and
        // the first look is at a kernel with a measurement (the seed has no forecast to show).
        QCOMPARE(tree->currentIndex().data(PopulationModel::NodeIdRole).toString(), QString::fromLatin1(kHugeId));
        QCOMPARE(window.codeView()->toPlainText(), QStringLiteral("__global__ void huge() {}"));

        tree->setCurrentIndex(proxyIndexOf(window, kFastId));
        QCOMPARE(window.codeView()->toPlainText(), QString::fromUtf8(kFastCode));
        tree->setCurrentIndex(proxyIndexOf(window, kTritonId));
        QCOMPARE(window.codeView()->toPlainText(), QString::fromUtf8(kTritonCode));

        tree->setCurrentIndex(proxyIndexOf(window, kPlaceholderId));
        QVERIFY(window.codeView()->toPlainText().isEmpty());
        QVERIFY(window.codeView()->placeholderText().contains(QStringLiteral("parent")));

        window.diagnosticsModel()->setDiagnostics(sampleDiagnostics());
        QVERIFY(window.statusText().endsWith(QStringLiteral("2 errors")));
    }

    void loadsFilesInTheBackground()
    {
        // A copy, because opening data creates its workspace beside it and the source tree must stay clean.
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("spec-example-v3.jsonl"));
        QVERIFY(QFile::copy(QStringLiteral(KFX_TEST_DATA_DIR "/search/spec-example-v3.jsonl"), log));
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({log, dir.filePath(QStringLiteral("no-such-file.jsonl"))});
        QVERIFY(window.isLoading());
        QVERIFY(finished.wait(20000));
        QVERIFY(!window.isLoading());
        QVERIFY(window.populationModel()->population());
        QVERIFY(window.treeView()->model()->rowCount() > 0);
        // The missing file is an error in the dock, not a failure of the whole load.
        QVERIFY(window.diagnosticsModel()->rowCount() >= 1);
        QVERIFY(window.windowTitle().contains(QStringLiteral("spec-example-v3.jsonl")));
    }

    // A cut-off last line and a repeated row are warnings in the Errors dock, naming their lines, and the status
    // says that what is shown rests on partial data.
    void damagedFileIsPartialData()
    {
        QTemporaryDir dir;
        const auto predictions = dir.filePath(QStringLiteral("damaged.jsonl"));
        QVERIFY(QFile::copy(QStringLiteral(KFX_TEST_DATA_DIR "/rows/six-rows-predictions-damaged.jsonl"), predictions));
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({predictions});
        QVERIFY(finished.wait(20000));
        const auto *dock = window.diagnosticsModel();
        QCOMPARE(dock->rowCount(), 2);
        for (int row = 0; row < 2; ++row) {
            QCOMPARE(dock->index(row, DiagnosticsModel::SeverityColumn).data().toString(), QStringLiteral("Warning"));
            QCOMPARE(dock->index(row, DiagnosticsModel::LineColumn).data().toString(), QString::number(7 + row));
        }
        QVERIFY2(window.statusText().endsWith(QStringLiteral("0 errors · 2 warnings · partial data: 1 damaged line")),
                 qPrintable(window.statusText()));
    }

    void codeViewFollowsPalette()
    {
        CodeView view;
        view.setCode(QString::fromUtf8(kFastCode), kfx::KernelLanguage::CudaCpp);
        const auto lightTheme = view.themeName();
        QVERIFY(!lightTheme.isEmpty());
        view.setPalette(guitest::darkPalette());
        QVERIFY(view.themeName() != lightTheme);
        view.setPalette(QApplication::palette());
        QCOMPARE(view.themeName(), lightTheme);

        QCOMPARE(CodeView::definitionName(kfx::KernelLanguage::CudaCpp), QStringLiteral("C++"));
        QCOMPARE(CodeView::definitionName(kfx::KernelLanguage::Triton), QStringLiteral("Python"));
        QCOMPARE(CodeView::definitionName(kfx::KernelLanguage::PyTorch), QStringLiteral("Python"));
    }

    void screenshots()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.showPopulation(makePopulation(), QStringLiteral("events.jsonl"));
        window.diagnosticsModel()->setDiagnostics(sampleDiagnostics());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.treeView()->setCurrentIndex(proxyIndexOf(window, kFastId));

        const auto lightTheme = window.codeView()->themeName();
        const auto light = window.grab();
        QVERIFY(light.save(QDir::current().filePath(QStringLiteral("screenshot-light.png"))));

        const auto lightPalette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        // Qt 6 delivers the palette change to widgets through posted events.
        QCoreApplication::processEvents();
        QVERIFY(window.codeView()->themeName() != lightTheme);
        const auto dark = window.grab();
        QApplication::setPalette(lightPalette);
        QVERIFY(dark.save(QDir::current().filePath(QStringLiteral("screenshot-dark.png"))));
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestMainWindow)

} // namespace
} // namespace tst_mainwindow

#include "tst_mainwindow.moc"
