#pragma once

// What every journey (and the monkey) needs around the real window: data in a folder of its own (opening data
// writes a workspace beside it, and the source tree must stay clean), waiting for a load, and the checks made
// after each journey: the window fits common screens and no text is cut off.

#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "generate/syntheticgenerator.h"
#include "mainwindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

namespace journey {

inline constexpr QSize kSmallScreen{1366, 768};
inline constexpr QSize kLargeScreen{1920, 1080};
// Room a desktop takes from a screen: a panel and the window's title bar.
inline constexpr int kDesktopChrome = 60;

// Copies resources/demo (the three search logs and their task folders) into `dir`; returns the search logs.
inline QStringList copyDemo(const QTemporaryDir &dir)
{
    const QDir source(QStringLiteral(KFX_DEMO_DIR));
    QStringList logs;
    QDirIterator it(source.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const auto from = it.next();
        const auto to = dir.filePath(source.relativeFilePath(from));
        QDir().mkpath(QFileInfo(to).path());
        QFile::copy(from, to);
        if (QFileInfo(from).path() == source.path() && from.endsWith(QLatin1String("-search.jsonl")))
            logs << to;
    }
    logs.sort();
    return logs;
}

inline QString writeGenerated(const QTemporaryDir &dir, const QString &name, kfx::generate::SyntheticKind kind,
                              int count, std::uint64_t seed)
{
    const auto path = dir.filePath(name);
    std::ofstream out(QFile::encodeName(path).toStdString(), std::ios::binary);
    kfx::generate::SyntheticGenerator(seed).write(kind, count, out);
    return path;
}

#ifdef KFX_CORPUS_TAR
// Unpacks the H100 corpus's search logs (resources/corpus/searches-h100.tar.xz) straight into `folder`.
inline bool unpackCorpus(const QString &folder)
{
    QProcess tar;
    tar.start(QStringLiteral("tar"),
              {QStringLiteral("-xJf"), QStringLiteral(KFX_CORPUS_TAR), QStringLiteral("-C"), folder,
               QStringLiteral("--strip-components=1")});
    return tar.waitForFinished(60000) && tar.exitStatus() == QProcess::NormalExit && tar.exitCode() == 0;
}
#endif

inline bool openAndWait(MainWindow &window, const QStringList &paths, int timeoutMs = 60000)
{
    QSignalSpy finished(&window, &MainWindow::loadingFinished);
    window.openFiles(paths);
    return finished.wait(timeoutMs);
}

// Waits until the forecasts of the open search are in the gate's counters and the layouts they change have
// been redone. They arrive from a worker thread after loading; a check made before would race their arrival.
inline bool waitForForecasts(MainWindow &window, int timeoutMs = 60000)
{
    const auto *session = window.gateController()->session();
    const bool arrived = QTest::qWaitFor(
        [session] { return session->summary().trusted + session->summary().deferred > 0; }, timeoutMs);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    return arrived;
}

inline QString describe(const QWidget *widget);

// The innermost visible widgets whose minimum size alone takes most of the room: what makes a window too big.
inline QStringList widestWidgets(const QWidget &window, QSize room)
{
    QStringList culprits;
    for (const auto *widget : window.findChildren<QWidget *>()) {
        if (!widget->isVisible())
            continue;
        const auto minimum = widget->minimumSizeHint().expandedTo(widget->minimumSize());
        if (minimum.width() <= room.width() / 4 && minimum.height() <= room.height() / 3)
            continue;
        culprits << QStringLiteral("  %1 needs %2x%3").arg(describe(widget)).arg(minimum.width()).arg(minimum.height());
    }
    return culprits;
}

// Why the window would not fit a screen of this size with a desktop's panel and title bar: a minimum size
// larger than the room there is, or a window that grew past it on its own.
inline QStringList fitProblems(QWidget &window, QSize screen)
{
    const QSize room(screen.width(), screen.height() - kDesktopChrome);
    window.resize(room);
    QCoreApplication::processEvents();
    QStringList problems;
    const auto minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
    if (minimum.width() > room.width() || minimum.height() > room.height())
        problems << QStringLiteral("minimum size %1x%2 exceeds %3x%4")
                        .arg(minimum.width())
                        .arg(minimum.height())
                        .arg(room.width())
                        .arg(room.height());
    if (!problems.isEmpty())
        problems << widestWidgets(window, room);
    if (window.width() > room.width() || window.height() > room.height())
        problems << QStringLiteral("window is %1x%2 after resizing to %3x%4")
                        .arg(window.width())
                        .arg(window.height())
                        .arg(room.width())
                        .arg(room.height());
    return problems;
}

inline QString describe(const QWidget *widget)
{
    auto name = widget->objectName();
    if (name.isEmpty())
        name = widget->accessibleName();
    return QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(widget->metaObject()->className()), name);
}

// Labels and buttons shown narrower than their text: "Predictec". Wrapped labels can always fit their text, and
// elided text is the widget's own choice, so only fixed one-line texts count.
inline QStringList clippedTexts(const QWidget &window)
{
    // A text set since the last event loop pass has not been laid out yet: that is not clipping.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QStringList clipped;
    for (const auto *label : window.findChildren<QLabel *>()) {
        if (!label->isVisible() || label->wordWrap() || label->text().isEmpty())
            continue;
        if (label->width() < label->minimumSizeHint().width())
            clipped << QStringLiteral("%1 \"%2\": %3 px for %4")
                           .arg(describe(label), label->text())
                           .arg(label->width())
                           .arg(label->minimumSizeHint().width());
    }
    for (const auto *button : window.findChildren<QAbstractButton *>()) {
        if (!button->isVisible() || button->text().isEmpty())
            continue;
        if (button->width() < button->minimumSizeHint().width())
            clipped << QStringLiteral("%1 \"%2\": %3 px for %4")
                           .arg(describe(button), button->text())
                           .arg(button->width())
                           .arg(button->minimumSizeHint().width());
    }
    return clipped;
}

} // namespace journey

// After every journey: the window fits a 1366x768 and a 1920x1080 screen and nothing is clipped at either.
#define JOURNEY_CHECK_LAYOUT(window)                                                                                   \
    do {                                                                                                               \
        for (const auto screen : {journey::kSmallScreen, journey::kLargeScreen}) {                                     \
            const auto problems = journey::fitProblems(window, screen);                                                \
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));                                \
            const auto clipped = journey::clippedTexts(window);                                                        \
            QVERIFY2(clipped.isEmpty(),                                                                                \
                     qPrintable(QStringLiteral("at %1x%2: ").arg(screen.width()).arg(screen.height())                  \
                                + clipped.join(QLatin1Char('\n'))));                                                   \
        }                                                                                                              \
    } while (false)
