#include "searchawareforecaster.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace kfx::surrogate {

namespace {

// The pseudo-counts, set once by hand (see the header). A quarter of measurements fail before any is seen: the
// field's searches lose about that many to compile errors, crashes and wrong results.
constexpr double kPriorFailures = 1.0;
constexpr double kPriorRuns = 3.0;
// An edit most often keeps its parent's bin, else moves it by one: the parent component's belief before this
// search has shown what its edits do, worth a few edits of evidence.
constexpr std::array<double, 2 *kBinCount - 1> kPriorBinChanges = {0.01, 0.01, 0.01, 0.01, 0.02, 0.1,  0.4, 1.0,
                                                                   0.4,  0.1,  0.02, 0.01, 0.01, 0.01, 0.01};
constexpr double kPriorBinChangeMass = 2.0;
// Neighbours: the eight most similar measured kernels, each weighing its similarity to the fourth power (a twin
// that differs only in a constant counts, a kernel that shares half its code hardly does), beside the prior
// outcomes weighing this much.
constexpr std::size_t kNeighbours = 8;
constexpr double kSimilarityPower = 4.0;
constexpr double kNeighbourPriorWeight = 0.25;
// Edits: the four most similar earlier edits, each weighing its similarity squared, beside the parent component
// weighing this much. Set once from a look at the corpus's edits (how sharply the most similar edit's failure
// told a new edit's), not tuned on the evaluation's figures.
constexpr std::size_t kSimilarEdits = 4;
constexpr double kEditSimilarityPower = 2.0;
constexpr double kEditPriorWeight = 0.5;
// The rationale names an earlier edit as similar from this similarity on: one less alike weighs under a quarter of
// the parent component's share, and calling a rewrite 2 % alike "similar" would mislead.
constexpr double kSimilarEditNamed = 0.5;
// An edit's removed shingles are told from its added ones by this mark.
constexpr std::uint64_t kRemovedMark = 0x9e3779b97f4a7c15ULL;
OutcomeProbabilities normalised(OutcomeProbabilities p)
{
    const double total = std::accumulate(p.begin(), p.end(), 0.0);
    for (auto &mass : p)
        mass /= total;
    return p;
}

double successShare(const OutcomeProbabilities &p)
{
    return 1.0 - p[kFailureBin];
}

std::string percent(double share)
{
    return std::to_string(int(std::lround(100.0 * share))) + " %";
}

} // namespace

std::string_view searchAwareComponentName(SearchAwareComponent component)
{
    constexpr std::string_view kNames[] = {"model", "parent", "edits", "neighbours", "prior"};
    return kNames[std::size_t(component)];
}

KernelEdit kernelEdit(const CodeShingles &parent, const CodeShingles &kernel)
{
    KernelEdit edit;
    std::set_difference(kernel.begin(), kernel.end(), parent.begin(), parent.end(), std::back_inserter(edit));
    const auto added = edit.size();
    std::set_difference(parent.begin(), parent.end(), kernel.begin(), kernel.end(), std::back_inserter(edit));
    for (auto removed = edit.begin() + std::ptrdiff_t(added); removed != edit.end(); ++removed)
        *removed ^= kRemovedMark;
    std::sort(edit.begin(), edit.end());
    edit.erase(std::unique(edit.begin(), edit.end()), edit.end());
    return edit;
}

SearchAwareForecaster::SearchAwareForecaster(BinPrior prior, const FactoredMixing &mixing)
    : m_prior(std::move(prior))
    , m_weights(mixing)
    , m_failureCalibration(mixing.calibration)
{
    const double total = std::accumulate(kPriorBinChanges.begin(), kPriorBinChanges.end(), 0.0);
    for (std::size_t i = 0; i < m_binChanges.size(); ++i)
        m_binChanges[i] = kPriorBinChangeMass * kPriorBinChanges[i] / total;
}

double SearchAwareForecaster::failureRate() const
{
    return (double(m_failed) + kPriorFailures) / (double(m_kernels.size()) + kPriorFailures + kPriorRuns);
}

OutcomeProbabilities SearchAwareForecaster::priorOutcomes() const
{
    const double failure = failureRate();
    OutcomeProbabilities p{};
    p[kFailureBin] = failure;
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        p[std::size_t(bin)] = (1.0 - failure) * m_prior.frequencies[std::size_t(bin - kFirstBin)];
    return normalised(p);
}

OutcomeProbabilities SearchAwareForecaster::modelOutcomes(const Forecast *model) const
{
    if (!model)
        return priorOutcomes();
    const double failure = failureRate();
    OutcomeProbabilities p{};
    p[kFailureBin] = failure;
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        p[std::size_t(bin)] = (1.0 - failure) * model->probabilityOf(bin);
    return normalised(p);
}

OutcomeProbabilities SearchAwareForecaster::parentOutcomes(std::optional<int> parentOutcome,
                                                           const Forecast *anchored) const
{
    if (!parentOutcome)
        return priorOutcomes();
    if (*parentOutcome == kFailureBin) {
        // A failed parent's edit is a repair attempt: how often this search's repairs failed again.
        auto p = priorOutcomes();
        const double failure = (double(m_failedEditsOfFailedParents) + kPriorFailures)
            / (double(m_editsOfFailedParents) + kPriorFailures + kPriorRuns);
        const double runs = successShare(p);
        for (int bin = kFirstBin; bin <= kLastBin; ++bin)
            p[std::size_t(bin)] *= (1.0 - failure) / runs;
        p[kFailureBin] = failure;
        return normalised(p);
    }
    OutcomeProbabilities p{};
    p[kFailureBin] = (double(m_failedEditsOfRunningParents) + kPriorFailures)
        / (double(m_editsOfRunningParents) + kPriorFailures + kPriorRuns);
    if (anchored) {
        for (int bin = kFirstBin; bin <= kLastBin; ++bin)
            p[std::size_t(bin)] = (1.0 - p[kFailureBin]) * anchored->probabilityOf(bin);
        return normalised(p);
    }
    const double changes = std::accumulate(m_binChanges.begin(), m_binChanges.end(), 0.0);
    for (std::size_t i = 0; i < m_binChanges.size(); ++i) {
        const int bin = std::clamp(*parentOutcome + int(i) - (kBinCount - 1), kFirstBin, kLastBin);
        p[std::size_t(bin)] += (1.0 - p[kFailureBin]) * m_binChanges[i] / changes;
    }
    return normalised(p);
}

SearchAwareForecaster::AlikeEdits SearchAwareForecaster::alikeEdits(const CodeShingles &code,
                                                                    const MeasuredParent &parent) const
{
    const auto edit = kernelEdit(*parent.code, code);
    const bool parentRan = parent.outcome != kFailureBin;
    AlikeEdits alike;
    for (const auto &earlier : m_edits) {
        if ((earlier.parentOutcome != kFailureBin) == parentRan)
            alike.emplace_back(jaccardSimilarity(edit, earlier.edit), &earlier);
    }
    const auto kept = std::min(kSimilarEdits, alike.size());
    // Most similar first; among equals the one made first.
    std::partial_sort(
        alike.begin(), alike.begin() + std::ptrdiff_t(kept), alike.end(),
        [](const auto &a, const auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    alike.resize(kept);
    return alike;
}

OutcomeProbabilities SearchAwareForecaster::editOutcomes(const AlikeEdits &alike, int parentOutcome,
                                                         std::optional<double> parentSpeedup,
                                                         const OutcomeProbabilities &parentComponent)
{
    const bool parentRan = parentOutcome != kFailureBin;
    auto p = parentComponent;
    for (auto &mass : p)
        mass *= kEditPriorWeight;
    for (const auto &[similarity, earlier] : alike) {
        const double weight = std::pow(similarity, kEditSimilarityPower);
        if (earlier->outcome == kFailureBin)
            p[kFailureBin] += weight;
        else if (parentRan && parentSpeedup && earlier->speedupRatio)
            // By the ratio, not the bins: an edit that lifted a parent near the top of its bin into the next one
            // keeps a parent near the bottom of that bin where it is.
            p[std::size_t(speedupBinFor(*parentSpeedup * *earlier->speedupRatio))] += weight;
        else if (parentRan)
            p[std::size_t(
                std::clamp(parentOutcome + earlier->outcome - earlier->parentOutcome, kFirstBin, kLastBin))] += weight;
        else
            p[std::size_t(earlier->outcome)] += weight;
    }
    return normalised(p);
}

OutcomeProbabilities SearchAwareForecaster::neighbourOutcomes(const CodeShingles &code,
                                                              std::vector<MeasuredNeighbour> &nearest) const
{
    std::vector<MeasuredNeighbour> all;
    all.reserve(m_kernels.size());
    for (const auto &kernel : m_kernels)
        all.push_back({kernel.id, jaccardSimilarity(code, kernel.code), kernel.outcome});
    const auto kept = std::min(kNeighbours, all.size());
    // Most similar first; among equals the one measured first.
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(kept), all.end(),
                      [](const MeasuredNeighbour &a, const MeasuredNeighbour &b) {
                          return a.similarity != b.similarity ? a.similarity > b.similarity : a.kernel < b.kernel;
                      });
    all.resize(kept);
    auto p = priorOutcomes();
    for (auto &mass : p)
        mass *= kNeighbourPriorWeight;
    for (const auto &neighbour : all)
        p[std::size_t(neighbour.outcome)] += std::pow(neighbour.similarity, kSimilarityPower);
    all.resize(std::min(all.size(), SearchAwareForecast::kShownNeighbours));
    nearest = std::move(all);
    return normalised(p);
}

SearchAwareForecast SearchAwareForecaster::forecast(const CodeShingles &code, std::optional<MeasuredParent> parent,
                                                    const Forecast *model, const Forecast *anchored) const
{
    SearchAwareForecast result;
    const auto parentOutcome = parent ? std::optional(parent->outcome) : std::nullopt;
    result.parentOutcome = parentOutcome;
    if (!parentOutcome || *parentOutcome == kFailureBin)
        anchored = nullptr;
    AlikeEdits alike;
    if (parent && parent->code) {
        alike = alikeEdits(code, *parent);
        for (const auto &[similarity, earlier] : alike) {
            if (similarity >= kSimilarEditNamed) {
                ++result.similarEdits.count;
                result.similarEdits.failed += earlier->outcome == kFailureBin;
            }
        }
        result.similarEdits.mostAlike = alike.empty() ? 0.0 : alike.front().first;
    }
    // The parent component and the edits component it is the prior of: as the ranking reads them, by bins alone,
    // and as the forecast does, from the parent's speedup where it is known.
    const auto parentAndEdits = [&](const Forecast *anchoredForecast, std::optional<double> parentSpeedup,
                                    ComponentOutcomes &components) {
        const auto &parentComponent = components[std::size_t(SearchAwareComponent::Parent)] = parentOutcomes(
            parentOutcome, anchoredForecast);
        components[std::size_t(SearchAwareComponent::Edits)] = parent && parent->code
            ? editOutcomes(alike, parent->outcome, parentSpeedup, parentComponent)
            : parentComponent;
    };
    auto &ranking = result.rankingComponents;
    ranking[std::size_t(SearchAwareComponent::Model)] = modelOutcomes(model);
    ranking[std::size_t(SearchAwareComponent::Neighbours)] = neighbourOutcomes(code, result.nearest);
    ranking[std::size_t(SearchAwareComponent::Prior)] = priorOutcomes();
    parentAndEdits(nullptr, std::nullopt, ranking);
    auto &components = result.components = ranking;
    const auto parentSpeedup = parent && parentOutcome != kFailureBin ? parent->speedup : std::nullopt;
    if (anchored || parentSpeedup)
        parentAndEdits(anchored, parentSpeedup, components);

    result.weights = m_weights.shares();
    result.selectionScore = mixedForecast(result.rankingComponents, m_rankingWeights.shares()).expectedBinIndex()
        - rankingNoveltyPenalty(m_kernels.size()) * (result.nearest.empty() ? 0.0 : result.nearest.front().similarity);
    auto &forecast = result.forecast = mixedForecast(components, result.weights, m_failureCalibration);
    forecast.source = kSearchAwareLabel;
    forecast.selectionScore = result.selectionScore;

    std::ostringstream reasoning;
    if (parentOutcome == kFailureBin)
        reasoning << "The parent failed. ";
    else if (parentOutcome)
        reasoning << "The parent measured bin " << *parentOutcome << ". ";
    if (anchored)
        reasoning << "Edits like this one, on other tasks, would take it to bin " << anchored->predictedBin << " ("
                  << percent(anchored->probabilityOf(anchored->predictedBin)) << "). ";
    if (!result.nearest.empty()) {
        reasoning << "Nearest measured:";
        for (const auto &neighbour : result.nearest)
            reasoning << " #" << neighbour.kernel << " (" << percent(neighbour.similarity) << " alike, "
                      << (neighbour.outcome == kFailureBin ? std::string("failed")
                                                           : "bin " + std::to_string(neighbour.outcome))
                      << ')';
        reasoning << ". ";
    }
    if (result.similarEdits.count > 0)
        reasoning << "Similar earlier edits: " << result.similarEdits.failed << " of " << result.similarEdits.count
                  << " failed (the closest " << percent(result.similarEdits.mostAlike) << " alike). ";
    reasoning << "Failure " << percent(forecast.failureProbability);
    if (const auto mixed = mixedForecast(components, result.weights, {}).failureProbability;
        percent(mixed) != percent(forecast.failureProbability))
        reasoning << " (mixed " << percent(mixed) << ", then calibrated)";
    reasoning << '.';
    const auto weights = [&](std::string_view part, const ComponentShares &shares) {
        reasoning << ' ' << part << ':';
        for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
            reasoning << ' ' << searchAwareComponentName(SearchAwareComponent(c)) << ' ' << percent(shares[c]);
    };
    weights("Weights for failure", result.weights.failure);
    reasoning << '.';
    weights("Weights for the bin", result.weights.speed);
    forecast.reasoning = reasoning.str();
    return result;
}

void SearchAwareForecaster::remember(std::size_t kernel, CodeShingles code, std::optional<MeasuredParent> parent,
                                     int outcome, std::optional<double> speedup)
{
    const auto parentOutcome = parent ? std::optional(parent->outcome) : std::nullopt;
    if (parent && parent->code) {
        const auto ratio = outcome != kFailureBin && speedup && parent->speedup
            ? std::optional(*speedup / *parent->speedup)
            : std::nullopt;
        m_edits.push_back({kernelEdit(*parent->code, code), parent->outcome, outcome, ratio});
    }
    if (outcome == kFailureBin)
        ++m_failed;
    if (parentOutcome == kFailureBin) {
        ++m_editsOfFailedParents;
        m_failedEditsOfFailedParents += outcome == kFailureBin;
    } else if (parentOutcome) {
        ++m_editsOfRunningParents;
        if (outcome == kFailureBin)
            ++m_failedEditsOfRunningParents;
        else
            m_binChanges[std::size_t(outcome - *parentOutcome + (kBinCount - 1))] += 1.0;
    }
    m_kernels.push_back({kernel, std::move(code), outcome});
}

void SearchAwareForecaster::judge(const SearchAwareForecast &forecast, int outcome)
{
    m_weights.judge(forecast.components, outcome);
    m_rankingWeights.judge(forecast.rankingComponents, outcome);
}

} // namespace kfx::surrogate
