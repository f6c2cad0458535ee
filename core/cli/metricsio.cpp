#include "metricsio.h"

#include "io/fileloader.h"
#include "io/jsonwriter.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

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

void writeEstimate(JsonWriter &writer, std::string_view name, const metrics::EstimateWithInterval &estimate)
{
    writer.key(name)
        .beginObject()
        .field("value", estimate.value)
        .field("ci_low", estimate.low)
        .field("ci_high", estimate.high)
        .endObject();
}

void writeStatistics(JsonWriter &writer, const metrics::SurrogateStatistics &statistics,
                     const metrics::StatisticsOptions &options)
{
    const auto &reliability = statistics.reliability;
    writer.key("statistics").beginObject();
    writer.field("bucket_mode", reliability.mode == metrics::BucketMode::EqualCount ? "equal_count" : "equal_width");
    writer.key("reliability_bands").beginArray();
    for (const auto &band : reliability.bands) {
        writer.beginObject()
            .field("low", band.bucket.low)
            .field("high", band.bucket.high)
            .field("mean_confidence", band.bucket.meanConfidence)
            .field("accuracy", band.bucket.accuracy)
            .field("count", band.bucket.count)
            .field("correct", band.correct)
            .field("ci_low", band.accuracyInterval.low)
            .field("ci_high", band.accuracyInterval.high)
            .endObject();
    }
    writer.endArray();
    writer.field("ece", reliability.ece).field("ace", reliability.ace).field("mce", reliability.mce);
    writer.field("classwise_ece", reliability.classwiseEce);
    writer.field("spiegelhalter_z", reliability.spiegelhalter.z)
        .field("spiegelhalter_p", reliability.spiegelhalter.pValue);
    const auto &request = options.selective;
    writer.key("selective").beginObject();
    writer.field("score", metrics::confidenceScoreName(request.score))
        .field("target_risk", request.targetRisk)
        .field("target_coverage", request.targetCoverage)
        .field("resamples", request.resamples)
        .field("seed", std::to_string(request.seed)) // beyond JSON's exact integers
        .field("level", request.level);
    writeEstimate(writer, "aurc", statistics.selective.aurc);
    writeEstimate(writer, "augrc", statistics.selective.augrc);
    writeEstimate(writer, "coverage_at_risk", statistics.selective.coverageAtRisk);
    writeEstimate(writer, "risk_at_coverage", statistics.selective.riskAtCoverage);
    writer.endObject().endObject();
}

template<typename Number>
bool parseNumber(const std::string &text, Number &number)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    return error == std::errc() && end == text.data() + text.size();
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

void StatisticsArguments::addTo(OptionReader &reader)
{
    reader.value("--buckets", &m_buckets);
    reader.flag("--equal-count", &m_equalCount);
    reader.value("--score", &m_score);
    reader.value("--target-risk", &m_targetRisk);
    reader.value("--target-coverage", &m_targetCoverage);
    reader.value("--bootstrap", &m_resamples);
    reader.value("--seed", &m_seed);
}

std::optional<metrics::StatisticsOptions> StatisticsArguments::options(std::string_view speaker,
                                                                       std::ostream &err) const
{
    metrics::StatisticsOptions options;
    options.bucketMode = m_equalCount ? metrics::BucketMode::EqualCount : metrics::BucketMode::EqualWidth;
    auto &selective = options.selective;
    const auto refuse = [&](std::string_view what) {
        err << speaker << ": " << what << '\n';
        return std::nullopt;
    };
    if (!parseNumber(m_buckets, options.buckets) || options.buckets < 1 || options.buckets > 1000)
        return refuse("--buckets needs a whole number from 1 to 1000");
    const auto score = metrics::confidenceScoreFromName(m_score);
    if (!score)
        return refuse("--score needs one of max_prob, neg_entropy, top2_margin, expected_bin");
    selective.score = *score;
    if (!parseNumber(m_targetRisk, selective.targetRisk) || !(selective.targetRisk >= 0 && selective.targetRisk <= 1))
        return refuse("--target-risk needs a number from 0 to 1");
    if (!parseNumber(m_targetCoverage, selective.targetCoverage)
        || !(selective.targetCoverage > 0 && selective.targetCoverage <= 1))
        return refuse("--target-coverage needs a number above 0 and at most 1");
    if (!parseNumber(m_resamples, selective.resamples) || selective.resamples < 0 || selective.resamples > 100000)
        return refuse("--bootstrap needs a whole number of resamples from 0 to 100000");
    if (!parseNumber(m_seed, selective.seed))
        return refuse("--seed needs a whole number from 0 to 18446744073709551615");
    return options;
}

std::string metricsJson(std::span<const metrics::SurrogateEvaluation> evaluations,
                        std::span<const metrics::SurrogateStatistics> statistics,
                        const metrics::StatisticsOptions &options, const LoadNotes &notes)
{
    if (statistics.size() != evaluations.size())
        throw std::invalid_argument("every surrogate needs its statistics");
    JsonWriter writer;
    writer.beginObject().key("surrogates").beginObject();
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        const auto &evaluation = evaluations[i];
        writer.key(evaluation.label).beginObject();
        writeCalibration(writer, evaluation.calibration);
        writeSelective(writer, evaluation);
        writeTopK(writer, evaluation);
        writeStatistics(writer, statistics[i], options);
        writer.endObject();
    }
    writer.endObject();
    writeLoadNotes(writer, notes);
    writer.endObject();
    return writer.take();
}

} // namespace kfx::cli
