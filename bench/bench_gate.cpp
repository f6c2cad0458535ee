// Re-gating: the window re-decides every forecast each time the threshold slider moves, so 100,000 forecasts
// must re-gate (and be counted for the gate bar) well inside one 16 ms frame. Changing the score recomputes
// every score first; that is measured too.
//
//   kfx-bench --benchmark_filter=Gate

#include "gate/gatepolicy.h"

#include <benchmark/benchmark.h>

#include <random>
#include <utility>
#include <variant>
#include <vector>

namespace {

constexpr std::size_t kForecasts = 100000;

// Forecasts with random simplexes, a few model deferrals and parse failures, and some overrides.
std::vector<kfx::gate::SurrogateAnswer> answers()
{
    std::mt19937_64 random(5);
    std::gamma_distribution<double> mass(0.5, 1.0);
    std::vector<kfx::gate::SurrogateAnswer> result;
    result.reserve(kForecasts);
    for (std::size_t i = 0; i < kForecasts; ++i) {
        if (i % 97 == 0) {
            result.emplace_back(std::in_place_type<kfx::gate::Deferral>, "unsure");
            continue;
        }
        kfx::Forecast forecast;
        double total = 0.0;
        for (auto &p : forecast.probabilities)
            total += p = mass(random);
        for (auto &p : forecast.probabilities)
            p /= total;
        forecast.predictedBin = int(random() % 8) + 1;
        result.emplace_back(std::in_place_type<kfx::Forecast>, std::move(forecast));
    }
    return result;
}

std::vector<kfx::gate::GateInput> inputs(const std::vector<kfx::gate::SurrogateAnswer> &all,
                                         kfx::metrics::ConfidenceScore score)
{
    std::vector<kfx::gate::GateInput> result;
    result.reserve(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto override = i % 1000 == 0 ? kfx::gate::OverrideMode::Trust : kfx::gate::OverrideMode::Auto;
        result.push_back(kfx::gate::gateInput(i % 211 == 0 ? nullptr : &all[i], score, override));
    }
    return result;
}

void regateOnThresholdMove(benchmark::State &state)
{
    const auto all = answers();
    const auto gateInputs = inputs(all, kfx::metrics::ConfidenceScore::MaxProb);
    std::vector<kfx::gate::GateDecision> decisions(gateInputs.size());
    double threshold = 0.2;
    for (auto _ : state) {
        threshold = threshold > 0.8 ? 0.2 : threshold + 0.01; // a slider being dragged
        kfx::gate::decideAll(gateInputs, threshold, decisions);
        benchmark::DoNotOptimize(kfx::gate::countDecisions(decisions));
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(kForecasts));
}
BENCHMARK(regateOnThresholdMove)->Name("Gate/regate_100k_threshold_move")->Unit(benchmark::kMillisecond);

void regateOnScoreChange(benchmark::State &state)
{
    const auto all = answers();
    std::vector<kfx::gate::GateDecision> decisions(all.size());
    for (auto _ : state) {
        const auto gateInputs = inputs(all, kfx::metrics::ConfidenceScore::NegEntropy);
        kfx::gate::decideAll(gateInputs, 0.3, decisions);
        benchmark::DoNotOptimize(kfx::gate::countDecisions(decisions));
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(kForecasts));
}
BENCHMARK(regateOnScoreChange)->Name("Gate/regate_100k_score_change")->Unit(benchmark::kMillisecond);

} // namespace
