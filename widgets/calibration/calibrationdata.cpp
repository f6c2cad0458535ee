#include "calibrationdata.h"

#include <QSet>

#include <algorithm>
#include <unordered_map>

using namespace kfx;

std::shared_ptr<const CalibrationData> CalibrationData::compute(std::shared_ptr<const CalibrationInputs> inputs,
                                                                const CalibrationSettings &settings)
{
    auto data = std::make_shared<CalibrationData>();
    data->m_inputs = std::move(inputs);
    data->m_settings = settings;
    std::span<const PredictionRow> predictions = data->m_inputs->predictions;
    if (settings.separateRepeats) {
        data->m_relabelled.reserve(predictions.size());
        for (const auto &prediction : predictions) {
            auto &row = data->m_relabelled.emplace_back(prediction);
            row.surrogateLabel += " #" + std::to_string(prediction.repeat);
        }
        predictions = data->m_relabelled;
    }

    metrics::EvaluationOptions options;
    options.pack = settings.pack;
    options.buckets = settings.buckets;
    auto evaluations = metrics::evaluateSurrogates(data->m_inputs->pairs, predictions, options, data->m_diagnostics);

    // The same join evaluateSurrogates makes, kept here because its rows are what a click selects.
    std::unordered_map<std::string_view, const ComparisonPair *> pairById;
    for (const auto &pair : data->m_inputs->pairs) {
        if (!settings.pack || pair.pack == *settings.pack)
            pairById.emplace(pair.id, &pair);
    }
    std::unordered_map<std::string_view, std::size_t> surrogateByLabel;
    data->m_surrogates.reserve(evaluations.size());
    for (auto &evaluation : evaluations) {
        data->m_surrogates.push_back({std::move(evaluation), {}, {}});
        surrogateByLabel.emplace(data->m_surrogates.back().evaluation.label, data->m_surrogates.size() - 1);
    }
    for (const auto &prediction : predictions) {
        const auto pair = pairById.find(prediction.comparisonId);
        if (pair == pairById.end())
            continue;
        auto &surrogate = data->m_surrogates[surrogateByLabel.at(prediction.surrogateLabel)];
        surrogate.joined.push_back(
            {&pair->second->id, pair->second->trueBin, prediction.forecast ? &*prediction.forecast : nullptr});
    }
    for (auto &surrogate : data->m_surrogates) {
        std::vector<metrics::CalibrationDatum> calibration;
        calibration.reserve(surrogate.joined.size());
        for (const auto &joined : surrogate.joined)
            calibration.push_back({joined.trueBin, joined.forecast});
        surrogate.confusion = metrics::confusionMatrix(calibration);
    }
    return data;
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

template<typename Predicate>
QStringList CalibrationData::comparisons(int surrogate, Predicate &&keep) const
{
    QStringList ids;
    QSet<QString> seen;
    for (const auto &joined : m_surrogates.at(std::size_t(surrogate)).joined) {
        if (!joined.forecast || !keep(joined))
            continue;
        auto id = QString::fromStdString(*joined.comparisonId);
        if (!seen.contains(id)) {
            seen.insert(id);
            ids.append(std::move(id));
        }
    }
    return ids;
}

QStringList CalibrationData::bucketComparisons(int surrogate, int bucket) const
{
    const int buckets = m_settings.buckets;
    return comparisons(surrogate, [buckets, bucket](const Joined &joined) {
        // reliabilityBuckets' rule: the mass on the declared bin, idx = min(int(conf·n), n − 1).
        const double confidence = joined.forecast->probabilityOf(joined.forecast->predictedBin);
        return std::min(int(confidence * buckets), buckets - 1) == bucket;
    });
}

QStringList CalibrationData::trustedComparisons(int surrogate, metrics::ConfidenceScore score, double threshold) const
{
    return comparisons(surrogate, [score, threshold](const Joined &joined) {
        return metrics::trusted(metrics::confidence(score, *joined.forecast), threshold);
    });
}

QStringList CalibrationData::confusionComparisons(int surrogate, int predictedBin, int trueBin) const
{
    return comparisons(surrogate, [predictedBin, trueBin](const Joined &joined) {
        return joined.forecast->predictedBin == predictedBin && joined.trueBin == trueBin;
    });
}

QStringList calibrationPacks(const CalibrationInputs &inputs)
{
    QSet<QString> packs;
    for (const auto &pair : inputs.pairs)
        packs.insert(QString::fromStdString(pair.pack));
    QStringList sorted(packs.begin(), packs.end());
    sorted.sort();
    return sorted;
}
