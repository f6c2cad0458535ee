// Published rows that hold values no prediction or comparison can have (issue 27). A bin or repeat beyond int is
// refused naming its line: read as an int it became another bin or repeat, and a bin 2^32 + 1 in a prediction's
// list wrote outside the reader's array (SIGSEGV). A negative, NaN or infinite duration, token count or raw
// probability sum is replaced with a stated default (model/impossiblevalues.h), with a warning naming the file and
// line: they were taken as written. So was a speedup beyond ImpossibleValues::kLargestSpeedup or a probability
// above 1, now refused, and a raw probability sum above 8, now replaced.
#include "check.h"

#include "io/fileloader.h"
#include "surrogate/predictionrows.h"
#include "surrogate/secretredactor.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

using namespace kfx;

namespace {

std::string firstRow(const char *fixture)
{
    std::ifstream in(std::string(KFX_TEST_DATA_DIR "/rows/") + fixture, std::ios::binary);
    std::string line;
    std::getline(in, line);
    return line;
}

// The fixture's first row twice, the second with `from` replaced by `to`: the damaged row is line 2.
LoadedFile loadDamaged(const char *fixture, const std::string &from, const std::string &to)
{
    const auto good = firstRow(fixture);
    auto bad = good;
    const auto at = bad.find(from);
    KFX_CHECK(at != std::string::npos, std::string(fixture) + ": the replaced text " + from + " is in the first row");
    if (at != std::string::npos)
        bad.replace(at, from.size(), to);
    // The damaged row gets its own repeat number where keys must be unique, or in a row without one (an eval-set
    // row) its own comparison id, so that it is no repeat of line 1.
    const auto repeat = bad.find("\"repeat\":0");
    const std::string idKey = "\"comparison_id\":\"";
    if (repeat != std::string::npos && from.find("repeat") == std::string::npos)
        bad.replace(repeat, 10, "\"repeat\":1");
    else if (const auto id = bad.find(idKey); repeat == std::string::npos && id != std::string::npos)
        bad.insert(id + idKey.size(), "damaged/");
    return loadText(good + "\n" + bad + "\n", "damaged.jsonl");
}

bool hasDiagnostic(const LoadedFile &out, bool warning, const std::string &part)
{
    for (const auto &diagnostic : out.diagnostics) {
        if (diagnostic.file == "damaged.jsonl" && diagnostic.line == 2 && diagnostic.isWarning() == warning
            && test::contains(diagnostic.message, part))
            return true;
    }
    return false;
}

// Predictions, pairs or both, as the format holds.
bool onlyLineOneLoaded(const LoadedFile &out)
{
    const auto onLineOne = [](const auto &row) { return row.line == 1; };
    return out.predictions.size() + out.pairs.size() > 0 && std::ranges::all_of(out.predictions, onLineOne)
        && std::ranges::all_of(out.pairs, onLineOne);
}

void refused(const char *fixture, const std::string &from, const std::string &to, const std::string &message)
{
    const auto out = loadDamaged(fixture, from, to);
    const auto what = std::string(fixture) + " with " + to;
    KFX_CHECK(out.diagnostics.size() == 1, what + ": one diagnostic");
    KFX_CHECK(hasDiagnostic(out, false, message), what + ": an error on line 2 saying " + message);
    KFX_CHECK(onlyLineOneLoaded(out), what + ": only line 1 is loaded");
}

void bigIntegersAreRefused()
{
    refused("predictions.jsonl", "\"predicted_bin\":2", "\"predicted_bin\":4294967298",
            "predicted bin 4294967298 is not one of 1..8");
    refused("predictions.jsonl", "\"repeat\":0", "\"repeat\":4294967297", "4294967297 is too large for a repeat");
    refused("scored_eval.jsonl", "\"predicted_bin\":5", "\"predicted_bin\":4294967301",
            "predicted bin 4294967301 is not one of 1..8");
    // Last: before the fix this one wrote 4 GiB past the reader's array of eight and the process died.
    refused("predictions.jsonl", "{\"bin\":1,", "{\"bin\":4294967297,", "bin 4294967297 is not one of 1..8");
}

// The damaged row still loads, with the default in place of the value and a warning on line 2 naming both.
const PredictionRow *replaced(const LoadedFile &out, const std::string &what, const std::string &message)
{
    KFX_CHECK(out.diagnostics.size() == 1, what + ": one diagnostic");
    KFX_CHECK(hasDiagnostic(out, true, message), what + ": a warning on line 2 saying " + message);
    KFX_CHECK(out.predictions.size() == 2, what + ": both rows load");
    return out.predictions.size() == 2 ? &out.predictions[1] : nullptr;
}

void impossibleCostsAreReplaced()
{
    for (const char *fixture : {"predictions.jsonl", "scored_eval.jsonl"}) {
        const auto elapsed = std::string(fixture) == "predictions.jsonl" ? "\"elapsed_s\":3.25" : "\"elapsed_s\":4.5";
        const auto slow = loadDamaged(fixture, elapsed, "\"elapsed_s\":-1.5");
        if (const auto *row = replaced(slow, std::string(fixture) + " elapsed_s -1.5",
                                       "elapsed_s -1.5 is impossible; 0 is used instead"))
            KFX_CHECK(row->elapsedSeconds == 0.0, std::string(fixture) + ": elapsed_s 0 is used");

        const auto tokens = std::string(fixture) == "predictions.jsonl" ? "\"input_tokens\":1834"
                                                                        : "\"input_tokens\":2100";
        const auto cheap = loadDamaged(fixture, tokens, "\"input_tokens\":-100");
        if (const auto *row = replaced(cheap, std::string(fixture) + " input_tokens -100",
                                       "input_tokens -100 is impossible; 0 is used instead"))
            KFX_CHECK(row->usage && row->usage->inputTokens == 0, std::string(fixture) + ": 0 input tokens are used");
    }

    // The probabilities of the fixture's row sum to 1, which is what is used instead.
    const auto negativeSum = loadDamaged("predictions.jsonl", "\"raw_probability_sum\":1.25",
                                         "\"raw_probability_sum\":-1.25");
    if (const auto *row = replaced(negativeSum, "raw_probability_sum -1.25",
                                   "raw_probability_sum -1.25 is impossible; the sum of the row's probabilities"))
        KFX_CHECK(row->forecast && row->forecast->rawProbabilitySum == 1.0, "the probabilities' own sum is used");

    // A scored row's forecast, read like a search log's (json::readForecast), keeps its renormalised
    // probabilities, whose sum is what is used instead.
    const auto scoredSum = loadDamaged("scored_eval.jsonl", "\"raw_probability_sum\":1.0",
                                       "\"raw_probability_sum\":-1.25");
    if (const auto *row = replaced(scoredSum, "scored raw_probability_sum -1.25",
                                   "raw_probability_sum -1.25 is impossible; the sum of its probabilities"))
        KFX_CHECK(row->forecast && std::abs(row->forecast->rawProbabilitySum - 1.0) < 1e-12,
                  "the scored forecast's own sum is used");
}

// Finite and positive, but longer than any call takes (ImpossibleValues::kLongestCallSeconds) or more tokens than any
// call reads (kMostTokens): taken as written, 136 years or 2^32 + 1 tokens went into the cost and latency figures.
void absurdCostsAreReplaced()
{
    for (const char *fixture : {"predictions.jsonl", "scored_eval.jsonl"}) {
        const auto elapsed = std::string(fixture) == "predictions.jsonl" ? "\"elapsed_s\":3.25" : "\"elapsed_s\":4.5";
        const auto slow = loadDamaged(fixture, elapsed, "\"elapsed_s\":1e300");
        if (const auto *row = replaced(slow, std::string(fixture) + " elapsed_s 1e300",
                                       "elapsed_s 1e+300 is beyond a day, longer than any call takes; 0 is used"))
            KFX_CHECK(row->elapsedSeconds == 0.0, std::string(fixture) + ": elapsed_s 0 is used");

        const auto tokens = std::string(fixture) == "predictions.jsonl" ? "\"output_tokens\":412"
                                                                        : "\"output_tokens\":350";
        const auto costly = loadDamaged(fixture, tokens, "\"output_tokens\":4294967297");
        if (const auto *row = replaced(costly, std::string(fixture) + " output_tokens 2^32 + 1",
                                       "output_tokens 4.29497e+09 is beyond 1e+09 tokens"))
            KFX_CHECK(row->usage && row->usage->outputTokens == 0, std::string(fixture) + ": 0 output tokens are used");
    }
}

// A scored row's GPU feeds the embedded model's features: a negative or absurd clock was taken as written, and a
// count of 2^32 + 1 narrowed to 1.
void impossibleHardwareIsRefused()
{
    refused("scored_eval.jsonl", "\"clock_rate_ghz\":1.41", "\"clock_rate_ghz\":-1",
            "\"clock_rate_ghz\": -1.0 is outside [0, 100.0]");
    refused("scored_eval.jsonl", "\"memory_clock_rate_ghz\":1.512", "\"memory_clock_rate_ghz\":1e300",
            "\"memory_clock_rate_ghz\": 1e+300 is outside [0, 100.0]");
    refused("scored_eval.jsonl", "\"compute_capability\":[8,0]", "\"compute_capability\":[4294967297,0]",
            "compute_capability[0]: 4294967297 is not a count a GPU can have");
    refused("scored_eval.jsonl", "\"max_threads_per_multiprocessor\":2048", "\"max_threads_per_multiprocessor\":-1",
            "\"max_threads_per_multiprocessor\": -1 is not a count");
}

// Bin 8 is open above 4x: only ImpossibleValues::kLargestSpeedup keeps such a row out.
void absurdSpeedupsAreRefused()
{
    refused("eval_set.jsonl", "\"aggregated_speedup\":0.350631,\"true_bin\":1",
            "\"aggregated_speedup\":1e300,\"true_bin\":8", "1e+300 is beyond 1e+06x, not a measurement");
    refused("scored_eval.jsonl", "\"aggregated_speedup\":1.2,\"true_bin\":4",
            "\"aggregated_speedup\":1e300,\"true_bin\":8", "1e+300 is beyond 1e+06x, not a measurement");
}

// A probability lies in [0, 1] (spec §1.3), so eight of them sum to at most ImpossibleValues::kLargestRawSum. A p of
// 1e300 was renormalised into a one-hot forecast and a raw sum of 1e300 taken as written.
void probabilitiesAboveOneAreRefused()
{
    refused("scored_eval.jsonl", "\"6\":0.2", "\"6\":1e300", "p of bin 6 is 1e+300, outside [0, 1]");
    refused("scored_eval.jsonl", "\"6\":0.2", "\"6\":4294967297", "p of bin 6 is 4294967297.0, outside [0, 1]");

    const auto rowSum = loadDamaged("predictions.jsonl", "\"raw_probability_sum\":1.25",
                                    "\"raw_probability_sum\":4294967297");
    if (const auto *row = replaced(rowSum, "raw_probability_sum 2^32 + 1",
                                   "raw_probability_sum 4.29497e+09 is beyond 8, the sum of eight probabilities of 1"))
        KFX_CHECK(row->forecast && row->forecast->rawProbabilitySum == 1.0, "the probabilities' own sum is used");

    const auto scoredSum = loadDamaged("scored_eval.jsonl", "\"raw_probability_sum\":1.0",
                                       "\"raw_probability_sum\":1e300");
    if (const auto *row = replaced(scoredSum, "scored raw_probability_sum 1e300",
                                   "raw_probability_sum 1e+300 is beyond 8"))
        KFX_CHECK(row->forecast && std::abs(row->forecast->rawProbabilitySum - 1.0) < 1e-12,
                  "the scored forecast's own sum is used");
}

// The search-aware forecaster's failure mass (issue 25) is kfx's own key in a prediction row, as in a search log:
// the window keeps its forecasts as rows in the workspace, and the gate reads that mass. Written only where it is
// not 0, so other surrogates' rows stay the published format; read back as written; refused outside [0, 1].
void failureProbabilityRoundTrips()
{
    PredictionRow row;
    row.comparisonId = "rms_norm/a__b";
    row.pack = "rms_norm";
    row.surrogateLabel = "embedded";
    Forecast forecast;
    forecast.probabilities = {0.1, 0.1, 0.2, 0.4, 0.1, 0.05, 0.05, 0.0};
    forecast.predictedBin = 4;
    forecast.rawProbabilitySum = 1.0;
    row.forecast = forecast;
    const auto without = surrogate::predictionRowJson(row, surrogate::SecretRedactor());
    KFX_CHECK(!test::contains(without, "failure_probability"), "no failure key where the forecast gives none");
    row.forecast->failureProbability = 0.375;
    row.repeat = 1; // not a repeated row
    const auto with = surrogate::predictionRowJson(row, surrogate::SecretRedactor());
    const auto read = loadText(without + "\n" + with + "\n", "failure.jsonl");
    KFX_CHECK(read.diagnostics.empty() && read.predictions.size() == 2, "both rows load without a word");
    if (read.predictions.size() == 2) {
        KFX_CHECK(read.predictions[0].forecast->failureProbability == 0.0, "absent, the failure mass is 0");
        KFX_CHECK(read.predictions[1].forecast->failureProbability == 0.375, "the failure mass reads back");
    }
    refused("predictions.jsonl", "\"parse_failed\"", "\"failure_probability\":1.5,\"parse_failed\"",
            "failure_probability: 1.500000 is not a probability");
}

} // namespace

int main()
{
    impossibleCostsAreReplaced();
    absurdCostsAreReplaced();
    bigIntegersAreRefused();
    absurdSpeedupsAreRefused();
    probabilitiesAboveOneAreRefused();
    impossibleHardwareIsRefused();
    failureProbabilityRoundTrips();
    return test::finish();
}
