#include "selectivestatistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

namespace kfx::metrics {

namespace {

struct Values {
    double aurc = kUndefined;
    double augrc = kUndefined;
    double coverageAtRisk = kUndefined;
    double riskAtCoverage = kUndefined;
};

// The parsed forecasts sorted once by descending score, cut into runs of tied scores: each run's end is a
// decision. A sample only reweights positions in this order, so every resample sweeps it in linear time, reading
// memory in order.
class RankedForecasts {
public:
    RankedForecasts(std::span<const SelectiveRow> rows, ConfidenceScore score) : m_positionOfRow(rows.size(), -1)
    {
        std::vector<std::pair<double, std::size_t>> scored;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // A NaN score is at least no threshold: like a parse failure, never trusted.
            if (rows[i].forecast) {
                const double value = confidence(score, *rows[i].forecast);
                if (!std::isnan(value))
                    scored.emplace_back(value, i);
            }
        }
        std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        for (std::size_t k = 0; k < scored.size(); ++k) {
            const auto &row = rows[scored[k].second];
            m_positionOfRow[scored[k].second] = std::int64_t(k);
            m_wrong.push_back(row.forecast->predictedBin != row.trueBin ? 1 : 0);
            if (k + 1 == scored.size() || scored[k + 1].first != scored[k].first)
                m_runEnds.push_back(k + 1);
        }
    }

    std::size_t size() const { return m_wrong.size(); }
    // Where row i lies in the order; −1 for a row never trusted.
    std::int64_t positionOf(std::size_t row) const { return m_positionOfRow[row]; }

    // weights[k]: how many times the k-th most confident forecast is in the sample; total: the sample's size.
    Values evaluate(std::span<const int> weights, double total, const SelectiveStatisticsRequest &request) const
    {
        Values values;
        if (!(total > 0.0))
            return values;
        values.aurc = values.augrc = values.coverageAtRisk = 0.0;
        double trusted = 0.0, wrong = 0.0;
        std::size_t begin = 0;
        for (const auto end : m_runEnds) {
            double runTrusted = 0.0, runWrong = 0.0;
            for (auto k = begin; k < end; ++k) {
                runTrusted += weights[k];
                runWrong += m_wrong[k] * weights[k];
            }
            begin = end;
            if (runTrusted == 0.0)
                continue; // no decision of its own in this sample
            trusted += runTrusted;
            wrong += runWrong;
            const double risk = wrong / trusted;
            const double coverage = trusted / total;
            values.aurc += runTrusted * risk;
            values.augrc += runTrusted * (wrong / total);
            if (risk <= request.targetRisk)
                values.coverageAtRisk = coverage;
            if (std::isnan(values.riskAtCoverage) && coverage >= request.targetCoverage)
                values.riskAtCoverage = risk;
        }
        values.aurc /= total;
        values.augrc /= total;
        return values;
    }

private:
    std::vector<std::int64_t> m_positionOfRow;
    std::vector<int> m_wrong; // 1 where the k-th most confident forecast is wrong
    std::vector<std::size_t> m_runEnds;
};

void validate(const SelectiveStatisticsRequest &request)
{
    if (!(request.targetRisk >= 0.0 && request.targetRisk <= 1.0))
        throw std::invalid_argument("the target risk must lie in [0, 1]");
    if (!(request.targetCoverage > 0.0 && request.targetCoverage <= 1.0))
        throw std::invalid_argument("the target coverage must lie in (0, 1]");
    if (request.resamples < 0)
        throw std::invalid_argument("the number of bootstrap resamples cannot be negative");
    if (!(request.level > 0.0 && request.level < 1.0))
        throw std::invalid_argument("the confidence level must lie strictly between 0 and 1");
}

} // namespace

std::uint64_t drawIndex(std::mt19937_64 &generator, std::uint64_t count)
{
    return ((generator() >> 32) * count) >> 32;
}

double percentile(std::vector<double> values, double q)
{
    std::erase_if(values, [](double value) { return std::isnan(value); });
    if (values.empty())
        return kUndefined;
    std::sort(values.begin(), values.end());
    const double position = q * double(values.size() - 1);
    const auto below = std::size_t(std::floor(position));
    if (below + 1 >= values.size())
        return values.back();
    return values[below] + (position - double(below)) * (values[below + 1] - values[below]);
}

SelectiveStatistics selectiveStatistics(std::span<const SelectiveRow> rows, const SelectiveStatisticsRequest &request)
{
    validate(request);
    const RankedForecasts ranked(rows, request.score);
    const auto total = double(rows.size());
    std::vector<int> weights(ranked.size(), 1);
    const auto estimate = ranked.evaluate(weights, total, request);

    std::vector<Values> resampled;
    resampled.reserve(std::size_t(request.resamples));
    std::mt19937_64 generator(request.seed);
    const auto rowCount = std::uint64_t(rows.size());
    for (int r = 0; r < request.resamples && !rows.empty(); ++r) {
        std::fill(weights.begin(), weights.end(), 0);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (const auto position = ranked.positionOf(std::size_t(drawIndex(generator, rowCount))); position >= 0)
                ++weights[std::size_t(position)];
        }
        resampled.push_back(ranked.evaluate(weights, total, request));
    }
    const auto interval = [&](double Values::*field) {
        std::vector<double> values;
        values.reserve(resampled.size());
        for (const auto &sample : resampled)
            values.push_back(sample.*field);
        return EstimateWithInterval{estimate.*field, percentile(values, (1.0 - request.level) / 2.0),
                                    percentile(values, (1.0 + request.level) / 2.0)};
    };
    return {interval(&Values::aurc), interval(&Values::augrc), interval(&Values::coverageAtRisk),
            interval(&Values::riskAtCoverage)};
}

} // namespace kfx::metrics
