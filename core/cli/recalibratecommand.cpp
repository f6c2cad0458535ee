#include "commands.h"

#include "metricsio.h"
#include "optionreader.h"
#include "surrogate/predictionrows.h"
#include "surrogate/recalibration.h"

#include <fstream>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli recalibrate --eval EVAL.jsonl --predictions PRED.jsonl [--predictions ...]\n"
    "                           --method temperature|isotonic|histogram --split pack:NAME|random:SEED:FRACTION\n"
    "                           --out FILE [--json]\n";

void writeSummary(JsonWriter &writer, const surrogate::SurrogateRecalibration &summary)
{
    const auto &calibrator = summary.calibrator;
    writer.key(summary.label).beginObject();
    writer.field("recalibrated_label", surrogate::recalibratedLabel(summary.label));
    writer.field("method", calibrator.methodName());
    writer.field("calibration_forecasts", summary.calibrationForecasts);
    writer.field("evaluation_forecasts", summary.evaluationForecasts);
    writer.field("nll_before", summary.nllBefore).field("nll_after", summary.nllAfter);
    if (calibrator.method() == surrogate::ProbabilityCalibrator::Method::Temperature)
        writer.field("temperature", calibrator.temperature());
    writer.key("knots").beginArray();
    for (const auto &[confidence, calibrated] : calibrator.knots())
        writer.beginArray().value(confidence).value(calibrated).endArray();
    writer.endArray().endObject();
}

} // namespace

int runRecalibrate(const Arguments &args, std::ostream &out, std::ostream &err)
{
    std::vector<std::string> pairFiles;
    std::vector<std::string> predictionFiles;
    std::string methodName;
    std::string splitText;
    std::string outPath;
    bool json = false;
    OptionReader reader("kfx-cli recalibrate");
    reader.repeated("--eval", &pairFiles);
    reader.repeated("--predictions", &predictionFiles);
    reader.value("--method", &methodName);
    reader.value("--split", &splitText);
    reader.value("--out", &outPath);
    reader.flag("--json", &json); // JSON is the only summary; accepted for symmetry with metrics
    if (!reader.parse(args, err) || pairFiles.empty() || predictionFiles.empty() || outPath.empty()) {
        err << kUsage;
        return 1;
    }
    const auto method = surrogate::recalibrationMethodFromName(methodName);
    if (!method) {
        err << "kfx-cli recalibrate: --method '" << methodName << "' is not temperature, isotonic or histogram\n";
        return 1;
    }
    const auto split = surrogate::parseCalibrationSplit(splitText);
    if (const auto *problem = std::get_if<std::string>(&split)) {
        err << "kfx-cli recalibrate: --split: " << *problem << '\n';
        return 1;
    }

    std::vector<ComparisonPair> pairs;
    std::vector<PredictionRow> predictions;
    if (!loadPairsAndPredictions(pairFiles, predictionFiles, pairs, predictions, err))
        return 2;
    const auto result = surrogate::recalibrate(pairs, predictions, *method,
                                               std::get<surrogate::CalibrationSplit>(split));
    for (const auto &skipped : result.skipped)
        err << "kfx-cli recalibrate: " << skipped << '\n';
    if (result.surrogates.empty()) {
        err << "kfx-cli recalibrate: nothing to fit on: no surrogate has a forecast of a measured pair in the split\n";
        return 2;
    }

    std::ofstream file(outPath, std::ios::binary | std::ios::trunc);
    // The rows come from prediction files that kfx wrote redacted; no key is known here.
    const surrogate::SecretRedactor redactor;
    for (const auto &row : result.rows)
        file << surrogate::predictionRowJson(row, redactor) << '\n';
    file.close();
    if (!file) {
        err << "kfx-cli recalibrate: " << outPath << ": could not be written\n";
        return 2;
    }

    JsonWriter writer;
    writer.beginObject().field("split", surrogate::calibrationSplitText(std::get<surrogate::CalibrationSplit>(split)));
    writer.field("calibration_pairs", std::int64_t(result.calibrationPairs));
    writer.field("rows_written", std::int64_t(result.rows.size())).field("out", outPath);
    writer.key("surrogates").beginObject();
    for (const auto &summary : result.surrogates)
        writeSummary(writer, summary);
    writer.endObject().endObject();
    out << writer.text() << '\n';
    return 0;
}

} // namespace kfx::cli
