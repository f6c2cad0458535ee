#include "topkrecovery.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace kfx::metrics {

namespace {
// Per pool, the indices of its candidates with a measured speedup in the surrogate's order (ties and unforecast
// candidates keep input order): what recovery and a clicked curve point both count.
std::map<int, std::vector<std::size_t>> rankedPools(std::span<const PoolCandidate> candidates, ConfidenceScore score)
{
    constexpr double kUnranked = -std::numeric_limits<double>::infinity();
    std::vector<double> ranks(candidates.size(), kUnranked);
    std::map<int, std::vector<std::size_t>> pools;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto &candidate = candidates[i];
        if (!(candidate.speedup > 0.0))
            continue;
        if (candidate.forecast)
            ranks[i] = confidence(score, *candidate.forecast);
        pools[candidate.pool].push_back(i);
    }
    for (auto &[id, members] : pools)
        std::stable_sort(members.begin(), members.end(),
                         [&](std::size_t a, std::size_t b) { return ranks[a] > ranks[b]; });
    return pools;
}

// How many of a pool of n are measured at k percent: ceil(k%·n), at least one.
std::size_t measuredCount(std::size_t n, int percent)
{
    return std::max<std::size_t>(1, std::min(n, std::size_t(std::ceil(double(percent) * double(n) / 100.0))));
}
} // namespace

TopKRecovery topKRecovery(std::span<const PoolCandidate> candidates, ConfidenceScore score)
{
    struct Pool {
        std::vector<double> bestSoFar; // best speedup among the top i+1
        double best = 0.0;
    };
    std::vector<Pool> ranked;
    for (const auto &[id, members] : rankedPools(candidates, score)) {
        Pool pool;
        double best = 0.0;
        for (const auto member : members) {
            best = std::max(best, candidates[member].speedup);
            pool.bestSoFar.push_back(best);
        }
        pool.best = best;
        ranked.push_back(std::move(pool));
    }

    TopKRecovery result;
    if (ranked.empty())
        return result;
    for (int percent = 1; percent <= 100; ++percent) {
        double sum = 0.0;
        for (const auto &pool : ranked) {
            sum += pool.bestSoFar[measuredCount(pool.bestSoFar.size(), percent) - 1] / pool.best;
        }
        const double recovered = sum / double(ranked.size());
        result.curve.push_back({percent, recovered});
        if (!result.percentWithin20 && recovered >= 0.8)
            result.percentWithin20 = percent;
    }
    return result;
}

std::vector<std::size_t> topKMeasured(std::span<const PoolCandidate> candidates, ConfidenceScore score, int percent)
{
    std::vector<std::size_t> measured;
    for (const auto &[id, members] : rankedPools(candidates, score)) {
        const auto count = measuredCount(members.size(), percent);
        measured.insert(measured.end(), members.begin(), members.begin() + std::ptrdiff_t(count));
    }
    return measured;
}

} // namespace kfx::metrics
