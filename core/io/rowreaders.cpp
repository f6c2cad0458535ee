#include "fileloader.h"
#include "jsonwriter.h"
#include "recordjson.h"

#include "model/speedupbin.h"

#include <string_view>
#include <tuple>
#include <unordered_set>

namespace kfx {

namespace {

std::string text(std::string_view view)
{
    return std::string(view);
}

std::string numberText(double number)
{
    std::string out;
    JsonWriter::appendNumber(out, number);
    return out;
}

int readBin(const json::Object &row, std::string_view key)
{
    const auto bin = json::requiredInteger(row, key);
    if (bin < kFirstBin || bin > kLastBin)
        throw json::FieldError("\"" + text(key) + "\": " + std::to_string(bin) + " is not a bin 1..8");
    return int(bin);
}

double readSpeedup(const json::Object &row, std::string_view key)
{
    const double speedup = json::requiredNumber(row, key);
    if (!(speedup > 0.0))
        throw json::FieldError("\"" + text(key) + "\": " + numberText(speedup) + " is not a positive speedup");
    return speedup;
}

// The reference validates every true_bin against its speedup and refuses the row when they disagree
// (KernelRuntimeComparison._bin_matches_speedup), so a disagreeing row would never have reached a surrogate.
void readSpeedupAndTrueBin(const json::Object &row, std::string_view speedupKey, ComparisonPair &pair)
{
    pair.speedup = readSpeedup(row, speedupKey);
    pair.trueBin = readBin(row, "true_bin");
    const int expected = speedupBinFor(pair.speedup);
    if (pair.trueBin != expected)
        throw json::FieldError("true_bin " + std::to_string(pair.trueBin) + " disagrees with " + text(speedupKey) + " "
                               + numberText(pair.speedup) + " (bin " + std::to_string(expected) + ")");
}

// The published rows name the GPU only; the full context is the reference's table of known devices, and a
// device outside it still loads, just without the context a prompt would need.
void readHardwareName(const json::Object &row, ComparisonPair &pair)
{
    pair.hardwareName = text(json::requiredString(row, "hardware"));
    pair.hardware = knownHardware(pair.hardwareName);
}

void readProvenance(const json::Object &row, ComparisonPair &pair)
{
    pair.sourceSearch = text(json::requiredString(row, "source_search"));
    pair.internalExperiment = text(json::requiredString(row, "internal_experiment"));
}

ComparisonPair readEvalSetRow(const json::Object &row)
{
    ComparisonPair pair;
    pair.origin = PairOrigin::EvalSet;
    readProvenance(row, pair);
    pair.id = text(json::requiredString(row, "comparison_id"));
    pair.pack = text(json::requiredString(row, "pack"));
    pair.referenceCode = text(json::requiredString(row, "anchor_code"));
    pair.candidateCode = text(json::requiredString(row, "candidate_code"));
    readHardwareName(row, pair);
    readSpeedupAndTrueBin(row, "aggregated_speedup", pair);
    pair.sourceId = text(json::requiredString(row, "source_id"));
    return pair;
}

// relative_bin is kept as published: the reference trains on from_speedup(aggregated_speedup) and never reads
// this column, so it neither validates it against the speedup nor rejects rows over it.
ComparisonPair readRlPoolRow(const json::Object &row)
{
    ComparisonPair pair;
    pair.origin = PairOrigin::RlPoolRow;
    readProvenance(row, pair);
    pair.id = text(json::requiredString(row, "row_id"));
    pair.pack = text(json::requiredString(row, "pack"));
    pair.referenceCode = text(json::requiredString(row, "anchor_code"));
    pair.candidateCode = text(json::requiredString(row, "candidate_code"));
    pair.speedup = readSpeedup(row, "aggregated_speedup");
    pair.trueBin = readBin(row, "relative_bin");
    pair.pairType = text(json::requiredString(row, "pair_type"));
    readHardwareName(row, pair);
    pair.sourceId = text(json::requiredString(row, "source_id"));
    return pair;
}

// The surrogate sees the parent as reference and the child as candidate, and the reference scores the pair
// under pair_id, not under the row's source_id.
ComparisonPair readDiscoveryPairRow(const json::Object &row)
{
    ComparisonPair pair;
    pair.origin = PairOrigin::DiscoveryPair;
    readProvenance(row, pair);
    pair.id = text(json::requiredString(row, "pair_id"));
    pair.sourceId = pair.id;
    pair.pack = text(json::requiredString(row, "problem_id"));
    pair.benchmarkFamily = text(json::requiredString(row, "benchmark_family"));
    pair.referenceCode = text(json::requiredString(row, "parent_code"));
    pair.candidateCode = text(json::requiredString(row, "child_code"));
    readSpeedupAndTrueBin(row, "g_speedup", pair);
    readHardwareName(row, pair);
    pair.parentNodeId = text(json::requiredString(row, "parent_node_id"));
    pair.childNodeId = text(json::requiredString(row, "child_node_id"));
    return pair;
}

// A KernelRuntimeComparison (spec §3.3): the eval-set builder's own rows, with the full hardware context.
ComparisonPair readRuntimeComparison(const json::Object &comparison)
{
    ComparisonPair pair;
    pair.origin = PairOrigin::EvalDataset;
    pair.referenceCode = text(json::requiredString(comparison, "reference_code"));
    pair.candidateCode = text(json::requiredString(comparison, "candidate_code"));
    pair.hardware = json::readHardwareContext(json::requiredObject(comparison, "hardware"));
    pair.hardwareName = pair.hardware->deviceName;
    readSpeedupAndTrueBin(comparison, "aggregated_speedup", pair);
    pair.sourceId = text(json::requiredString(comparison, "source_id"));
    pair.id = pair.sourceId;
    return pair;
}

int readRepeat(const json::Object &row)
{
    const auto repeat = json::requiredInteger(row, "repeat");
    if (repeat < 0)
        throw json::FieldError("\"repeat\": " + std::to_string(repeat) + " is negative");
    return int(repeat);
}

// The published list form allows p only in [0, 1]; makeForecast() alone would accept p > 1 and renormalise.
BinProbabilities readProbabilityList(const json::Object &row)
{
    const auto probabilities = json::readBinProbabilityList(json::requiredArray(row, "bin_probabilities"));
    for (int bin = kFirstBin; bin <= kLastBin; ++bin) {
        const double p = probabilities[bin - kFirstBin];
        if (!(p >= 0.0 && p <= 1.0))
            throw json::FieldError("bin_probabilities: p of bin " + std::to_string(bin) + " is " + numberText(p)
                                   + ", outside [0, 1]");
    }
    return probabilities;
}

Forecast forecastFromPredictionRow(const json::Object &row, int predictedBin)
{
    auto made = makeForecast(readProbabilityList(row), predictedBin,
                             text(json::optionalString(row, "reasoning").value_or("")),
                             json::optionalNumber(row, "raw_probability_sum"));
    if (auto *error = std::get_if<ForecastError>(&made))
        throw json::FieldError("forecast: " + error->message);
    return std::get<Forecast>(std::move(made));
}

// The HF schema flattens LlmCallUsage into two nullable columns.
std::optional<TokenUsage> readFlatUsage(const json::Object &row)
{
    const auto input = json::optionalInteger(row, "input_tokens");
    const auto output = json::optionalInteger(row, "output_tokens");
    if (!input && !output)
        return std::nullopt;
    return TokenUsage{input.value_or(0), output.value_or(0)};
}

// A row without a declared bin carries no usable distribution whatever parse_failed says, so both count as a
// failed parse: a forecast is present exactly when parseFailed is false.
PredictionRow readPredictionRow(const json::Object &row)
{
    PredictionRow prediction;
    prediction.comparisonId = text(json::requiredString(row, "comparison_id"));
    prediction.pack = text(json::requiredString(row, "pack"));
    prediction.surrogateLabel = text(json::requiredString(row, "surrogate_label"));
    prediction.repeat = readRepeat(row);
    prediction.parseError = text(json::optionalString(row, "parse_error").value_or(""));
    prediction.usage = readFlatUsage(row);
    prediction.elapsedSeconds = json::requiredNumber(row, "elapsed_s");
    const auto predictedBin = json::optionalInteger(row, "predicted_bin");
    prediction.parseFailed = json::requiredBool(row, "parse_failed") || !predictedBin;
    if (!prediction.parseFailed) {
        prediction.forecast = forecastFromPredictionRow(row, int(*predictedBin));
        prediction.forecast->source = prediction.surrogateLabel;
        prediction.forecast->repeat = prediction.repeat;
        prediction.forecast->usage = prediction.usage;
    }
    return prediction;
}

// One scoring result holds both the comparison it was asked about and the answer; they are stored apart so that
// the pair joins to its prediction by id as the published files do. The surrogate's label lives in the run's
// index.json, not in the row.
void readScoredComparison(const json::Object &row, std::int64_t line, LoadedFile &out)
{
    auto pair = readRuntimeComparison(json::requiredObject(row, "comparison"));
    pair.origin = PairOrigin::ScoredComparison;
    pair.pack = text(json::requiredString(row, "pack_name"));
    pair.id = text(json::requiredString(row, "source_id"));
    pair.line = line;

    PredictionRow prediction;
    prediction.comparisonId = pair.id;
    prediction.pack = pair.pack;
    prediction.repeat = readRepeat(row);
    prediction.parseError = text(json::optionalString(row, "parse_error").value_or(""));
    if (auto usage = json::optionalObject(row, "llm_usage"))
        prediction.usage = json::readTokenUsage(*usage);
    prediction.elapsedSeconds = json::requiredNumber(row, "elapsed_s");
    if (auto estimate = json::optionalObject(row, "prediction")) {
        prediction.forecast = json::readForecast(*estimate);
        prediction.forecast->repeat = prediction.repeat;
        prediction.forecast->usage = prediction.usage;
    }
    prediction.parseFailed = !prediction.forecast;
    prediction.line = line;

    out.pairs.push_back(std::move(pair));
    out.predictions.push_back(std::move(prediction));
}

SearchSummaryRow readSummaryRow(const json::Object &row)
{
    SearchSummaryRow summary;
    summary.sourceSearch = text(json::requiredString(row, "source_search"));
    summary.internalExperiment = text(json::requiredString(row, "internal_experiment"));
    summary.steps = int(json::requiredInteger(row, "n_steps"));
    summary.evaluations = int(json::requiredInteger(row, "n_evaluations"));
    summary.correct = int(json::requiredInteger(row, "n_correct"));
    summary.bestSpeedup = json::optionalNumber(row, "best_speedup");
    summary.archiveSizeFinal = int(json::requiredInteger(row, "archive_size_final"));
    if (auto snapshot = json::optionalField(row, "config_snapshot"))
        summary.configSnapshotJson = simdjson::minify(*snapshot);
    return summary;
}

template<typename Row>
void store(Row row, std::int64_t line, std::vector<Row> &rows)
{
    row.line = line;
    rows.push_back(std::move(row));
}

using RowReader = void (*)(const json::Object &row, std::int64_t line, LoadedFile &out);

RowReader readerFor(DataFormat format)
{
    switch (format) {
    case DataFormat::EvalSet:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readEvalSetRow(row), line, out.pairs);
        };
    case DataFormat::RlPool:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readRlPoolRow(row), line, out.pairs);
        };
    case DataFormat::DiscoveryPairs:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readDiscoveryPairRow(row), line, out.pairs);
        };
    case DataFormat::EvalDataset:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readRuntimeComparison(row), line, out.pairs);
        };
    case DataFormat::Predictions:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readPredictionRow(row), line, out.predictions);
        };
    case DataFormat::HfSummaries:
        return [](const json::Object &row, std::int64_t line, LoadedFile &out) {
            store(readSummaryRow(row), line, out.summaries);
        };
    case DataFormat::ScoredComparisons:
        return readScoredComparison;
    default:
        return nullptr;
    }
}

// The rows of one vector that each hold a key no earlier row holds. The set keeps row indices and reads the keys
// from the rows themselves, so checking a row copies nothing: the reader's speed is kept.
template<typename Row, typename Key>
class FirstOfEachKey {
public:
    using KeyOf = Key (*)(const Row &);

    FirstOfEachKey(const std::vector<Row> &rows, KeyOf keyOf)
        : m_rows(rows)
        , m_seen(0, Hash{rows, keyOf}, Equal{rows, keyOf})
    {
    }

    // For the row stored last: the index of an earlier row with the same key, or nothing (and the row is
    // remembered as the first of its key).
    std::optional<std::size_t> earlierRowLikeLast()
    {
        const auto [at, inserted] = m_seen.insert(m_rows.size() - 1);
        return inserted ? std::nullopt : std::optional(*at);
    }

private:
    struct Hash {
        const std::vector<Row> &rows;
        KeyOf keyOf;
        std::size_t operator()(std::size_t index) const
        {
            std::size_t hash = 0;
            std::apply(
                [&](const auto &...part) {
                    ((hash = hash * 1000003 ^ std::hash<std::decay_t<decltype(part)>>{}(part)), ...);
                },
                keyOf(rows[index]));
            return hash;
        }
    };
    struct Equal {
        const std::vector<Row> &rows;
        KeyOf keyOf;
        bool operator()(std::size_t a, std::size_t b) const { return keyOf(rows[a]) == keyOf(rows[b]); }
    };

    const std::vector<Row> &m_rows;
    std::unordered_set<std::size_t, Hash, Equal> m_seen;
};

using PredictionKey = std::tuple<std::string_view, std::string_view, int>;
using PairKey = std::tuple<std::string_view>;

PredictionKey predictionKey(const PredictionRow &row)
{
    return {row.comparisonId, row.surrogateLabel, row.repeat};
}

PairKey pairKey(const ComparisonPair &pair)
{
    return {pair.id};
}

// Rows that name the same thing twice (a prediction's comparison, surrogate and repeat; an eval row's
// comparison_id) would be counted twice by every metric. The first is kept; each repeat is taken back out right
// after it was read, with a warning naming the line it repeats. Other formats may repeat keys by design (scored
// comparisons hold one row per repeat) and are not checked.
class RepeatedRows {
public:
    RepeatedRows(DataFormat format, LoadedFile &out)
        : m_format(format)
        , m_out(out)
        , m_predictions(out.predictions, predictionKey)
        , m_pairs(out.pairs, pairKey)
    {
    }

    void dropIfRepeated(std::int64_t line, const std::string &label)
    {
        if (m_format == DataFormat::Predictions) {
            if (const auto earlier = m_predictions.earlierRowLikeLast()) {
                const auto &row = m_out.predictions.back();
                warn(label, line, m_out.predictions[*earlier].line,
                     "comparison \"" + row.comparisonId + "\", surrogate \"" + row.surrogateLabel + "\", repeat "
                         + std::to_string(row.repeat));
                m_out.predictions.pop_back();
            }
        } else if (m_format == DataFormat::EvalSet) {
            if (const auto earlier = m_pairs.earlierRowLikeLast()) {
                warn(label, line, m_out.pairs[*earlier].line, "comparison_id \"" + m_out.pairs.back().id + "\"");
                m_out.pairs.pop_back();
            }
        }
    }

private:
    void warn(const std::string &label, std::int64_t line, std::int64_t first, const std::string &key)
    {
        m_out.diagnostics.push_back(
            {label, line,
             "repeats the row on line " + std::to_string(first) + " (" + key + "): ignored, the first is kept",
             Severity::Warning});
    }

    DataFormat m_format;
    LoadedFile &m_out;
    FirstOfEachKey<PredictionRow, PredictionKey> m_predictions;
    FirstOfEachKey<ComparisonPair, PairKey> m_pairs;
};

} // namespace

void readRows(JsonLinesFile &file, DataFormat format, LoadedFile &out)
{
    const auto read = readerFor(format);
    if (!read) {
        out.diagnostics.push_back(
            {file.label(), 0, "not a row format: " + text(dataFormatName(format)) + " is read by another reader"});
        return;
    }
    RepeatedRows repeated(format, out);
    file.forEachObject(
        [&](const json::Object &row, std::int64_t line) {
            // Counted before validation: rows is what the file held, and the diagnostics say which were refused.
            ++out.rows;
            read(row, line, out);
            repeated.dropIfRepeated(line, file.label());
            return true;
        },
        out.diagnostics);
}

} // namespace kfx
