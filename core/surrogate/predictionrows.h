#pragma once

#include "model/comparisonpair.h"
#include "secretredactor.h"
#include "surrogate.h"

#include <string>

namespace kfx::surrogate {

// A surrogate's answer as a row of the published predictions (spec §3.1 b). The schema has no deferral: a
// deferral is written as a parse failure whose parse_error starts with "deferred: ", so scoring counts it as
// unanswered (the reference's selective analysis treats abstentions the same way) and nothing is lost.
PredictionRow predictionRow(const ComparisonPair &pair, const std::string &surrogateLabel, int repeat,
                            const SurrogateResult &result);

// One JSON line in hub column order: comparison_id, pack, surrogate_label, repeat, predicted_bin,
// bin_probabilities [{bin, p}], reasoning, raw_probability_sum, parse_failed, parse_error, input_tokens,
// output_tokens, elapsed_s. The whole line passes through `redactor`: its reasoning and parse error quote the
// LLM, so the rows of a run with an API key are given one that knows it.
std::string predictionRowJson(const PredictionRow &row, const SecretRedactor &redactor);

} // namespace kfx::surrogate
