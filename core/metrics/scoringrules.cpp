#include "scoringrules.h"

#include "model/speedupbin.h"

#include <algorithm>
#include <cmath>

namespace kfx::metrics {

namespace {
double squaredErrorSum(const BinProbabilities &p, int trueBin)
{
    double sum = 0.0;
    for (int bin = kFirstBin; bin <= kLastBin; ++bin) {
        const double error = p[bin - 1] - (bin == trueBin ? 1.0 : 0.0);
        sum += error * error;
    }
    return sum;
}
} // namespace

double halfBrier(const BinProbabilities &p, int trueBin)
{
    return 0.5 * squaredErrorSum(p, trueBin);
}

double unhalvedBrier(const BinProbabilities &p, int trueBin)
{
    return squaredErrorSum(p, trueBin);
}

double crps(const BinProbabilities &p, int trueBin)
{
    double predicted = 0.0;
    double observed = 0.0;
    double sum = 0.0;
    for (int bin = kFirstBin; bin < kLastBin; ++bin) {
        predicted += p[bin - 1];
        if (bin >= trueBin)
            observed = 1.0;
        sum += (predicted - observed) * (predicted - observed);
    }
    return sum / (kBinCount - 1);
}

double negativeLogLikelihood(const BinProbabilities &p, int trueBin)
{
    return -std::log(std::max(p[trueBin - 1], 1e-12));
}

double entropy(const BinProbabilities &p)
{
    // Python's -sum(...) accumulates the positive terms p·ln p, then negates.
    double sum = 0.0;
    for (double mass : p) {
        if (mass > 0.0)
            sum += mass * std::log(mass);
    }
    return -sum;
}

BinProbabilities uniformDistribution()
{
    BinProbabilities p;
    p.fill(1.0 / kBinCount);
    return p;
}

} // namespace kfx::metrics
