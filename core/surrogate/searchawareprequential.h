#pragma once

#include "baselines.h"
#include "parentanchored.h"
#include "prequential.h"
#include "searchawareforecaster.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kfx::surrogate {

// What the forecaster of kfx-cli's default selective search would have said of each kernel of an opened search
// (issue 25): the search-aware forecaster (searchawareforecaster.h) over the base model continued on the
// measurements of the steps before (PrequentialSurrogate), with every bin alike as its prior, as a live search has
// it (search::searchAwareOver). The search is walked in step order: a kernel is forecast at the first step that
// proposed it, knowing the kernels measured at the steps before; its forecast is judged when it is first measured
// (the seed's never: a search does not forecast its seed); every measurement is remembered. Kernels of one step
// are forecast before any of them is measured, as the search did. A kernel the search never proposed is forecast
// knowing every measurement.
class SearchAwarePrequentialSurrogate final : public Surrogate {
public:
    // Each forecast compares the kernel with every kernel measured before it. Past this many measured kernels that
    // is too slow for the window (the 80,000-kernel search it is benchmarked on has 19,657: about 10^9
    // comparisons), which then forecasts with the continued model alone and says so.
    static constexpr std::size_t kMeasuredLimit = 2000;
    // Kernels whose measurement says something about the kernel (prequential.h's rule).
    static std::size_t measuredKernels(const Population &search);

    // `parentAnchored`: the parent component's forecaster (none: the parent's bin moved as the search's edits
    // moved theirs).
    SearchAwarePrequentialSurrogate(std::shared_ptr<const EmbeddedModel> base, const Population &search,
                                    const SharedText &taskReference,
                                    std::shared_ptr<const ParentAnchoredForecaster> parentAnchored = nullptr);

    std::string identity() const override { return "embedded"; }
    // Not the continued model's: a workspace's cached continued forecasts are not this forecaster's answers. The
    // number marks the forecaster's version (5: the parent-anchored parent component, 4: the mixing fitted with the
    // landscape-trained models, 3: the fitted mixing, 2: the edits component), so a workspace's answers of an
    // earlier one are not taken for its own; the parent-anchored forecaster's edit model is named beside the
    // continued model (its shifts come with it, from the same training).
    std::string model() const override;
    std::string promptTemplateHash() const override { return {}; }
    // The model's forecasts of the queries and of the measured kernels the walk judges, then the walk.
    void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                       const ResultCallback &done) override;

    // The model component.
    const PrequentialSurrogate &continued() const { return m_continued; }

private:
    // A kernel's parent, measured at an earlier step.
    struct Parent {
        std::size_t node = 0;
        int outcome = kFailureBin;
        std::optional<double> speedup; // where it ran
        SharedText code;
    };
    struct Measurement {
        std::size_t node = 0;
        int step = 0;
        std::string kernel; // canonical
        std::optional<Parent> parent;
        int outcome = kFailureBin;
        std::optional<double> speedup; // where it ran
        bool judged = false; // the kernel's first measurement, not the seed's
    };
    struct Proposal {
        int step = 0;
        std::optional<Parent> parent;
    };
    // The parent and what its measurement had found by the kernel's step; none for the seed, or a parent measured
    // at the kernel's own step or later.
    static std::optional<Parent> parentAt(const Population &search, const KernelNode &node);
    std::optional<MeasuredParent> measuredParent(const std::optional<Parent> &parent) const;

    // The parent-anchored forecasts of the asked kernels (by canonical kernel, their index into `asked`), in
    // `asked`'s order: none where the parent did not run before the kernel.
    std::vector<std::optional<Forecast>>
    parentAnchoredForecasts(std::span<const KernelRuntimeQuery> asked,
                            const std::map<std::string, std::size_t> &askedFor) const;

    PrequentialSurrogate m_continued;
    std::shared_ptr<const ParentAnchoredForecaster> m_parentAnchored;
    std::vector<Measurement> m_measurements;                   // in step order
    std::vector<CodeShingles> m_shingles;                      // of m_measurements
    std::map<std::size_t, std::size_t> m_measurementOfNode;    // index into m_measurements
    std::map<std::string, Proposal> m_proposals;               // by canonical kernel: its first step in the search
    std::map<std::string, KernelRuntimeQuery> m_judgedQueries; // by canonical kernel, for the model's forecast
};

} // namespace kfx::surrogate
