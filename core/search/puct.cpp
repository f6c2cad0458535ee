#include "puct.h"

#include "io/loadedfile.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace kfx::puct {

namespace {

constexpr double kNoReward = -std::numeric_limits<double>::infinity();

double rewardOrNone(const KernelNode &node)
{
    return node.reward().value_or(kNoReward);
}

// Indices sorted by value, highest first, ties in index order (numpy's argsort of the negated values, which
// is stable for the archive sizes the reference's tests use).
std::vector<std::size_t> descendingOrder(std::span<const double> values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] > values[b]; });
    return order;
}

std::vector<std::size_t> lineageAndSelf(const Population &population, std::size_t node)
{
    auto lineage = population.ancestors(node);
    lineage.push_back(node);
    return lineage;
}

} // namespace

std::vector<double> rankPrior(std::span<const double> rewards)
{
    const std::size_t n = rewards.size();
    std::vector<double> prior(n);
    if (n == 0)
        return prior;
    const auto order = descendingOrder(rewards);
    double total = 0.0;
    for (std::size_t rank = 0; rank < n; ++rank) {
        prior[order[rank]] = double(n - rank);
        total += double(n - rank);
    }
    for (auto &weight : prior)
        weight /= total;
    return prior;
}

double globalScale(const Population &population)
{
    auto range = [&](bool skipSeeds) -> std::optional<double> {
        std::optional<double> low, high;
        for (auto index : population.archive) {
            const auto &node = population.node(index);
            auto reward = node.reward();
            if (!reward || (skipSeeds && node.status == NodeStatus::Seed))
                continue;
            low = std::min(low.value_or(*reward), *reward);
            high = std::max(high.value_or(*reward), *reward);
        }
        if (!low)
            return std::nullopt;
        return std::max(1e-6, *high - *low);
    };
    if (auto scale = range(true))
        return *scale;
    return range(false).value_or(1.0);
}

std::vector<ScoredNode> scoreArchive(const Population &population, double cPuct)
{
    const auto &archive = population.archive;
    std::vector<double> rewards;
    rewards.reserve(archive.size());
    for (auto index : archive)
        rewards.push_back(rewardOrNone(population.node(index)));
    const double scale = globalScale(population);
    const auto prior = rankPrior(rewards);
    const double sqrtT = std::sqrt(1.0 + population.globalExpansionCount);

    std::vector<ScoredNode> scored;
    scored.reserve(archive.size());
    for (std::size_t i = 0; i < archive.size(); ++i) {
        const auto visitsIt = population.visitCounts.find(archive[i]);
        const int visits = visitsIt == population.visitCounts.end() ? 0 : visitsIt->second;
        double q = rewards[i];
        if (visits > 0) {
            // A parent visited only by failed rollouts has no best child yet and keeps its own reward.
            if (auto best = population.bestChildRewards.find(archive[i]); best != population.bestChildRewards.end())
                q = best->second;
        }
        const double bonus = cPuct * scale * prior[i] * sqrtT / (1.0 + visits);
        scored.push_back({archive[i], q + bonus, rewards[i]});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const ScoredNode &a, const ScoredNode &b) {
        return a.score != b.score ? a.score > b.score : a.reward > b.reward;
    });
    return scored;
}

std::vector<std::size_t> selectParents(const Population &population, int batchSize, double cPuct)
{
    const auto scored = scoreArchive(population, cPuct);
    std::vector<std::size_t> selected;
    if (batchSize <= 0 || scored.empty())
        return selected;
    if (batchSize == 1)
        return {scored.front().node};

    // Archived descendants of each archive member, from every member's ancestor list.
    std::unordered_map<std::size_t, std::vector<std::size_t>> descendants;
    for (auto index : population.archive) {
        for (auto ancestor : population.ancestors(index))
            descendants[ancestor].push_back(index);
    }
    std::unordered_set<std::size_t> blocked;
    for (const auto &candidate : scored) {
        if (blocked.contains(candidate.node))
            continue;
        selected.push_back(candidate.node);
        for (auto index : lineageAndSelf(population, candidate.node))
            blocked.insert(index);
        if (auto it = descendants.find(candidate.node); it != descendants.end())
            blocked.insert(it->second.begin(), it->second.end());
        if (int(selected.size()) >= batchSize)
            break;
    }
    return selected;
}

namespace {

void visitLineage(Population &population, std::size_t parent)
{
    for (auto index : lineageAndSelf(population, parent))
        ++population.visitCounts[index];
}

void backpropagate(Population &population, std::span<const StepChild> children,
                   std::unordered_map<std::size_t, int> &validByParent)
{
    // Parents in the order their first valid child appears, as the reference's dict iterates.
    std::vector<std::size_t> parents;
    std::unordered_map<std::size_t, double> bestByParent;
    for (const auto &child : children) {
        auto reward = population.node(child.node).reward();
        if (!reward)
            continue;
        auto [it, inserted] = bestByParent.try_emplace(child.parent, *reward);
        if (inserted)
            parents.push_back(child.parent);
        else
            it->second = std::max(it->second, *reward);
        ++validByParent[child.parent];
    }
    for (auto parent : parents) {
        const double best = bestByParent[parent];
        auto [it, inserted] = population.bestChildRewards.try_emplace(parent, best);
        if (!inserted)
            it->second = std::max(it->second, best);
        visitLineage(population, parent);
        ++population.globalExpansionCount;
    }
}

void admitChildren(Population &population, std::span<const StepChild> children, int kPerParent)
{
    // Children grouped by parent in first-appearance order, each group sorted by reward (stable).
    std::vector<std::size_t> parentOrder;
    std::unordered_map<std::size_t, std::vector<std::size_t>> byParent;
    for (const auto &child : children) {
        auto [it, inserted] = byParent.try_emplace(child.parent);
        if (inserted)
            parentOrder.push_back(child.parent);
        it->second.push_back(child.node);
    }
    for (auto parent : parentOrder) {
        auto &group = byParent[parent];
        std::stable_sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) {
            return rewardOrNone(population.node(a)) > rewardOrNone(population.node(b));
        });
        for (std::size_t rank = 0; rank < group.size(); ++rank) {
            auto &node = population.node(group[rank]);
            const bool admitted = rank < std::size_t(std::max(kPerParent, 0)) && node.reward()
                && population.archivedCode.insert(node.code).second;
            node.status = admitted ? NodeStatus::Evaluated
                                   : (node.reward() ? NodeStatus::NotAdmitted : node.status);
            if (admitted) {
                node.inArchive = node.everInArchive = true;
                population.archive.push_back(group[rank]);
            }
        }
    }
}

void truncateArchive(Population &population, int capacity)
{
    auto &archive = population.archive;
    if (capacity < 0 || archive.size() <= std::size_t(capacity))
        return;
    std::vector<double> rewards;
    for (auto index : archive)
        rewards.push_back(rewardOrNone(population.node(index)));
    // numpy's argsort(...)[::-1]: ascending (stable here), then reversed, so later equals come first.
    std::vector<std::size_t> ascending(archive.size());
    std::iota(ascending.begin(), ascending.end(), 0);
    std::stable_sort(ascending.begin(), ascending.end(), [&](std::size_t a, std::size_t b) { return rewards[a] < rewards[b]; });

    std::vector<bool> keep(archive.size(), false);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < archive.size(); ++i) {
        if (population.node(archive[i]).status == NodeStatus::Seed) {
            keep[i] = true;
            ++kept;
        }
    }
    for (auto it = ascending.rbegin(); it != ascending.rend() && kept < std::size_t(capacity); ++it) {
        if (!keep[*it]) {
            keep[*it] = true;
            ++kept;
        }
    }
    std::vector<std::size_t> remaining;
    for (std::size_t i = 0; i < archive.size(); ++i) {
        if (keep[i]) {
            remaining.push_back(archive[i]);
        } else {
            auto &node = population.node(archive[i]);
            population.archivedCode.erase(node.code);
            node.inArchive = false;
            node.status = NodeStatus::Evicted;
        }
    }
    archive = std::move(remaining);
}

} // namespace

void finalizeStep(Population &population, std::span<const std::size_t> stepParents,
                  std::span<const StepChild> children, const ReplayOptions &options)
{
    std::unordered_map<std::size_t, int> validByParent;
    backpropagate(population, children, validByParent);
    for (auto parent : stepParents) {
        if (validByParent[parent] > 0 || !population.node(parent).inArchive)
            continue;
        visitLineage(population, parent);
        ++population.globalExpansionCount;
    }
    admitChildren(population, children, options.kPerParent);
    truncateArchive(population, options.archiveCapacity);
}

} // namespace kfx::puct
