// What the desktop sees of kfx beyond its window: the AppStream metainfo agrees with the build (id, desktop file,
// icon, newest release) and its screenshots are the ones taken here from the real window, at the size it declares;
// About names the Qt and KSyntaxHighlighting in use; a workspace handed over by a file manager opens its data.

#include "commandline.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastrunner.h"
#include "gate/gatecontroller.h"
#include "guitest.h"
#include "helpmenu.h"
#include "journeychecks.h"
#include "mainwindow.h"

#include "kfx-config.h"

#include <ksyntaxhighlighting_version.h>

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUrl>
#include <QXmlStreamReader>

#include "testmain.h"

namespace tst_desktop {
namespace {

namespace {

// The library's own header, not the version CMake recorded for kfx. KF5 and KF6 name the macro differently.
#ifdef KSYNTAXHIGHLIGHTING_VERSION_STRING
constexpr const char *kSyntaxHighlightingVersion = KSYNTAXHIGHLIGHTING_VERSION_STRING;
#else
constexpr const char *kSyntaxHighlightingVersion = SyntaxHighlighting_VERSION_STRING;
#endif

struct Screenshot {
    QString fileName;
    QSize size;
};

// The parts of the metainfo the checks below compare: text of single elements by name, and the screenshots.
struct Metainfo {
    QString id;
    QString launchable;
    QString icon;
    QString newestRelease; // the first <release>, as AppStream orders them newest first
    QList<Screenshot> screenshots;
};

Metainfo readMetainfo(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    Metainfo info;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name().toString();
        const auto attributes = xml.attributes();
        if (name == QLatin1String("release") && info.newestRelease.isEmpty())
            info.newestRelease = attributes.value(QLatin1String("version")).toString();
        else if (name == QLatin1String("id") && info.id.isEmpty())
            info.id = xml.readElementText();
        else if (name == QLatin1String("launchable"))
            info.launchable = xml.readElementText();
        else if (name == QLatin1String("icon"))
            info.icon = xml.readElementText();
        else if (name == QLatin1String("image")) {
            const QSize size(attributes.value(QLatin1String("width")).toInt(),
                             attributes.value(QLatin1String("height")).toInt());
            info.screenshots.append({QUrl(xml.readElementText()).fileName(), size});
        }
    }
    return xml.hasError() ? Metainfo{} : info;
}

} // namespace

class TestDesktop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-desktop")));
        QSettings().clear(); // the first start's layout and choices (Forecast When Opening among them)
    }

    void metainfoAgreesWithTheBuild()
    {
        const auto info = readMetainfo(QStringLiteral(KFX_METAINFO));
        QCOMPARE(info.id, QStringLiteral(KFX_APP_ID));
        QCOMPARE(info.launchable, QStringLiteral(KFX_APP_ID ".desktop"));
        QCOMPARE(info.icon, QStringLiteral(KFX_APP_ID));
        // A version bump needs its release entry (and a date) in the metainfo.
        QCOMPARE(info.newestRelease, QStringLiteral(KFX_VERSION_STRING));
        QCOMPARE(info.screenshots.size(), 2);
    }

    void aboutNamesTheLibraries()
    {
        const auto about = HelpMenu::aboutText();
        QVERIFY2(about.contains(QStringLiteral("Qt %1 (compiled against %2)")
                                    .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))),
                 qPrintable(about));
        QVERIFY2(
            about.contains(QStringLiteral("KSyntaxHighlighting %1 ").arg(QLatin1String(kSyntaxHighlightingVersion))),
            qPrintable(about));
    }

    // A file manager hands kfx the workspace it was asked to open; kfx opens the data the workspace is beside.
    void workspaceOpensItsData()
    {
        QTemporaryDir dir;
        const auto data = dir.filePath(QStringLiteral("search.jsonl"));
        QFile file(data);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const auto orphan = dir.filePath(QStringLiteral("gone.jsonl.kfx-workspace"));
        QCommandLineParser parser;
        addCommandLineOptions(parser);
        QVERIFY(parser.parse({QStringLiteral("kfx"), data + QStringLiteral(".kfx-workspace"), orphan}));
        QCOMPARE(commandLine(parser).files, QStringList({data, orphan}));
    }

    // The metainfo's screenshots, taken from the demo's best kernel at the size each declares, in the light theme
    // and (for a name ending in -dark) the dark one. Written to the build folder's screenshots/ to look at and
    // publish.
    void screenshotsOfTheMetainfo()
    {
        const auto info = readMetainfo(QStringLiteral(KFX_METAINFO));
        QVERIFY(!info.screenshots.isEmpty());
        QTemporaryDir dir;
        MainWindow window;
        window.resize(info.screenshots.first().size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The embedded surrogate trains and forecasts after loading: the screenshots show its forecasts.
        QSignalSpy forecast(window.forecastController()->runner(), &ForecastRunner::finished);
        QVERIFY(journey::openAndWait(window, journey::copyDemo(dir)));
        QVERIFY(forecast.count() > 0 || forecast.wait(120000));
        QTest::keySequence(window.treeView(), QKeySequence(QStringLiteral("Alt+End")));
        QVERIFY(window.treeView()->currentIndex().isValid());

        QVERIFY(QDir().mkpath(QStringLiteral(KFX_SCREENSHOT_DIR)));
        const auto lightPalette = QApplication::palette();
        for (const auto &shot : info.screenshots) {
            const bool dark = shot.fileName.endsWith(QLatin1String("-dark.png"));
            QApplication::setPalette(dark ? guitest::darkPalette() : lightPalette);
            window.resize(shot.size);
            QCoreApplication::processEvents();
            const auto image = window.grab().toImage();
            QCOMPARE(image.size(), shot.size);
            QVERIFY(image.save(QDir(QStringLiteral(KFX_SCREENSHOT_DIR)).filePath(shot.fileName)));
        }
        QApplication::setPalette(lightPalette);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestDesktop)

} // namespace
} // namespace tst_desktop

#include "tst_desktop.moc"
