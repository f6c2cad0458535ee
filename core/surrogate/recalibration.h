#pragma once

#include "model/comparisonpair.h"
#include "probabilitycalibrator.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>
#include <vector>

namespace kfx::surrogate {

// Which pairs a recalibration is fitted on; every other pair's forecasts are recalibrated.
struct CalibrationSplit {
    enum class Kind { Pack, Random };
    Kind kind = Kind::Random;
    std::string pack;       // Pack: the pack fitted on
    std::uint64_t seed = 0; // Random: the draw
    double fraction = 0.5;  // Random: the share of pairs fitted on
};

// "pack:NAME" or "random:SEED:FRACTION" (fraction in (0, 1)); otherwise the reason it was refused.
std::variant<CalibrationSplit, std::string> parseCalibrationSplit(std::string_view text);
std::string calibrationSplitText(const CalibrationSplit &split);

// The comparison ids of the calibration split. A random split draws whole pairs (every surrogate and repeat of a
// pair lands on the same side), ranked by a hash of the seed and the id, so the draw is the same on every
// platform and does not depend on the order of the files.
std::unordered_set<std::string> calibrationIds(std::span<const ComparisonPair *const> pairs,
                                               const CalibrationSplit &split);
std::unordered_set<std::string> calibrationIds(std::span<const ComparisonPair> pairs, const CalibrationSplit &split);

// "<label> (recalibrated)": a recalibrated surrogate stands beside the original in every view and file.
std::string recalibratedLabel(std::string_view label);

struct SurrogateRecalibration {
    std::string label;
    ProbabilityCalibrator calibrator;
    int calibrationForecasts = 0; // parsed forecasts of measured pairs it was fitted on
    int evaluationForecasts = 0;  // parsed forecasts of measured pairs outside the split, scored below
    double nllBefore = 0.0;       // mean NLL on those, before and after
    double nllAfter = 0.0;
};

struct RecalibrationResult {
    std::vector<SurrogateRecalibration> surrogates;
    // Every row outside the calibration split, its forecast recalibrated and its label recalibratedLabel();
    // unparsed rows are kept as they were, so coverage keeps its denominator.
    std::vector<PredictionRow> rows;
    std::size_t calibrationPairs = 0;
    std::vector<std::string> skipped; // a sentence per surrogate with nothing to fit on
};

// Fits `method` per surrogate label on its forecasts of the calibration split's measured pairs and applies it to
// that surrogate's other rows. The declared predicted bin is kept: it is the model's answer, and the reference
// never ties it to the argmax.
// Takes pointers so that the window can pass the rows it already holds without copying kernels' code.
RecalibrationResult recalibrate(std::span<const ComparisonPair *const> pairs,
                                std::span<const PredictionRow *const> predictions, ProbabilityCalibrator::Method method,
                                const CalibrationSplit &split);
RecalibrationResult recalibrate(std::span<const ComparisonPair> pairs, std::span<const PredictionRow> predictions,
                                ProbabilityCalibrator::Method method, const CalibrationSplit &split);

// "temperature", "isotonic" or "histogram"; none for anything else.
std::optional<ProbabilityCalibrator::Method> recalibrationMethodFromName(std::string_view name);

} // namespace kfx::surrogate
