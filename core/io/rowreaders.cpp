#include "fileloader.h"
#include "jsonwriter.h"
#include "recordjson.h"

#include "model/impossiblevalues.h"
#include "model/speedupbin.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <tuple>

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

// Bin 8 is open above, so only ImpossibleValues' bound keeps a 1e300 from the bin's mean and the risk figures.
double readSpeedup(const json::Object &row, std::string_view key)
{
    const double speedup = json::requiredNumber(row, key);
    if (!(speedup > 0.0))
        throw json::FieldError("\"" + text(key) + "\": " + numberText(speedup) + " is not a positive speedup");
    if (speedup > ImpossibleValues::kLargestSpeedup)
        throw json::FieldError("\"" + text(key) + "\": " + numberText(speedup) + " "
                               + ImpossibleValues::beyondLargestSpeedup());
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
    // Narrowed unchecked, 2^32 + 1 would be read as repeat 1 and join that repeat's rows.
    if (repeat > std::numeric_limits<int>::max())
        throw json::FieldError("\"repeat\": " + std::to_string(repeat) + " is too large for a repeat");
    return int(repeat);
}

// A sum of probabilities in [0, 1] is never negative, NaN or infinite; without a declared one, makeForecast
// records the sum of the row's own probabilities, which is what the calibration report's raw-sum figures then see.
Forecast forecastFromPredictionRow(const json::Object &row, std::int64_t predictedBin, ImpossibleValues &impossible)
{
    auto rawSum = json::optionalNumber(row, "raw_probability_sum");
    impossible.dropImpossibleRawSum(rawSum, "the sum of the row's probabilities");
    auto made = makeForecast(json::readBinProbabilityList(json::requiredArray(row, "bin_probabilities")), predictedBin,
                             text(json::optionalString(row, "reasoning").value_or("")), rawSum);
    if (auto *error = std::get_if<ForecastError>(&made))
        throw json::FieldError("forecast: " + error->message);
    auto forecast = std::get<Forecast>(std::move(made));
    json::readFailureProbability(row, forecast);
    return forecast;
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

// A duration or token count that no call can have becomes 0, what a row without the column is read as, so that
// cost and latency figures neither shrink below nothing nor become infinite.
void replaceImpossibleCosts(PredictionRow &prediction, ImpossibleValues &impossible)
{
    impossible.zeroIfImpossibleCallSeconds(prediction.elapsedSeconds, "elapsed_s");
    if (prediction.usage) {
        impossible.zeroIfImpossibleTokens(prediction.usage->inputTokens, "input_tokens");
        impossible.zeroIfImpossibleTokens(prediction.usage->outputTokens, "output_tokens");
    }
}

// A row without a declared bin carries no usable distribution whatever parse_failed says, so both count as a
// failed parse: a forecast is present exactly when parseFailed is false.
PredictionRow readPredictionRow(const json::Object &row, ImpossibleValues &impossible)
{
    PredictionRow prediction;
    prediction.comparisonId = text(json::requiredString(row, "comparison_id"));
    prediction.pack = text(json::requiredString(row, "pack"));
    prediction.surrogateLabel = text(json::requiredString(row, "surrogate_label"));
    prediction.repeat = readRepeat(row);
    prediction.parseError = text(json::optionalString(row, "parse_error").value_or(""));
    prediction.usage = readFlatUsage(row);
    prediction.elapsedSeconds = json::requiredNumber(row, "elapsed_s");
    replaceImpossibleCosts(prediction, impossible);
    const auto predictedBin = json::optionalInteger(row, "predicted_bin");
    prediction.parseFailed = json::requiredBool(row, "parse_failed") || !predictedBin;
    if (!prediction.parseFailed) {
        prediction.forecast = forecastFromPredictionRow(row, *predictedBin, impossible);
        prediction.forecast->source = prediction.surrogateLabel;
        prediction.forecast->repeat = prediction.repeat;
        prediction.forecast->usage = prediction.usage;
    }
    return prediction;
}

// One scoring result holds both the comparison it was asked about and the answer; they are stored apart so that
// the pair joins to its prediction by id as the published files do. The surrogate's label lives in the run's
// index.json, not in the row.
void readScoredComparison(const json::Object &row, std::int64_t line, ImpossibleValues &impossible, LoadedFile &out)
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
    replaceImpossibleCosts(prediction, impossible);
    if (auto estimate = json::optionalObject(row, "prediction")) {
        prediction.forecast = json::readForecast(*estimate);
        impossible.replaceImpossibleRawSum(*prediction.forecast);
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

// `impossible` collects the values a reader replaced, which readRows reports with the file and line.
using RowReader = void (*)(const json::Object &row, std::int64_t line, ImpossibleValues &impossible, LoadedFile &out);

RowReader readerFor(DataFormat format)
{
    switch (format) {
    case DataFormat::EvalSet:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &, LoadedFile &out) {
            store(readEvalSetRow(row), line, out.pairs);
        };
    case DataFormat::RlPool:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &, LoadedFile &out) {
            store(readRlPoolRow(row), line, out.pairs);
        };
    case DataFormat::DiscoveryPairs:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &, LoadedFile &out) {
            store(readDiscoveryPairRow(row), line, out.pairs);
        };
    case DataFormat::EvalDataset:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &, LoadedFile &out) {
            store(readRuntimeComparison(row), line, out.pairs);
        };
    case DataFormat::Predictions:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &impossible, LoadedFile &out) {
            store(readPredictionRow(row, impossible), line, out.predictions);
        };
    case DataFormat::HfSummaries:
        return [](const json::Object &row, std::int64_t line, ImpossibleValues &, LoadedFile &out) {
            store(readSummaryRow(row), line, out.summaries);
        };
    case DataFormat::ScoredComparisons:
        return readScoredComparison;
    default:
        return nullptr;
    }
}

// Finds the rows of one vector whose key an earlier row already holds. While the file is read only a hash of
// each row's key is noted (no allocation per row, which costs the reader more than the hashing); the repeats are
// found once, by sorting those hashes, and only rows whose hashes agree are compared.
template<typename Row, typename Key>
class RepeatedKeys {
public:
    using KeyOf = Key (*)(const Row &);

    explicit RepeatedKeys(KeyOf keyOf) : m_keyOf(keyOf) {}

    // Notes the row stored last.
    void note(const std::vector<Row> &rows) { m_noted.push_back({hashOf(m_keyOf(rows.back())), rows.size() - 1}); }

    // Removes every row whose key an earlier row holds, calling report(repeat, first) for each, in file order.
    template<typename Report>
    void removeRepeats(std::vector<Row> &rows, const Report &report)
    {
        std::sort(m_noted.begin(), m_noted.end());
        std::vector<std::optional<std::size_t>> firstOf;
        for (auto run = m_noted.begin(); run != m_noted.end();) {
            const auto runEnd = std::find_if(run, m_noted.end(),
                                             [&](const auto &noted) { return noted.first != run->first; });
            for (auto later = run + 1; later < runEnd; ++later) {
                // A run is in file order, so the first row found with the same key is the one that came first.
                for (auto earlier = run; earlier < later; ++earlier) {
                    if (m_keyOf(rows[earlier->second]) == m_keyOf(rows[later->second])) {
                        firstOf.resize(rows.size()); // only files with repeats pay for this
                        firstOf[later->second] = earlier->second;
                        break;
                    }
                }
            }
            run = runEnd;
        }
        m_noted.clear();
        if (firstOf.empty())
            return;
        std::size_t kept = 0;
        for (std::size_t index = 0; index < rows.size(); ++index) {
            if (firstOf[index])
                report(rows[index], rows[*firstOf[index]]);
            else if (kept++ != index)
                rows[kept - 1] = std::move(rows[index]);
        }
        rows.resize(kept);
    }

private:
    static std::size_t hashOf(const Key &key)
    {
        std::size_t hash = 0;
        std::apply(
            [&](const auto &...part) {
                ((hash = hash * 1000003 ^ std::hash<std::decay_t<decltype(part)>>{}(part)), ...);
            },
            key);
        return hash;
    }

    KeyOf m_keyOf;
    std::vector<std::pair<std::size_t, std::size_t>> m_noted; // (hash of the key, row index)
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
// comparison_id) would be counted twice by every metric. The first is kept and each repeat removed, with a
// warning naming the line it repeats. Other formats may repeat keys by design (scored comparisons hold one row
// per repeat) and are not checked.
class RepeatedRows {
public:
    explicit RepeatedRows(DataFormat format) : m_format(format) {}

    void note(const LoadedFile &out)
    {
        if (m_format == DataFormat::Predictions)
            m_predictions.note(out.predictions);
        else if (m_format == DataFormat::EvalSet)
            m_pairs.note(out.pairs);
    }

    void removeRepeats(const std::string &label, LoadedFile &out)
    {
        const std::size_t before = out.diagnostics.size();
        m_predictions.removeRepeats(out.predictions, [&](const PredictionRow &repeat, const PredictionRow &first) {
            warn(label, repeat.line, first.line,
                 "comparison \"" + repeat.comparisonId + "\", surrogate \"" + repeat.surrogateLabel + "\", repeat "
                     + std::to_string(repeat.repeat),
                 out);
        });
        m_pairs.removeRepeats(out.pairs, [&](const ComparisonPair &repeat, const ComparisonPair &first) {
            warn(label, repeat.line, first.line, "comparison_id \"" + repeat.id + "\"", out);
        });
        // The warnings join the reader's diagnostics in line order.
        if (out.diagnostics.size() > before)
            std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                             [](const Diagnostic &a, const Diagnostic &b) { return a.line < b.line; });
    }

private:
    static void warn(const std::string &label, std::int64_t line, std::int64_t first, const std::string &key,
                     LoadedFile &out)
    {
        out.diagnostics.push_back(
            {label, line,
             "repeats the row on line " + std::to_string(first) + " (" + key + "): ignored, the first is kept",
             Severity::Warning});
    }

    DataFormat m_format;
    RepeatedKeys<PredictionRow, PredictionKey> m_predictions{predictionKey};
    RepeatedKeys<ComparisonPair, PairKey> m_pairs{pairKey};
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
    RepeatedRows repeated(format);
    file.forEachObject(
        [&](const json::Object &row, std::int64_t line) {
            // Counted before validation: rows is what the file held, and the diagnostics say which were refused.
            ++out.rows;
            // Per row, so that a row refused after a replacement leaves no warning behind.
            ImpossibleValues impossible;
            read(row, line, impossible, out);
            for (auto &note : impossible.takeNotes())
                out.diagnostics.push_back({file.label(), line, std::move(note), Severity::Warning});
            repeated.note(out);
            return true;
        },
        out.diagnostics);
    repeated.removeRepeats(file.label(), out);
}

PredictionRow readPredictionRowText(std::string_view row)
{
    // One parser a thread, reused: a workspace reads back a forecast of each of a search's 80,000 kernels.
    thread_local simdjson::dom::parser parser;
    json::Element element;
    if (const auto error = parser.parse(row.data(), row.size()).get(element))
        throw json::FieldError(std::string("invalid JSON (") + simdjson::error_message(error) + ")");
    if (!element.is_object())
        throw json::FieldError("expected a JSON object, found " + std::string(json::typeName(element)));
    ImpossibleValues impossible;
    return readPredictionRow(element.get_object().value_unsafe(), impossible);
}

} // namespace kfx
