#include "embeddedsurrogate.h"

#include "model/speedupbin.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace kfx::surrogate {

namespace {

constexpr std::size_t kChunk = 4096;       // rows per XGBoost call: small enough to notice a cancel quickly
constexpr std::size_t kRationaleItems = 3; // influences named per forecast

std::string formatProbability(double p)
{
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", p);
    return text;
}

std::string rationaleFor(const FeatureRow &row, const Forecast &forecast, const std::vector<Influence> &influences)
{
    std::string text = "Bin " + std::to_string(forecast.predictedBin) + " ("
        + std::string(binLabel(forecast.predictedBin))
        + ") at p=" + formatProbability(forecast.probabilityOf(forecast.predictedBin)) + ".";
    std::string towards;
    std::string against;
    for (const auto &influence : influences) {
        auto &list = influence.contribution > 0.0 ? towards : against;
        list += (list.empty() ? " " : "; ") + describeGroup(row, influence.group);
    }
    if (!towards.empty())
        text += " For it:" + towards + ".";
    if (!against.empty())
        text += " Against it:" + against + ".";
    return text;
}

} // namespace

std::vector<TrainingExample> trainingExamples(std::span<const ComparisonPair> pairs)
{
    std::vector<KernelRuntimeQuery> queries;
    queries.reserve(pairs.size());
    for (const auto &pair : pairs)
        queries.push_back(queryForPair(pair));
    const auto rows = batchFeatures(queries);
    std::vector<TrainingExample> examples(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        examples[i].features = rows[i];
        examples[i].trueBin = pairs[i].trueBin ? pairs[i].trueBin : trySpeedupBinFor(pairs[i].speedup).value_or(0);
        examples[i].group = pairs[i].pack;
    }
    return examples;
}

EmbeddedSurrogate::EmbeddedSurrogate(EmbeddedModel model, std::string label, bool explain)
    : EmbeddedSurrogate(std::make_shared<const EmbeddedModel>(std::move(model)), std::move(label), explain)
{
}

EmbeddedSurrogate::EmbeddedSurrogate(std::shared_ptr<const EmbeddedModel> model, std::string label, bool explain)
    : m_model(std::move(model))
    , m_label(std::move(label))
    , m_explain(explain)
{
}

std::vector<SurrogateResult> EmbeddedSurrogate::forecastRows(std::span<const FeatureRow> rows) const
{
    const auto started = std::chrono::steady_clock::now();
    std::lock_guard lock(m_mutex);
    const auto distributions = m_model->predict(rows);
    std::vector<int> bins(rows.size());
    std::vector<SurrogateResult> results(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto &p = distributions[i];
        bins[i] = int(std::max_element(p.begin(), p.end()) - p.begin()) + 1;
    }
    const auto influences = m_explain ? m_model->influences(rows, bins, kRationaleItems)
                                      : std::vector<std::vector<Influence>>(rows.size());
    const double perRow = rows.empty()
        ? 0.0
        : std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() / double(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        Forecast forecast;
        forecast.probabilities = distributions[i];
        forecast.predictedBin = bins[i];
        forecast.source = m_label;
        if (m_explain)
            forecast.reasoning = rationaleFor(rows[i], forecast, influences[i]);
        results[i].rationale = forecast.reasoning;
        results[i].outcome = std::move(forecast);
        results[i].elapsedSeconds = perRow;
        results[i].attempts = 1;
    }
    return results;
}

void EmbeddedSurrogate::forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                                      const ResultCallback &done)
{
    for (std::size_t start = 0; start < queries.size(); start += kChunk) {
        const auto count = std::min(kChunk, queries.size() - start);
        if (cancel.cancelled()) {
            for (std::size_t i = start; i < queries.size(); ++i)
                done(i, failedResult(std::string(kCancelledReason), FailureKind::Cancelled));
            return;
        }
        const auto rows = batchFeatures(queries.subspan(start, count));
        auto results = forecastRows(rows);
        for (std::size_t i = 0; i < count; ++i)
            done(start + i, std::move(results[i]));
    }
}

std::vector<SurrogateResult> crossValidatedForecasts(std::span<const TrainingExample> examples, int folds,
                                                     const TrainingOptions &options)
{
    std::map<std::string, int> foldOfGroup;
    for (const auto &example : examples)
        foldOfGroup.emplace(example.group, 0);
    if (foldOfGroup.size() < 2)
        throw ModelError("grouped cross-validation needs pairs from at least two tasks");
    const int foldCount = std::min(folds, int(foldOfGroup.size()));
    int next = 0;
    for (auto &[group, fold] : foldOfGroup)
        fold = next++ % foldCount;

    std::vector<SurrogateResult> results(examples.size());
    for (int fold = 0; fold < foldCount; ++fold) {
        std::vector<TrainingExample> training;
        std::vector<std::size_t> testIndices;
        std::vector<FeatureRow> testRows;
        for (std::size_t i = 0; i < examples.size(); ++i) {
            if (foldOfGroup.at(examples[i].group) == fold) {
                testIndices.push_back(i);
                testRows.push_back(examples[i].features);
            } else {
                training.push_back(examples[i]);
            }
        }
        const EmbeddedSurrogate surrogate(EmbeddedModel::train(training, options));
        auto foldResults = surrogate.forecastRows(testRows);
        for (std::size_t k = 0; k < testIndices.size(); ++k)
            results[testIndices[k]] = std::move(foldResults[k]);
    }
    return results;
}

} // namespace kfx::surrogate
