// The explorer on generated data, offscreen: the tree's filters and keyboard navigation over a v3 search, the
// comparison panes and the forecast panel for a selected node, an eval set paged through with the predictions
// of two files, the command line, and screenshots of both themes in the build directory to look at.

#include "commandline.h"
#include "common/displaytext.h"
#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "comparison/findbar.h"
#include "forecasting/forecastpanel.h"
#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "mainwindow.h"
#include "model/speedupbin.h"
#include "pairlist/pairlistmodel.h"
#include "population/populationfilterbar.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "search/searchdriver.h"
#include "session/recentsessions.h"
#include "workspace/workspace.h"

#include "guitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "testmain.h"

namespace tst_explorer {
namespace {

namespace {

using kfx::generate::SyntheticKind;

std::string generated(SyntheticKind kind, int count, std::uint64_t seed)
{
    std::ostringstream out;
    kfx::generate::SyntheticGenerator(seed).write(kind, count, out);
    return out.str();
}

std::shared_ptr<const kfx::Population> generatedPopulation(int nodes, std::uint64_t seed)
{
    auto file = kfx::loadText(generated(SyntheticKind::PuctV3, nodes, seed), "generated.jsonl");
    return file.population;
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const std::string &text)
{
    const auto path = dir.filePath(name);
    std::ofstream(QFile::encodeName(path).toStdString(), std::ios::binary) << text;
    return path;
}

// Every node the proxy shows, by index in the population.
std::vector<std::size_t> shownNodes(const QAbstractItemModel &proxy, const QModelIndex &parent = {})
{
    std::vector<std::size_t> nodes;
    for (int row = 0; row < proxy.rowCount(parent); ++row) {
        const auto index = proxy.index(row, 0, parent);
        nodes.push_back(index.data(PopulationModel::NodeIndexRole).toULongLong());
        const auto below = shownNodes(proxy, index);
        nodes.insert(nodes.end(), below.begin(), below.end());
    }
    return nodes;
}

std::size_t currentNode(const MainWindow &window)
{
    return window.treeView()->currentIndex().data(PopulationModel::NodeIndexRole).toULongLong();
}

void trigger(const MainWindow &window, const char *name)
{
    auto *action = window.action(QString::fromLatin1(name));
    QVERIFY2(action, name);
    action->trigger();
}

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-test-explorer")));
        QSettings().clear();
        m_population = generatedPopulation(400, 11);
        QVERIFY(m_population && m_population->size() >= 400);
        // QAbstractItemModelTester walks the whole tree after every filter change: a smaller search keeps the
        // filter tests quick.
        m_small = generatedPopulation(100, 11);
        QVERIFY(m_small && m_small->size() >= 100);
    }

    void filtersKeepWhatTheyPromise_data()
    {
        QTest::addColumn<int>("status");
        using Status = PopulationProxyModel::StatusFilter;
        for (const auto status :
             {Status::Failed, Status::CompileFailed, Status::RuntimeError, Status::Incorrect, Status::OtherFailure,
              Status::ArchiveMembers, Status::NotAdmitted, Status::Pending, Status::Deferred})
            QTest::addRow("%d", static_cast<int>(status)) << static_cast<int>(status);
    }

    void filtersKeepWhatTheyPromise()
    {
        QFETCH(int, status);
        PopulationModel model;
        PopulationProxyModel proxy;
        QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setPopulation(m_small);
        proxy.setStatusFilter(static_cast<PopulationProxyModel::StatusFilter>(status));

        // Every node shown is a match or the ancestor of one, and every match is shown.
        const auto shown = shownNodes(proxy);
        std::set<std::size_t> visible(shown.begin(), shown.end());
        int matches = 0;
        for (std::size_t i = 0; i < m_small->size(); ++i) {
            const auto &node = m_small->node(i);
            bool match = false;
            switch (static_cast<PopulationProxyModel::StatusFilter>(status)) {
            case PopulationProxyModel::StatusFilter::Failed:
                match = node.status == kfx::NodeStatus::Failed;
                break;
            case PopulationProxyModel::StatusFilter::CompileFailed:
                match = node.status == kfx::NodeStatus::Failed && node.evaluation
                    && node.evaluation->kind == kfx::OutcomeKind::CompileFailed;
                break;
            case PopulationProxyModel::StatusFilter::RuntimeError:
                match = node.status == kfx::NodeStatus::Failed && node.evaluation
                    && node.evaluation->kind == kfx::OutcomeKind::RuntimeError;
                break;
            case PopulationProxyModel::StatusFilter::Incorrect:
                match = node.status == kfx::NodeStatus::Failed && node.evaluation
                    && node.evaluation->kind == kfx::OutcomeKind::Incorrect;
                break;
            case PopulationProxyModel::StatusFilter::OtherFailure:
                match = node.status == kfx::NodeStatus::Failed
                    && (!node.evaluation
                        || (node.evaluation->kind != kfx::OutcomeKind::CompileFailed
                            && node.evaluation->kind != kfx::OutcomeKind::RuntimeError
                            && node.evaluation->kind != kfx::OutcomeKind::Incorrect));
                break;
            case PopulationProxyModel::StatusFilter::ArchiveMembers:
                match = node.inArchive;
                break;
            case PopulationProxyModel::StatusFilter::NotAdmitted:
                match = node.status == kfx::NodeStatus::NotAdmitted;
                break;
            case PopulationProxyModel::StatusFilter::Pending:
                match = node.status == kfx::NodeStatus::Pending;
                break;
            case PopulationProxyModel::StatusFilter::Deferred:
                match = node.status == kfx::NodeStatus::Deferred;
                break;
            case PopulationProxyModel::StatusFilter::All:
                match = true;
                break;
            }
            if (match) {
                ++matches;
                QVERIFY(visible.count(i));
                for (const auto ancestor : m_small->ancestors(i))
                    QVERIFY(visible.count(ancestor));
            }
        }
        for (const auto node : shown) {
            bool leadsToMatch = false;
            // A shown node that is no match must have a shown child (recursive filtering keeps only lineages).
            if (proxy.rowCount(proxy.mapFromSource(model.indexForNode(node))) > 0)
                leadsToMatch = true;
            QVERIFY(leadsToMatch || matches > 0);
        }
    }

    void speedupAndBinFilters()
    {
        PopulationModel model;
        PopulationProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setPopulation(m_small);
        proxy.setSpeedupRange(1.0, 2.0);
        proxy.setTrueBinFilter(5);
        int leaves = 0;
        for (const auto node : shownNodes(proxy)) {
            const auto index = proxy.mapFromSource(model.indexForNode(node));
            if (proxy.rowCount(index) > 0)
                continue; // an ancestor kept for its lineage
            ++leaves;
            const auto speedup = m_small->node(node).evaluation->measuredSpeedup();
            QVERIFY(speedup && *speedup >= 1.0 && *speedup <= 2.0);
            QCOMPARE(kfx::speedupBinFor(*speedup), 5);
        }
        QVERIFY(leaves > 0);
        proxy.setSpeedupRange(std::nullopt, std::nullopt);
        proxy.setTrueBinFilter(0);
        proxy.setPredictedBinFilter(6);
        for (const auto node : shownNodes(proxy))
            if (proxy.rowCount(proxy.mapFromSource(model.indexForNode(node))) == 0)
                QCOMPARE(PopulationModel::shownForecast(m_small->node(node))->predictedBin, 6);
    }

    void surrogateFailuresAreConfidentAndWrongWorstFirst()
    {
        PopulationModel model;
        PopulationProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setPopulation(m_small);
        proxy.setConfidenceThreshold(0.3);
        proxy.setSurrogateFailuresOnly(true);
        const auto failures = proxy.surrogateFailures();
        QVERIFY(!failures.empty());
        double previous = 1e9;
        for (const auto node : failures) {
            const auto miss = PopulationModel::surrogateMiss(m_small->node(node));
            QVERIFY(miss);
            QVERIFY(miss->confidence >= 0.3);
            QVERIFY(miss->predictedBin != miss->trueBin);
            QVERIFY(miss->severity() <= previous);
            previous = miss->severity();
            QVERIFY(proxy.mapFromSource(model.indexForNode(node)).isValid());
        }
        // A stricter threshold keeps a subset.
        proxy.setConfidenceThreshold(0.6);
        QVERIFY(proxy.surrogateFailures().size() <= failures.size());
        proxy.setConfidenceScore(kfx::metrics::ConfidenceScore::Top2Margin);
        for (const auto node : proxy.surrogateFailures())
            QVERIFY(PopulationModel::surrogateMiss(m_small->node(node), kfx::metrics::ConfidenceScore::Top2Margin)
                        ->confidence
                    >= 0.6);
    }

    void bestPathIsBold()
    {
        PopulationModel model;
        model.setPopulation(m_population);
        const auto &path = model.bestPath();
        QVERIFY(path.size() >= 2);
        QCOMPARE(path.back(), *m_population->bestArchiveNode());
        QCOMPARE(m_population->node(path.front()).parent, kfx::kNoNode);
        for (const auto node : path) {
            QVERIFY(model.indexForNode(node).data(PopulationModel::BestPathRole).toBool());
            QVERIFY(model.indexForNode(node).data(Qt::FontRole).value<QFont>().bold());
        }
    }

    void keyboardNavigation()
    {
        MainWindow window;
        window.showPopulation(m_population, QStringLiteral("generated.jsonl"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The window opens on the best measured kernel; Alt+Home goes to the seed.
        QCOMPARE(currentNode(window), *kfx::search::bestMeasuredNode(*m_population));
        trigger(window, "goSeed");
        const auto seed = currentNode(window);
        QCOMPARE(m_population->node(seed).parent, kfx::kNoNode);

        trigger(window, "goFirstChild");
        const auto child = currentNode(window);
        QCOMPARE(m_population->node(child).parent, seed);
        trigger(window, "goNextSibling");
        const auto sibling = currentNode(window);
        QCOMPARE(m_population->node(sibling).parent, seed);
        QVERIFY(sibling != child);
        trigger(window, "goPreviousSibling");
        QCOMPARE(currentNode(window), child);
        trigger(window, "goParent");
        QCOMPARE(currentNode(window), seed);

        // F8 from the seed goes to the worst surrogate failure, Shift+F8 from there wraps to the mildest.
        const auto failures = window.proxyModel()->surrogateFailures();
        QVERIFY(failures.size() >= 2);
        QTest::keyClick(window.treeView(), Qt::Key_F8);
        QCOMPARE(currentNode(window), failures.front());
        QTest::keyClick(window.treeView(), Qt::Key_F8);
        QCOMPARE(currentNode(window), failures[1]);
        QTest::keyClick(window.treeView(), Qt::Key_F8, Qt::ShiftModifier);
        QTest::keyClick(window.treeView(), Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(currentNode(window), failures.back());
        // Its rationale is beside the two kernels.
        QCOMPARE(
            window.forecastPanel()->rationale(),
            QString::fromStdString(PopulationModel::shownForecast(m_population->node(failures.back()))->reasoning));

        trigger(window, "goBest");
        QCOMPARE(currentNode(window), *m_population->bestArchiveNode());
        // However deep the node the keys land on, its id shows whole in the first column.
        std::size_t deepest = 0;
        for (std::size_t i = 0; i < m_population->size(); ++i) {
            if (m_population->ancestors(i).size() > m_population->ancestors(deepest).size())
                deepest = i;
        }
        const auto depth = int(m_population->ancestors(deepest).size());
        QVERIFY(depth >= 8);
        QVERIFY(window.selectId(QString::fromStdString(m_population->node(deepest).id)));
        const auto *tree = window.treeView();
        const QString shown = tree->currentIndex().siblingAtColumn(0).data().toString();
        QVERIFY(!shown.isEmpty());
        QVERIFY(tree->columnWidth(0)
                >= (depth + 1) * tree->indentation() + tree->fontMetrics().horizontalAdvance(shown));
        QTest::keyClick(window.treeView(), Qt::Key_Home, Qt::AltModifier);
        QCOMPARE(currentNode(window), seed);

        // Help → Keyboard Shortcuts lists every one of them.
        QStringList listed;
        for (const auto &[text, keys] : window.shortcuts())
            listed << keys;
        for (const auto *keys : {"Alt+Up", "Alt+Down", "Alt+Right", "Alt+Left", "F8", "Shift+F8", "Ctrl+R"})
            QVERIFY2(listed.contains(QKeySequence(QString::fromLatin1(keys)).toString(QKeySequence::NativeText)), keys);
        // No two actions share a key: Qt would run neither ("ambiguous shortcut") and say nothing.
        for (const auto &[text, keys] : window.shortcuts())
            QVERIFY2(listed.count(keys) == 1, qPrintable(keys + QStringLiteral(" twice, one of them ") + text));
    }

    void showsComparisonAndForecastOfASelectedNode()
    {
        QTemporaryDir dir;
        const auto log = writeFile(dir, QStringLiteral("events.jsonl"), generated(SyntheticKind::PuctV3, 200, 5));
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({log});
        QVERIFY(finished.wait(20000));
        const auto population = window.populationModel()->population();
        QVERIFY(population);

        // A measured child with a forecast and code that differs from the search's reference.
        std::optional<std::size_t> chosen;
        for (std::size_t i = 0; i < population->size() && !chosen; ++i) {
            const auto &node = population->node(i);
            if (node.parent != kfx::kNoNode && !node.forecasts.empty() && node.evaluation
                && node.evaluation->measuredSpeedup() && !node.evaluation->cases.empty()
                && !node.forecasts.back().reasoning.empty())
                chosen = i;
        }
        QVERIFY(chosen);
        const auto &node = population->node(*chosen);
        QVERIFY(window.selectId(QString::fromStdString(node.id)));

        auto *comparison = window.comparisonView();
        QCOMPARE(comparison->candidateView()->toPlainText(), QString::fromStdString(node.code));
        const std::string &reference = population->context.seedReferenceCode.empty()
            ? population->node(population->roots().front()).code.str()
            : population->context.seedReferenceCode.str();
        QCOMPARE(comparison->referenceView()->toPlainText(), QString::fromStdString(reference));
        // Changed lines are marked on both sides, as KernelDiff found them.
        const auto diff = kfx::KernelDiff::compute(reference, node.code);
        QVERIFY(diff.addedLines() + diff.removedLines() > 0);
        const auto &marks = comparison->candidateView()->changeMarks();
        QVERIFY(!marks.empty());
        for (const auto &mark : marks)
            QVERIFY(diff.rightChanged(mark.line));
        QVERIFY(!comparison->referenceView()->changeMarks().empty() || diff.removedLines() == 0);
        QVERIFY(comparison->candidateView()->extraSelections().size() >= int(marks.size()));

        // The parent on the left instead.
        comparison->setReference(ComparisonView::Reference::Parent);
        QCOMPARE(comparison->referenceView()->toPlainText(),
                 QString::fromStdString(population->node(node.parent).code));
        comparison->setReference(ComparisonView::Reference::Search);

        auto *panel = window.forecastPanel();
        const auto &forecast = node.forecasts.back();
        QCOMPARE(panel->chart()->predictedBin(), forecast.predictedBin);
        const auto trueBin = kfx::speedupBinFor(*node.evaluation->measuredSpeedup());
        QCOMPARE(panel->trueBin(), std::optional(trueBin));
        QCOMPARE(panel->chart()->trueBin(), std::optional(trueBin));
        QCOMPARE(panel->rationale(), QString::fromStdString(forecast.reasoning));
        QVERIFY(panel->predictedText().contains(binIntervalText(forecast.predictedBin, true)));
        QVERIFY(panel->predictedText().contains(binIntervalText(forecast.predictedBin, false)));
        QVERIFY(panel->truthText().contains(binIntervalText(trueBin, true)));
        QVERIFY(panel->scoresText().contains(QStringLiteral("max-prob")));
        QVERIFY(panel->scoresText().contains(QStringLiteral("neg-entropy")));
        QVERIFY(panel->scoresText().contains(QStringLiteral("top-2 margin")));
        QVERIFY(panel->expectationText().contains(QStringLiteral("raw probability sum")));
        QCOMPARE(panel->casesTable()->rowCount(), int(node.evaluation->cases.size()));

        // Find in the candidate pane.
        comparison->candidateView()->setFocus();
        comparison->find();
        QVERIFY(!comparison->findBar()->isHidden());
        const auto needle = QString::fromStdString(node.code).section(QLatin1Char('\n'), 0, 0).left(6);
        comparison->findBar()->setText(needle);
        QVERIFY(comparison->findBar()->findNext());
        QCOMPARE(comparison->candidateView()->textCursor().selectedText(), needle);

        // A failure shows what the measurement said.
        for (std::size_t i = 0; i < population->size(); ++i) {
            const auto &failed = population->node(i);
            if (failed.status == kfx::NodeStatus::Failed && failed.evaluation && !failed.evaluation->message.empty()) {
                QVERIFY(window.selectId(QString::fromStdString(failed.id)));
                QVERIFY(panel->failureText().contains(QString::fromStdString(failed.evaluation->message)));
                break;
            }
        }
    }

    void pagesThroughAnEvalSetWithTwoPredictionFiles()
    {
        QTemporaryDir dir;
        const int pairs = 30;
        const auto evalSet = writeFile(dir, QStringLiteral("eval.jsonl"), generated(SyntheticKind::EvalSet, pairs, 3));
        // One predictions file per group of surrogates, as two published files would be.
        std::istringstream rows(generated(SyntheticKind::Predictions, pairs, 3));
        std::string first, second, line;
        std::map<std::string, int> surrogates;
        while (std::getline(rows, line)) {
            const auto label = line.substr(line.find("\"surrogate_label\""), 60);
            const int group =
                surrogates.emplace(label.substr(0, label.find(',')), int(surrogates.size())).first->second;
            (group % 2 == 0 ? first : second) += line + '\n';
        }
        const auto predictionsA = writeFile(dir, QStringLiteral("predictions-a.jsonl"), first);
        const auto predictionsB = writeFile(dir, QStringLiteral("predictions-b.jsonl"), second);

        MainWindow window;
        QAbstractItemModelTester tester(window.pairModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({evalSet, predictionsA, predictionsB});
        QVERIFY(finished.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showsPairs());
        auto *model = window.pairModel();
        QCOMPARE(model->rowCount(), pairs);
        QCOMPARE(model->unmatchedPredictions(), std::size_t(0));

        auto *view = window.pairView();
        QCOMPARE(view->currentIndex().row(), 0);
        for (int step = 1; step < 5; ++step) {
            QTest::keyClick(view, Qt::Key_Right, Qt::AltModifier);
            QCOMPARE(view->currentIndex().row(), step);
            const int row = view->currentIndex().data(PairListModel::PairIdRole).isValid()
                ? model->rowForId(view->currentIndex().data(PairListModel::PairIdRole).toString())
                : -1;
            const auto *pair = model->pair(row);
            QVERIFY(pair);
            // Both files' surrogates are offered for each pair, seven surrogates by three repeats.
            QCOMPARE(window.forecastPanel()->choiceCount(), 21);
            QCOMPARE(window.forecastPanel()->sourceSelector()->count(), 21);
            QCOMPARE(window.comparisonView()->referenceView()->toPlainText(),
                     QString::fromStdString(pair->referenceCode));
            QCOMPARE(window.comparisonView()->candidateView()->toPlainText(),
                     QString::fromStdString(pair->candidateCode));
            QCOMPARE(window.forecastPanel()->trueBin(), std::optional(pair->trueBin));
            for (const auto *prediction : model->predictions(row))
                QCOMPARE(QString::fromStdString(prediction->comparisonId), QString::fromStdString(pair->id));
        }
        QTest::keyClick(view, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(view->currentIndex().row(), 3);
        // The selector changes which surrogate's forecast is shown.
        window.forecastPanel()->setCurrentChoice(20);
        const auto *shown = window.forecastPanel()->currentForecast();
        QCOMPARE(window.forecastPanel()->rationale(), shown ? QString::fromStdString(shown->reasoning) : QString());
        QTest::keyClick(view, Qt::Key_F8);
        QVERIFY(view->currentIndex().isValid());

        // Ctrl+F over the pair list filters the pairs, by id, pack or candidate code.
        QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
        auto *pairFilter = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(pairFilter);
        QCOMPARE(pairFilter->accessibleName(), QStringLiteral("Pair filter"));
        const auto *target = model->pair(7);
        const auto idText = QString::fromStdString(target->id);
        QTest::keyClicks(pairFilter, idText.right(10).toUpper()); // a search ignores case
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, 0).data(PairListModel::PairIdRole).toString(), idText);
        const QString pack = QString::fromStdString(target->pack);
        pairFilter->setText(pack);
        int packRows = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto *pair = model->pair(row);
            packRows += pair->id.find(target->pack) != std::string::npos
                || pair->pack.find(target->pack) != std::string::npos
                || pair->candidateCode.find(target->pack) != std::string::npos;
        }
        QCOMPARE(view->model()->rowCount(), packRows);
        QVERIFY(packRows < pairs);
        // Going to a pair the filter hides clears the filter rather than doing nothing.
        int hidden = 0;
        while (model->pair(hidden)->pack == target->pack)
            ++hidden;
        QVERIFY(window.selectId(QString::fromStdString(model->pair(hidden)->id)));
        QVERIFY(pairFilter->text().isEmpty());
        QCOMPARE(view->currentIndex().data(PairListModel::PairIdRole).toString(),
                 QString::fromStdString(model->pair(hidden)->id));
    }

    void switchesBetweenSearchLogsLoadedTogether()
    {
        QTemporaryDir dir;
        const auto first = writeFile(dir, QStringLiteral("first-search.jsonl"),
                                     generated(SyntheticKind::PuctV2, 40, 3));
        const auto second = writeFile(dir, QStringLiteral("second-search.jsonl"),
                                      generated(SyntheticKind::PuctV3, 20, 4));
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openFiles({first, second});
        QVERIFY(finished.wait(20000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *selector = window.searchSelector();
        QVERIFY(selector->isVisible());
        QCOMPARE(selector->count(), 2);
        QCOMPARE(selector->currentText(), QStringLiteral("first-search.jsonl"));
        const auto firstPopulation = window.populationModel()->population();
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("first-search.jsonl")));

        // By keyboard, as a user without a mouse would: focus the selector and pick the next entry.
        selector->setFocus();
        QTest::keyClick(selector, Qt::Key_Down);
        QCOMPARE(selector->currentText(), QStringLiteral("second-search.jsonl"));
        const auto secondPopulation = window.populationModel()->population();
        QVERIFY(secondPopulation != firstPopulation);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("second-search.jsonl")));
        QCOMPARE(std::size_t(window.populationModel()->rowCount()), secondPopulation->roots().size());
        // Each search keeps its own workspace, beside it.
        QVERIFY(QFile::exists(QString::fromStdString(kfx::workspace::Workspace::pathFor(second.toStdString()))));

        // One search alone needs no choice.
        window.openFiles({first});
        QVERIFY(finished.wait(20000));
        QVERIFY(!selector->isVisible());
    }

    void commandLineOpensAndSelects()
    {
        QTemporaryDir dir;
        const auto text = generated(SyntheticKind::PuctV3, 60, 9);
        const auto log = writeFile(dir, QStringLiteral("events.jsonl"), text);
        const auto population = kfx::loadText(text, "events.jsonl").population;
        const auto &target = population->node(population->size() / 2);

        QCommandLineParser parser;
        parser.addHelpOption();
        parser.addVersionOption();
        addCommandLineOptions(parser);
        QVERIFY(parser.parse(
            {QStringLiteral("kfx"), log, QStringLiteral("--select"), QString::fromStdString(target.id).right(8)}));
        const auto line = commandLine(parser);
        QCOMPARE(line.files, QStringList{log});

        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        openCommandLine(window, line);
        QVERIFY(finished.wait(20000));
        QCOMPARE(window.treeView()->currentIndex().data(PopulationModel::NodeIdRole).toString(),
                 QString::fromStdString(target.id));
        QCOMPARE(RecentSessions().sessions().value(0), QStringList{QFileInfo(log).absoluteFilePath()});

        QCommandLineParser withPredictions;
        addCommandLineOptions(withPredictions);
        QVERIFY(withPredictions.parse({QStringLiteral("kfx"), QStringLiteral("eval.jsonl"),
                                       QStringLiteral("--predictions"), QStringLiteral("a.jsonl"),
                                       QStringLiteral("--predictions"), QStringLiteral("b.jsonl")}));
        QCOMPARE(commandLine(withPredictions).files,
                 (QStringList{QStringLiteral("eval.jsonl"), QStringLiteral("a.jsonl"), QStringLiteral("b.jsonl")}));
    }

    void screenshots()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.showPopulation(m_population, QStringLiteral("events.jsonl"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The worst surrogate failure: the view a person debugging the surrogate lands on.
        QTest::keyClick(window.treeView(), Qt::Key_F8);
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-explorer-light.png"))));

        const auto lightPalette = QApplication::palette();
        QApplication::setPalette(guitest::darkPalette());
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-explorer-dark.png"))));
        QApplication::setPalette(lightPalette);
    }

private:
    QTranslator m_translator;
    std::shared_ptr<const kfx::Population> m_population;
    std::shared_ptr<const kfx::Population> m_small;
};

KFX_TEST_MAIN(TestExplorer)

} // namespace
} // namespace tst_explorer

#include "tst_explorer.moc"
