#pragma once

#include "forecast.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kfx {

// How a candidate fared when measured (spec §3.5). The failure kinds carry the message the scorer wrote.
enum class OutcomeKind {
    Success,
    CompileFailed,
    RuntimeError,
    Incorrect,
    InfrastructureFailure,
    NoFeedback, // the reference's NoFeedback observation ({"value":null}): a reward, nothing measured
    Forecasted, // the abstaining search's forecast observation: trusted, never measured
};

std::string_view outcomeKindName(OutcomeKind kind); // "success", "compile_failed", ...

// One benchmark case of a successful evaluation. Shape fields vary by pack (seqlen, vocab_size, B/T/H/K/V,
// ...) and are kept in file order as display text.
struct CaseSpeedup {
    double speedup = 0.0;
    double runtimeNs = 0.0;
    double refRuntimeNs = 0.0;
    std::vector<std::pair<std::string, std::string>> shape;
};

// One case's raw result (the reference's KernelExecResult).
struct CaseResult {
    bool correct = false;
    double runtimeNs = 0.0;
    double refRuntimeNs = 0.0;
    std::string failureKind; // "none", "compile_failed", "runtime_error", "incorrect"
    std::string message;     // whichever of error_message / runtime_error / compilation_error is set
};

struct EvaluationOutcome {
    OutcomeKind kind = OutcomeKind::NoFeedback;
    // The search's reward: the aggregated speedup on success, nothing on failure.
    std::optional<double> reward;

    // Success (GPU-mode packs).
    double aggregatedSpeedup = 0.0;
    std::string aggregationMethod; // "geomean", "min", "arith_mean"
    std::vector<CaseSpeedup> cases;
    std::vector<CaseResult> caseResults;

    // Failures: the compile error, the runtime error's name/message/traceback, the mismatch, or the reason.
    std::string errorName;
    std::string message;
    std::string traceback;

    // The KernelBench observation shape (spec §3.5): runtimes in its own unit, difference lists as text.
    bool kernelBench = false;
    double runtimeUs = 0.0;
    double refRuntimeUs = 0.0;
    std::vector<std::string> maxDifference;
    std::vector<std::string> avgDifference;

    // The abstaining search: a trusted forecast, or a real measurement with the model's deferral reason.
    std::optional<Forecast> trustedForecast;
    double expectedSpeedup = 0.0;
    std::optional<std::string> deferralReason;

    bool succeeded() const { return kind == OutcomeKind::Success; }
    // The speedup to show: aggregated (GPU mode) or plain (KernelBench) on success, else nothing.
    std::optional<double> measuredSpeedup() const;
    // What a forecast of this kernel is judged against: the measured speedup's bin; kFailureBin when the kernel
    // failed to compile, crashed or computed wrong results, which no forecast names, so a trusted kernel that
    // fails is always a trust error; nothing when there is no verdict on the kernel (never measured, or the
    // measuring machine failed).
    std::optional<int> judgedBin() const;
};

} // namespace kfx
