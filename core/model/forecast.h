#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace kfx {

struct TokenUsage {
    std::int64_t inputTokens = 0;
    std::int64_t outputTokens = 0;
};

// The probabilities of bins 1..8, index 0 holding bin 1.
using BinProbabilities = std::array<double, 8>;

// One surrogate's forecast for one candidate: the v2 probability simplex of GPU-Forecasters (spec §1.3).
struct Forecast {
    BinProbabilities probabilities{};
    // Bin 0's mass: the chance that the kernel fails to compile, crashes or computes wrong results (issue 25). The
    // eight bins above are then the forecast given that it runs. 0 for every forecast the reference's formats
    // carry (spec §1.3 gives failure no mass), so their figures are unchanged.
    double failureProbability = 0.0;
    // The bin the model declared. Not necessarily the argmax: the reference never forces it to be.
    int predictedBin = 0;
    std::string reasoning;
    // The model's sum before renormalisation (1.0 where the model already gave a distribution).
    double rawProbabilitySum = 1.0;
    // Which surrogate produced it ("gpt_oss_20b_untrained", "search log", ...) and which repeat.
    std::string source;
    int repeat = 0;
    std::optional<TokenUsage> usage;
    // What a search ranks the kernel by among its parent's candidates, where the forecaster ranks by something else
    // than this forecast's expected bin (searchawareforecaster.h); none: the expected bin, as the reference ranks.
    std::optional<double> selectionScore;

    double probabilityOf(int bin) const;
    // Σ b·p_b, the v3 search's ExpectedBinIndexRule score; failure counts as bin 0.
    double expectedBinIndex() const;
    double rankingScore() const { return selectionScore.value_or(expectedBinIndex()); }
};

// Builds a forecast from probabilities as a model or a file gave them, under the reference's invariants
// (spec §1.3): bins 1..8 only, no negative or non-finite mass, a positive sum, a declared bin in 1..8.
// A distribution already summing to 1 within 1e-6 is kept bit for bit (so metrics match the reference to the
// last digit); any other is renormalised and its raw sum kept. `declaredRawSum` is the raw sum a file
// recorded, which wins over the sum computed here.
struct ForecastError {
    std::string message;
};
std::variant<Forecast, ForecastError> makeForecast(const BinProbabilities &raw, std::int64_t predictedBin,
                                                   std::string reasoning,
                                                   std::optional<double> declaredRawSum = std::nullopt);

} // namespace kfx
