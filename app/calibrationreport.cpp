#include "calibrationreport.h"

#include "calibration/calibrationview.h"
#include "cli/metricsio.h"
#include "cli/optionreader.h"

#include <QApplication>
#include <QDir>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStyle>
#include <QStyleFactory>

namespace {

constexpr std::string_view kReportUsage =
    "usage: kfx --report --eval EVAL.jsonl --predictions PRED.jsonl "
    "[--predictions ...] [--pack P] [--buckets N] [--equal-count] [--score S] "
    "[--target-risk R] [--target-coverage C] [--bootstrap N] [--seed S] --out DIR\n";

QString fileName(std::string_view name)
{
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

} // namespace

int writeCalibrationReport(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    using namespace kfx;
    using namespace kfx::cli;
    std::vector<std::string> pairFiles, predictionFiles;
    std::string pack, outDir;
    StatisticsArguments statisticsArguments;
    OptionReader reader("kfx --report");
    reader.repeated("--eval", &pairFiles);
    reader.repeated("--predictions", &predictionFiles);
    reader.value("--pack", &pack);
    reader.value("--out", &outDir);
    statisticsArguments.addTo(reader);
    if (!reader.parse(args, err) || pairFiles.empty() || predictionFiles.empty() || outDir.empty()) {
        err << kReportUsage;
        return 1;
    }
    const auto statistics = statisticsArguments.options("kfx --report", err);
    if (!statistics)
        return 1;

    struct Loaded {
        std::vector<ComparisonPair> pairs;
        std::vector<PredictionRow> predictions;
    };
    auto loaded = std::make_shared<Loaded>();
    LoadNotes notes;
    if (!loadPairsAndPredictions(pairFiles, predictionFiles, loaded->pairs, loaded->predictions, err, &notes))
        return 2;
    auto inputs = std::make_shared<CalibrationInputs>();
    inputs->add(loaded->pairs, loaded->predictions);
    inputs->owner = std::move(loaded);
    const auto dir = QString::fromStdString(outDir);
    if (!QDir().mkpath(dir)) {
        err << "kfx --report: cannot create " << outDir << '\n';
        return 2;
    }

    // Charts are widgets; a report must not need a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "kfx";
    char *argv[] = {name, nullptr};
    QApplication app(argc, argv);
    // The same look wherever the report is made: Fusion in its own light palette.
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(QApplication::style()->standardPalette());

    CalibrationView view;
    view.setBuckets(statistics->buckets);
    view.setStatisticsOptions(*statistics);
    view.setInputs(inputs);
    if (!pack.empty())
        view.setPack(QString::fromStdString(pack));
    const auto data = view.calibration();
    for (const auto &diagnostic : data->diagnostics())
        err << "kfx --report: " << diagnostic.file << ": " << diagnostic.message << '\n';

    QSaveFile json(QDir(dir).filePath(QStringLiteral("metrics.json")));
    const auto text = metricsJson(data->evaluations(), data->allStatistics(), data->statisticsOptions(), notes) + '\n';
    if (!json.open(QIODevice::WriteOnly) || json.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !json.commit()) {
        err << "kfx --report: cannot write " << json.fileName().toStdString() << '\n';
        return 2;
    }

    view.resize(1280, 900);
    view.show();
    bool written = true;
    const auto write = [&](CalibrationView::Chart chart, const QString &base) {
        view.showChart(chart);
        QApplication::processEvents();
        const auto path = QDir(dir).filePath(base);
        written = view.exportChart(chart, path) && written;
        out << path.toStdString() << ".png\n" << path.toStdString() << ".svg\n";
    };
    write(CalibrationView::Reliability, QStringLiteral("reliability"));
    write(CalibrationView::TopK, QStringLiteral("topk"));
    for (auto score : metrics::kSelectiveScores) {
        for (auto risk : metrics::kRisks) {
            view.setScore(score);
            view.setRisk(risk);
            write(CalibrationView::RiskCoverage,
                  QStringLiteral("risk-coverage-%1-%2")
                      .arg(fileName(metrics::confidenceScoreName(score)), fileName(metrics::riskName(risk))));
        }
    }
    for (int surrogate = 0; surrogate < data->surrogateCount(); ++surrogate) {
        view.setConfusionSurrogate(surrogate);
        auto label = data->label(surrogate);
        label.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
        write(CalibrationView::Confusion, QStringLiteral("confusion-%1").arg(label));
    }
    if (!written) {
        err << "kfx --report: some charts could not be written to " << outDir << '\n';
        return 2;
    }
    return 0;
}
