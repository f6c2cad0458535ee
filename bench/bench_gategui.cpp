// The gate bar's promise, measured in the window's own widgets: with 100,000 forecasts shown in the tree, one
// move of the threshold slider — re-gating, the tree's marks, the bar's counters and the repaint of what is on
// screen — fits in one 16 ms frame. Offscreen, so it runs without a display:
//
//   kfx-bench-gui --benchmark_filter=GateGui
//
// The numbers are wall time per slider move (the repaint is forced, not left to the next frame).

#include "gate/gatebar.h"
#include "gate/gatemarks.h"
#include "gate/gatesession.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>

namespace {

constexpr std::int64_t kNodes = 100'000;

// A search of 100,000 kernels built in memory (a generated log this size, code and all, needs gigabytes to
// load): a seed, then lineages six children wide, each candidate with a forecast (random simplex), a few model
// deferrals and parse failures, and a measurement for half of them.
std::shared_ptr<const kfx::Population> generatedSearch()
{
    static const auto population = [] {
        auto search = std::make_shared<kfx::Population>();
        std::mt19937_64 random(2026);
        std::gamma_distribution<double> mass(0.5, 1.0);
        std::lognormal_distribution<double> speedup(0.0, 0.5);
        for (std::int64_t i = 0; i < kNodes; ++i) {
            kfx::KernelNode node;
            node.id = "N" + std::to_string(i);
            if (i == 0) {
                node.status = kfx::NodeStatus::Seed;
            } else {
                node.status = kfx::NodeStatus::Evaluated;
                node.step = int(i / 600);
                if (i % 97 != 0 && i % 211 != 0) {
                    kfx::Forecast forecast;
                    double total = 0.0;
                    for (auto &p : forecast.probabilities)
                        total += p = mass(random);
                    for (auto &p : forecast.probabilities)
                        p /= total;
                    forecast.predictedBin = int(random() % 8) + 1;
                    node.forecasts.push_back(forecast);
                }
                if (i % 2 == 0 || i % 97 == 0) {
                    kfx::EvaluationOutcome outcome;
                    outcome.kind = kfx::OutcomeKind::Success;
                    outcome.reward = speedup(random);
                    if (i % 97 == 0)
                        outcome.deferralReason = "two close bins span a 2x range";
                    node.evaluation = outcome;
                }
            }
            const auto index = search->add(std::move(node));
            if (i > 0)
                search->setParent(index, std::size_t((i - 1) / 6));
        }
        return std::shared_ptr<const kfx::Population>(std::move(search));
    }();
    return population;
}

// The window's arrangement without the rest of the window: gate bar above the tree, the tree on the proxy as
// MainWindow shows it, expanded one level as it is for a search this large, every column on screen.
struct GateWindow {
    QWidget window;
    SessionWorkspace workspace;
    GateSession session{&workspace};
    PopulationModel model;
    PopulationProxyModel proxy;
    GateBar *bar = new GateBar(&session, &window);
    QTreeView *tree = new QTreeView(&window);

    GateWindow()
    {
        proxy.setSourceModel(&model);
        tree->setModel(&proxy);
        tree->setUniformRowHeights(true);
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(bar);
        layout->addWidget(tree, 1);
        QObject::connect(&session, &GateSession::decisionsChanged, &model,
                         [this] { model.setGateDecisions(session.decisions()); });
        const auto population = generatedSearch();
        session.setPopulation(population);
        model.setPopulation(population);
        model.setGateDecisions(session.decisions());
        tree->expandToDepth(1);
        // Wide enough that every column, the Gate column included, is on screen.
        window.resize(1600, 900);
        window.show();
        QCoreApplication::processEvents();
    }
};

void thresholdMove(benchmark::State &state)
{
    GateWindow gate;
    double threshold = 0.2;
    int trusted = 0;
    // Where the frame goes: re-gating with the counters and the model's signals, then the repaint.
    double regate = 0.0;
    double paint = 0.0;
    QElapsedTimer clock;
    std::int64_t signalled = 0; // dataChanged ranges the model emits: the work the proxy and tree get
    QObject::connect(&gate.model, &QAbstractItemModel::dataChanged, [&signalled] { ++signalled; });
    for (auto _ : state) {
        threshold = threshold > 0.8 ? 0.2 : threshold + 0.01; // a slider being dragged
        clock.start();
        gate.session.setThreshold(threshold);
        QCoreApplication::processEvents();
        regate += double(clock.nsecsElapsed());
        clock.start();
        gate.tree->viewport()->repaint();
        gate.bar->repaint();
        paint += double(clock.nsecsElapsed());
        trusted = gate.session.summary().trusted;
    }
    const double moves = std::max<double>(1.0, double(state.iterations()));
    state.counters["regate_ms"] = regate / moves / 1e6;
    state.counters["paint_ms"] = paint / moves / 1e6;
    state.counters["ranges"] = double(signalled) / moves;
    state.counters["candidates"] = gate.session.summary().candidates;
    state.counters["trusted"] = trusted;
}
BENCHMARK(thresholdMove)->Name("GateGui/threshold_move_100k_tree")->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    // No display needed, and the same rendering wherever it runs.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
