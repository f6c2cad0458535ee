#include "evaluation.h"

#include "speedupbin.h"

namespace kfx {

std::string_view outcomeKindName(OutcomeKind kind)
{
    switch (kind) {
    case OutcomeKind::Success:
        return "success";
    case OutcomeKind::CompileFailed:
        return "compile_failed";
    case OutcomeKind::RuntimeError:
        return "runtime_error";
    case OutcomeKind::Incorrect:
        return "incorrect";
    case OutcomeKind::InfrastructureFailure:
        return "infrastructure_failure";
    case OutcomeKind::NoFeedback:
        return "no_feedback";
    case OutcomeKind::Forecasted:
        return "forecast";
    }
    return "unknown";
}

std::optional<double> EvaluationOutcome::measuredSpeedup() const
{
    if (kind == OutcomeKind::Success)
        return aggregatedSpeedup;
    return std::nullopt;
}

std::optional<int> EvaluationOutcome::judgedBin() const
{
    switch (kind) {
    case OutcomeKind::Success:
        return trySpeedupBinFor(aggregatedSpeedup);
    case OutcomeKind::CompileFailed:
    case OutcomeKind::RuntimeError:
    case OutcomeKind::Incorrect:
        return kFailureBin;
    case OutcomeKind::InfrastructureFailure:
    case OutcomeKind::NoFeedback:
    case OutcomeKind::Forecasted:
        break;
    }
    return std::nullopt;
}

} // namespace kfx
