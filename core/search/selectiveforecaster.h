#pragma once

#include "candidateforecaster.h"
#include "searchdriver.h"

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace kfx::search {

// What a selective search forecasts with when nobody chooses otherwise, the same in kfx-cli search and the window's
// Search → Run… (issue 25): the embedded model pretrained on the H100 corpus (for a corpus task, the one that never
// saw it), continued on the search's measurements, inside the search-aware forecaster, which weighs it against the
// measured parent, the nearest measured kernels and the search's failures by how well each has forecast this search.
// Over the measured landscapes (README, "A forecaster that knows what the search knows") it is the one surrogate
// whose search never ends more than 2 % below the equal-budget baseline on any task (with the exploration floor
// below); the pretrained model alone ends 7 % short on matmul.
struct EmbeddedForecasterChoice {
    bool pretrained = true;  // false: the model learns from nothing (no forecasts until it has enough measurements)
    bool searchAware = true; // false: the continued model alone, as the paper's surrogate-filtered search
};

struct SelectiveForecaster {
    std::unique_ptr<CandidateForecaster> forecaster;
    // Why the pretrained model could not be used, for the user; empty when it was, or when none was asked for.
    std::string notice;
};

// The context each candidate is forecast in: the task's reference (resources/tasks/<task>/reference), against which
// the pretrained models' pairs and the measured speedups are taken; for a task without one, the search's seed.
surrogate::KernelRuntimeQuery selectiveForecastContext(const SearchConfig &config,
                                                       const std::filesystem::path &taskDirectory,
                                                       const std::string &seedCode);

SelectiveForecaster embeddedSearchForecaster(const surrogate::KernelRuntimeQuery &context, std::string_view task,
                                             EmbeddedForecasterChoice choice = {});

// `model` as the search-aware forecaster's model component, with every bin alike as its prior (a live search has no
// training fold to take bin frequencies from), as the simulation's search-aware surrogate has it; the parent
// component from `parentAnchored` where it is given (a pretrained model's), each edit asked in `context`.
std::unique_ptr<CandidateForecaster>
searchAwareOver(std::unique_ptr<CandidateForecaster> model, const surrogate::KernelRuntimeQuery &context,
                std::shared_ptr<const surrogate::ParentAnchoredForecaster> parentAnchored = nullptr);

} // namespace kfx::search
