#include "metricsio.h"

#include "io/fileloader.h"
#include "io/jsonwriter.h"

#include <cmath>

namespace kfx::cli {

namespace {

// Thresholds are ±inf at the curve's ends; JSON has no infinity, so they are written as strings.
void writeThreshold(JsonWriter &writer, double threshold)
{
    if (std::isinf(threshold))
        writer.value(threshold > 0 ? "inf" : "-inf");
    else
        writer.value(threshold);
}

void writeCalibration(JsonWriter &writer, const metrics::CalibrationReport &report)
{
    writer.field("n_total", report.total).field("n_parsed", report.parsed).field("parsed_rate", report.parsedRate);
    writer.field("accuracy", report.accuracy).field("off_by_one", report.offByOne);
    writer.field("mean_brier", report.meanBrier).field("mean_brier_parsed", report.meanBrierParsed);
    writer.field("mean_crps", report.meanCrps).field("mean_crps_parsed", report.meanCrpsParsed);
    writer.field("mean_nll", report.meanNll).field("mean_nll_parsed", report.meanNllParsed);
    writer.field("brier_unhalved", report.brierUnhalved).field("ece", report.ece);
    writer.key("reliability_bins").beginArray();
    for (const auto &bucket : report.reliability) {
        writer.beginObject()
            .field("low", bucket.low)
            .field("high", bucket.high)
            .field("mean_confidence", bucket.meanConfidence)
            .field("accuracy", bucket.accuracy)
            .field("count", bucket.count)
            .endObject();
    }
    writer.endArray();
}

void writeSelective(JsonWriter &writer, const metrics::SurrogateEvaluation &evaluation)
{
    writer.key("selective").beginObject();
    for (auto score : metrics::kSelectiveScores) {
        writer.key(metrics::confidenceScoreName(score)).beginObject();
        for (auto risk : metrics::kRisks) {
            const auto &summary = evaluation.selective.at({score, risk});
            writer.key(metrics::riskName(risk)).beginObject();
            writer.field("aurc", summary.aurc).field("selective_at_50", summary.selectiveAt50);
            writer.key("curve").beginArray();
            for (const auto &point : summary.curve) {
                writer.beginObject().key("threshold");
                writeThreshold(writer, point.threshold);
                writer.field("coverage", point.coverage)
                    .field("risk", point.risk)
                    .field("n_predicted", point.predicted)
                    .field("n_abstained", point.abstained)
                    .endObject();
            }
            writer.endArray().endObject();
        }
        writer.endObject();
    }
    writer.endObject();
}

void writeTopK(JsonWriter &writer, const metrics::SurrogateEvaluation &evaluation)
{
    writer.key("topk").beginObject().field("score", metrics::confidenceScoreName(evaluation.rankingScore));
    writer.key("curve").beginArray();
    for (const auto &point : evaluation.topK.curve)
        writer.beginObject().field("k", point.percent).field("recovered", point.recovered).endObject();
    writer.endArray().key("k_within_20pct");
    evaluation.topK.percentWithin20 ? writer.value(*evaluation.topK.percentWithin20) : writer.null();
    writer.endObject();
}

bool loadInto(const std::vector<std::string> &paths, std::vector<LoadedFile> &files, std::ostream &err,
              LoadNotes &notes)
{
    bool ok = true;
    for (const auto &path : paths) {
        files.push_back(loadFile(path));
        for (const auto &diagnostic : files.back().diagnostics)
            printDiagnostic(err, diagnostic);
        notes.add(files.back());
        ok = ok && files.back().readable;
    }
    return ok;
}

} // namespace

void LoadNotes::add(const LoadedFile &file)
{
    for (const auto &diagnostic : file.diagnostics) {
        if (diagnostic.isWarning())
            warnings.push_back(diagnostic);
    }
    damagedLines += file.damagedLines;
}

void printDiagnostic(std::ostream &out, const Diagnostic &diagnostic)
{
    out << diagnostic.file << ':' << diagnostic.line << ": " << (diagnostic.isWarning() ? "warning: " : "")
        << diagnostic.message << '\n';
}

void writeLoadNotes(JsonWriter &writer, const LoadNotes &notes)
{
    writer.field("partial", notes.partial()).field("damaged_lines", std::int64_t(notes.damagedLines));
    writer.key("warnings").beginArray();
    for (const auto &warning : notes.warnings) {
        writer.beginObject()
            .field("file", warning.file)
            .field("line", warning.line)
            .field("message", warning.message)
            .endObject();
    }
    writer.endArray();
}

bool loadPairsAndPredictions(const std::vector<std::string> &pairFiles, const std::vector<std::string> &predictionFiles,
                             std::vector<ComparisonPair> &pairs, std::vector<PredictionRow> &predictions,
                             std::ostream &err, LoadNotes *notes)
{
    LoadNotes ignored;
    LoadNotes &collected = notes ? *notes : ignored;
    std::vector<LoadedFile> pairSources, predictionSources;
    if (!loadInto(pairFiles, pairSources, err, collected)
        || !loadInto(predictionFiles, predictionSources, err, collected))
        return false;
    for (auto &file : pairSources)
        pairs.insert(pairs.end(), std::make_move_iterator(file.pairs.begin()),
                     std::make_move_iterator(file.pairs.end()));
    for (auto &file : predictionSources) {
        predictions.insert(predictions.end(), std::make_move_iterator(file.predictions.begin()),
                           std::make_move_iterator(file.predictions.end()));
    }
    return true;
}

std::string metricsJson(std::span<const metrics::SurrogateEvaluation> evaluations, const LoadNotes &notes)
{
    JsonWriter writer;
    writer.beginObject().key("surrogates").beginObject();
    for (const auto &evaluation : evaluations) {
        writer.key(evaluation.label).beginObject();
        writeCalibration(writer, evaluation.calibration);
        writeSelective(writer, evaluation);
        writeTopK(writer, evaluation);
        writer.endObject();
    }
    writer.endObject();
    writeLoadNotes(writer, notes);
    writer.endObject();
    return writer.take();
}

} // namespace kfx::cli
