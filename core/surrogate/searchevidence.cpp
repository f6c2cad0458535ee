#include "searchevidence.h"

#include "baselines.h"

#include <algorithm>

namespace kfx::surrogate {

namespace {

// Measured with a verdict: a bin, or a failure (bin 0).
bool hasVerdict(const KernelNode &node)
{
    return node.evaluation && node.evaluation->judgedBin().has_value();
}

} // namespace

SearchEvidence searchEvidence(const Population &population, std::size_t node, std::size_t nearest)
{
    SearchEvidence evidence;
    const auto &kernel = population.node(node);
    if (kernel.parent != kNoNode && population.node(kernel.parent).step < kernel.step
        && hasVerdict(population.node(kernel.parent)))
        evidence.parent = kernel.parent;

    std::vector<std::size_t> earlier;
    for (std::size_t index = 0; index < population.size(); ++index) {
        if (population.node(index).step < kernel.step && hasVerdict(population.node(index)))
            earlier.push_back(index);
    }
    const auto byStep = [&](std::size_t a, std::size_t b) { return population.node(a).step < population.node(b).step; };
    std::stable_sort(earlier.begin(), earlier.end(), byStep);
    if (earlier.size() > kMaxEvidenceCandidates)
        earlier.erase(earlier.begin(), earlier.end() - std::ptrdiff_t(kMaxEvidenceCandidates));

    const auto code = codeShingles(kernel.code);
    for (const auto index : earlier)
        evidence.nearest.push_back({index, jaccardSimilarity(code, codeShingles(population.node(index).code))});
    // Stable, so that among equally similar kernels the one measured first comes first.
    std::stable_sort(evidence.nearest.begin(), evidence.nearest.end(),
                     [](const auto &a, const auto &b) { return a.similarity > b.similarity; });
    evidence.nearest.resize(std::min(evidence.nearest.size(), nearest));
    return evidence;
}

} // namespace kfx::surrogate
