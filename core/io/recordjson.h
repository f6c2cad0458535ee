#pragma once

#include "jsonfields.h"
#include "model/evaluation.h"
#include "model/forecast.h"
#include "model/hardwarecontext.h"

namespace kfx::json {

// Readers of the building blocks that several formats share (spec §1.3, §1.4, §3.5). Each throws FieldError
// with a message naming the field at fault.

// The reference's Evaluation {observation, reward}: a GPU-mode, KernelBench, compound or NoFeedback
// observation.
EvaluationOutcome readEvaluation(const Object &evaluation);
// A v2 KernelRuntimeEstimate: {"predicted_bin", "bin_probabilities": {"1": p, ...}, "reasoning",
// "raw_probability_sum"}.
Forecast readForecast(const Object &estimate);
// kfx's key for a forecast's bin 0 (failure) mass, beside the reference's keys in a search log's estimate and a
// prediction row; absent, the forecast gives failure none. Throws FieldError for a value outside [0, 1].
void readFailureProbability(const Object &object, Forecast &forecast);
// Bin probabilities as the published predictions write them: [{"bin": 1, "p": 0.1}, ...], each in [0, 1].
BinProbabilities readBinProbabilityList(const Array &list);
HardwareContext readHardwareContext(const Object &hardware);
TokenUsage readTokenUsage(const Object &usage);

} // namespace kfx::json
