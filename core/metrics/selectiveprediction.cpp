#include "selectiveprediction.h"

#include "exactsum.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace kfx::metrics {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Incremental state of the three risks while trusted rows are added one at a time.
class RiskAccumulator {
public:
    RiskAccumulator(std::span<const SelectiveRow> rows, Risk risk)
        : m_rows(rows)
        , m_risk(risk)
        , m_open(openBinMidpoints(rows))
    {
        for (const auto &row : rows)
            m_best = std::max(m_best, row.speedup);
    }

    void trust(const SelectiveRow &row)
    {
        const int predicted = row.forecast->predictedBin;
        ++m_trusted;
        m_wrong += predicted != row.trueBin ? 1 : 0;
        m_distances.add(std::abs(riskBinMidpoint(predicted, m_open) - row.speedup));
        auto &best = m_bestByBin[std::size_t(std::clamp(predicted, 0, 8))];
        best = std::max(best, row.speedup);
        m_topBin = std::max(m_topBin, predicted);
    }

    // `bestAbstained`: the best true speedup among the rows not trusted (−inf if none).
    double value(double bestAbstained) const
    {
        switch (m_risk) {
        case Risk::BinaryMismatch:
            return m_trusted == 0 ? kNaN : double(m_wrong) / m_trusted;
        case Risk::SpeedupDistance:
            return m_trusted == 0 ? kNaN : m_distances.value() / m_trusted;
        case Risk::Regret:
            if (m_rows.empty())
                return kNaN;
            if (m_trusted == 0)
                return m_best - (std::isinf(bestAbstained) ? 0.0 : bestAbstained);
            return m_best - std::max(m_bestByBin[std::size_t(std::clamp(m_topBin, 0, 8))], bestAbstained);
        }
        return kNaN;
    }

private:
    std::span<const SelectiveRow> m_rows;
    Risk m_risk;
    OpenBinMidpoints m_open;
    double m_best = -kInfinity;
    int m_trusted = 0;
    int m_wrong = 0;
    ExactSum m_distances;
    std::array<double, 9> m_bestByBin{-kInfinity, -kInfinity, -kInfinity, -kInfinity, -kInfinity,
                                      -kInfinity, -kInfinity, -kInfinity, -kInfinity};
    int m_topBin = -1;
};

double meanOf(const std::vector<double> &values, double fallback)
{
    if (values.empty())
        return fallback;
    ExactSum sum; // statistics.fmean
    for (double value : values)
        sum.add(value);
    return sum.value() / double(values.size());
}
} // namespace

std::string_view riskName(Risk risk)
{
    switch (risk) {
    case Risk::BinaryMismatch:
        return "binary_mismatch";
    case Risk::SpeedupDistance:
        return "speedup_distance";
    case Risk::Regret:
        return "regret";
    }
    return "";
}

OpenBinMidpoints openBinMidpoints(std::span<const SelectiveRow> rows)
{
    std::vector<double> bin1, bin8;
    for (const auto &row : rows) {
        if (row.trueBin == 1)
            bin1.push_back(row.speedup);
        else if (row.trueBin == 8)
            bin8.push_back(row.speedup);
    }
    return {meanOf(bin1, 0.125), meanOf(bin8, 4.0 * std::pow(2.0, 0.5))};
}

double riskBinMidpoint(int bin, const OpenBinMidpoints &open)
{
    // log2 of the geometric centres of the label intervals, as risks.py tabulates them.
    static constexpr double kLog2Centres[] = {0, 0, -1.5, -0.75, -0.25, 0.25, 0.75, 1.5};
    if (bin <= 0)
        return 0.0;
    if (bin == 1)
        return open.bin1;
    if (bin >= 8)
        return open.bin8;
    return std::pow(2.0, kLog2Centres[bin]);
}

double selectiveRisk(std::span<const SelectiveRow> rows, std::span<const bool> trustedRows, Risk risk)
{
    if (rows.size() != trustedRows.size())
        throw std::invalid_argument("decisions and rows must align");
    RiskAccumulator accumulator(rows, risk);
    double bestAbstained = -kInfinity;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (trustedRows[i] && rows[i].forecast)
            accumulator.trust(rows[i]);
        else
            bestAbstained = std::max(bestAbstained, rows[i].speedup);
    }
    return accumulator.value(bestAbstained);
}

std::vector<RiskCoveragePoint> riskCoverageCurve(std::span<const SelectiveRow> rows, ConfidenceScore score, Risk risk)
{
    // Parsed rows from the most to the least confident; a threshold trusts a prefix of them.
    std::vector<std::size_t> order;
    std::vector<double> scores(rows.size(), -kInfinity);
    double bestUnparsed = -kInfinity;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].forecast) {
            scores[i] = confidence(score, *rows[i].forecast);
            order.push_back(i);
        } else {
            bestUnparsed = std::max(bestUnparsed, rows[i].speedup);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
    // Best speedup among the parsed rows from position k on: the measured rows once k are trusted.
    std::vector<double> bestFrom(order.size() + 1, -kInfinity);
    for (std::size_t k = order.size(); k-- > 0;)
        bestFrom[k] = std::max(bestFrom[k + 1], rows[order[k]].speedup);

    const int total = int(rows.size());
    RiskAccumulator accumulator(rows, risk);
    std::vector<RiskCoveragePoint> descending;
    auto emit = [&](double threshold, std::size_t trustedCount) {
        const double coverage = total == 0 ? kNaN : double(trustedCount) / total;
        descending.push_back({threshold, coverage, accumulator.value(std::max(bestUnparsed, bestFrom[trustedCount])),
                              int(trustedCount), total - int(trustedCount)});
    };
    emit(kInfinity, 0);
    std::size_t k = 0;
    while (k < order.size()) {
        const double threshold = scores[order[k]];
        while (k < order.size() && scores[order[k]] == threshold)
            accumulator.trust(rows[order[k++]]);
        emit(threshold, k);
    }
    // −inf trusts every parsed row; it is a point of its own unless a score is −inf itself.
    if (descending.back().threshold != -kInfinity)
        emit(-kInfinity, k);
    std::reverse(descending.begin(), descending.end());
    return descending;
}

std::size_t riskCoveragePointAt(std::span<const RiskCoveragePoint> curve, double threshold)
{
    // A NaN threshold trusts nothing (no score is >= NaN), as the +inf point at the end does.
    if (std::isnan(threshold))
        return curve.size() - 1;
    const auto at = std::lower_bound(
        curve.begin(), curve.end(), threshold,
        [](const RiskCoveragePoint &point, double value) { return point.threshold < value; });
    return std::size_t(at - curve.begin());
}

namespace {
std::vector<RiskCoveragePoint> validByCoverage(std::span<const RiskCoveragePoint> curve)
{
    std::vector<RiskCoveragePoint> valid;
    for (const auto &point : curve) {
        if (!std::isnan(point.risk))
            valid.push_back(point);
    }
    std::stable_sort(valid.begin(), valid.end(),
                     [](const RiskCoveragePoint &a, const RiskCoveragePoint &b) { return a.coverage < b.coverage; });
    return valid;
}
} // namespace

double areaUnderRiskCoverage(std::span<const RiskCoveragePoint> curve)
{
    const auto valid = validByCoverage(curve);
    if (valid.size() < 2)
        return kNaN;
    double area = 0.0;
    for (std::size_t i = 1; i < valid.size(); ++i) {
        const auto &a = valid[i - 1];
        const auto &b = valid[i];
        if (b.coverage != a.coverage)
            area += 0.5 * (a.risk + b.risk) * (b.coverage - a.coverage);
    }
    return area;
}

double selectiveRiskAtCoverage(std::span<const RiskCoveragePoint> curve, double coverage)
{
    if (!(coverage >= 0.0 && coverage <= 1.0))
        throw std::invalid_argument("coverage must be in [0, 1]");
    const auto valid = validByCoverage(curve);
    if (valid.empty())
        return kNaN;
    if (coverage <= valid.front().coverage)
        return valid.front().risk;
    if (coverage >= valid.back().coverage)
        return valid.back().risk;
    for (std::size_t i = 1; i < valid.size(); ++i) {
        const auto &a = valid[i - 1];
        const auto &b = valid[i];
        if (a.coverage <= coverage && coverage <= b.coverage) {
            if (b.coverage == a.coverage)
                return a.risk;
            const double t = (coverage - a.coverage) / (b.coverage - a.coverage);
            return a.risk + t * (b.risk - a.risk);
        }
    }
    return kNaN;
}

double thresholdForCoverage(std::span<const SelectiveRow> rows, ConfidenceScore score, double targetCoverage)
{
    std::vector<double> parsed;
    for (const auto &row : rows) {
        if (row.forecast)
            parsed.push_back(confidence(score, *row.forecast));
    }
    if (rows.empty())
        return kInfinity;
    // Python's round(): halves go to the even neighbour, which nearbyint does in the default rounding mode.
    const double wanted = std::nearbyint(targetCoverage * double(rows.size()));
    if (wanted <= 0.0)
        return kInfinity;
    if (wanted >= double(parsed.size()))
        return -kInfinity;
    const auto k = std::size_t(wanted);
    std::sort(parsed.begin(), parsed.end(), std::greater<>());
    return 0.5 * (parsed[k - 1] + parsed[k]);
}

double abstentionAgreement(std::span<const bool> trustedA, std::span<const bool> trustedB)
{
    if (trustedA.size() != trustedB.size())
        throw std::invalid_argument("decision lists must align");
    int both = 0;
    int either = 0;
    for (std::size_t i = 0; i < trustedA.size(); ++i) {
        both += (!trustedA[i] && !trustedB[i]) ? 1 : 0;
        either += (!trustedA[i] || !trustedB[i]) ? 1 : 0;
    }
    return either == 0 ? kNaN : double(both) / either;
}

} // namespace kfx::metrics
