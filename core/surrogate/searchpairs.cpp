#include "searchpairs.h"

#include "model/speedupbin.h"

#include <filesystem>

namespace kfx::surrogate {

namespace {

// The code a search's candidates are measured against: the log's stated reference, else its seed's code.
std::string referenceCode(const Population &population, std::size_t node)
{
    if (!population.context.seedReferenceCode.empty())
        return population.context.seedReferenceCode;
    auto root = node;
    while (population.node(root).parent != kNoNode)
        root = population.node(root).parent;
    return population.node(root).code;
}

} // namespace

ComparisonPair searchPair(const Population &population, std::size_t node)
{
    const auto &kernel = population.node(node);
    ComparisonPair pair;
    pair.origin = PairOrigin::DiscoveryPair;
    pair.id = kernel.id;
    pair.pack = population.context.opName.empty() ? std::string("search") : population.context.opName;
    pair.referenceCode = referenceCode(population, node);
    pair.candidateCode = kernel.code;
    pair.hardware = population.context.hardware;
    if (pair.hardware)
        pair.hardwareName = pair.hardware->deviceName;
    if (const auto speedup = kernel.evaluation ? kernel.evaluation->measuredSpeedup() : std::nullopt) {
        pair.speedup = *speedup;
        pair.trueBin = trySpeedupBinFor(*speedup).value_or(0);
    }
    pair.childNodeId = kernel.id;
    if (kernel.parent != kNoNode)
        pair.parentNodeId = population.node(kernel.parent).id;
    return pair;
}

std::vector<ComparisonPair> measuredSearchPairs(const Population &population, std::string_view task)
{
    std::vector<ComparisonPair> pairs;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == NodeStatus::Seed || node.code.empty())
            continue;
        auto pair = searchPair(population, i);
        if (population.context.opName.empty() && !task.empty())
            pair.pack = task;
        if (pair.trueBin != 0)
            pairs.push_back(std::move(pair));
    }
    return pairs;
}

std::string taskFromFileName(std::string_view path)
{
    auto name = std::filesystem::path(path).filename().string();
    const auto strip = [&name](std::string_view suffix) {
        if (name.size() > suffix.size() && name.ends_with(suffix)) {
            name.resize(name.size() - suffix.size());
            return true;
        }
        return false;
    };
    for (const std::string_view suffix : {".jsonl", ".json", ".events"})
        strip(suffix);
    // The search's role (a corpus holds a selective search and its baseline per task), then its search seed.
    for (const std::string_view suffix : {"-search", "_search", "-selective", "-baseline"}) {
        if (strip(suffix))
            break;
    }
    const auto seed = name.rfind("-seed");
    if (seed != std::string::npos && seed > 0 && seed + 5 < name.size()
        && name.find_first_not_of("0123456789", seed + 5) == std::string::npos)
        name.resize(seed);
    return name;
}

} // namespace kfx::surrogate
