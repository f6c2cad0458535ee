#pragma once

#include "corpus.h"
#include "embeddedmodel.h"
#include "kernelquery.h"
#include "model/forecast.h"
#include "model/speedupbin.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Issue 25, "anchor on the parent": a kernel is forecast as an edit of its measured parent. A model that never saw
// the task says how far the edit moves the speedup (the parent as the reference, the kernel as the candidate: spec
// §3.1's parent_edit rows), and the parent's measured speedup puts that move at the task's own level. A task whose
// reference is hard to beat and one whose reference is easy then differ by their measurements, not by what the
// model guesses of their level from the code.
inline constexpr std::string_view kParentAnchoredLabel = "parent-anchored";

// The edit from a parent to a kernel as a model reads it: the parent's code as the reference, the rest the
// kernel's query (or pair). It needs no measurement of either.
KernelRuntimeQuery editQuery(KernelRuntimeQuery kernel, const SharedText &parentCode);
KernelRuntimeQuery editQuery(const ComparisonPair &parent, const ComparisonPair &child);

// The edit from `parent` to `child`, both measured against the same reference: `parent`'s kernel becomes the
// reference, `child`'s the candidate, and the speedup is the child's over the parent's (its bin says by how
// many half-octaves the edit moved it). Everything else (task, hardware, search, line) is the child's.
ComparisonPair parentEditPair(const ComparisonPair &parent, const ComparisonPair &child);

// Every corpus pair whose parent is a pair too, as its edit; `children[i]` is the corpus pair of `edits[i]`.
struct CorpusEdits {
    std::vector<ComparisonPair> edits;
    std::vector<std::size_t> children;
};
CorpusEdits corpusParentEdits(const Corpus &corpus);

// How far the training edits of each bin moved the speedup, in half-octaves (2·log2 of child over parent, the unit
// of the bins). A forecast's mass on an edit bin is spread over the child's bins as that bin's training edits
// were spread: most edits of bins 3 and 4 barely move the speedup, so spreading them evenly over their
// half-octave would blur a parent's measurement that the data say holds.
class EditShifts {
public:
    static EditShifts of(std::span<const ComparisonPair> edits);
    // The child's bins, given the edit's and the parent's measured speedup. A bin without training edits moves
    // the parent by its middle (bins 1 and 8: half a half-octave beyond their inner edge).
    BinProbabilities childBins(const BinProbabilities &editBins, double parentSpeedup) const;

    // One line a bin, its shifts in training order, each written so that it reads back to the same double.
    std::string save() const;
    // Throws ModelError where the text is not eight lines of numbers.
    static EditShifts load(std::string_view text);

    bool operator==(const EditShifts &) const = default;

private:
    std::array<std::vector<double>, kBinCount> m_shifts; // by edit bin, bin 1 first
};

// A kernel to forecast as an edit of its parent, which ran: the edit (editQuery) and the parent's measured speedup.
struct AnchoredEdit {
    KernelRuntimeQuery edit;
    double parentSpeedup = 0.0;
};

// The edit model with the shifts of the edits it learnt from.
class ParentAnchoredForecaster {
public:
    ParentAnchoredForecaster(std::shared_ptr<const EmbeddedModel> editModel, EditShifts shifts);

    // One forecast a kernel, from its edit (editQuery) and its parent's measured speedup (same length); the
    // declared bin is the most probable, the source kParentAnchoredLabel.
    std::vector<Forecast> forecast(std::span<const KernelRuntimeQuery> edits,
                                   std::span<const double> parentSpeedups) const;
    // The same, in one batch, for kernels of which only some are edits of a parent that ran: a forecast for each
    // edit given, none for the others.
    std::vector<std::optional<Forecast>> forecast(std::span<const std::optional<AnchoredEdit>> edits) const;

    // For a pretrained-model directory: a format line, the shifts (EditShifts::save, eight lines) and an empty
    // line, then the edit model's own bytes (EmbeddedModel::save, with its digests). load() throws ModelError naming
    // what is wrong.
    std::vector<std::uint8_t> save() const;
    static ParentAnchoredForecaster load(std::span<const std::uint8_t> bytes);

    const EmbeddedModel &editModel() const { return *m_editModel; }
    const EditShifts &shifts() const { return m_shifts; }

private:
    std::shared_ptr<const EmbeddedModel> m_editModel;
    EditShifts m_shifts;
};

} // namespace kfx::surrogate
