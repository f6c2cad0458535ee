// The population tree model and its proxy over a hand-built search (testpopulation.h), both under
// QAbstractItemModelTester; and the diagnostics table.

#include "diagnostics/diagnosticsmodel.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include "testpopulation.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFont>
#include <QLocale>
#include <QTest>
#include <QTranslator>

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

QTEST_MAIN(TestPopulationModel)
#include "tst_populationmodel.moc"
