#include "searchcomparison.h"

#include "search/canonicalkernel.h"
#include "search/searchdriver.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_set>

namespace searchcomparison {

namespace {

constexpr std::string_view kSelective = "-selective.jsonl";
constexpr std::string_view kBaseline = "-baseline.jsonl";
constexpr std::string_view kVariantTag = "kfx-variant:";

// A kernel the search's mutations produced, whatever became of it: a failed kernel was still considered.
bool wasConsidered(const kfx::KernelNode &node)
{
    return node.status != kfx::NodeStatus::Seed && node.status != kfx::NodeStatus::Placeholder && !node.code.empty();
}

// Distinct kernels considered by the end of each step (canonicalkernel.h: a variant that differs from an earlier
// one only in its header, comments or layout is the same kernel, as kfx-cli search counts them): a step mutates
// and forecasts all its candidates before it measures any, so a measurement of step s comes after every candidate
// of steps up to s.
std::map<int, int> candidatesByStep(const kfx::Population &population)
{
    std::map<int, int> perStep;
    std::unordered_set<std::string> seen;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (wasConsidered(node) && seen.insert(kfx::search::canonicalKernelCode(node.code)).second)
            ++perStep[node.step];
    }
    int total = 0;
    for (auto &[step, count] : perStep)
        count = total += count;
    return perStep;
}

int candidatesUpTo(const std::map<int, int> &cumulative, int step)
{
    auto after = cumulative.upper_bound(step);
    return after == cumulative.begin() ? 0 : std::prev(after)->second;
}

std::optional<std::string> nameBefore(std::string_view fileName, std::string_view suffix)
{
    if (fileName.size() <= suffix.size() || !fileName.ends_with(suffix))
        return std::nullopt;
    return std::string(fileName.substr(0, fileName.size() - suffix.size()));
}

} // namespace

const Standing &Figures::at(int evaluations) const
{
    const auto index = std::clamp<std::size_t>(std::size_t(std::max(0, evaluations)), 0, standings.size() - 1);
    return standings[index];
}

std::vector<std::size_t> measuredNodes(const kfx::Population &population)
{
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (kfx::search::measuredOnGpu(population.node(i)))
            nodes.push_back(i);
    }
    return nodes;
}

Figures figuresOf(const kfx::Population &population, const std::vector<std::optional<double>> *rewards)
{
    Standing standing;
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (population.node(i).status == kfx::NodeStatus::Seed) {
            standing.best = population.node(i).reward().value_or(0.0);
            standing.bestNode = i;
            break;
        }
    }
    Figures figures;
    figures.standings.push_back(standing);
    const auto cumulative = candidatesByStep(population);
    const auto measured = measuredNodes(population);
    const std::size_t count = rewards ? std::min(rewards->size(), measured.size()) : measured.size();
    for (std::size_t k = 0; k < count; ++k) {
        const auto &node = population.node(measured[k]);
        const auto reward = rewards ? (*rewards)[k] : node.reward();
        ++standing.evaluations;
        standing.candidates = std::max(standing.candidates, candidatesUpTo(cumulative, node.step));
        if (reward && *reward > standing.best) {
            standing.best = *reward;
            standing.bestNode = measured[k];
        }
        figures.standings.push_back(standing);
    }
    // Candidates of a last step that measured nothing were considered too.
    if (!rewards && !cumulative.empty())
        figures.standings.back().candidates = std::max(figures.standings.back().candidates,
                                                       cumulative.rbegin()->second);
    return figures;
}

std::string kernelLabel(const kfx::KernelNode &node)
{
    const auto at = node.code.find(kVariantTag);
    if (at == std::string::npos)
        return node.id;
    auto begin = node.code.find_first_not_of(' ', at + kVariantTag.size());
    const auto end = node.code.find('\n', at);
    if (begin == std::string::npos || (end != std::string::npos && begin >= end))
        return node.id;
    return node.code.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

std::optional<Pair> findPair(const std::vector<std::string> &fileNames)
{
    for (std::size_t s = 0; s < fileNames.size(); ++s) {
        const auto name = nameBefore(fileNames[s], kSelective);
        if (!name)
            continue;
        for (std::size_t b = 0; b < fileNames.size(); ++b) {
            if (nameBefore(fileNames[b], kBaseline) == name)
                return Pair{s, b, *name};
        }
    }
    return std::nullopt;
}

} // namespace searchcomparison
