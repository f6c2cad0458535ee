// The kfx window offscreen: it shows a population, fills the code view from the selection, loads files in the
// background, follows the palette, and leaves screenshots of both themes in the working directory to look at.

#include "codeview.h"
#include "diagnosticsmodel.h"
#include "mainwindow.h"
#include "populationmodel.h"
#include "populationproxymodel.h"

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

using namespace kfxtest;

namespace {

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabledText(0x80, 0x84, 0x8a);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabledText);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x40));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    palette.setColor(QPalette::Disabled, QPalette::Text, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabledText);
    return palette;
}

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
    void initTestCase()
    {
        // Saved window state must come neither from nor into the user's own settings.
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setApplicationName(QStringLiteral("kfx-test"));
        QApplication::setOrganizationName(QStringLiteral("kfx"));
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        // The offscreen platform's default font is larger than a desktop's; screenshots should look like one.
        auto font = QApplication::font();
        font.setPointSize(10);
        QApplication::setFont(font);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(m_translator.load(QStringLiteral(":/i18n/kfx_en.qm")));
        QApplication::installTranslator(&m_translator);
    }

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
        QCOMPARE(window.statusText(), QStringLiteral("9 nodes · archive 4 · best 10.50× · 0 errors"));

        // The first row is current from the start, so the code view is never empty without a reason.
        QCOMPARE(tree->currentIndex().data(PopulationModel::NodeIdRole).toString(), QString::fromLatin1(kSeedId));
        QCOMPARE(window.codeView()->toPlainText(), QString::fromUtf8(kSeedCode));

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

    void codeViewFollowsPalette()
    {
        CodeView view;
        view.setCode(QString::fromUtf8(kFastCode), kfx::KernelLanguage::CudaCpp);
        const auto lightTheme = view.themeName();
        QVERIFY(!lightTheme.isEmpty());
        view.setPalette(darkPalette());
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
        QApplication::setPalette(darkPalette());
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

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
