#include "baselines.h"

#include "model/speedupbin.h"
#include "search/canonicalkernel.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <stdexcept>

namespace kfx::surrogate {

namespace {

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::vector<std::string_view> tokens(std::string_view text)
{
    std::vector<std::string_view> list;
    for (std::size_t i = 0; i < text.size();) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        if (isNameChar(text[i])) {
            // A number keeps its fraction (1.5f): a name never holds a dot.
            const bool number = std::isdigit(static_cast<unsigned char>(text[i]));
            while (end < text.size() && (isNameChar(text[end]) || (number && text[end] == '.')))
                ++end;
        }
        list.push_back(text.substr(i, end - i));
        i = end;
    }
    return list;
}

} // namespace

BinPrior BinPrior::of(std::span<const int> bins)
{
    if (bins.empty())
        throw std::invalid_argument("a bin prior needs at least one measured bin");
    std::array<int, kBinCount> counts{};
    for (const auto bin : bins)
        ++counts[std::size_t(bin - 1)];
    BinPrior prior;
    for (std::size_t b = 0; b < counts.size(); ++b)
        prior.frequencies[b] = double(counts[b]) / double(bins.size());
    prior.majorityBin = int(std::max_element(counts.begin(), counts.end()) - counts.begin()) + 1;
    return prior;
}

BinPrior BinPrior::everyBinAlike()
{
    static constexpr std::array<int, kBinCount> kEveryBin{1, 2, 3, 4, 5, 6, 7, 8};
    return of(kEveryBin);
}

Forecast majorityForecast(const BinPrior &prior)
{
    Forecast forecast;
    forecast.probabilities[std::size_t(prior.majorityBin - 1)] = 1.0;
    forecast.predictedBin = prior.majorityBin;
    forecast.source = kMajorityLabel;
    return forecast;
}

Forecast alwaysDeferForecast(const BinPrior &prior)
{
    Forecast forecast;
    forecast.probabilities = prior.frequencies;
    forecast.predictedBin = prior.majorityBin;
    forecast.source = kAlwaysDeferLabel;
    return forecast;
}

Forecast smoothedBinForecast(int bin, const BinPrior &prior, std::string_view source)
{
    Forecast forecast;
    for (std::size_t b = 0; b < forecast.probabilities.size(); ++b)
        forecast.probabilities[b] = (1.0 - kMeasuredBinWeight) * prior.frequencies[b];
    forecast.probabilities[std::size_t(bin - 1)] += kMeasuredBinWeight;
    forecast.predictedBin = int(std::max_element(forecast.probabilities.begin(), forecast.probabilities.end())
                                - forecast.probabilities.begin())
        + 1;
    forecast.source = source;
    return forecast;
}

Forecast parentBinForecast(std::optional<int> parentBin, const BinPrior &prior)
{
    auto forecast = parentBin ? smoothedBinForecast(*parentBin, prior, kParentBinLabel) : alwaysDeferForecast(prior);
    forecast.source = kParentBinLabel;
    return forecast;
}

Forecast nearestMeasuredForecast(std::optional<int> nearestBin, const BinPrior &prior)
{
    auto forecast = nearestBin ? smoothedBinForecast(*nearestBin, prior, kNearestLabel) : alwaysDeferForecast(prior);
    forecast.source = kNearestLabel;
    return forecast;
}

CodeShingles codeShingles(std::string_view code)
{
    const auto canonical = search::canonicalKernelCode(code);
    const auto list = tokens(canonical);
    CodeShingles shingles;
    std::string bigram;
    for (std::size_t i = 0; i + 1 < list.size(); ++i) {
        bigram.assign(list[i]).append(1, '\x1f').append(list[i + 1]);
        shingles.push_back(std::hash<std::string>{}(bigram));
    }
    std::sort(shingles.begin(), shingles.end());
    shingles.erase(std::unique(shingles.begin(), shingles.end()), shingles.end());
    return shingles;
}

double jaccardSimilarity(const CodeShingles &a, const CodeShingles &b)
{
    if (a.empty() && b.empty())
        return 1.0;
    std::size_t common = 0;
    for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end();) {
        if (*i < *j) {
            ++i;
        } else if (*j < *i) {
            ++j;
        } else {
            ++common;
            ++i;
            ++j;
        }
    }
    return double(common) / double(a.size() + b.size() - common);
}

std::optional<std::size_t> nearestKernel(const CodeShingles &query, std::span<const CodeShingles *const> candidates)
{
    std::optional<std::size_t> best;
    double bestSimilarity = -1.0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const double similarity = jaccardSimilarity(query, *candidates[i]);
        if (similarity > bestSimilarity) {
            bestSimilarity = similarity;
            best = i;
        }
    }
    return best;
}

} // namespace kfx::surrogate
