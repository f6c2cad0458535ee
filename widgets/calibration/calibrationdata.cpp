#include "calibrationdata.h"

#include "model/speedupbin.h"
#include "session/gatecandidates.h"
#include "surrogate/searchbaselines.h"
#include "surrogate/searchpairs.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <unordered_map>

using namespace kfx;

void CalibrationInputs::add(std::span<const ComparisonPair> morePairs, std::span<const PredictionRow> morePredictions)
{
    pairs.reserve(pairs.size() + morePairs.size());
    for (const auto &pair : morePairs)
        pairs.push_back(&pair);
    predictions.reserve(predictions.size() + morePredictions.size());
    for (const auto &prediction : morePredictions)
        predictions.push_back(&prediction);
}

namespace {

// The task as kfx-cli forecast names it, so that the pack filter groups a search with its predictions.
std::string searchPack(const Population &population, std::string_view path)
{
    return population.context.opName.empty() ? surrogate::taskFromFileName(path) : population.context.opName;
}

} // namespace

void CalibrationInputs::addSearchPrediction(const KernelNode &node, const Forecast &forecast, const std::string &pack)
{
    auto &prediction = m_searchPredictions.emplace_back();
    prediction.comparisonId = node.id;
    prediction.pack = pack;
    prediction.surrogateLabel = forecast.source;
    prediction.repeat = forecast.repeat;
    prediction.forecast = forecast;
    // Only the numbers are evaluated; the rationale stays in the population, where the panel reads it.
    prediction.forecast->reasoning.clear();
    prediction.line = node.firstLine;
    predictions.push_back(&prediction);
}

std::vector<std::size_t> CalibrationInputs::addSearch(const Population &population, std::string_view path)
{
    const auto pack = searchPack(population, path);
    std::vector<std::size_t> forecastNodes;
    for (std::size_t index = 0; index < population.size(); ++index) {
        const auto &node = population.node(index);
        const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
        const auto bin = speedup ? trySpeedupBinFor(*speedup) : std::nullopt;
        if (!bin || !gatecandidates::isCandidate(node))
            continue;
        auto &pair = m_searchPairs.emplace_back();
        pair.origin = PairOrigin::ScoredComparison;
        pair.id = node.id;
        pair.pack = pack;
        pair.speedup = *speedup;
        pair.trueBin = *bin;
        pair.line = node.firstLine;
        pairs.push_back(&pair);
        // Measured nodes without a forecast of their own are still the truth for predictions loaded beside.
        if (const auto *forecast = gatecandidates::forecastOf(node)) {
            addSearchPrediction(node, *forecast, pack);
            forecastNodes.push_back(index);
        }
    }
    return forecastNodes;
}

void CalibrationInputs::addBaselines(const Population &population, std::string_view path,
                                     std::span<const std::size_t> kernels)
{
    const auto pack = searchPack(population, path);
    if (kernels.size() > surrogate::kMaxInSearchBaselineKernels) {
        notes << QCoreApplication::translate("CalibrationInputs",
                                             "%1: %2 forecast kernels, more than the %3 the in-search baselines "
                                             "are computed for, so its forecasts are shown without them.")
                     .arg(QString::fromStdString(pack))
                     .arg(kernels.size())
                     .arg(surrogate::kMaxInSearchBaselineKernels);
        return;
    }
    for (const auto &[index, forecasts] : surrogate::inSearchBaselines(population, kernels)) {
        for (const auto &forecast : forecasts)
            addSearchPrediction(population.node(index), forecast, pack);
    }
}

std::shared_ptr<const CalibrationData> CalibrationData::compute(std::shared_ptr<const CalibrationInputs> inputs,
                                                                const CalibrationSettings &settings)
{
    auto data = std::make_shared<CalibrationData>();
    data->m_inputs = std::move(inputs);
    data->m_settings = settings;
    metrics::EvaluationOptions options;
    options.pack = settings.pack;
    options.buckets = settings.buckets;
    options.separateRepeats = settings.separateRepeats;
    auto joined = metrics::joinSurrogates(data->m_inputs->pairs, data->m_inputs->predictions, options,
                                          data->m_diagnostics);
    auto evaluations = metrics::evaluateSurrogates(joined, options);
    auto statistics = metrics::surrogateStatistics(joined, data->statisticsOptions());
    data->m_surrogates.reserve(evaluations.size());
    for (std::size_t i = 0; i < evaluations.size(); ++i)
        data->m_surrogates.push_back({std::move(evaluations[i]), std::move(statistics[i]), std::move(joined[i])});
    return data;
}

const metrics::SurrogateStatistics &CalibrationData::statistics(int surrogate) const
{
    return m_surrogates.at(std::size_t(surrogate)).statistics;
}

std::vector<metrics::SurrogateStatistics> CalibrationData::allStatistics() const
{
    std::vector<metrics::SurrogateStatistics> result;
    result.reserve(m_surrogates.size());
    for (const auto &surrogate : m_surrogates)
        result.push_back(surrogate.statistics);
    return result;
}

metrics::StatisticsOptions CalibrationData::statisticsOptions() const
{
    auto options = m_settings.statistics;
    options.buckets = m_settings.buckets;
    return options;
}

const metrics::SurrogateEvaluation &CalibrationData::evaluation(int surrogate) const
{
    return m_surrogates.at(std::size_t(surrogate)).evaluation;
}

std::vector<metrics::SurrogateEvaluation> CalibrationData::evaluations() const
{
    std::vector<metrics::SurrogateEvaluation> result;
    result.reserve(m_surrogates.size());
    for (const auto &surrogate : m_surrogates)
        result.push_back(surrogate.evaluation);
    return result;
}

QString CalibrationData::label(int surrogate) const
{
    return QString::fromStdString(evaluation(surrogate).label);
}

QString CalibrationData::source(int surrogate) const
{
    const auto &joined = m_surrogates.at(std::size_t(surrogate)).joined;
    return joined.predictions.empty() ? label(surrogate)
                                      : QString::fromStdString(joined.predictions.front()->surrogateLabel);
}

bool CalibrationData::isBaseline(int surrogate) const
{
    return surrogate::isBaselineSource(source(surrogate).toStdString());
}

int CalibrationData::repeat(int surrogate) const
{
    const auto &joined = m_surrogates.at(std::size_t(surrogate)).joined;
    return m_settings.separateRepeats && !joined.predictions.empty() ? joined.predictions.front()->repeat : -1;
}

int CalibrationData::joinedForecasts() const
{
    int total = 0;
    for (const auto &surrogate : m_surrogates)
        total += surrogate.evaluation.calibration.parsed;
    return total;
}

template<typename Predicate>
ComparisonSelection CalibrationData::comparisons(int surrogate, Predicate &&keep) const
{
    ComparisonSelection selection;
    QSet<QString> seen;
    const auto &joined = m_surrogates.at(std::size_t(surrogate)).joined;
    for (std::size_t row = 0; row < joined.predictions.size(); ++row) {
        const auto &prediction = *joined.predictions[row];
        const auto &pair = *joined.pairs[row];
        if (!prediction.forecast || !keep(row, *prediction.forecast, pair))
            continue;
        ++selection.forecasts;
        auto id = QString::fromStdString(pair.id);
        if (!seen.contains(id)) {
            seen.insert(id);
            selection.ids.append(std::move(id));
        }
    }
    return selection;
}

ComparisonSelection CalibrationData::bucketComparisons(int surrogate, int bucket) const
{
    const auto &joined = m_surrogates.at(std::size_t(surrogate)).joined;
    std::vector<metrics::CalibrationDatum> data;
    data.reserve(joined.predictions.size());
    for (std::size_t row = 0; row < joined.predictions.size(); ++row) {
        const auto &forecast = joined.predictions[row]->forecast;
        data.push_back({joined.pairs[row]->trueBin, forecast ? &*forecast : nullptr});
    }
    // The rule the statistics bucketed by, so that a click selects exactly the forecasts the bucket counts.
    const auto indices = metrics::bucketIndices(data, m_settings.buckets, m_settings.statistics.bucketMode);
    return comparisons(surrogate, [&indices, bucket](std::size_t row, const Forecast &, const ComparisonPair &) {
        return indices[row] == bucket;
    });
}

ComparisonSelection CalibrationData::trustedComparisons(int surrogate, metrics::ConfidenceScore score,
                                                        double threshold) const
{
    return comparisons(surrogate, [score, threshold](std::size_t, const Forecast &forecast, const ComparisonPair &) {
        return metrics::trusted(metrics::confidence(score, forecast), threshold);
    });
}

ComparisonSelection CalibrationData::confusionComparisons(int surrogate, int predictedBin, int trueBin) const
{
    return comparisons(surrogate,
                       [predictedBin, trueBin](std::size_t, const Forecast &forecast, const ComparisonPair &pair) {
                           return forecast.predictedBin == predictedBin && pair.trueBin == trueBin;
                       });
}

ComparisonSelection CalibrationData::topKComparisons(int surrogate, int percent) const
{
    const auto &joined = m_surrogates.at(std::size_t(surrogate)).joined;
    std::vector<metrics::PoolCandidate> candidates;
    candidates.reserve(joined.predictions.size());
    for (std::size_t row = 0; row < joined.predictions.size(); ++row) {
        const auto &forecast = joined.predictions[row]->forecast;
        candidates.push_back({joined.pools[row], joined.pairs[row]->speedup, forecast ? &*forecast : nullptr});
    }
    ComparisonSelection selection;
    QSet<QString> seen;
    for (const auto row : metrics::topKMeasured(candidates, evaluation(surrogate).rankingScore, percent)) {
        ++selection.forecasts;
        auto id = QString::fromStdString(joined.pairs[row]->id);
        if (!seen.contains(id)) {
            seen.insert(id);
            selection.ids.append(std::move(id));
        }
    }
    return selection;
}

QStringList calibrationPacks(const CalibrationInputs &inputs)
{
    QSet<QString> packs;
    for (const auto *pair : inputs.pairs)
        packs.insert(QString::fromStdString(pair->pack));
    QStringList sorted(packs.begin(), packs.end());
    sorted.sort();
    return sorted;
}
