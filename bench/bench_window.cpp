// The real window at scale: a v3 search log in the full MainWindow with every dock open, as a user has it, offscreen.
// The targets of issue 11: the window painted within 1 s of starting and the log fully usable within 5 s, a
// threshold move and a filter keystroke each stalling the UI for at most 50 ms, and a peak RSS of at most 1.5 times
// the file. Issue 23 tightened them to 2 s to usable, 30 ms a threshold move, 0.5 s until a filter's rows are
// shown and 0.6 of the file's size (the README says which are met). The log is KFX_BENCH_LOG when set (e.g. an
// 80,017-node log from `kfx-cli generate --kind puct-v3 --nodes 20000 --seed 1 --out big.jsonl`), else a generated
// one of KFX_BENCH_NODES measured candidates (default 2000) written to the temporary folder:
//
//   KFX_BENCH_LOG=big.jsonl kfx-bench-window
//
// Load figures are one run each (a second load of the same file would be another measurement: scripts/bench runs
// the process several times for medians); the stalls are wall time from the change to the end of the repaint it
// causes, measured once the forecasts made on opening are in.

#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastrunner.h"
#include "gate/gatebar.h"
#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "generate/syntheticgenerator.h"
#include "mainwindow.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTimer>
#include <QTreeView>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <memory>

namespace {

QString benchLog()
{
    const auto given = qEnvironmentVariable("KFX_BENCH_LOG");
    if (!given.isEmpty())
        return given;
    bool ok = false;
    int nodes = qEnvironmentVariable("KFX_BENCH_NODES").toInt(&ok);
    if (!ok || nodes <= 0)
        nodes = 2000;
    const auto path = QDir::temp().filePath(QStringLiteral("kfx-bench-window-%1.jsonl").arg(nodes));
    if (!QFileInfo::exists(path)) {
        std::ofstream out(QFile::encodeName(path).toStdString(), std::ios::binary);
        kfx::generate::SyntheticGenerator(1).write(kfx::generate::SyntheticKind::PuctV3, nodes, out);
    }
    return path;
}

// Peak resident memory of this process so far, in bytes.
double peakResidentBytes()
{
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmHWM:") {
            double kib = 0.0;
            status >> kib;
            return kib * 1024.0;
        }
        status.ignore(1 << 16, '\n');
    }
    return 0.0;
}

// Every dock, as the targets ask; KFX_BENCH_CLOSED_DOCKS names docks (object names, comma-separated) to
// leave closed, to see what each one costs.
void openEveryDock(MainWindow &window)
{
    const auto closed = qEnvironmentVariable("KFX_BENCH_CLOSED_DOCKS").split(QLatin1Char(','));
    for (auto *dock : window.findChildren<QDockWidget *>())
        dock->setVisible(!closed.contains(dock->objectName()));
}

// The window with the log loaded, every dock open, kept for the stall benchmarks.
struct LoadedWindow {
    MainWindow window;
    QString log = benchLog();
    double shownMs = 0.0;
    double usableMs = 0.0;
    double peakRssRatio = 0.0;
    double forecastsShownMs = 0.0;
    double longestStallMs = 0.0;
    std::size_t nodes = 0;

    LoadedWindow()
    {
        QElapsedTimer clock;
        clock.start();
        window.resize(1920, 1020);
        openEveryDock(window);
        window.show();
        window.repaint();
        shownMs = double(clock.nsecsElapsed()) / 1e6;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({log});
        finished.wait(600000);
        QCoreApplication::processEvents();
        window.repaint();
        usableMs = double(clock.nsecsElapsed()) / 1e6;
        nodes = window.populationModel()->population() ? window.populationModel()->population()->size() : 0;
        waitForForecasts(clock);
        peakRssRatio = peakResidentBytes() / double(QFileInfo(log).size());
    }

    // A usable window goes on forecasting what the log has no forecast for, off its GUI thread; the stall
    // benchmarks start once that is done. Measured meanwhile: when the forecasts are shown, and the longest time
    // the UI thread could not answer (the longest gap between the ticks of a 10 ms timer, less the 10 ms).
    void waitForForecasts(const QElapsedTimer &clock)
    {
        constexpr int kTickMs = 10;
        QElapsedTimer sinceTick;
        sinceTick.start();
        QTimer tick;
        tick.setInterval(kTickMs);
        QObject::connect(&tick, &QTimer::timeout, [&] {
            longestStallMs = std::max(longestStallMs, double(sinceTick.nsecsElapsed()) / 1e6 - kTickMs);
            sinceTick.restart();
        });
        tick.start();
        // Shown once the run has ended and its forecasts are folded into the search the views show, which past
        // 10,000 kernels happens on a thread (ShownSearchComposer).
        const auto *gate = window.gateController();
        const auto *runner = window.forecastController()->runner();
        const auto pending = [gate, runner] { return runner->isRunning() || gate->isComposing(); };
        QCoreApplication::processEvents(); // a reopened search's workspace forecasts start to join it
        QEventLoop waiting;
        QTimer check;
        check.setInterval(100);
        QObject::connect(&check, &QTimer::timeout, &waiting, [&] {
            if (!pending() || clock.elapsed() > 600000)
                waiting.quit();
        });
        check.start();
        if (pending())
            waiting.exec();
        QCoreApplication::processEvents();
        window.repaint();
        forecastsShownMs = double(clock.nsecsElapsed()) / 1e6;
    }

    // Made on first use and gone before the application is: a window must not outlive QApplication.
    static std::unique_ptr<LoadedWindow> &slot()
    {
        static std::unique_ptr<LoadedWindow> loaded;
        return loaded;
    }
    static LoadedWindow &instance()
    {
        if (!slot())
            slot() = std::make_unique<LoadedWindow>();
        return *slot();
    }
};

void loadToUsable(benchmark::State &state)
{
    for (auto _ : state) {
        auto &loaded = LoadedWindow::instance();
        benchmark::DoNotOptimize(loaded.nodes);
    }
    const auto &loaded = LoadedWindow::instance();
    state.counters["window_painted_ms"] = loaded.shownMs;
    state.counters["usable_ms"] = loaded.usableMs;
    state.counters["nodes"] = double(loaded.nodes);
    state.counters["file_mb"] = double(QFileInfo(loaded.log).size()) / 1e6;
    state.counters["peak_rss_per_file"] = loaded.peakRssRatio;
    state.counters["forecasts_shown_ms"] = loaded.forecastsShownMs;
    state.counters["longest_stall_ms"] = loaded.longestStallMs;
}
BENCHMARK(loadToUsable)->Name("Window/load_to_usable")->Iterations(1)->Repetitions(1)->Unit(benchmark::kMillisecond);

void thresholdMove(benchmark::State &state)
{
    auto &loaded = LoadedWindow::instance();
    auto *session = loaded.window.gateController()->session();
    double threshold = 0.2;
    for (auto _ : state) {
        threshold = threshold > 0.8 ? 0.2 : threshold + 0.01; // a slider being dragged
        session->setThreshold(threshold);
        QCoreApplication::processEvents();
        loaded.window.repaint();
    }
    state.counters["nodes"] = double(loaded.nodes);
}
BENCHMARK(thresholdMove)->Name("Window/threshold_move")->Unit(benchmark::kMillisecond);

// A keystroke on a large search is answered in slices (TextMatchScan): the stall is the longest single stretch the
// UI thread spends on it, from the keystroke itself, a slice of the scan, or the re-filter and the repaint it
// causes, whichever is longest. Only what the window paints of itself is painted (a forced repaint of the whole
// window after every slice would measure the benchmark, not kfx). shown_ms is how long the rows took to follow.
void filterKeystroke(benchmark::State &state)
{
    auto &loaded = LoadedWindow::instance();
    auto *proxy = loaded.window.proxyModel();
    QSignalSpy applied(proxy, &PopulationProxyModel::filtersApplied);
    // Typing an id narrows step by step, then the filter is cleared: both directions cost a pass.
    const QStringList steps{QStringLiteral("0"), QStringLiteral("01"), QStringLiteral("01J"), QString()};
    int step = 0;
    double shownMs = 0;
    for (auto _ : state) {
        applied.clear();
        QElapsedTimer keystroke;
        keystroke.start();
        QElapsedTimer stretch;
        stretch.start();
        proxy->setFilterText(steps[step++ % steps.size()]);
        qint64 longest = 0;
        for (bool done = false; !done;) {
            done = !applied.isEmpty();
            QCoreApplication::processEvents(); // a slice of the scan, or the paint that follows the rows
            longest = std::max(longest, stretch.nsecsElapsed());
            stretch.restart();
        }
        shownMs += double(keystroke.nsecsElapsed()) / 1e6;
        state.SetIterationTime(double(longest) / 1e9);
    }
    proxy->setFilterText({});
    QCoreApplication::processEvents();
    state.counters["shown_ms"] = benchmark::Counter(shownMs, benchmark::Counter::kAvgIterations);
}
BENCHMARK(filterKeystroke)->Name("Window/filter_keystroke")->UseManualTime()->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // The user's own settings (a saved layout, a recent file list) are not the benchmark's.
    QApplication::setApplicationName(QStringLiteral("kfx-bench-window"));
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    LoadedWindow::slot().reset();
    return 0;
}
