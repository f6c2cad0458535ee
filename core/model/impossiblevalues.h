#pragma once

#include "evaluation.h"
#include "speedupbin.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kfx {

// A measured quantity (a reward, speedup, runtime, duration or token count) is never negative, NaN or infinite,
// nor beyond the bounds below (issue 27). Readers replace such a value with a safe default and say so: each note reads
// like "reward -3 is impossible; 0 is used instead", for the reader to report with its file and line.
class ImpossibleValues {
public:
    // Bin 8 (> 4x, spec §1.1) is open above, so the spec bounds no speedup; this bound is ours. A million times
    // faster would run a millisecond's reference in a nanosecond, below what a kernel launch costs, and the
    // fastest of the 18,992 speedups and rewards in the H100 corpus is 18.9x. A speedup beyond it, or a reward (a
    // speedup too), is no measurement: read as written, 1e300 became a search's best and put 2e299 into the mean
    // speedup distance of the risk-coverage figures.
    static constexpr double kLargestSpeedup = 1e6;
    // "is beyond 1e+06x, not a measurement", for every reader that refuses or replaces such a speedup.
    static std::string beyondLargestSpeedup();
    // A model gives each of the eight bins a p in [0, 1] (spec §1.6: the tool rejects 1.0000001), so the sum it had
    // before renormalisation is at most 8. Read as written, 1e300 became the mean raw sum of the calibration report.
    static constexpr double kLargestRawSum = kBinCount;
    // A case's runtime is the mean of samples timed inside one evaluation, whose container is stopped after 1200 s
    // (spec §5.1: Modal's timeout; kfx's own worker stops a candidate after 300 s unless told otherwise), so no
    // sample and no mean is longer. A runtime of 1e300 ns was taken as measured.
    static constexpr double kLongestCaseRuntimeNs = 1200e9;
    // A forecast call waits at most 900 s for each of its 5 attempts in the reference's configs (spec §1.6: timeout
    // 900, num_retries 4), 4,500 s in all; a day is beyond any call. elapsed_s of 1e300 was taken as written.
    static constexpr double kLongestCallSeconds = 86400.0;
    // The largest context windows hold about ten million tokens; no call reads or writes a hundred times that.
    // Input and output tokens of 2^32 + 1 were taken as written.
    static constexpr std::int64_t kMostTokens = 1'000'000'000;

    // 0 never wins a comparison, never becomes the best and never raises a parent's score; for a duration or a
    // token count it is what a row without the column is read as.
    void zeroIfImpossible(double &value, std::string_view what);
    // The same, and 0 too beyond kMostTokens.
    void zeroIfImpossibleTokens(std::int64_t &value, std::string_view what);
    // The same, and 0 too beyond kLongestCallSeconds.
    void zeroIfImpossibleCallSeconds(double &value, std::string_view what);
    // The same, and 0 too beyond kLargestSpeedup.
    void zeroIfImpossibleSpeedup(double &value, std::string_view what);
    // The same, and 0 too beyond kLongestCaseRuntimeNs.
    void zeroIfImpossibleCaseRuntime(double &value, std::string_view what);
    // For a raw_probability_sum whose absence the reader already knows how to fill; `instead` names what is used
    // then. Beyond kLargestRawSum is impossible too, here and in replaceImpossibleRawSum.
    void dropImpossibleRawSum(std::optional<double> &rawSum, std::string_view instead);
    // A forecast already made (json::readForecast) no longer holds the probabilities as written, so an impossible
    // raw_probability_sum gives way to the sum of the renormalised ones, which is 1 within makeForecast's tolerance.
    void replaceImpossibleRawSum(Forecast &forecast);

    std::vector<std::string> takeNotes()
    {
        std::vector<std::string> notes;
        notes.swap(m_notes);
        return notes;
    }

private:
    // zeroIfImpossible, and 0 too beyond `largest`, for the reason `why`.
    void zeroIfImpossibleOrBeyond(double &value, std::string_view what, double largest, std::string_view why);
    // Notes a raw sum that is impossible or beyond kLargestRawSum, and says whether it did.
    bool notedImpossibleRawSum(double rawSum, std::string_view instead);
    void note(std::string_view what, double value, std::string_view instead, std::string_view why = "is impossible");

    std::vector<std::string> m_notes;
};

// Every measured value of a search log's outcome, through ImpossibleValues::zeroIfImpossible (its reward and
// speedups through zeroIfImpossibleSpeedup, its cases' runtimes through zeroIfImpossibleCaseRuntime), and the raw
// sum of the abstaining search's trusted forecast.
std::vector<std::string> replaceImpossibleValues(EvaluationOutcome &outcome);

} // namespace kfx
