#include "parentanchored.h"

#include "embeddedsurrogate.h"
#include "kernelfeatures.h"

#include <algorithm>
#include <charconv>
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

constexpr std::string_view kFormatLine = "kfx-parent-anchored/1\n";

} // namespace

KernelRuntimeQuery editQuery(KernelRuntimeQuery kernel, const SharedText &parentCode)
{
    kernel.reference.code = parentCode;
    return kernel;
}

KernelRuntimeQuery editQuery(const ComparisonPair &parent, const ComparisonPair &child)
{
    return editQuery(queryForPair(child), parent.candidateCode);
}

ComparisonPair parentEditPair(const ComparisonPair &parent, const ComparisonPair &child)
{
    if (!(parent.speedup > 0.0) || !(child.speedup > 0.0))
        throw std::invalid_argument("a parent edit needs both kernels' measured speedups");
    auto edit = child;
    edit.referenceCode = parent.candidateCode;
    edit.pairType = "parent_edit";
    edit.parentNodeId = parent.childNodeId;
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

std::string EditShifts::save() const
{
    std::string text;
    for (const auto &bin : m_shifts) {
        for (std::size_t i = 0; i < bin.size(); ++i) {
            char number[32];
            const auto written = std::to_chars(number, number + sizeof number, bin[i]).ptr;
            text.append(i ? " " : "").append(number, written);
        }
        text += '\n';
    }
    return text;
}

EditShifts EditShifts::load(std::string_view text)
{
    EditShifts shifts;
    for (std::size_t b = 0; b < shifts.m_shifts.size(); ++b) {
        const auto end = text.find('\n');
        if (end == std::string_view::npos)
            throw ModelError("the edit shifts have " + std::to_string(b) + " lines, not 8");
        const auto line = text.substr(0, end);
        text.remove_prefix(end + 1);
        for (const char *at = line.data(), *stop = line.data() + line.size(); at < stop;) {
            double shift = 0.0;
            const auto [next, error] = std::from_chars(at, stop, shift);
            if (error != std::errc() || !std::isfinite(shift) || (next < stop && *next != ' '))
                throw ModelError("line " + std::to_string(b + 1) + " of the edit shifts is not a list of numbers");
            shifts.m_shifts[b].push_back(shift);
            at = next + (next < stop);
        }
    }
    return shifts;
}

ParentAnchoredForecaster::ParentAnchoredForecaster(std::shared_ptr<const EmbeddedModel> editModel, EditShifts shifts)
    : m_editModel(std::move(editModel))
    , m_shifts(std::move(shifts))
{
    if (!m_editModel)
        throw std::invalid_argument("a parent-anchored forecaster needs an edit model");
}

std::vector<Forecast> ParentAnchoredForecaster::forecast(std::span<const KernelRuntimeQuery> edits,
                                                         std::span<const double> parentSpeedups) const
{
    if (edits.size() != parentSpeedups.size())
        throw std::invalid_argument("one parent speedup an edit");
    const auto rows = batchFeatures(edits);
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

std::vector<std::optional<Forecast>>
ParentAnchoredForecaster::forecast(std::span<const std::optional<AnchoredEdit>> edits) const
{
    std::vector<KernelRuntimeQuery> given;
    std::vector<double> parentSpeedups;
    for (const auto &edit : edits) {
        if (edit) {
            given.push_back(edit->edit);
            parentSpeedups.push_back(edit->parentSpeedup);
        }
    }
    std::vector<std::optional<Forecast>> forecasts(edits.size());
    if (given.empty())
        return forecasts;
    auto made = forecast(given, parentSpeedups);
    auto next = made.begin();
    for (std::size_t i = 0; i < edits.size(); ++i) {
        if (edits[i])
            forecasts[i] = std::move(*next++);
    }
    return forecasts;
}

std::vector<std::uint8_t> ParentAnchoredForecaster::save() const
{
    std::string text(kFormatLine);
    text += m_shifts.save();
    text += '\n';
    const auto model = m_editModel->save();
    std::vector<std::uint8_t> bytes(text.begin(), text.end());
    bytes.insert(bytes.end(), model.begin(), model.end());
    return bytes;
}

ParentAnchoredForecaster ParentAnchoredForecaster::load(std::span<const std::uint8_t> bytes)
{
    const std::string_view text(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    if (!text.starts_with(kFormatLine))
        throw ModelError("not a kfx parent-anchored forecaster");
    // The shifts' eight lines (a bin without shifts has an empty one), then the line that ends them.
    auto modelStart = kFormatLine.size();
    for (std::size_t line = 0; line <= kBinCount; ++line) {
        const auto end = text.find('\n', modelStart);
        if (end == std::string_view::npos)
            throw ModelError("the parent-anchored forecaster is cut off before its model");
        modelStart = end + 1;
    }
    if (text[modelStart - 2] != '\n')
        throw ModelError("the parent-anchored forecaster's shifts are not eight lines");
    auto shifts = EditShifts::load(text.substr(kFormatLine.size(), modelStart - 1 - kFormatLine.size()));
    auto model = EmbeddedModel::load(bytes.subspan(modelStart));
    return ParentAnchoredForecaster(std::make_shared<const EmbeddedModel>(std::move(model)), std::move(shifts));
}

} // namespace kfx::surrogate
