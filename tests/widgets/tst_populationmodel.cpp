// The population tree model and its proxy over a hand-built search (testpopulation.h), both under
// QAbstractItemModelTester; and the diagnostics table.

#include "diagnostics/diagnosticsmodel.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include "testpopulation.h"

#include "common/textneedle.h"
#include "model/population.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFont>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>

#include <algorithm>
#include <cctype>
#include <random>

#include "testmain.h"

namespace tst_populationmodel {
namespace {

using namespace kfxtest;

namespace {

// The children of `parent` in `model`, by the node ids behind them, in view order.
QStringList childIds(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(parent); ++row)
        ids << model.index(row, 0, parent).data(PopulationModel::NodeIdRole).toString();
    return ids;
}

QString cell(const PopulationModel &model, const char *id, int column, int role = Qt::DisplayRole)
{
    const auto node = model.population()->find(id);
    return model.indexForNode(node.value(), column).data(role).toString();
}

QString id(const char *text)
{
    return QString::fromLatin1(text);
}

// What TextNeedle promises, by its definition: the needle's letters in either ASCII case, everything else exact.
bool foundByDefinition(std::string haystack, const QString &needle)
{
    std::transform(haystack.begin(), haystack.end(), haystack.begin(), [](unsigned char c) {
        return c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c);
    });
    return haystack.find(needle.toLower().toStdString()) != std::string::npos;
}

// Text over a small alphabet of both cases and a two-byte character, so that random needles hit and miss often.
std::string randomText(std::mt19937 &random, std::size_t length)
{
    static const std::vector<std::string> pieces{"a", "A", "b", "B", "0", "1", "_", "\n", "é", "tl.load", "TL"};
    std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
    std::string text;
    while (text.size() < length)
        text += pieces[pick(random)];
    return text;
}

// A search of `size` kernels, each the child of the one at half its index, with seeded random code: more than
// PopulationProxyModel scans at once, so that the text filter goes through TextMatchScan's slices.
std::shared_ptr<kfx::Population> makeLargePopulation(std::size_t size, unsigned seed)
{
    std::mt19937 random(seed);
    auto population = std::make_shared<kfx::Population>();
    for (std::size_t i = 0; i < size; ++i) {
        kfx::KernelNode node;
        node.id = "node-" + std::to_string(i);
        node.code = randomText(random, 200);
        const auto index = population->add(std::move(node));
        if (i > 0)
            population->setParent(index, (i - 1) / 2);
    }
    return population;
}

// The node ids a recursive text filter must show: the matches and every ancestor of one.
QSet<QString> expectedVisible(const kfx::Population &population, const QString &needle)
{
    QSet<QString> visible;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (!foundByDefinition(node.id, needle) && !foundByDefinition(node.code, needle))
            continue;
        for (auto at = i; at != kfx::kNoNode && !visible.contains(QString::fromStdString(population.node(at).id));
             at = population.node(at).parent)
            visible.insert(QString::fromStdString(population.node(at).id));
    }
    return visible;
}

void collectVisible(const QAbstractItemModel &model, const QModelIndex &parent, QSet<QString> &ids)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const auto index = model.index(row, 0, parent);
        ids.insert(index.data(PopulationModel::NodeIdRole).toString());
        collectVisible(model, index, ids);
    }
}

QSet<QString> visibleIds(const QAbstractItemModel &model)
{
    QSet<QString> ids;
    collectVisible(model, {}, ids);
    return ids;
}

} // namespace

class TestPopulationModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(m_translator.load(QStringLiteral(":/i18n/kfx_en.qm")));
        QApplication::installTranslator(&m_translator);
    }

    void structure()
    {
        PopulationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const auto population = makePopulation();
        model.setPopulation(population);

        QCOMPARE(childIds(model), (QStringList{id(kSeedId), id(kPlaceholderId)}));
        const auto seed = model.index(0, 0);
        QCOMPARE(childIds(model, seed), (QStringList{id(kFastId), id(kBrokenId), id(kEvictedId)}));
        const auto fast = model.index(0, 0, seed);
        QCOMPARE(childIds(model, fast), (QStringList{id(kSlowId), id(kTritonId), id(kHugeId)}));
        const auto triton = model.index(1, PopulationModel::SpeedupColumn, fast);
        QCOMPARE(triton.parent(), fast);
        QCOMPARE(fast.parent(), seed);
        QVERIFY(!seed.parent().isValid());
        QCOMPARE(model.rowCount(model.index(0, PopulationModel::SpeedupColumn)), 0);
        QCOMPARE(model.columnCount(), int(PopulationModel::ColumnCount));

        // Rows come straight from the population: the node index role is the population's own index.
        QCOMPARE(triton.data(PopulationModel::NodeIndexRole).toULongLong(), population->find(kTritonId).value());
        QCOMPARE(model.node(triton), &population->node(population->find(kTritonId).value()));
        QCOMPARE(model.indexForNode(population->find(kTritonId).value()), triton.siblingAtColumn(0));

        model.setPopulation(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void columns()
    {
        PopulationModel model;
        model.setPopulation(makePopulation());

        QCOMPARE(cell(model, kFastId, PopulationModel::IdColumn), QStringLiteral("X2FASTK1"));
        QCOMPARE(cell(model, kFastId, PopulationModel::IdColumn, Qt::ToolTipRole), id(kFastId));
        QCOMPARE(cell(model, kFastId, PopulationModel::StepColumn), QStringLiteral("0"));
        QCOMPARE(cell(model, kSeedId, PopulationModel::StepColumn), QString());
        QCOMPARE(cell(model, kFastId, PopulationModel::LanguageColumn), QStringLiteral("CUDA C++"));
        QCOMPARE(cell(model, kTritonId, PopulationModel::LanguageColumn), QStringLiteral("Triton"));
        QCOMPARE(cell(model, kFastId, PopulationModel::StatusColumn), QStringLiteral("evaluated"));
        QCOMPARE(cell(model, kFastId, PopulationModel::SpeedupColumn), QStringLiteral("1.93×"));
        // floor(2·log2 1.93) + 4 = 5, floor(2·log2 2.31) + 4 = 6, clamped at 8 and 1.
        QCOMPARE(cell(model, kFastId, PopulationModel::TrueBinColumn), QStringLiteral("5"));
        QCOMPARE(cell(model, kTritonId, PopulationModel::TrueBinColumn), QStringLiteral("6"));
        QCOMPARE(cell(model, kHugeId, PopulationModel::TrueBinColumn), QStringLiteral("8"));
        QCOMPARE(cell(model, kSlowId, PopulationModel::TrueBinColumn), QStringLiteral("2"));
        QVERIFY(
            cell(model, kFastId, PopulationModel::TrueBinColumn, Qt::ToolTipRole).startsWith(QStringLiteral("Bin 5")));
        QCOMPARE(cell(model, kFastId, PopulationModel::PredictedBinColumn), QStringLiteral("6"));
        QCOMPARE(cell(model, kFastId, PopulationModel::ConfidenceColumn), QStringLiteral("62%"));
        QCOMPARE(cell(model, kFastId, PopulationModel::GateColumn), QString());
        QCOMPARE(cell(model, kTritonId, PopulationModel::GateColumn), QStringLiteral("selected"));
        QCOMPARE(cell(model, kDeferredId, PopulationModel::GateColumn), QStringLiteral("not selected"));
        QCOMPARE(cell(model, kFastId, PopulationModel::CasesColumn), QStringLiteral("3 cases, 812 µs mean"));
        QCOMPARE(cell(model, kSlowId, PopulationModel::CasesColumn), QStringLiteral("1 case, 1.50 ms mean"));

        // Failed, evicted and placeholder nodes are rows too, with their status and nothing measured.
        QCOMPARE(cell(model, kBrokenId, PopulationModel::StatusColumn), QStringLiteral("failed"));
        QVERIFY(cell(model, kBrokenId, PopulationModel::StatusColumn, Qt::ToolTipRole)
                    .contains(QStringLiteral("expected ')'")));
        QCOMPARE(cell(model, kBrokenId, PopulationModel::SpeedupColumn), QString());
        QCOMPARE(cell(model, kEvictedId, PopulationModel::StatusColumn), QStringLiteral("evicted"));
        QCOMPARE(cell(model, kPlaceholderId, PopulationModel::StatusColumn), QStringLiteral("placeholder"));
        QCOMPARE(cell(model, kPlaceholderId, PopulationModel::LanguageColumn), QString());
        const auto placeholder = model.indexForNode(model.population()->find(kPlaceholderId).value());
        QVERIFY(placeholder.data(Qt::FontRole).value<QFont>().italic());
        QCOMPARE(cell(model, kDeferredId, PopulationModel::StatusColumn), QStringLiteral("not selected"));
        QCOMPARE(cell(model, kDeferredId, PopulationModel::PredictedBinColumn), QStringLiteral("3"));

        for (int column = 0; column < PopulationModel::ColumnCount; ++column) {
            QVERIFY(!model.headerData(column, Qt::Horizontal).toString().isEmpty());
            QVERIFY(!model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        }
        QVERIFY(model.headerData(PopulationModel::TrueBinColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("floor(2·log2 S) + 4")));
    }

    void sortKeysAreNumbers()
    {
        PopulationModel model;
        model.setPopulation(makePopulation());
        const auto fast = model.indexForNode(model.population()->find(kFastId).value());
        for (int column = PopulationModel::StepColumn; column < PopulationModel::ColumnCount; ++column) {
            const auto key = fast.siblingAtColumn(column).data(PopulationModel::SortRole);
            if (column == PopulationModel::GateColumn) {
                QVERIFY(!key.isValid());
                continue;
            }
            QCOMPARE(key.userType(), int(QMetaType::Double));
        }
        QCOMPARE(fast.siblingAtColumn(PopulationModel::SpeedupColumn).data(PopulationModel::SortRole).toDouble(), 1.93);
        QCOMPARE(fast.siblingAtColumn(PopulationModel::CasesColumn).data(PopulationModel::SortRole).toDouble(),
                 812000.0);
    }

    void sortsBySpeedupNumerically()
    {
        PopulationModel model;
        PopulationProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setPopulation(makePopulation());

        proxy.sort(PopulationModel::SpeedupColumn, Qt::AscendingOrder);
        // Nothing measured sorts below every measurement: the placeholder before the seed's 1.00×.
        QCOMPARE(childIds(proxy), (QStringList{id(kPlaceholderId), id(kSeedId)}));
        const auto seed = proxy.index(1, 0);
        // 0.60 < 2.31 < 10.50 as numbers; as text "10.50×" would come before "2.31×".
        const auto fast = proxy.index(2, 0, seed);
        QCOMPARE(fast.data(PopulationModel::NodeIdRole).toString(), id(kFastId));
        QCOMPARE(childIds(proxy, fast), (QStringList{id(kSlowId), id(kTritonId), id(kHugeId)}));
        QCOMPARE(childIds(proxy, seed), (QStringList{id(kBrokenId), id(kEvictedId), id(kFastId)}));

        proxy.sort(PopulationModel::SpeedupColumn, Qt::DescendingOrder);
        QCOMPARE(childIds(proxy, proxy.index(0, 0)), (QStringList{id(kFastId), id(kEvictedId), id(kBrokenId)}));
        QCOMPARE(childIds(proxy, proxy.index(0, 0, proxy.index(0, 0))),
                 (QStringList{id(kHugeId), id(kTritonId), id(kSlowId)}));
    }

    void filterKeepsAncestorsOfMatches()
    {
        PopulationModel model;
        PopulationProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setPopulation(makePopulation());

        // Only the Triton kernel's code calls tl.load: its parent and the seed stay to show the lineage.
        proxy.setFilterText(QStringLiteral("TL.LOAD"));
        QCOMPARE(childIds(proxy), (QStringList{id(kSeedId)}));
        const auto seed = proxy.index(0, 0);
        QCOMPARE(childIds(proxy, seed), (QStringList{id(kFastId)}));
        QCOMPARE(childIds(proxy, proxy.index(0, 0, seed)), (QStringList{id(kTritonId)}));

        // Ids match too, by any part of the full id.
        proxy.setFilterText(QStringLiteral("deferd"));
        QCOMPARE(childIds(proxy), (QStringList{id(kPlaceholderId)}));
        QCOMPARE(childIds(proxy, proxy.index(0, 0)), (QStringList{id(kDeferredId)}));

        proxy.setFilterText(QStringLiteral("no such text"));
        QCOMPARE(proxy.rowCount(), 0);

        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 2);
    }

    // The memchr-driven search against its definition, on random text where matches start in either case, overlap,
    // and sit at the very start and end.
    void textNeedleFindsWhatItsDefinitionFinds()
    {
        std::mt19937 random(7);
        int found = 0;
        for (int trial = 0; trial < 4000; ++trial) {
            const auto haystack = randomText(random, trial % 40);
            const auto needle = QString::fromStdString(randomText(random, 1 + trial % 4));
            TextNeedle textNeedle;
            textNeedle.set(needle);
            const bool expected = foundByDefinition(haystack, needle);
            QVERIFY2(textNeedle.foundIn(haystack) == expected,
                     qPrintable(QStringLiteral("'%1' in '%2'").arg(needle, QString::fromStdString(haystack))));
            found += expected;
        }
        QVERIFY(found > 500 && found < 3500); // both answers were exercised
        TextNeedle longer;
        longer.set(QStringLiteral("xTL.LOAD"));
        TextNeedle shorter;
        shorter.set(QStringLiteral("tl.l"));
        QVERIFY(longer.contains(shorter));
        QVERIFY(!shorter.contains(longer));
    }

    // On a search too large to scan at once, the rows change only when the scan is done, the scan narrows as the
    // text grows, a newer text replaces one still being scanned, and a new population is scanned afresh.
    void largeSearchIsFilteredInSlices()
    {
        PopulationModel model;
        PopulationProxyModel proxy;
        // No QAbstractItemModelTester here: it walks all 7,000 rows on every change; the small tests above use it.
        proxy.setSourceModel(&model);
        const auto population = makeLargePopulation(PopulationProxyModel::kScanInSlicesAbove + 3000, 11);
        model.setPopulation(population);
        QSignalSpy applied(&proxy, &PopulationProxyModel::filtersApplied);
        const auto everything = visibleIds(proxy);
        QCOMPARE(everything.size(), int(population->size()));

        // The whole search is more than one scan at once: the rows stay until the slices are done.
        proxy.setFilterText(QStringLiteral("ab0"));
        QCOMPARE(proxy.filterText(), QStringLiteral("ab0"));
        QCOMPARE(applied.size(), 0);
        QCOMPARE(visibleIds(proxy), everything);
        QVERIFY(applied.wait(10000));
        QCOMPARE(visibleIds(proxy), expectedVisible(*population, QStringLiteral("ab0")));
        // Typing on scans only the last text's matches (few enough here to be scanned at once).
        for (const auto *text : {"Ab01", "ab01_b"}) {
            const int appliedBefore = applied.size();
            proxy.setFilterText(QString::fromLatin1(text));
            QTRY_COMPARE_WITH_TIMEOUT(applied.size(), appliedBefore + 1, 10000);
            QCOMPARE(visibleIds(proxy), expectedVisible(*population, QString::fromLatin1(text)));
        }

        // A newer text before the scan ends: only the newer one is applied.
        applied.clear();
        proxy.setFilterText(QStringLiteral("b1b1"));
        proxy.setFilterText(QStringLiteral("node-77"));
        QVERIFY(applied.wait(10000));
        QTest::qWait(50);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(visibleIds(proxy), expectedVisible(*population, QStringLiteral("node-77")));

        // A new population while a scan runs: the text is applied to the new one.
        applied.clear();
        proxy.setFilterText(QStringLiteral("a_1"));
        const auto replacement = makeLargePopulation(PopulationProxyModel::kScanInSlicesAbove + 1000, 12);
        model.setPopulation(replacement);
        QVERIFY(applied.wait(10000));
        QCOMPARE(visibleIds(proxy), expectedVisible(*replacement, QStringLiteral("a_1")));

        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(visibleIds(proxy).size(), int(replacement->size()));
    }

    void diagnostics()
    {
        DiagnosticsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiagnostics({{"/data/run/events.jsonl", 12, "unknown event kind 'foo'"},
                              {"/data/run/events.jsonl", 0, "the log ends in the middle of a line"}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, DiagnosticsModel::FileColumn).data().toString(), QStringLiteral("events.jsonl"));
        QCOMPARE(model.index(0, DiagnosticsModel::FileColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("/data/run/events.jsonl"));
        QCOMPARE(model.index(0, DiagnosticsModel::LineColumn).data().toString(), QStringLiteral("12"));
        QCOMPARE(model.index(1, DiagnosticsModel::LineColumn).data().toString(), QString());
        QCOMPARE(model.index(0, DiagnosticsModel::MessageColumn).data().toString(),
                 QStringLiteral("unknown event kind 'foo'"));
        model.setDiagnostics({});
        QCOMPARE(model.rowCount(), 0);
    }

private:
    QTranslator m_translator;
};

KFX_TEST_MAIN(TestPopulationModel)

} // namespace
} // namespace tst_populationmodel

#include "tst_populationmodel.moc"
