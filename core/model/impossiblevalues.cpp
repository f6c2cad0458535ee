#include "impossiblevalues.h"

#include <cmath>
#include <sstream>

namespace kfx {

namespace {

class Replacer {
public:
    void check(double &value, const std::string &what)
    {
        if (std::isfinite(value) && value >= 0.0)
            return;
        std::ostringstream line;
        line << what << ' ' << value << " is impossible; 0 is used instead";
        notes.push_back(line.str());
        value = 0.0;
    }

    std::vector<std::string> notes;
};

} // namespace

std::vector<std::string> replaceImpossibleValues(EvaluationOutcome &outcome)
{
    Replacer replacer;
    if (outcome.reward)
        replacer.check(*outcome.reward, "reward");
    replacer.check(outcome.aggregatedSpeedup, "speedup");
    replacer.check(outcome.runtimeUs, "runtime_us");
    replacer.check(outcome.refRuntimeUs, "ref_runtime_us");
    for (auto &speedup : outcome.cases) {
        replacer.check(speedup.speedup, "case speedup");
        replacer.check(speedup.runtimeNs, "case runtime_ns");
        replacer.check(speedup.refRuntimeNs, "case ref_runtime_ns");
    }
    for (auto &result : outcome.caseResults) {
        replacer.check(result.runtimeNs, "case runtime_ns");
        replacer.check(result.refRuntimeNs, "case ref_runtime_ns");
    }
    return replacer.notes;
}

} // namespace kfx
