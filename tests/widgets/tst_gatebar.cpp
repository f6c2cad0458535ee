// The gate in the window: the bar's coverage target against core, the tree's marks following the slider,
// overrides by shortcut that a new window restores from the workspace with the threshold, undo and redo, and
// the inline message when the data changed since.

#include "calibration/calibrationview.h"
#include "comparison/comparisonview.h"
#include "forecasting/forecastpanel.h"
#include "gate/gatebar.h"
#include "gate/gatecontroller.h"
#include "gate/gateoverriderow.h"
#include "gate/gatesession.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "session/gatecandidates.h"

#include "gatefixture.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include <limits>

#include "testmain.h"

namespace tst_gatebar {
namespace {

using kfx::gate::OverrideMode;

namespace {

QModelIndex treeIndex(const MainWindow &window, std::size_t node, int column = 0)
{
    const auto *model = window.populationModel();
    return window.proxyModel()->mapFromSource(model->indexForNode(node, column));
}

// The first `count` gate candidates that have a forecast, as the tests pick kernels to overrule.
std::vector<std::size_t> forecastCandidates(const kfx::Population &population, std::size_t count)
{
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < population.size() && nodes.size() < count; ++i) {
        if (gatecandidates::isCandidate(population.node(i)) && gatecandidates::forecastOf(population.node(i)))
            nodes.push_back(i);
    }
    return nodes;
}

// Kernels the search itself did not select for measurement, as the Status column says.
int notSelectedBySearch(const MainWindow &window)
{
    const auto &population = *window.populationModel()->population();
    int count = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (population.node(i).status == kfx::NodeStatus::Deferred
            && treeIndex(window, i, PopulationModel::StatusColumn).data().toString() == QStringLiteral("not selected"))
            ++count;
    }
    return count;
}

} // namespace

class TestGate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        gatetest::setUpApplication(m_translator);
        QVERIFY(m_dir.isValid());
        m_log = m_dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(m_log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV3, 400));
    }

    void coverageTargetTrustsTheExpectedCount()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        QAbstractItemModelTester tester(window.populationModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        auto *bar = gate->gateBar();
        auto *session = gate->session();

        bar->coverageBox()->setValue(90.0);
        bar->coverageButton()->click();

        const auto rows = session->selectiveRows(false);
        const auto score = session->settings().gate.score;
        const double threshold = kfx::metrics::thresholdForCoverage(rows, score, 0.9);
        QCOMPARE(session->settings().gate.threshold, threshold);
        // The risk–coverage chart's cursor follows the gate.
        QCOMPARE(window.calibrationView()->gateThreshold().value_or(-1.0), threshold);
        int expected = 0;
        int parsed = 0;
        for (const auto &row : rows) {
            if (!row.forecast)
                continue;
            ++parsed;
            expected += kfx::metrics::confidence(score, *row.forecast) >= threshold ? 1 : 0;
        }
        QVERIFY(parsed > 100);
        QCOMPARE(session->summary().trusted, expected);
        // The midpoint rule trusts round(0.9 · n) of the n candidates (parse failures count in n), ties aside.
        QVERIFY2(std::abs(expected - qRound(0.9 * double(rows.size()))) <= 2,
                 qPrintable(QStringLiteral("%1 trusted of %2 (%3 parsed)").arg(expected).arg(rows.size()).arg(parsed)));
        QVERIFY(bar->countersText().contains(QStringLiteral("%1 trusted").arg(QLocale().toString(expected))));
        QCOMPARE(session->summary().gpuEvaluations, session->summary().deferred);
        QVERIFY(session->summary().risk().has_value());

        // The tree's Gate column shows each verdict with a mark, and follows the slider.
        const auto &population = *window.populationModel()->population();
        const auto decisions = session->decisions();
        std::size_t trustedNode = kfx::kNoNode;
        for (std::size_t i = 0; i < population.size() && trustedNode == kfx::kNoNode; ++i) {
            if (gatecandidates::isCandidate(population.node(i)) && (*decisions)[i].trusted())
                trustedNode = i;
        }
        QVERIFY(trustedNode != kfx::kNoNode);
        const auto gateCell = treeIndex(window, trustedNode, PopulationModel::GateColumn);
        QCOMPARE(gateCell.data().toString(), QStringLiteral("trusted"));
        QVERIFY(gateCell.data(Qt::DecorationRole).canConvert<QIcon>());

        bar->slider()->setValue(GateBar::kSliderSteps);
        QVERIFY(session->summary().trusted < expected);
        QCOMPARE(session->settings().gate.threshold, 1.0);
        QCOMPARE(window.calibrationView()->gateThreshold().value_or(-1.0), 1.0);
        if (!(*session->decisions())[trustedNode].trusted())
            QCOMPARE(gateCell.data().toString(), QStringLiteral("deferred"));
    }

    // "deferred" in any column is the gate's word: wherever it shows, the gate did defer that kernel. The log's
    // own unselected candidates are said otherwise, whatever the threshold.
    void deferredIsSaidOnlyWhereTheGateDefers()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *session = window.gateController()->session();
        const auto &population = *window.populationModel()->population();
        for (const double threshold : {-std::numeric_limits<double>::infinity(), 0.5, 1.0}) {
            session->setThreshold(threshold);
            const auto decisions = session->decisions();
            int saidDeferred = 0;
            for (std::size_t i = 0; i < population.size(); ++i) {
                for (const int column : {int(PopulationModel::StatusColumn), int(PopulationModel::GateColumn)}) {
                    const auto text = treeIndex(window, i, column).data().toString();
                    if (!text.contains(QStringLiteral("deferred")))
                        continue;
                    ++saidDeferred;
                    QVERIFY2(gatecandidates::isCandidate(population.node(i)) && !(*decisions)[i].trusted(),
                             qPrintable(QStringLiteral("%1 says \"%2\" at threshold %3, where the gate trusts it")
                                            .arg(QString::fromStdString(population.node(i).id), text)
                                            .arg(threshold)));
                }
            }
            if (threshold == 1.0)
                QVERIFY(saidDeferred > 0); // the gate's own word is still there where it defers
            else if (threshold < 0.0)
                QVERIFY(notSelectedBySearch(window) > 0); // the log's unselected candidates are there, trusted
        }
    }

    // A kernel that did not compile, crashed or computed the wrong result is gated like any other, since the gate
    // decides before the measurement: trusting it is a trust error, which the risk counts and the tooltip names.
    void trustedKernelsThatFailAreTrustErrors()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        gate->session()->setThreshold(-std::numeric_limits<double>::infinity());
        const auto &population = *window.populationModel()->population();
        const auto decisions = gate->session()->decisions();
        int failedAndForecast = 0;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            if (!gatecandidates::kernelFailed(node))
                continue;
            QVERIFY(gatecandidates::isCandidate(node));
            if (!gatecandidates::forecastOf(node))
                continue;
            ++failedAndForecast;
            QVERIFY((*decisions)[i].trusted());
            QVERIFY(treeIndex(window, i, PopulationModel::GateColumn)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("trust error")));
        }
        QVERIFY(failedAndForecast > 0);
        const auto &summary = gate->session()->summary();
        QCOMPARE(summary.trustedFailed, failedAndForecast);
        QVERIFY(summary.trustedWrong >= summary.trustedFailed);
    }

    void overridesAndThresholdSurviveARestart()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        std::vector<std::string> ids;
        double threshold = 0.0;
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            window.show();
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            auto *gate = window.gateController();
            gate->gateBar()->coverageBox()->setValue(90.0);
            gate->gateBar()->coverageButton()->click();
            threshold = gate->session()->settings().gate.threshold;

            const auto &population = *window.populationModel()->population();
            const auto nodes = forecastCandidates(population, 3);
            QCOMPARE(nodes.size(), std::size_t(3));
            auto *tree = window.treeView();
            tree->setFocus();
            const Qt::Key keys[] = {Qt::Key_T, Qt::Key_D, Qt::Key_T};
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                tree->setCurrentIndex(treeIndex(window, nodes[i]));
                QTest::keyClick(tree, keys[i]);
                ids.push_back(population.node(nodes[i]).id);
            }
            const auto &overrides = gate->session()->overrides();
            QCOMPARE(overrides.size(), std::size_t(3));
            QCOMPARE(overrides.at(ids[0]).mode, OverrideMode::Trust);
            QCOMPARE(overrides.at(ids[1]).mode, OverrideMode::Defer);
            QCOMPARE(gate->session()->summary().overridden, 3);
            QCOMPARE(treeIndex(window, nodes[1], PopulationModel::GateColumn).data().toString(),
                     QStringLiteral("deferred (override)"));

            // A letter typed anywhere but the tree is just a letter.
            gate->gateBar()->coverageBox()->setFocus();
            tree->setCurrentIndex(treeIndex(window, forecastCandidates(population, 4).back()));
            QTest::keyClick(gate->gateBar()->coverageBox(), Qt::Key_T);
            QCOMPARE(gate->session()->overrides().size(), std::size_t(3));
        }
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            auto *session = window.gateController()->session();
            const auto &overrides = session->overrides();
            QCOMPARE(overrides.size(), std::size_t(3));
            QCOMPARE(overrides.at(ids[0]).mode, OverrideMode::Trust);
            QCOMPARE(overrides.at(ids[1]).mode, OverrideMode::Defer);
            QCOMPARE(overrides.at(ids[2]).mode, OverrideMode::Trust);
            QCOMPARE(session->settings().gate.threshold, threshold);
            QCOMPARE(session->settings().targetCoverage.value_or(0.0), 0.9);
            // The field shows the restored threshold to its three decimals.
            QVERIFY(std::abs(window.gateController()->gateBar()->thresholdBox()->value() - threshold) < 1e-3);
            QCOMPARE(session->summary().overridden, 3);
            QVERIFY(window.gateController()->gateBar()->messageText().isEmpty());
        }
        // The data changes behind the workspace's back: the next window says so, inline.
        gatetest::writeFile(log, "\n", true);
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            const auto message = window.gateController()->gateBar()->messageText();
            QVERIFY2(message.contains(QStringLiteral("data changed")), qPrintable(message));
            QCOMPARE(window.gateController()->session()->overrides().size(), std::size_t(3));
        }
    }

    void undoAndRedoAnOverride()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        auto *session = gate->session();
        const auto node = forecastCandidates(*window.populationModel()->population(), 1).front();
        const auto id = window.populationModel()->population()->node(node).id;
        window.treeView()->setCurrentIndex(treeIndex(window, node));
        gate->overrideSelected(OverrideMode::Defer, QStringLiteral("fails on the H100"));
        QCOMPARE(session->overrideFor(id), OverrideMode::Defer);
        QCOMPARE(session->workspace()->current()->overrides().at(id).note, std::string("fails on the H100"));

        session->undoStack()->undo();
        QCOMPARE(session->overrideFor(id), OverrideMode::Auto);
        QCOMPARE(session->workspace()->current()->overrides().count(id), std::size_t(0));
        QCOMPARE(session->summary().overridden, 0);

        session->undoStack()->redo();
        QCOMPARE(session->overrideFor(id), OverrideMode::Defer);
        QCOMPARE(session->workspace()->current()->overrides().at(id).mode, OverrideMode::Defer);

        // A slider drag is one step to undo.
        const double before = session->settings().gate.threshold;
        gate->gateBar()->slider()->setValue(100);
        gate->gateBar()->slider()->setValue(200);
        gate->gateBar()->slider()->setValue(300);
        session->undoStack()->undo();
        QCOMPARE(session->settings().gate.threshold, before);
        QCOMPARE(session->overrideFor(id), OverrideMode::Defer);
    }

    // The comparison view's row says what the gate decided for the kernel shown and overrides it, with a note,
    // on the same undo stack as the tree's T/D/A; the tree follows.
    void overrideFromTheComparisonView()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        auto *session = gate->session();
        gate->gateBar()->coverageBox()->setValue(90.0);
        gate->gateBar()->coverageButton()->click();
        auto *row = gate->overrideRow();
        QVERIFY(row);
        QVERIFY(window.comparisonView()->isAncestorOf(row));

        const auto &population = *window.populationModel()->population();
        const auto decisions = session->decisions();
        std::size_t node = kfx::kNoNode;
        for (auto candidate : forecastCandidates(population, 50)) {
            if ((*decisions)[candidate].trusted()) {
                node = candidate;
                break;
            }
        }
        QVERIFY(node != kfx::kNoNode);
        const auto id = population.node(node).id;
        window.treeView()->setCurrentIndex(treeIndex(window, node));
        QVERIFY(!row->isHidden());
        QCOMPARE(row->decisionText(), QStringLiteral("Gate: trusted"));
        QVERIFY2(row->toolTipOfDecision().startsWith(QStringLiteral("Trusted: its score")),
                 qPrintable(row->toolTipOfDecision()));
        QVERIFY(row->autoButton()->isChecked());

        const int undoSteps = session->undoStack()->count();
        row->noteEdit()->setText(QStringLiteral("register spills on the H100"));
        row->deferButton()->click();
        QCOMPARE(session->overrideFor(id), OverrideMode::Defer);
        QCOMPARE(session->overrides().at(id).note, std::string("register spills on the H100"));
        QCOMPARE(session->undoStack()->count(), undoSteps + 1);
        QVERIFY(row->deferButton()->isChecked());
        QCOMPARE(row->decisionText(), QStringLiteral("Gate: deferred (override)"));
        QCOMPARE(row->toolTipOfDecision(), QStringLiteral("Deferred to the GPU by hand: register spills on the H100"));
        QCOMPARE(treeIndex(window, node, PopulationModel::GateColumn).data().toString(),
                 QStringLiteral("deferred (override)"));

        // The tree's A (its handler; the shortcut itself is tested above) and the row agree, and one undo brings
        // the row's Defer back.
        gate->overrideSelected(OverrideMode::Auto);
        QCOMPARE(session->overrideFor(id), OverrideMode::Auto);
        QVERIFY(row->autoButton()->isChecked());
        session->undoStack()->undo();
        QCOMPARE(session->overrideFor(id), OverrideMode::Defer);
        QVERIFY(row->deferButton()->isChecked());
        row->trustButton()->click();
        QCOMPARE(session->overrideFor(id), OverrideMode::Trust);
        QCOMPARE(treeIndex(window, node, PopulationModel::GateColumn).data().toString(),
                 QStringLiteral("trusted (override)"));

        // The seed is never judged: the row says so and offers nothing to press.
        window.treeView()->setCurrentIndex(treeIndex(window, 0));
        QVERIFY(population.node(0).status == kfx::NodeStatus::Seed);
        QVERIFY(!row->trustButton()->isEnabled());

        window.resize(1280, 800);
        window.treeView()->setCurrentIndex(treeIndex(window, node));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        window.grab().save(QStringLiteral("/tmp/C/comparison-override-light.png"));
    }

    // A model that used the defer tool (spec §1.7) is a gate decision with its reason, in the tree and the panel.
    void modelDeferralShowsItsReason()
    {
        MainWindow window;
        QVERIFY(gatetest::load(window, m_log));
        auto copy = std::make_shared<kfx::Population>(*window.populationModel()->population());
        std::size_t node = kfx::kNoNode;
        for (std::size_t i = 0; i < copy->size() && node == kfx::kNoNode; ++i) {
            if (gatecandidates::isCandidate(copy->node(i)) && copy->node(i).evaluation
                && copy->node(i).evaluation->succeeded())
                node = i;
        }
        QVERIFY(node != kfx::kNoNode);
        copy->node(node).forecasts.clear();
        copy->node(node).evaluation->deferralReason = "two close bins span a 2x range";
        window.populationModel()->setPopulation(copy);
        const auto decisions = window.gateController()->session()->decisions();
        QVERIFY((*decisions)[node].reason == kfx::gate::DecisionReason::ModelDeferred);

        const auto cell = treeIndex(window, node, PopulationModel::GateColumn);
        QCOMPARE(cell.data().toString(), QStringLiteral("deferred by the model: two close bins span a 2x range"));
        QCOMPARE(cell.data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Deferred by the model: two close bins span a 2x range"));
        window.treeView()->setCurrentIndex(treeIndex(window, node));
        QCOMPARE(window.forecastPanel()->predictedText().trimmed(),
                 QStringLiteral("deferred by the model: two close bins span a 2x range"));
        QCOMPARE(window.gateController()->overrideRow()->decisionText(),
                 QStringLiteral("Gate: deferred by the model: two close bins span a 2x range"));
    }

    void screenshot()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        window.resize(1280, 800);
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        gate->gateBar()->coverageButton()->click();
        const auto nodes = forecastCandidates(*window.populationModel()->population(), 3);
        window.treeView()->setCurrentIndex(treeIndex(window, nodes[0]));
        gate->overrideSelected(OverrideMode::Trust);
        window.treeView()->setCurrentIndex(treeIndex(window, nodes[1]));
        gate->overrideSelected(OverrideMode::Defer);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The tree pane is narrow beside the comparison: bring the Gate column with its marks into view.
        window.treeView()->scrollTo(treeIndex(window, nodes[1], PopulationModel::GateColumn));
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-gate-light.png"))));
    }

private:
    QTranslator m_translator;
    QTemporaryDir m_dir;
    QString m_log;
};

KFX_TEST_MAIN(TestGate)

} // namespace
} // namespace tst_gatebar

#include "tst_gatebar.moc"
