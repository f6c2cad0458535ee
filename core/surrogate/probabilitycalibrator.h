#pragma once

#include "model/forecast.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Recalibrates a model's 8-bin distributions, fitted on held-out data.
//   Temperature: p_b ∝ p_b^(1/T), one T minimising the negative log-likelihood (golden-section search on log T).
//   Isotonic on the top probability: a non-decreasing map from the argmax bin's mass to how often the argmax is
//   right (pool-adjacent-violators, interpolated linearly between block means); the other bins keep their
//   proportions. It calibrates exactly the confidence the reliability diagram and ECE measure; a one-vs-rest
//   isotonic per bin would need a renormalisation that undoes part of each fit.
//   Histogram binning on the top probability: the argmax bin's mass falls in one of kHistogramBins equal-width
//   bins of [0, 1] and becomes how often the argmax was right in that bin on the calibration data (Zadrozny and
//   Elkan 2001); an empty bin maps to its own midpoint. The other bins keep their proportions, as for isotonic.
class ProbabilityCalibrator {
public:
    enum class Method { None, Temperature, Isotonic, Histogram };
    static constexpr int kHistogramBins = 10;
    // fitTemperature searches T between these, so every temperature kfx saves lies between them too.
    static constexpr double kLowestTemperature = 0.05;
    static constexpr double kHighestTemperature = 20.0;

    static ProbabilityCalibrator none() { return {}; }
    static ProbabilityCalibrator fitTemperature(std::span<const BinProbabilities> p, std::span<const int> trueBins);
    static ProbabilityCalibrator fitIsotonic(std::span<const BinProbabilities> p, std::span<const int> trueBins);
    static ProbabilityCalibrator fitHistogram(std::span<const BinProbabilities> p, std::span<const int> trueBins);
    static ProbabilityCalibrator fit(Method method, std::span<const BinProbabilities> p, std::span<const int> trueBins);
    // Fits both methods on the first half of the data, keeps whichever (or neither) gives the lowest NLL on the
    // second half, then refits the winner on all of it.
    static ProbabilityCalibrator fitBest(std::span<const BinProbabilities> p, std::span<const int> trueBins);

    BinProbabilities apply(const BinProbabilities &p) const;
    double meanNll(std::span<const BinProbabilities> p, std::span<const int> trueBins) const;

    Method method() const { return m_method; }
    std::string_view methodName() const;
    double temperature() const { return m_temperature; }
    // Isotonic knots: (confidence, calibrated confidence), increasing in both. Histogram: one per bin,
    // (the bin's lower edge, its calibrated confidence).
    const std::vector<std::pair<double, double>> &knots() const { return m_knots; }

    // For persistence: rebuilds a calibrator from what the accessors above return.
    static ProbabilityCalibrator restore(Method method, double temperature,
                                         std::vector<std::pair<double, double>> knots);

private:
    Method m_method = Method::None;
    double m_temperature = 1.0;
    std::vector<std::pair<double, double>> m_knots;
};

} // namespace kfx::surrogate
