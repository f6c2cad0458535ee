#include "parentanchored.h"

#include "embeddedsurrogate.h"
#include "kernelfeatures.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kfx::surrogate {

namespace {

// Speedups in the bins' unit: bin b holds [b - 4, b - 3) (speedupBinFor).
double halfOctaves(double speedup)
{
    return 2.0 * std::log2(speedup);
}

int binOfHalfOctaves(double h)
{
    return std::clamp(int(std::floor(h)) + 4, kFirstBin, kLastBin);
}

} // namespace

ComparisonPair editQuery(const ComparisonPair &parent, const ComparisonPair &child)
{
    auto edit = child;
    edit.referenceCode = parent.candidateCode;
    edit.pairType = "parent_edit";
    edit.parentNodeId = parent.childNodeId;
    return edit;
}

ComparisonPair parentEditPair(const ComparisonPair &parent, const ComparisonPair &child)
{
    if (!(parent.speedup > 0.0) || !(child.speedup > 0.0))
        throw std::invalid_argument("a parent edit needs both kernels' measured speedups");
    auto edit = editQuery(parent, child);
    edit.speedup = child.speedup / parent.speedup;
    edit.trueBin = speedupBinFor(edit.speedup);
    return edit;
}

CorpusEdits corpusParentEdits(const Corpus &corpus)
{
    CorpusEdits edits;
    for (std::size_t i = 0; i < corpus.pairs.size(); ++i) {
        if (const auto parent = corpus.lineage[i].parent) {
            edits.edits.push_back(parentEditPair(corpus.pairs[*parent], corpus.pairs[i]));
            edits.children.push_back(i);
        }
    }
    return edits;
}

EditShifts EditShifts::of(std::span<const ComparisonPair> edits)
{
    EditShifts shifts;
    for (const auto &edit : edits) {
        const double h = halfOctaves(edit.speedup);
        shifts.m_shifts[std::size_t(binOfHalfOctaves(h) - 1)].push_back(h);
    }
    return shifts;
}

BinProbabilities EditShifts::childBins(const BinProbabilities &editBins, double parentSpeedup) const
{
    const double parent = halfOctaves(parentSpeedup);
    BinProbabilities child{};
    for (std::size_t b = 0; b < editBins.size(); ++b) {
        if (editBins[b] <= 0.0)
            continue;
        const auto &seen = m_shifts[b];
        if (seen.empty()) {
            child[std::size_t(binOfHalfOctaves(parent + double(b) - 2.5) - 1)] += editBins[b];
            continue;
        }
        const double share = editBins[b] / double(seen.size());
        for (const double shift : seen)
            child[std::size_t(binOfHalfOctaves(parent + shift) - 1)] += share;
    }
    return child;
}

ParentAnchoredForecaster::ParentAnchoredForecaster(std::shared_ptr<const EmbeddedModel> editModel, EditShifts shifts)
    : m_editModel(std::move(editModel))
    , m_shifts(std::move(shifts))
{
    if (!m_editModel)
        throw std::invalid_argument("a parent-anchored forecaster needs an edit model");
}

std::vector<Forecast> ParentAnchoredForecaster::forecast(std::span<const ComparisonPair> edits,
                                                         std::span<const double> parentSpeedups) const
{
    if (edits.size() != parentSpeedups.size())
        throw std::invalid_argument("one parent speedup an edit");
    std::vector<FeatureRow> rows;
    for (const auto &example : trainingExamples(edits))
        rows.push_back(example.features);
    const auto editBins = m_editModel->predict(rows);
    std::vector<Forecast> forecasts(edits.size());
    for (std::size_t i = 0; i < edits.size(); ++i) {
        auto &forecast = forecasts[i];
        forecast.probabilities = m_shifts.childBins(editBins[i], parentSpeedups[i]);
        forecast.predictedBin = int(std::max_element(forecast.probabilities.begin(), forecast.probabilities.end())
                                    - forecast.probabilities.begin())
            + 1;
        forecast.source = kParentAnchoredLabel;
    }
    return forecasts;
}

} // namespace kfx::surrogate
