#include "topkrecovery.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace kfx::metrics {

TopKRecovery topKRecovery(std::span<const PoolCandidate> candidates, ConfidenceScore score)
{
    constexpr double kUnranked = -std::numeric_limits<double>::infinity();
    // Per pool, the speedups in the surrogate's order (ties and unforecast candidates keep input order).
    std::map<int, std::vector<std::pair<double, double>>> pools; // pool -> (score, speedup)
    for (const auto &candidate : candidates) {
        if (!(candidate.speedup > 0.0))
            continue;
        const double rank = candidate.forecast ? confidence(score, *candidate.forecast) : kUnranked;
        pools[candidate.pool].emplace_back(rank, candidate.speedup);
    }
    struct Pool {
        std::vector<double> bestSoFar; // best speedup among the top i+1
        double best = 0.0;
    };
    std::vector<Pool> ranked;
    for (auto &[id, entries] : pools) {
        std::stable_sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        Pool pool;
        double best = 0.0;
        for (const auto &entry : entries) {
            best = std::max(best, entry.second);
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
            const auto n = pool.bestSoFar.size();
            const auto measured = std::min(n, std::size_t(std::ceil(double(percent) * double(n) / 100.0)));
            sum += pool.bestSoFar[std::max<std::size_t>(measured, 1) - 1] / pool.best;
        }
        const double recovered = sum / double(ranked.size());
        result.curve.push_back({percent, recovered});
        if (!result.percentWithin20 && recovered >= 0.8)
            result.percentWithin20 = percent;
    }
    return result;
}

} // namespace kfx::metrics
