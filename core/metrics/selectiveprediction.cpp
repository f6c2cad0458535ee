#include "selectiveprediction.h"

#include "exactsum.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace kfx::metrics {

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Incremental state of the three risks while trusted rows are added one at a time; one accumulator serves all
// three, so that a sweep computes every risk's curve at once.
class RiskAccumulator {
public:
    explicit RiskAccumulator(std::span<const SelectiveRow> rows) : m_rows(rows)
    {
        for (const auto &row : rows)
            m_best = std::max(m_best, row.speedup);
        const auto open = openBinMidpoints(rows);
        for (int bin = 0; bin < int(m_midpoints.size()); ++bin)
            m_midpoints[std::size_t(bin)] = riskBinMidpoint(bin, open);
    }

    // `predicted`: the row's forecast's declared bin, passed in so that a sweep need not reach the forecast.
    void trust(const SelectiveRow &row, int predicted)
    {
        ++m_trusted;
        m_wrong += predicted != row.trueBin ? 1 : 0;
        m_distances.add(std::abs(m_midpoints[std::size_t(std::clamp(predicted, 0, 8))] - row.speedup));
        auto &best = m_bestByBin[std::size_t(std::clamp(predicted, 0, 8))];
        best = std::max(best, row.speedup);
        m_topBin = std::max(m_topBin, predicted);
    }

    // `bestAbstained`: the best true speedup among the rows not trusted (−inf if none).
    double value(Risk risk, double bestAbstained) const
    {
        switch (risk) {
        case Risk::BinaryMismatch:
            return m_trusted == 0 ? kUndefined : double(m_wrong) / m_trusted;
        case Risk::SpeedupDistance:
            return m_trusted == 0 ? kUndefined : m_distances.value() / m_trusted;
        case Risk::Regret:
            if (m_rows.empty())
                return kUndefined;
            if (m_trusted == 0)
                return m_best - (std::isinf(bestAbstained) ? 0.0 : bestAbstained);
            return m_best - std::max(m_bestByBin[std::size_t(std::clamp(m_topBin, 0, 8))], bestAbstained);
        }
        return kUndefined;
    }

private:
    std::span<const SelectiveRow> m_rows;
    std::array<double, 9> m_midpoints{}; // riskBinMidpoint of bins 0..8 (beyond 8 is bin 8's), computed once
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
    RiskAccumulator accumulator(rows);
    double bestAbstained = -kInfinity;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (trustedRows[i] && rows[i].forecast)
            accumulator.trust(rows[i], rows[i].forecast->predictedBin);
        else
            bestAbstained = std::max(bestAbstained, rows[i].speedup);
    }
    return accumulator.value(risk, bestAbstained);
}

namespace {
struct Ranked {
    double score;
    std::uint32_t row;
    int predictedBin; // kept here: the sweep visits rows in score order, and forecasts lie far apart
};

// The 64-bit key whose ascending order is the scores' descending order (−0 taken as +0, as == does).
std::uint64_t descendingKey(double score)
{
    const double value = score == 0.0 ? 0.0 : score;
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    const std::uint64_t ascending = (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t(1) << 63);
    return ~ascending;
}

// Sorts by descending score, ties in input order: an LSD radix sort, stable by construction and several times
// faster than a comparison sort on the sweep's tens of thousands of rows. NaN scores, which have no order,
// go through the comparison sort the reference's sorted() amounts to.
void sortDescending(std::vector<Ranked> &order)
{
    if (std::any_of(order.begin(), order.end(), [](const Ranked &r) { return std::isnan(r.score); })) {
        std::stable_sort(order.begin(), order.end(),
                         [](const Ranked &a, const Ranked &b) { return a.score > b.score; });
        return;
    }
    std::vector<std::uint64_t> keys(order.size());
    std::array<std::array<std::size_t, 256>, 8> counts{};
    for (std::size_t i = 0; i < order.size(); ++i) {
        keys[i] = descendingKey(order[i].score);
        for (std::size_t digit = 0; digit < 8; ++digit)
            ++counts[digit][(keys[i] >> (8 * digit)) & 0xff];
    }
    std::vector<Ranked> buffer(order.size());
    std::vector<std::uint64_t> keyBuffer(order.size());
    for (std::size_t digit = 0; digit < 8; ++digit) {
        auto &count = counts[digit];
        // A digit all keys share moves nothing.
        if (std::find(count.begin(), count.end(), order.size()) != count.end())
            continue;
        std::size_t offset = 0;
        for (auto &c : count)
            offset += std::exchange(c, offset);
        for (std::size_t i = 0; i < order.size(); ++i) {
            const auto at = count[(keys[i] >> (8 * digit)) & 0xff]++;
            buffer[at] = order[i];
            keyBuffer[at] = keys[i];
        }
        order.swap(buffer);
        keys.swap(keyBuffer);
    }
}
} // namespace

RiskCoverageCurves riskCoverageCurves(std::span<const SelectiveRow> rows, ConfidenceScore score)
{
    // Parsed rows from the most to the least confident, ties in input order; a threshold trusts a prefix of them.
    std::vector<Ranked> order;
    order.reserve(rows.size());
    double bestUnparsed = -kInfinity;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].forecast)
            order.push_back({confidence(score, *rows[i].forecast), std::uint32_t(i), rows[i].forecast->predictedBin});
        else
            bestUnparsed = std::max(bestUnparsed, rows[i].speedup);
    }
    sortDescending(order);
    // Best speedup among the parsed rows from position k on: the measured rows once k are trusted.
    std::vector<double> bestFrom(order.size() + 1, -kInfinity);
    for (std::size_t k = order.size(); k-- > 0;)
        bestFrom[k] = std::max(bestFrom[k + 1], rows[order[k].row].speedup);

    const int total = int(rows.size());
    RiskAccumulator accumulator(rows);
    RiskCoverageCurves curves;
    for (auto &curve : curves)
        curve.reserve(order.size() + 2);
    auto emit = [&](double threshold, std::size_t trustedCount) {
        const double coverage = total == 0 ? kUndefined : double(trustedCount) / total;
        const double bestAbstained = std::max(bestUnparsed, bestFrom[trustedCount]);
        for (std::size_t risk = 0; risk < curves.size(); ++risk) {
            curves[risk].push_back({threshold, coverage, accumulator.value(kRisks[risk], bestAbstained),
                                    int(trustedCount), total - int(trustedCount)});
        }
    };
    emit(kInfinity, 0);
    std::size_t k = 0;
    while (k < order.size()) {
        const double threshold = order[k].score;
        while (k < order.size() && order[k].score == threshold) {
            accumulator.trust(rows[order[k].row], order[k].predictedBin);
            ++k;
        }
        emit(threshold, k);
    }
    // −inf trusts every parsed row; it is a point of its own unless a score is −inf itself.
    if (curves[0].back().threshold != -kInfinity)
        emit(-kInfinity, k);
    for (auto &curve : curves)
        std::reverse(curve.begin(), curve.end());
    return curves;
}

std::vector<RiskCoveragePoint> riskCoverageCurve(std::span<const SelectiveRow> rows, ConfidenceScore score, Risk risk)
{
    return std::move(riskCoverageCurves(rows, score)[std::size_t(risk)]);
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
// The defined points by ascending coverage, ties in curve order (a stable sort's result).
std::vector<RiskCoveragePoint> validByCoverage(std::span<const RiskCoveragePoint> curve)
{
    std::vector<RiskCoveragePoint> valid;
    valid.reserve(curve.size());
    const bool falling = std::is_sorted(curve.begin(), curve.end(),
                                        [](const auto &a, const auto &b) { return a.coverage > b.coverage; });
    const bool defined = std::none_of(curve.begin(), curve.end(), [](const auto &p) { return std::isnan(p.coverage); });
    if (falling && defined) {
        // riskCoverageCurve's own curves fall in coverage: taking runs of equal coverage from the back, each in
        // its own order, gives the stable sort's result in linear time.
        for (std::size_t end = curve.size(); end > 0;) {
            std::size_t begin = end - 1;
            while (begin > 0 && curve[begin - 1].coverage == curve[end - 1].coverage)
                --begin;
            for (std::size_t i = begin; i < end; ++i) {
                if (!std::isnan(curve[i].risk))
                    valid.push_back(curve[i]);
            }
            end = begin;
        }
        return valid;
    }
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
        return kUndefined;
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
        return kUndefined;
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
    return kUndefined;
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
    return either == 0 ? kUndefined : double(both) / either;
}

} // namespace kfx::metrics
