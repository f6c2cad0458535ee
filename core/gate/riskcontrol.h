#pragma once

#include "metrics/selectiveprediction.h"

#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::gate {

// The exact one-sided Clopper–Pearson upper bound on an error rate after `errors` wrong out of `trials`, at
// confidence 1 − delta: the (1 − delta) quantile of Beta(errors + 1, trials − errors), 1 when every trial
// failed or there were none. The inverse incomplete beta is Boost.Math's.
double clopperPearsonUpper(int errors, int trials, double delta);

// p-values for the null "the error rate is above alpha" after `errors` wrong out of `trials` (1 without trials).
// Clopper–Pearson: the exact binomial tail P(Bin(trials, alpha) <= errors); it is below delta exactly when
// clopperPearsonUpper(errors, trials, delta) is below alpha.
double clopperPearsonPValue(int errors, int trials, double alpha);
// Hoeffding–Bentkus (Bates, Angelopoulos et al. 2021, eq. (3)): min(exp(−n h1(min(r̂, α), α)),
// e · P(Bin(n, α) <= ⌈n r̂⌉)) with h1(a, b) = a ln(a/b) + (1 − a) ln((1 − a)/(1 − b)). Valid for any loss in
// [0, 1], so it is larger than the exact binomial tail; offered because the toolkits report it.
double hoeffdingBentkusPValue(int errors, int trials, double alpha);

enum class PValue { ClopperPearson, HoeffdingBentkus };

// How the per-threshold tests are combined (Learn-then-Test, Angelopoulos et al. 2021) so that every
// threshold the procedure certifies is safe with probability 1 − delta overall, not just at each threshold.
enum class Correction {
    // Every candidate threshold is tested at delta / m (m = number of thresholds).
    Bonferroni,
    // Holm's step-down: the smallest p-value is tested at delta / m, the next at delta / (m − 1), ..., stopping
    // at the first failure. It certifies every threshold Bonferroni does, and sometimes more.
    Holm,
    // Thresholds are tested from the highest score down, each at the full delta, stopping at the first
    // failure. The order depends on the scores only, never on the labels, so the family-wise error stays at
    // delta without Bonferroni's loss; but a risk that rises and falls again is cut at its first bump.
    FixedSequence,
};

// What counts as a wrong trusted forecast. Under either rule a kernel that failed (true bin kFailureBin) is wrong.
enum class ErrorRule {
    WrongBin,       // the reference's binary mismatch: predicted bin != true bin
    MoreThanOneBin, // off by two bins or more
};

struct RiskControlRequest {
    metrics::ConfidenceScore score = metrics::ConfidenceScore::MaxProb;
    double alpha = 0.1;  // the largest acceptable error rate among trusted forecasts
    double delta = 0.05; // the chance, over calibration sets, that the guarantee fails
    Correction correction = Correction::Bonferroni;
    PValue pValue = PValue::ClopperPearson;
    ErrorRule errorRule = ErrorRule::WrongBin;
};

// One candidate threshold as Learn-then-Test saw it.
struct ThresholdTest {
    double threshold = 0.0;
    int trusted = 0;
    int errors = 0;
    double pValue = 1.0;
    // The level its p-value was compared with; 0 when the procedure stopped before reaching it.
    double level = 0.0;
    bool certified = false; // the null "risk above alpha" was rejected
};

struct RiskControlledThreshold {
    // The threshold to use (ties trusted); +inf when no threshold is certified: then nothing is trusted.
    double threshold = std::numeric_limits<double>::infinity();
    bool certified = false;
    int trusted = 0; // calibration forecasts the threshold trusts
    int errors = 0;  // of which wrong
    double coverage = 0.0;
    double pValue = 1.0; // the chosen threshold's p-value
    // The exact Clopper–Pearson bound at the level the chosen threshold was certified at: below alpha whichever
    // p-value certified it, since the Hoeffding–Bentkus p-value is never below the exact tail.
    double upperBound = 1.0;
    int thresholdsTested = 0;
    std::vector<ThresholdTest> tests; // every candidate, from the highest score down
};

// The lowest threshold (so the highest coverage) among those Learn-then-Test certifies on the measured
// calibration rows: its selective risk is at most alpha with probability 1 − delta. Candidate thresholds are the
// distinct scores of the parsed forecasts; parse failures count toward coverage's denominator, as in the
// reference's curve.
RiskControlledThreshold riskControlledThreshold(std::span<const metrics::SelectiveRow> calibration,
                                                const RiskControlRequest &request);

// Names for files and command lines: "bonferroni", "holm", "fixed-sequence"; "clopper-pearson",
// "hoeffding-bentkus"; "wrong-bin", "off-by-two".
std::string_view correctionName(Correction correction);
std::optional<Correction> correctionFromName(std::string_view name);
std::string_view pValueName(PValue pValue);
std::optional<PValue> pValueFromName(std::string_view name);
std::string_view errorRuleName(ErrorRule rule);
std::optional<ErrorRule> errorRuleFromName(std::string_view name);

// The forecast's error under `rule` (the row must have a forecast).
bool isWrong(const metrics::SelectiveRow &row, ErrorRule rule);

} // namespace kfx::gate
