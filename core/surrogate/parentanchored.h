#pragma once

#include "corpus.h"
#include "embeddedmodel.h"
#include "model/forecast.h"
#include "model/speedupbin.h"

#include <array>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Issue 25, "anchor on the parent": a kernel is forecast as an edit of its measured parent. A model that never saw
// the task says how far the edit moves the speedup (the parent as the reference, the kernel as the candidate: spec
// §3.1's parent_edit rows), and the parent's measured speedup puts that move at the task's own level. A task whose
// reference is hard to beat and one whose reference is easy then differ by their measurements, not by what the
// model guesses of their level from the code.
inline constexpr std::string_view kParentAnchoredLabel = "parent-anchored";

// The edit from `parent` to `child` as a model reads it: `parent`'s kernel as the reference, `child`'s as the
// candidate, the rest `child`'s. It needs no measurement of either.
ComparisonPair editQuery(const ComparisonPair &parent, const ComparisonPair &child);

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

private:
    std::array<std::vector<double>, kBinCount> m_shifts; // by edit bin, bin 1 first
};

// The edit model with the shifts of the edits it learnt from.
class ParentAnchoredForecaster {
public:
    ParentAnchoredForecaster(std::shared_ptr<const EmbeddedModel> editModel, EditShifts shifts);

    // One forecast a kernel, from its edit and its parent's measured speedup (same length); the declared bin is
    // the most probable, the source kParentAnchoredLabel.
    std::vector<Forecast> forecast(std::span<const ComparisonPair> edits, std::span<const double> parentSpeedups) const;

private:
    std::shared_ptr<const EmbeddedModel> m_editModel;
    EditShifts m_shifts;
};

} // namespace kfx::surrogate
