// The Calibration view offscreen on the generated predictions of seven surrogates: its models pass Qt's model
// tester, its summary is evaluateSurrogates' to the bit, a clicked bucket names exactly its comparisons, tables
// survive a CSV round trip, kfx --report writes its files, and screenshots of both palettes are left to look at.

#include "calibration/calibrationinputsbuilder.h"
#include "calibration/calibrationsummarymodel.h"
#include "calibration/calibrationview.h"
#include "calibration/chartexport.h"
#include "calibration/chartview.h"
#include "calibration/confusionmodel.h"
#include "calibration/reliabilitychart.h"
#include "calibration/reliabilitymodel.h"
#include "calibration/riskcoveragechart.h"
#include "calibration/riskcoveragemodel.h"
#include "calibration/topkchart.h"
#include "calibration/topkmodel.h"
#include "common/darkpalette.h"
#include "gate/gatesession.h"
#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"
#include "model/speedupbin.h"
#include "session/gatecandidates.h"
#include "surrogate/searchbaselines.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <optional>

#include "testmain.h"

namespace tst_calibration {
namespace {

using namespace kfx;

namespace {

constexpr int kRows = 424;

std::string writeSynthetic(const QTemporaryDir &dir, generate::SyntheticKind kind, const char *name)
{
    const auto path = dir.filePath(QString::fromLatin1(name)).toStdString();
    std::ofstream out(path);
    generate::SyntheticGenerator(3).write(kind, kRows, out);
    return path;
}

QPalette darkPalette()
{
    QPalette palette;
    const QColor text(0xdf, 0xe1, 0xe5);
    palette.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    return palette;
}

// RFC 4180 fields back out of writeCsv's text.
QList<QStringList> readCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString current;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
            current += c;
            ++i;
        } else if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (!quoted && c == QLatin1Char(',')) {
            row << std::exchange(current, {});
        } else if (!quoted && c == QLatin1Char('\r')) {
            continue;
        } else if (!quoted && c == QLatin1Char('\n')) {
            row << std::exchange(current, {});
            rows << std::exchange(row, {});
        } else {
            current += c;
        }
    }
    return rows;
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        auto font = QApplication::font();
        font.setPointSize(10);
        QApplication::setFont(font);
        QVERIFY(m_dir.isValid());
        m_evalPath = writeSynthetic(m_dir, generate::SyntheticKind::EvalSet, "eval.jsonl");
        m_predictionsPath = writeSynthetic(m_dir, generate::SyntheticKind::Predictions, "predictions.jsonl");
        m_pairs = loadFile(m_evalPath).pairs;
        m_predictions = loadFile(m_predictionsPath).predictions;
        QCOMPARE(int(m_pairs.size()), kRows);
        QCOMPARE(int(m_predictions.size()), kRows * 21);
        auto inputs = std::make_shared<CalibrationInputs>();
        inputs->add(m_pairs, m_predictions);
        m_inputs = inputs;
    }

    void modelsPassTheModelTester()
    {
        CalibrationView view;
        const std::vector<QAbstractItemModel *> models{view.reliabilityModel(), view.riskCoverageModel(),
                                                       view.topKModel(), view.confusionModel(), view.summaryModel()};
        std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
        for (auto *model : models) {
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                model, QAbstractItemModelTester::FailureReportingMode::QtTest));
        }
        view.setInputs(m_inputs);
        view.setSeparateRepeats(true);
        QCOMPARE(view.summaryModel()->rowCount(), 21);
        view.setPack(calibrationPacks(*m_inputs).constFirst());
        view.setScore(metrics::ConfidenceScore::Top2Margin);
        view.setRisk(metrics::Risk::Regret);
        view.setConfusionSurrogate(3);
        view.setSeparateRepeats(false);
        view.setInputs(nullptr);
        for (auto *model : models)
            QCOMPARE(model->rowCount(), 0);
    }

    void chosenPackSurvivesNewInputs()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        const auto packs = calibrationPacks(*m_inputs);
        QVERIFY(packs.size() > 1);
        const auto combos = view.findChildren<QComboBox *>();
        const auto pack = std::find_if(combos.begin(), combos.end(),
                                       [](const QComboBox *combo) { return combo->accessibleName() == u"Pack"; });
        QVERIFY(pack != combos.end());
        view.setPack(packs.constLast());
        const auto forecastsOfPack = view.calibration()->joinedForecasts();

        // The same inputs again, as when a large search's baselines arrive: the pack stays, and so do the figures.
        auto refreshed = std::make_shared<CalibrationInputs>();
        refreshed->add(m_pairs, m_predictions);
        view.setInputs(refreshed);
        QCOMPARE((*pack)->currentData().toString(), packs.constLast());
        QCOMPARE(view.calibration()->settings().pack.value_or(""), packs.constLast().toStdString());
        QCOMPARE(view.calibration()->joinedForecasts(), forecastsOfPack);

        // Inputs without that pack: every pack, from then on.
        view.setInputs(std::make_shared<CalibrationInputs>());
        QCOMPARE((*pack)->currentIndex(), 0);
        view.setInputs(m_inputs);
        QCOMPARE((*pack)->currentIndex(), 0);
        QVERIFY(view.calibration()->joinedForecasts() > forecastsOfPack);
    }

    void summaryIsEvaluateSurrogates()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        Diagnostics diagnostics;
        const auto expected = metrics::evaluateSurrogates(m_pairs, m_predictions, {}, diagnostics);
        QCOMPARE(int(expected.size()), 7);
        auto *summary = view.summaryModel();
        QCOMPARE(summary->rowCount(), 7);
        const auto value = [summary](int row, int column) {
            return summary->index(row, column).data(CalibrationTableModel::ValueRole);
        };
        for (int row = 0; row < 7; ++row) {
            const auto &evaluation = expected[std::size_t(row)];
            const auto &report = evaluation.calibration;
            QCOMPARE(value(row, CalibrationSummaryModel::SurrogateColumn).toString(),
                     QString::fromStdString(evaluation.label));
            QCOMPARE(value(row, CalibrationSummaryModel::ParsedRateColumn).toDouble(), report.parsedRate);
            QCOMPARE(value(row, CalibrationSummaryModel::AccuracyColumn).toDouble(), report.accuracy);
            QCOMPARE(value(row, CalibrationSummaryModel::OffByOneColumn).toDouble(), report.offByOne);
            QCOMPARE(value(row, CalibrationSummaryModel::BrierColumn).toDouble(), report.meanBrier);
            QCOMPARE(value(row, CalibrationSummaryModel::CrpsColumn).toDouble(), report.meanCrps);
            QCOMPARE(value(row, CalibrationSummaryModel::NllColumn).toDouble(), report.meanNll);
            QCOMPARE(value(row, CalibrationSummaryModel::EceColumn).toDouble(), report.ece);
            for (int risk = 0; risk < 3; ++risk) {
                const auto &selective = evaluation.selective.at(
                    {metrics::ConfidenceScore::MaxProb, metrics::kRisks[risk]});
                QCOMPARE(value(row, CalibrationSummaryModel::AurcColumn + risk).toDouble(), selective.aurc);
                QCOMPARE(value(row, CalibrationSummaryModel::SelectiveAt50Column + risk).toDouble(),
                         selective.selectiveAt50);
            }
        }
        // The table shows them all, one row each.
        QCOMPARE(view.summaryView()->model()->rowCount(), 7);
    }

    void clickingABucketSelectsItsComparisons()
    {
        CalibrationView view;
        QVERIFY(showOn(view, CalibrationView::Reliability));
        const int surrogate = 2;
        auto *model = view.reliabilityModel();
        int bucket = -1;
        for (int row = model->rowCount() - 1; row >= 0 && bucket < 0; --row) {
            if (model->index(row, ReliabilityModel::column(surrogate, ReliabilityModel::Count))
                    .data(CalibrationTableModel::ValueRole)
                    .toInt()
                > 0)
                bucket = row;
        }
        QVERIFY(bucket >= 0);

        // Every comparison whose forecast by this surrogate has its declared bin's mass in the bucket.
        const auto label = view.calibration()->evaluation(surrogate).label;
        QSet<QString> expected;
        for (const auto &prediction : m_predictions) {
            if (prediction.surrogateLabel != label || !prediction.forecast)
                continue;
            const double confidence = prediction.forecast->probabilityOf(prediction.forecast->predictedBin);
            if (std::min(int(confidence * 10), 9) == bucket)
                expected.insert(QString::fromStdString(prediction.comparisonId));
        }
        QVERIFY(!expected.isEmpty());

        QSignalSpy selected(&view, &CalibrationView::comparisonsSelected);
        auto *diagram = view.reliabilityChart()->diagram();
        const auto position = view.reliabilityChart()->bucketPosition(surrogate, bucket);
        QVERIFY(!position.isNull());
        QTest::mouseClick(diagram->viewport(), Qt::LeftButton, {}, position);
        QCOMPARE(selected.count(), 1);
        const auto ids = selected.takeFirst().at(0).toStringList();
        QCOMPARE(int(ids.size()), int(expected.size())); // each once
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()), expected);
    }

    // Issue 17: the summary shows the core's statistics for every surrogate, with their intervals.
    void summaryShowsStatisticsWithIntervals()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        const auto &data = *view.calibration();
        auto *summary = view.summaryModel();
        for (int row = 0; row < summary->rowCount(); ++row) {
            const auto expected = metrics::surrogateStatistics(data.surrogates()[std::size_t(row)].joined,
                                                               data.statisticsOptions());
            const auto value = [summary, row](int column) {
                return summary->index(row, column).data(CalibrationTableModel::ValueRole).toDouble();
            };
            QCOMPARE(value(CalibrationSummaryModel::AceColumn), expected.reliability.ace);
            QCOMPARE(value(CalibrationSummaryModel::MceColumn), expected.reliability.mce);
            QCOMPARE(value(CalibrationSummaryModel::ClasswiseEceColumn), expected.reliability.classwiseEce);
            QCOMPARE(value(CalibrationSummaryModel::SpiegelhalterColumn), expected.reliability.spiegelhalter.pValue);
            QCOMPARE(value(CalibrationSummaryModel::BootstrapAurcColumn), expected.selective.aurc.value);
            QCOMPARE(value(CalibrationSummaryModel::AugrcColumn), expected.selective.augrc.value);
            QCOMPARE(value(CalibrationSummaryModel::CoverageAtRiskColumn), expected.selective.coverageAtRisk.value);
            QCOMPARE(value(CalibrationSummaryModel::RiskAtCoverageColumn), expected.selective.riskAtCoverage.value);
            // The same seed, so the same resamples: the interval is the one the core draws.
            const auto text = summary->index(row, CalibrationSummaryModel::AugrcColumn).data().toString();
            QCOMPARE(text,
                     QStringLiteral("%1 [%2, %3]")
                         .arg(CalibrationTableModel::numberText(expected.selective.augrc.value),
                              CalibrationTableModel::numberText(expected.selective.augrc.low),
                              CalibrationTableModel::numberText(expected.selective.augrc.high)));
        }
        QVERIFY(summary->headerData(CalibrationSummaryModel::CoverageAtRiskColumn, Qt::Horizontal)
                    .toString()
                    .contains(QStringLiteral("10%")));
    }

    // Issue 17: equal-count buckets hold a surrogate's forecasts in tenths by confidence, each with its interval;
    // a click selects exactly the forecasts ranked into the bucket, found here by sorting them afresh.
    void equalCountBucketsHoldEqualShares()
    {
        CalibrationView view;
        QVERIFY(showOn(view, CalibrationView::Reliability));
        view.setBucketMode(metrics::BucketMode::EqualCount);
        auto *model = view.reliabilityModel();
        QVERIFY(model->equalCount());
        QCOMPARE(model->rowCount(), 10);
        const int surrogate = 1;
        const auto label = view.calibration()->evaluation(surrogate).label;
        std::vector<std::pair<double, std::size_t>> ranked; // (confidence, index in m_predictions)
        for (std::size_t i = 0; i < m_predictions.size(); ++i) {
            const auto &prediction = m_predictions[i];
            if (prediction.surrogateLabel == label && prediction.forecast)
                ranked.emplace_back(prediction.forecast->probabilityOf(prediction.forecast->predictedBin), i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](auto a, auto b) { return a.first < b.first; });
        const int bucket = 7;
        const auto n = ranked.size();
        std::size_t begin = 0;
        for (int b = 0; b < bucket; ++b)
            begin += n / 10 + (std::size_t(b) < n % 10 ? 1 : 0);
        const auto size = n / 10 + (std::size_t(bucket) < n % 10 ? 1 : 0);
        QSet<QString> expected;
        int correct = 0;
        for (auto k = begin; k < begin + size; ++k) {
            const auto &prediction = m_predictions[ranked[k].second];
            expected.insert(QString::fromStdString(prediction.comparisonId));
            for (const auto &pair : m_pairs) {
                if (pair.id == prediction.comparisonId)
                    correct += pair.trueBin == prediction.forecast->predictedBin ? 1 : 0;
            }
        }
        const auto cell = [model, surrogate](int row, ReliabilityModel::Field field) {
            return model->index(row, ReliabilityModel::column(surrogate, field)).data(CalibrationTableModel::ValueRole);
        };
        QCOMPARE(cell(bucket, ReliabilityModel::Count).toInt(), int(size));
        QCOMPARE(cell(bucket, ReliabilityModel::Correct).toInt(), correct);
        QCOMPARE(cell(bucket, ReliabilityModel::ConfidenceFrom).toDouble(), ranked[begin].first);
        QCOMPARE(cell(bucket, ReliabilityModel::ConfidenceTo).toDouble(), ranked[begin + size - 1].first);
        QVERIFY(cell(bucket, ReliabilityModel::AccuracyLow).toDouble()
                < cell(bucket, ReliabilityModel::Accuracy).toDouble());
        QVERIFY(cell(bucket, ReliabilityModel::AccuracyHigh).toDouble()
                > cell(bucket, ReliabilityModel::Accuracy).toDouble());
        QCOMPARE(model->index(bucket, ReliabilityModel::LowColumn).data(CalibrationTableModel::ValueRole).toDouble(),
                 0.7);
        const auto tip = ReliabilityChart::bucketTip(model, surrogate, bucket);
        QVERIFY2(tip.contains(QStringLiteral("70–80%")) && tip.contains(QStringLiteral("Clopper–Pearson"))
                     && tip.contains(QStringLiteral("(%1 of %2 right)").arg(correct).arg(size)),
                 qPrintable(tip));

        QSignalSpy selected(&view, &CalibrationView::comparisonsSelected);
        const auto position = view.reliabilityChart()->bucketPosition(surrogate, bucket);
        QTest::mouseClick(view.reliabilityChart()->diagram()->viewport(), Qt::LeftButton, {}, position);
        QCOMPARE(selected.count(), 1);
        const auto ids = selected.takeFirst().at(0).toStringList();
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()), expected);
        QVERIFY2(view.selectionLabel()->toolTip().contains(QStringLiteral("70–80% by confidence")),
                 qPrintable(view.selectionLabel()->toolTip()));

        // Back to equal width: the buckets are confidence ranges again.
        view.setBucketMode(metrics::BucketMode::EqualWidth);
        QVERIFY(!model->equalCount());
        QCOMPARE(model->index(3, ReliabilityModel::LowColumn).data(CalibrationTableModel::ValueRole).toDouble(), 0.3);
    }

    // Issue 11 item 1: predictions that name no loaded pair give a surrogate with no buckets at all; the models
    // read past its data (an abort in ReliabilityModel::value) unless they take their rows from the data.
    void surrogateWithoutMeasuredPairsHasNoBuckets()
    {
        // The first surrogate's forecasts name comparisons nobody loaded; the others' join as before.
        auto predictions = m_predictions;
        const auto lost = predictions.front().surrogateLabel;
        for (auto &prediction : predictions) {
            if (prediction.surrogateLabel == lost)
                prediction.comparisonId = "not-loaded-" + prediction.comparisonId;
        }
        auto inputs = std::make_shared<CalibrationInputs>();
        inputs->add(m_pairs, predictions);

        CalibrationView view;
        std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
        for (int chart = 0; chart < CalibrationView::ChartCount; ++chart) {
            testers.push_back(
                std::make_unique<QAbstractItemModelTester>(view.chartModel(CalibrationView::Chart(chart)),
                                                           QAbstractItemModelTester::FailureReportingMode::QtTest));
        }
        view.resize(1366, 768);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setInputs(inputs);
        QCoreApplication::processEvents();
        auto *reliability = view.reliabilityModel();
        QCOMPARE(view.calibration()->evaluation(0).label, lost);
        QVERIFY(view.calibration()->evaluation(0).calibration.reliability.empty());
        QCOMPARE(reliability->rowCount(), 10);
        for (int bucket = 0; bucket < reliability->rowCount(); ++bucket) {
            QCOMPARE(reliability->index(bucket, ReliabilityModel::column(0, ReliabilityModel::Count))
                         .data(CalibrationTableModel::ValueRole)
                         .toInt(),
                     0);
            QVERIFY(!reliability->index(bucket, ReliabilityModel::column(0, ReliabilityModel::Accuracy))
                         .data(CalibrationTableModel::ValueRole)
                         .isValid());
            QCOMPARE(reliability->index(bucket, ReliabilityModel::LowColumn).data(CalibrationTableModel::ValueRole),
                     QVariant(bucket / 10.0));
        }
        // The top-k table keeps its percentages although its first surrogate has no curve.
        QVERIFY(view.topKModel()->rowCount() > 0);
        QCOMPARE(view.topKModel()->index(24, TopKModel::PercentColumn).data(CalibrationTableModel::ValueRole).toInt(),
                 25);
        QVERIFY(view.notice().isEmpty());

        // Nothing joins at all: no buckets, no rows, and the view says why instead of drawing empty axes.
        for (auto &prediction : predictions)
            prediction.comparisonId = "not-loaded-" + prediction.comparisonId;
        auto unjoined = std::make_shared<CalibrationInputs>();
        unjoined->add(m_pairs, predictions);
        view.setInputs(unjoined);
        QCoreApplication::processEvents();
        QCOMPARE(reliability->rowCount(), 0);
        QCOMPARE(view.topKModel()->rowCount(), 0);
        QVERIFY(view.noticeLabel()->isVisible());
        QVERIFY2(view.notice().contains(QStringLiteral("names a loaded comparison")), qPrintable(view.notice()));
        view.setInputs(nullptr);
        QVERIFY(view.notice().contains(QStringLiteral("No forecasts")));
        QVERIFY(view.noticeLabel()->isVisible());
        view.setInputs(m_inputs);
        QVERIFY(!view.noticeLabel()->isVisible());
    }

    // Issue 11 item 6: a search log carries its own forecasts and measured outcomes. The view calibrates exactly
    // the rows the gate's Certify reads: the measured candidates with a forecast.
    void searchForecastsAreCalibrated()
    {
        const auto log = m_dir.filePath(QStringLiteral("v3.jsonl"));
        QProcess generate;
        generate.start(QStringLiteral(KFX_CLI_PATH),
                       {QStringLiteral("generate"), QStringLiteral("--kind"), QStringLiteral("puct-v3"),
                        QStringLiteral("--nodes"), QStringLiteral("300"), QStringLiteral("--seed"), QStringLiteral("3"),
                        QStringLiteral("--out"), log});
        QVERIFY(generate.waitForFinished(120000));
        QCOMPARE(generate.exitCode(), 0);
        auto file = std::make_shared<LoadedFile>(loadFile(log.toStdString()));
        QVERIFY(file->population);

        SessionWorkspace workspace;
        GateSession gate(&workspace);
        gate.setPopulation(file->population);
        // The gate's measured rows also hold the kernels that failed (bin 0, a trust error when trusted); the
        // calibration figures are over the eight speedup bins, so they score the kernels that ran.
        const auto certified = gate.selectiveRows(true);
        const auto forecast = std::count_if(certified.begin(), certified.end(), [](const metrics::SelectiveRow &row) {
            return row.forecast != nullptr && row.trueBin != kfx::kFailureBin;
        });
        QVERIFY(forecast > 20);

        auto inputs = std::make_shared<CalibrationInputs>();
        inputs->owner = file;
        inputs->addBaselines(*file->population, log.toStdString(),
                             inputs->addSearch(*file->population, log.toStdString()));
        CalibrationView view;
        view.setInputs(inputs);
        QVERIFY2(view.notice().isEmpty(), qPrintable(view.notice()));
        // The search's own forecasts first, then the four baselines it had for free, each scored on exactly the
        // same kernels (issue 24: no quality figure without them).
        const QStringList labels{QString(), QStringLiteral("majority so far"), QStringLiteral("always-defer so far"),
                                 QStringLiteral("parent-bin so far"), QStringLiteral("nearest so far")};
        QCOMPARE(view.calibration()->surrogateCount(), int(labels.size()));
        QCOMPARE(view.calibration()->joinedForecasts(), int(labels.size() * forecast));
        for (int surrogate = 0; surrogate < view.calibration()->surrogateCount(); ++surrogate) {
            QVERIFY2(surrogate == 0 || view.calibration()->label(surrogate) == labels[surrogate],
                     qPrintable(view.calibration()->label(surrogate)));
            int bucketed = 0;
            for (int bucket = 0; bucket < view.reliabilityModel()->rowCount(); ++bucket)
                bucketed += view.reliabilityModel()
                                ->index(bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Count))
                                .data(CalibrationTableModel::ValueRole)
                                .toInt();
            QCOMPARE(bucketed, int(forecast));
        }
        // A click names search nodes, which the tree selects by id.
        const auto selection = view.calibration()->trustedComparisons(0, metrics::ConfidenceScore::MaxProb, 0.0);
        QVERIFY(file->population->find(selection.ids.constFirst().toStdString()));
    }

    // A search with more forecast kernels than the in-search baselines are computed for: its forecasts are
    // scored alone, and the view says why the baselines' rows are missing rather than leaving them out unsaid.
    void searchTooLargeForBaselinesSaysSo()
    {
        const auto search = largeSearch(surrogate::kMaxInSearchBaselineKernels + 1);
        QVERIFY(search);
        auto inputs = std::make_shared<CalibrationInputs>();
        inputs->addBaselines(*search, "large.jsonl", inputs->addSearch(*search, "large.jsonl"));
        QVERIFY(inputs->predictions.size() > surrogate::kMaxInSearchBaselineKernels);
        for (const auto *prediction : inputs->predictions)
            QVERIFY(!surrogate::isBaselineSource(prediction->surrogateLabel));
        QCOMPARE(inputs->notes.size(), 1);
        CalibrationView view;
        view.setInputs(inputs);
        QVERIFY2(view.notice().contains(QString::number(surrogate::kMaxInSearchBaselineKernels)),
                 qPrintable(view.notice()));
        QVERIFY(!view.noticeLabel()->isHidden());
        QCOMPARE(view.calibration()->surrogateCount(), 1);
    }

    // Past a few hundred kernels the baselines take the GUI thread seconds: the view gets the search's forecasts
    // at once, saying that the baselines are coming, and the baselines from a thread.
    void largeSearchGetsItsBaselinesFromAThread()
    {
        const auto search = largeSearch(CalibrationInputsBuilder::kSynchronousBaselineKernels + 200);
        QVERIFY(search);
        CalibrationInputsBuilder builder;
        std::vector<std::shared_ptr<const CalibrationInputs>> built;
        connect(&builder, &CalibrationInputsBuilder::built, this, [&built](auto inputs) { built.push_back(inputs); });
        builder.build({std::make_shared<std::vector<LoadedFile>>(1), {search}});
        QCOMPARE(built.size(), std::size_t(1));
        CalibrationView view;
        view.setInputs(built.back());
        QCOMPARE(view.calibration()->surrogateCount(), 1);
        QVERIFY2(view.notice().contains(QStringLiteral("being computed")), qPrintable(view.notice()));
        QTRY_COMPARE_WITH_TIMEOUT(built.size(), std::size_t(2), 60000);
        view.setInputs(built.back());
        QCOMPARE(view.calibration()->surrogateCount(), 5);
        QVERIFY2(view.notice().isEmpty(), qPrintable(view.notice()));
    }

    // Issue 11 item 7: with repeats pooled a bucket counts each comparison once per repeat; the tip and the
    // selection say both numbers, so that 305 forecasts and 139 selected rows add up.
    void pooledRepeatsSayHowManyComparisons()
    {
        CalibrationView view;
        QVERIFY(showOn(view, CalibrationView::Reliability));
        const int surrogate = 2;
        auto *model = view.reliabilityModel();
        int bucket = -1;
        ComparisonSelection behind;
        for (int row = model->rowCount() - 1; row >= 0 && bucket < 0; --row) {
            behind = view.calibration()->bucketComparisons(surrogate, row);
            if (behind.forecasts > int(behind.ids.size()))
                bucket = row;
        }
        QVERIFY(bucket >= 0);
        const int forecasts = model->index(bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Count))
                                  .data(CalibrationTableModel::ValueRole)
                                  .toInt();
        QCOMPARE(behind.forecasts, forecasts);
        const auto tip = ReliabilityChart::bucketTip(model, surrogate, bucket);
        QVERIFY2(tip.contains(QStringLiteral("of %1 comparison").arg(behind.ids.size()))
                     && tip.contains(QStringLiteral("repeats pooled")),
                 qPrintable(tip));

        QSignalSpy selected(&view, &CalibrationView::comparisonsSelected);
        QTest::mouseClick(view.reliabilityChart()->diagram()->viewport(), Qt::LeftButton, {},
                          view.reliabilityChart()->bucketPosition(surrogate, bucket));
        QCOMPARE(selected.count(), 1);
        const auto arguments = selected.takeFirst();
        QCOMPARE(arguments.at(0).toStringList().size(), behind.ids.size());
        // The surrogate as its forecasts name it, so that the panel can show its forecast; pooled: any repeat.
        QCOMPARE(arguments.at(1).toString(), QString::fromStdString(view.calibration()->evaluation(surrogate).label));
        QCOMPARE(arguments.at(2).toInt(), -1);
        const auto text = view.selectionLabel()->toolTip(); // the whole text, however wide the view
        QVERIFY2(text.contains(QString::number(forecasts)) && text.contains(QString::number(behind.ids.size()))
                     && text.contains(QStringLiteral("repeats pooled")),
                 qPrintable(text));

        // Separate repeats: each mark is one forecast per comparison, and the click names the repeat.
        view.setSeparateRepeats(true);
        QCoreApplication::processEvents();
        const auto separate = view.calibration()->bucketComparisons(surrogate, bucket);
        QCOMPARE(separate.forecasts, int(separate.ids.size()));
        QVERIFY(!ReliabilityChart::bucketTip(model, surrogate, bucket).contains(QStringLiteral("pooled")));
        QVERIFY(view.calibration()->repeat(surrogate) >= 0);
    }

    void clickingATopKPointSelectsWhatItMeasured()
    {
        CalibrationView view;
        QVERIFY(showOn(view, CalibrationView::TopK));
        // The curve drawn last, on top of the others where they cross, so that the click reaches it.
        const int surrogate = view.calibration()->surrogateCount() - 1;
        const int row = 24; // k = 25%
        QCOMPARE(view.topKModel()->index(row, TopKModel::PercentColumn).data(CalibrationTableModel::ValueRole).toInt(),
                 25);

        // Each pack's top quarter (ceil, at least one) of its measured candidates by expected bin, ties and
        // unparsed forecasts in file order.
        const auto label = view.calibration()->evaluation(surrogate).label;
        std::map<std::string, std::vector<std::pair<double, std::string>>> pools;
        for (const auto &prediction : m_predictions) {
            if (prediction.surrogateLabel != label)
                continue;
            const auto &pair = *std::find_if(m_pairs.begin(), m_pairs.end(),
                                             [&](const ComparisonPair &p) { return p.id == prediction.comparisonId; });
            if (pair.speedup > 0)
                pools[pair.pack].emplace_back(prediction.forecast ? prediction.forecast->expectedBinIndex()
                                                                  : -std::numeric_limits<double>::infinity(),
                                              pair.id);
        }
        QSet<QString> expected;
        for (auto &[pack, members] : pools) {
            std::stable_sort(members.begin(), members.end(),
                             [](const auto &a, const auto &b) { return a.first > b.first; });
            const auto count = std::max<std::size_t>(1, std::size_t(std::ceil(25.0 * double(members.size()) / 100.0)));
            for (std::size_t i = 0; i < count; ++i)
                expected.insert(QString::fromStdString(members[i].second));
        }
        QVERIFY(expected.size() > int(pools.size()));

        QSignalSpy selected(&view, &CalibrationView::comparisonsSelected);
        const auto position = view.topKChart()->pointPosition(surrogate, row);
        QVERIFY(!position.isNull());
        QTest::mouseClick(view.topKChart()->viewport(), Qt::LeftButton, {}, position);
        QCOMPARE(selected.count(), 1);
        const auto ids = selected.takeFirst().at(0).toStringList();
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()), expected);
        // The same k of another surrogate measures other kernels: the click named this curve's.
        QVERIFY(view.calibration()->topKComparisons(0, 25).ids != ids);
    }

    void gateCursorMarksTheThresholdsPoint()
    {
        CalibrationView view;
        QVERIFY(showOn(view, CalibrationView::RiskCoverage));
        auto *chart = view.riskCoverageChart();
        QVERIFY(chart->gatePoints().isEmpty());

        // Each surrogate's mark is what a gate at this threshold does to its forecasts, counted afresh.
        const auto score = metrics::ConfidenceScore::NegEntropy;
        std::vector<std::vector<metrics::SelectiveRow>> rowsOf(std::size_t(view.calibration()->surrogateCount()));
        for (int surrogate = 0; surrogate < view.calibration()->surrogateCount(); ++surrogate) {
            const auto label = view.calibration()->evaluation(surrogate).label;
            for (const auto &prediction : m_predictions) {
                if (prediction.surrogateLabel != label)
                    continue;
                const auto &pair = *std::find_if(m_pairs.begin(), m_pairs.end(), [&](const ComparisonPair &p) {
                    return p.id == prediction.comparisonId;
                });
                rowsOf[std::size_t(surrogate)].push_back(
                    {pair.trueBin, pair.speedup, prediction.forecast ? &*prediction.forecast : nullptr});
            }
        }
        // The first surrogate's median: a real cut, not an end of its curve.
        const double threshold = metrics::thresholdForCoverage(rowsOf[0], score, 0.5);
        view.setGateCursor(score, threshold);
        QCOMPARE(view.riskCoverageModel()->score(), score);
        QCOMPARE(view.gateThreshold(), std::optional<double>(threshold));
        const auto points = chart->gatePoints();
        QCOMPARE(int(points.size()), view.calibration()->surrogateCount());
        for (int i = 0; i < int(points.size()); ++i) {
            const auto &rows = rowsOf[std::size_t(chart->gateSurrogates()[std::size_t(i)])];
            const std::unique_ptr<bool[]> trusted(new bool[rows.size()]);
            for (std::size_t row = 0; row < rows.size(); ++row)
                trusted[row] = rows[row].forecast
                    && metrics::trusted(metrics::confidence(score, *rows[row].forecast), threshold);
            const auto trustedCount = std::count(trusted.get(), trusted.get() + rows.size(), true);
            if (i == 0) // ties at the median may trust a few more
                QVERIFY(trustedCount >= std::ptrdiff_t(rows.size() / 2) && trustedCount < std::ptrdiff_t(rows.size()));
            QCOMPARE(points[i].x(), double(trustedCount) / double(rows.size()));
            QCOMPARE(points[i].y(),
                     metrics::selectiveRisk(rows, std::span<const bool>(trusted.get(), rows.size()),
                                            view.riskCoverageModel()->risk()));
        }
        QCoreApplication::processEvents(); // lay the rebuilt chart out
        QVERIFY(view.grab().save(QStringLiteral("screenshot-calibration-gate.png")));

        // A slider move moves the marks without rebuilding the chart; the score it already shows stays.
        const auto *drawn = chart->chart();
        view.setGateCursor(score, threshold + 0.1);
        QCOMPARE(chart->chart(), drawn);
        QVERIFY(chart->gatePoints() != points);
        QVERIFY(chart->gatePoints().constFirst().x() <= points.constFirst().x()); // stricter: no more trusted

        // A score without risk–coverage curves, and clearing, take the marks away.
        view.setGateCursor(metrics::ConfidenceScore::ExpectedBin, 4.0);
        QVERIFY(chart->gatePoints().isEmpty());
        QCOMPARE(view.riskCoverageModel()->score(), score);
        view.setGateCursor(metrics::ConfidenceScore::MaxProb, 0.5);
        QCOMPARE(view.riskCoverageModel()->score(), metrics::ConfidenceScore::MaxProb);
        QCOMPARE(int(chart->gatePoints().size()), view.calibration()->surrogateCount());
        view.clearGateCursor();
        QVERIFY(chart->gatePoints().isEmpty());
        QVERIFY(!view.gateThreshold());
    }

    // The view evaluates the rows it is given in place: every row it joins is one of ours, not a copy, also
    // when repeats are separate (which once copied every prediction to relabel it).
    void viewPointsIntoTheGivenRows()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        for (const bool separate : {false, true}) {
            view.setSeparateRepeats(separate);
            const auto data = view.calibration();
            QCOMPARE(data->surrogateCount(), separate ? 21 : 7);
            std::size_t rows = 0;
            for (const auto &surrogate : data->surrogates()) {
                for (const auto *prediction : surrogate.joined.predictions)
                    QVERIFY(prediction >= m_predictions.data()
                            && prediction < m_predictions.data() + m_predictions.size());
                for (const auto *pair : surrogate.joined.pairs)
                    QVERIFY(pair >= m_pairs.data() && pair < m_pairs.data() + m_pairs.size());
                rows += surrogate.joined.predictions.size();
            }
            QCOMPARE(rows, m_predictions.size());
        }
        QCOMPARE(view.calibration()->label(1),
                 QStringLiteral("%1 #1").arg(QString::fromStdString(m_predictions[0].surrogateLabel)));
    }

    void csvRoundTrip()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{
                 view.summaryModel(), view.reliabilityModel(), view.riskCoverageModel()}) {
            QBuffer buffer;
            QVERIFY(buffer.open(QIODevice::WriteOnly));
            ChartExport::writeCsv(*model, buffer, CalibrationTableModel::ValueRole);
            const auto rows = readCsv(QString::fromUtf8(buffer.data()));
            QCOMPARE(int(rows.size()), model->rowCount() + 1);
            for (int column = 0; column < model->columnCount(); ++column)
                QCOMPARE(rows[0][column], model->headerData(column, Qt::Horizontal).toString());
            for (int row = 0; row < model->rowCount(); ++row) {
                QCOMPARE(int(rows[row + 1].size()), model->columnCount());
                for (int column = 0; column < model->columnCount(); ++column) {
                    const auto exact = model->index(row, column).data(CalibrationTableModel::ValueRole);
                    const auto &field = rows[row + 1][column];
                    if (exact.userType() == QMetaType::Double)
                        QCOMPARE(field.toDouble(), exact.toDouble()); // to the bit
                    else if (exact.isValid())
                        QCOMPARE(field, exact.toString());
                    else
                        QCOMPARE(field, model->index(row, column).data().toString());
                }
            }
        }
        // A field with a comma, a quote and a line break comes back whole.
        QStandardItemModel quoted(1, 2);
        quoted.setHorizontalHeaderLabels({QStringLiteral("name, \"quoted\""), QStringLiteral("plain")});
        quoted.setItem(0, 0, new QStandardItem(QStringLiteral("line one\nline \"two\", end")));
        quoted.setItem(0, 1, new QStandardItem(QStringLiteral("x")));
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        ChartExport::writeCsv(quoted, buffer, CalibrationTableModel::ValueRole);
        const auto rows = readCsv(QString::fromUtf8(buffer.data()));
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0], QStringList({QStringLiteral("name, \"quoted\""), QStringLiteral("plain")}));
        QCOMPARE(rows[1], QStringList({QStringLiteral("line one\nline \"two\", end"), QStringLiteral("x")}));
    }

    void reportWritesEveryChart()
    {
        const QTemporaryDir out;
        QProcess report;
        report.start(QStringLiteral(KFX_APP_PATH),
                     {QStringLiteral("--report"), QStringLiteral("--eval"), QString::fromStdString(m_evalPath),
                      QStringLiteral("--predictions"), QString::fromStdString(m_predictionsPath),
                      QStringLiteral("--out"), out.path()});
        QVERIFY(report.waitForFinished(120000));
        QCOMPARE(report.exitCode(), 0);
        QFile json(QDir(out.path()).filePath(QStringLiteral("metrics.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(json.readAll(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(document.object().value(QStringLiteral("surrogates")).toObject().size(), 7);

        QStringList expected{QStringLiteral("reliability"), QStringLiteral("topk")};
        for (auto score : {"max_prob", "neg_entropy", "top2_margin"}) {
            for (auto risk : {"binary_mismatch", "speedup_distance", "regret"})
                expected << QStringLiteral("risk-coverage-%1-%2").arg(QLatin1String(score), QLatin1String(risk));
        }
        for (const auto &label : document.object().value(QStringLiteral("surrogates")).toObject().keys())
            expected << QStringLiteral("confusion-") + label;
        for (const auto &base : expected) {
            for (const auto &extension : {QStringLiteral(".png"), QStringLiteral(".svg")}) {
                const QFileInfo file(QDir(out.path()).filePath(base + extension));
                QVERIFY2(file.exists() && file.size() > 1000, qPrintable(file.filePath()));
            }
        }
        QFile svg(QDir(out.path()).filePath(QStringLiteral("reliability.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    void screenshots()
    {
        CalibrationView view;
        view.setInputs(m_inputs);
        view.resize(1366, 768);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto shoot = [&view](const QString &theme) {
            const std::pair<CalibrationView::Chart, QString> tabs[] = {
                {CalibrationView::Reliability, QString()},
                {CalibrationView::RiskCoverage, QStringLiteral("-risk")},
                {CalibrationView::TopK, QStringLiteral("-topk")},
                {CalibrationView::Confusion, QStringLiteral("-confusion")}};
            for (const auto &[chart, suffix] : tabs) {
                view.showChart(chart);
                QCoreApplication::processEvents();
                QVERIFY(view.grab().save(QStringLiteral("screenshot-calibration-%1%2.png").arg(theme, suffix)));
            }
            // Issue 17: equal-count buckets with their intervals, and the summary's statistics scrolled into view.
            view.showChart(CalibrationView::Reliability);
            view.setBucketMode(metrics::BucketMode::EqualCount);
            auto *scroll = view.summaryView()->horizontalScrollBar();
            scroll->setValue(scroll->maximum());
            QCoreApplication::processEvents();
            QVERIFY(view.grab().save(QStringLiteral("screenshot-calibration-%1-equalcount.png").arg(theme)));
            view.setBucketMode(metrics::BucketMode::EqualWidth);
        };
        shoot(QStringLiteral("light"));
        // Eight entries (the diagonal, seven surrogates) fit beside a tall diagram but not a short one: there the
        // legend gives way and the summary's swatches name the curves. Where the line falls depends on the font.
        const auto *legend = view.reliabilityChart()->diagram()->chart()->legend();
        view.resize(1366, 500);
        QTRY_VERIFY(!legend->isVisible());
        view.resize(1366, 1400);
        QTRY_VERIFY(legend->isVisible());
        view.resize(1366, 768);
        QVERIFY(!isDarkPalette(view.reliabilityChart()->diagram()->palette()));
        QApplication::setPalette(darkPalette());
        QTRY_VERIFY(isDarkPalette(view.reliabilityChart()->diagram()->palette()));
        QCOMPARE(view.reliabilityChart()->diagram()->chart()->backgroundBrush().color(),
                 darkPalette().color(QPalette::Base));
        shoot(QStringLiteral("dark"));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

private:
    // A generated search whose forecast kernels are copied under new ids, as a longer search would have measured
    // them, until it has more than `kernels` of them.
    std::shared_ptr<const Population> largeSearch(std::size_t kernels)
    {
        const auto log = m_dir.filePath(QStringLiteral("v3-for-a-large-search.jsonl"));
        if (!QFile::exists(log)) {
            QProcess generate;
            generate.start(QStringLiteral(KFX_CLI_PATH),
                           {QStringLiteral("generate"), QStringLiteral("--kind"), QStringLiteral("puct-v3"),
                            QStringLiteral("--nodes"), QStringLiteral("300"), QStringLiteral("--seed"),
                            QStringLiteral("3"), QStringLiteral("--out"), log});
            if (!generate.waitForFinished(120000) || generate.exitCode() != 0)
                return nullptr;
        }
        auto large = loadFile(log.toStdString()).population;
        std::vector<std::size_t> forecast;
        for (std::size_t index = 0; large && index < large->size(); ++index) {
            const auto &node = large->node(index);
            const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
            if (gatecandidates::isCandidate(node) && gatecandidates::forecastOf(node) && speedup
                && trySpeedupBinFor(*speedup))
                forecast.push_back(index);
        }
        if (forecast.empty())
            return nullptr;
        for (std::size_t copy = 0; forecast.size() + copy <= kernels; ++copy) {
            auto node = large->node(forecast[copy % forecast.size()]);
            node.id += "-copy" + std::to_string(copy);
            large->add(std::move(node));
        }
        return large;
    }

    // The view on our rows, shown on one chart and laid out, so that clicks land where points are drawn.
    bool showOn(CalibrationView &view, CalibrationView::Chart chart)
    {
        view.setInputs(m_inputs);
        view.resize(1280, 800);
        view.showChart(chart);
        view.show();
        const bool exposed = QTest::qWaitForWindowExposed(&view);
        QCoreApplication::processEvents();
        return exposed;
    }

    QTemporaryDir m_dir;
    std::string m_evalPath;
    std::string m_predictionsPath;
    std::vector<ComparisonPair> m_pairs; // the rows m_inputs points into
    std::vector<PredictionRow> m_predictions;
    std::shared_ptr<const CalibrationInputs> m_inputs;
};

KFX_TEST_MAIN(TestCalibration)

} // namespace
} // namespace tst_calibration

#include "tst_calibration.moc"
