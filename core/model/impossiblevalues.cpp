#include "impossiblevalues.h"

#include <cmath>
#include <numeric>
#include <sstream>

namespace kfx {

namespace {

bool isPossible(double value)
{
    return std::isfinite(value) && value >= 0.0;
}

} // namespace

std::string ImpossibleValues::beyondLargestSpeedup()
{
    std::ostringstream text;
    text << "is beyond " << kLargestSpeedup << "x, not a measurement";
    return text.str();
}

void ImpossibleValues::note(std::string_view what, double value, std::string_view instead, std::string_view why)
{
    std::ostringstream line;
    line << what << ' ' << value << ' ' << why << "; " << instead << " is used instead";
    m_notes.push_back(line.str());
}

void ImpossibleValues::zeroIfImpossible(double &value, std::string_view what)
{
    if (isPossible(value))
        return;
    note(what, value, "0");
    value = 0.0;
}

void ImpossibleValues::zeroIfImpossibleOrBeyond(double &value, std::string_view what, double largest,
                                                std::string_view why)
{
    if (!(value > largest)) {
        zeroIfImpossible(value, what);
        return;
    }
    note(what, value, "0", why);
    value = 0.0;
}

void ImpossibleValues::zeroIfImpossibleSpeedup(double &value, std::string_view what)
{
    zeroIfImpossibleOrBeyond(value, what, kLargestSpeedup, beyondLargestSpeedup());
}

void ImpossibleValues::zeroIfImpossibleCaseRuntime(double &value, std::string_view what)
{
    zeroIfImpossibleOrBeyond(value, what, kLongestCaseRuntimeNs, "is beyond the 1200 s an evaluation may run");
}

void ImpossibleValues::zeroIfImpossibleCallSeconds(double &value, std::string_view what)
{
    zeroIfImpossibleOrBeyond(value, what, kLongestCallSeconds, "is beyond a day, longer than any call takes");
}

void ImpossibleValues::zeroIfImpossibleTokens(std::int64_t &value, std::string_view what)
{
    if (value >= 0 && value <= kMostTokens)
        return;
    if (value < 0)
        note(what, double(value), "0");
    else
        note(what, double(value), "0", "is beyond 1e+09 tokens, more than any call reads or writes");
    value = 0;
}

bool ImpossibleValues::notedImpossibleRawSum(double rawSum, std::string_view instead)
{
    if (!isPossible(rawSum)) {
        note("raw_probability_sum", rawSum, instead);
        return true;
    }
    if (rawSum <= kLargestRawSum)
        return false;
    note("raw_probability_sum", rawSum, instead, "is beyond 8, the sum of eight probabilities of 1");
    return true;
}

void ImpossibleValues::dropImpossibleRawSum(std::optional<double> &rawSum, std::string_view instead)
{
    if (rawSum && notedImpossibleRawSum(*rawSum, instead))
        rawSum.reset();
}

void ImpossibleValues::replaceImpossibleRawSum(Forecast &forecast)
{
    if (!notedImpossibleRawSum(forecast.rawProbabilitySum, "the sum of its probabilities"))
        return;
    forecast.rawProbabilitySum = std::accumulate(forecast.probabilities.begin(), forecast.probabilities.end(), 0.0);
}

std::vector<std::string> replaceImpossibleValues(EvaluationOutcome &outcome)
{
    ImpossibleValues values;
    if (outcome.reward)
        values.zeroIfImpossibleSpeedup(*outcome.reward, "reward");
    values.zeroIfImpossibleSpeedup(outcome.aggregatedSpeedup, "speedup");
    values.zeroIfImpossible(outcome.runtimeUs, "runtime_us");
    values.zeroIfImpossible(outcome.refRuntimeUs, "ref_runtime_us");
    for (auto &speedup : outcome.cases) {
        values.zeroIfImpossibleSpeedup(speedup.speedup, "case speedup");
        values.zeroIfImpossibleCaseRuntime(speedup.runtimeNs, "case runtime_ns");
        values.zeroIfImpossibleCaseRuntime(speedup.refRuntimeNs, "case ref_runtime_ns");
    }
    for (auto &result : outcome.caseResults) {
        values.zeroIfImpossibleCaseRuntime(result.runtimeNs, "case runtime_ns");
        values.zeroIfImpossibleCaseRuntime(result.refRuntimeNs, "case ref_runtime_ns");
    }
    if (outcome.trustedForecast)
        values.replaceImpossibleRawSum(*outcome.trustedForecast);
    return values.takeNotes();
}

} // namespace kfx
