#include "searchbaselines.h"

#include "model/speedupbin.h"

#include <algorithm>
#include <array>

namespace kfx::surrogate {

namespace {

// The bin of a kernel that was measured and ran; none for a failure or a kernel without a verdict.
std::optional<int> successfulBin(const KernelNode &node)
{
    const auto bin = node.evaluation ? node.evaluation->judgedBin() : std::nullopt;
    return bin == kFailureBin ? std::nullopt : bin;
}

std::vector<std::size_t> sortedByStep(const Population &population, std::vector<std::size_t> nodes)
{
    std::stable_sort(nodes.begin(), nodes.end(),
                     [&](std::size_t a, std::size_t b) { return population.node(a).step < population.node(b).step; });
    return nodes;
}

Forecast relabelled(Forecast forecast, std::string_view label)
{
    forecast.source = label;
    return forecast;
}

} // namespace

bool isBaselineSource(std::string_view source)
{
    static constexpr std::array kBaselines = {kMajorityLabel,       kAlwaysDeferLabel,   kParentBinLabel,
                                              kNearestLabel,        kMajoritySoFarLabel, kAlwaysDeferSoFarLabel,
                                              kParentBinSoFarLabel, kNearestSoFarLabel};
    return std::find(kBaselines.begin(), kBaselines.end(), source) != kBaselines.end();
}

std::map<std::size_t, std::vector<Forecast>> inSearchBaselines(const Population &population,
                                                               std::span<const std::size_t> nodes)
{
    std::map<std::size_t, std::vector<Forecast>> baselines;
    if (nodes.size() > kMaxInSearchBaselineKernels)
        return baselines;
    std::vector<std::size_t> successful;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (successfulBin(population.node(i)))
            successful.push_back(i);
    }
    successful = sortedByStep(population, std::move(successful));

    std::vector<CodeShingles> knownShingles;
    knownShingles.reserve(successful.size()); // the pointers below stay valid
    std::vector<const CodeShingles *> known;
    std::vector<int> knownBins;
    std::size_t next = 0;
    for (const auto index : sortedByStep(population, {nodes.begin(), nodes.end()})) {
        const auto &node = population.node(index);
        for (; next < successful.size() && population.node(successful[next]).step < node.step; ++next) {
            knownShingles.push_back(codeShingles(population.node(successful[next]).code));
            known.push_back(&knownShingles.back());
            knownBins.push_back(*successfulBin(population.node(successful[next])));
        }
        const auto prior = knownBins.empty() ? BinPrior::everyBinAlike() : BinPrior::of(knownBins);
        std::optional<int> parentBin;
        if (node.parent != kNoNode && population.node(node.parent).step < node.step)
            parentBin = successfulBin(population.node(node.parent));
        const auto nearest = nearestKernel(codeShingles(node.code), known);
        baselines[index] = {
            relabelled(majorityForecast(prior), kMajoritySoFarLabel),
            relabelled(alwaysDeferForecast(prior), kAlwaysDeferSoFarLabel),
            relabelled(parentBinForecast(parentBin, prior), kParentBinSoFarLabel),
            relabelled(nearestMeasuredForecast(nearest ? std::optional(knownBins[*nearest]) : std::nullopt, prior),
                       kNearestSoFarLabel),
        };
    }
    return baselines;
}

} // namespace kfx::surrogate
