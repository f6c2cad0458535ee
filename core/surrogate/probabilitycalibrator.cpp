#include "probabilitycalibrator.h"

#include "metrics/scoringrules.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace kfx::surrogate {

namespace {

// Keeps isotonic confidences off 0 and 1, where one surprise would cost an infinite log-likelihood.
constexpr double kConfidenceFloor = 1e-4;

std::size_t argmax(const BinProbabilities &p)
{
    return std::size_t(std::max_element(p.begin(), p.end()) - p.begin());
}

BinProbabilities withTemperature(const BinProbabilities &p, double temperature)
{
    BinProbabilities scaled{};
    const double top = *std::max_element(p.begin(), p.end());
    double total = 0.0;
    for (int i = 0; i < 8; ++i) {
        // Relative to the top bin so that tiny masses raised to large powers do not underflow together.
        scaled[i] = p[i] > 0.0 ? std::exp((std::log(p[i]) - std::log(top)) / temperature) : 0.0;
        total += scaled[i];
    }
    for (auto &value : scaled)
        value /= total;
    return scaled;
}

// The distribution with the argmax bin's mass set to `calibrated` and the other bins scaled to share the rest in
// their old proportions (evenly when the argmax held all of it).
BinProbabilities withTopConfidence(const BinProbabilities &p, double calibrated)
{
    const auto top = argmax(p);
    const double rest = 1.0 - p[top];
    BinProbabilities out{};
    for (std::size_t i = 0; i < 8; ++i) {
        if (i == top)
            out[i] = calibrated;
        else
            out[i] = rest > 0.0 ? p[i] * (1.0 - calibrated) / rest : (1.0 - calibrated) / 7.0;
    }
    return out;
}

std::size_t histogramBinOf(double confidence, std::size_t bins)
{
    return std::min(bins - 1, std::size_t(std::max(0.0, confidence) * double(bins)));
}

double clampedConfidence(double value)
{
    return std::clamp(value, kConfidenceFloor, 1.0 - kConfidenceFloor);
}

} // namespace

ProbabilityCalibrator ProbabilityCalibrator::fitTemperature(std::span<const BinProbabilities> p,
                                                            std::span<const int> trueBins)
{
    ProbabilityCalibrator calibrator;
    calibrator.m_method = Method::Temperature;
    auto nllAt = [&](double logT) {
        calibrator.m_temperature = std::exp(logT);
        return calibrator.meanNll(p, trueBins);
    };
    // Golden-section search: the NLL is unimodal in log T for a fixed set of forecasts.
    double low = std::log(kLowestTemperature);
    double high = std::log(kHighestTemperature);
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    double a = high - ratio * (high - low);
    double b = low + ratio * (high - low);
    double fa = nllAt(a);
    double fb = nllAt(b);
    for (int iteration = 0; iteration < 60; ++iteration) {
        if (fa < fb) {
            high = b;
            b = a;
            fb = fa;
            a = high - ratio * (high - low);
            fa = nllAt(a);
        } else {
            low = a;
            a = b;
            fa = fb;
            b = low + ratio * (high - low);
            fb = nllAt(b);
        }
    }
    calibrator.m_temperature = std::exp((low + high) / 2.0);
    return calibrator;
}

ProbabilityCalibrator ProbabilityCalibrator::fitIsotonic(std::span<const BinProbabilities> p,
                                                         std::span<const int> trueBins)
{
    std::vector<std::pair<double, double>> points; // (confidence, correct)
    points.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const auto top = argmax(p[i]);
        points.emplace_back(p[i][top], int(top) + 1 == trueBins[i] ? 1.0 : 0.0);
    }
    std::sort(points.begin(), points.end());
    // Pool adjacent violators: blocks of (sum of x, sum of y, weight), merged while the means decrease. Equal
    // confidences enter as one block weighted by their count: fed one by one, a tie's first outcomes could be
    // pooled with the confidences below before its other outcomes arrive.
    struct Block {
        double x, y, weight;
    };
    std::vector<Block> blocks;
    for (std::size_t i = 0; i < points.size();) {
        Block tie{0.0, 0.0, 0.0};
        const double x = points[i].first;
        for (; i < points.size() && points[i].first == x; ++i) {
            tie.x += x;
            tie.y += points[i].second;
            tie.weight += 1.0;
        }
        blocks.push_back(tie);
        while (blocks.size() > 1
               && blocks[blocks.size() - 2].y / blocks[blocks.size() - 2].weight
                   >= blocks.back().y / blocks.back().weight) {
            auto last = blocks.back();
            blocks.pop_back();
            blocks.back().x += last.x;
            blocks.back().y += last.y;
            blocks.back().weight += last.weight;
        }
    }
    ProbabilityCalibrator calibrator;
    calibrator.m_method = Method::Isotonic;
    for (const auto &block : blocks)
        calibrator.m_knots.emplace_back(block.x / block.weight, clampedConfidence(block.y / block.weight));
    return calibrator;
}

ProbabilityCalibrator ProbabilityCalibrator::fitHistogram(std::span<const BinProbabilities> p,
                                                          std::span<const int> trueBins)
{
    constexpr auto bins = std::size_t(kHistogramBins);
    std::array<double, bins> correct{};
    std::array<double, bins> count{};
    for (std::size_t i = 0; i < p.size(); ++i) {
        const auto top = argmax(p[i]);
        const auto bin = histogramBinOf(p[i][top], bins);
        count[bin] += 1.0;
        correct[bin] += int(top) + 1 == trueBins[i] ? 1.0 : 0.0;
    }
    ProbabilityCalibrator calibrator;
    calibrator.m_method = Method::Histogram;
    for (std::size_t bin = 0; bin < bins; ++bin) {
        const double lower = double(bin) / double(bins);
        const double accuracy = count[bin] > 0.0 ? correct[bin] / count[bin] : lower + 0.5 / double(bins);
        calibrator.m_knots.emplace_back(lower, clampedConfidence(accuracy));
    }
    return calibrator;
}

ProbabilityCalibrator ProbabilityCalibrator::fitBest(std::span<const BinProbabilities> p, std::span<const int> trueBins)
{
    const auto half = p.size() / 2;
    if (half < 10)
        return none(); // too few rows to choose honestly
    const auto fitP = p.first(half);
    const auto fitBins = trueBins.first(half);
    const auto checkP = p.subspan(half);
    const auto checkBins = trueBins.subspan(half);
    const ProbabilityCalibrator candidates[] = {none(), fitTemperature(fitP, fitBins), fitIsotonic(fitP, fitBins)};
    const ProbabilityCalibrator *best = &candidates[0];
    double bestNll = best->meanNll(checkP, checkBins);
    for (const auto &candidate : candidates) {
        const double nll = candidate.meanNll(checkP, checkBins);
        if (nll < bestNll) {
            bestNll = nll;
            best = &candidate;
        }
    }
    return fit(best->method(), p, trueBins);
}

ProbabilityCalibrator ProbabilityCalibrator::fit(Method method, std::span<const BinProbabilities> p,
                                                 std::span<const int> trueBins)
{
    switch (method) {
    case Method::Temperature:
        return fitTemperature(p, trueBins);
    case Method::Isotonic:
        return fitIsotonic(p, trueBins);
    case Method::Histogram:
        return fitHistogram(p, trueBins);
    case Method::None:
        break;
    }
    return none();
}

BinProbabilities ProbabilityCalibrator::apply(const BinProbabilities &p) const
{
    switch (m_method) {
    case Method::None:
        return p;
    case Method::Temperature:
        return withTemperature(p, m_temperature);
    case Method::Histogram:
        return withTopConfidence(p, m_knots[histogramBinOf(p[argmax(p)], m_knots.size())].second);
    case Method::Isotonic:
        break;
    }
    const double confidence = p[argmax(p)];
    double calibrated = m_knots.front().second;
    if (confidence >= m_knots.back().first) {
        calibrated = m_knots.back().second;
    } else if (confidence > m_knots.front().first) {
        const auto upper = std::upper_bound(m_knots.begin(), m_knots.end(), std::make_pair(confidence, 2.0));
        const auto lower = upper - 1;
        const double span = upper->first - lower->first;
        const double t = span > 0.0 ? (confidence - lower->first) / span : 0.0;
        calibrated = lower->second + t * (upper->second - lower->second);
    }
    return withTopConfidence(p, calibrated);
}

double ProbabilityCalibrator::meanNll(std::span<const BinProbabilities> p, std::span<const int> trueBins) const
{
    if (p.empty())
        return 0.0;
    double total = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i)
        total += metrics::negativeLogLikelihood(apply(p[i]), trueBins[i]);
    return total / double(p.size());
}

std::string_view ProbabilityCalibrator::methodName() const
{
    switch (m_method) {
    case Method::Temperature:
        return "temperature";
    case Method::Isotonic:
        return "isotonic-max-prob";
    case Method::Histogram:
        return "histogram-max-prob";
    case Method::None:
        break;
    }
    return "none";
}

ProbabilityCalibrator ProbabilityCalibrator::restore(Method method, double temperature,
                                                     std::vector<std::pair<double, double>> knots)
{
    ProbabilityCalibrator calibrator;
    const bool needsKnots = method == Method::Isotonic || method == Method::Histogram;
    calibrator.m_method = needsKnots && knots.empty() ? Method::None : method;
    calibrator.m_temperature = temperature;
    calibrator.m_knots = std::move(knots);
    return calibrator;
}

} // namespace kfx::surrogate
