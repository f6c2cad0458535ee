// Search-log graphs that lie (issue 27): the input's bytes choose, three at a time, the events of a v2 log over
// a handful of node ids, so that self-parents, cycles through several nodes and repeated completions come up
// at every turn. Whatever the log says, the loaded population is a forest, and a completion repeated for one
// request is never counted or kept: the first completion of request r has reward r + 1, a repeat r + 1.5.
// An input that starts with '{' is a v2 log as it is (the seed corpus holds the issue's reproducers), checked
// for the forest only.
#include "io/fileloader.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

namespace {

constexpr int kNodes = 6; // node 0 is the root

std::string nodeId(int n)
{
    return "01J0000000000000000000N00" + std::to_string(n);
}

std::string evaluation(double reward)
{
    const auto speedup = std::to_string(reward);
    return R"({"observation":{"feedback":{"kind":"success","aggregated_speedup":)" + speedup
        + R"(,"aggregation_method":"geomean","per_case_speedups":[]},"per_case_results":[]},"reward":)" + speedup + "}";
}

// One event from three bytes; `completed` holds the requests completed so far.
std::string event(std::uint8_t op, std::uint8_t a, std::uint8_t b, std::set<int> &completed, int &step)
{
    const int request = a % 8;
    const auto requestId = "\"E" + std::to_string(request) + "\"";
    switch (op % 5) {
    case 0:
    case 1: // a child, named by `a`, of a parent named by `b`: a self-parent or a cycle as often as not
        return R"({"kind":"evaluation_requested","request_id":)" + requestId + R"(,"child_ulid":")" + nodeId(a % kNodes)
            + R"(","parent_ulid":")" + nodeId(b % kNodes) + R"(","code":"k)" + std::to_string(b) + "\"}";
    case 2: {
        const bool repeat = !completed.insert(request).second;
        return R"({"kind":"evaluation_completed","request_id":)" + requestId + R"(,"evaluation":)"
            + evaluation(request + (repeat ? 1.5 : 1.0)) + "}";
    }
    case 3:
        return R"({"kind":"step_started","step":)" + std::to_string(step) + R"(,"parent_ulids":[")" + nodeId(b % kNodes)
            + "\"]}";
    default:
        return R"({"kind":"step_completed","step":)" + std::to_string(step++) + "}";
    }
}

// Loads the log and aborts if its population has a cycle.
kfx::LoadedFile loadForest(std::string_view text)
{
    kfx::JsonLinesFile file;
    file.setText(text, "fuzz-log-graph.jsonl");
    kfx::LoadedFile loaded;
    kfx::readSearchLog(file, kfx::DataFormat::PuctV2, kfx::ReplayOptions{}, loaded);
    const auto &population = *loaded.population;
    for (std::size_t i = 0; i < population.size(); ++i) {
        std::size_t steps = 0;
        for (auto at = population.node(i).parent; at != kfx::kNoNode; at = population.node(at).parent) {
            if (++steps > population.size())
                std::abort();
        }
    }
    return loaded;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 0 && data[0] == '{') {
        loadForest(std::string_view(reinterpret_cast<const char *>(data), size));
        return 0;
    }
    std::string text = R"({"kind":"search_initialized","root":{"program_code":"seed","evaluation":)" + evaluation(1.0)
        + R"(,"ulid":")" + nodeId(0) + "\"}}\n";
    std::set<int> completed;
    int step = 0;
    for (std::size_t i = 0; i + 2 < size; i += 3)
        text += event(data[i], data[i + 1], data[i + 2], completed, step) + '\n';

    const auto loaded = loadForest(text);
    const auto &population = *loaded.population;
    // A repeated completion's reward (x.5) never replaces the first.
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (const auto reward = population.node(i).reward(); reward && *reward != std::floor(*reward))
            std::abort();
    }
    // Every evaluation_completed that was not refused is counted, each request once at most.
    if (population.counters.evaluationsCompleted > int(completed.size()))
        std::abort();
    return 0;
}
