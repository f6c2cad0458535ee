// Search logs whose graph lies (issue 27): a node that is its own parent, two nodes that name each other, and a
// repeated evaluation_completed. Read whole, flattened as the HF dataset has it, or followed line by line, the
// population is a forest, each completion counts once, and each refused event is a warning naming its file and line.
#include "check.h"

#include "io/fileloader.h"
#include "replay/logfollower.h"

#include <fstream>
#include <iterator>
#include <string>

using namespace kfx;

namespace {

const std::string kRoot = "01J0000000000000000000R000";
const std::string kA = "01J0000000000000000000A001";
const std::string kB = "01J0000000000000000000B002";

std::string fixture(const char *name)
{
    return std::string(KFX_TEST_DATA_DIR "/loggraph/") + name;
}

bool warns(const Diagnostics &diagnostics, const std::string &file, std::int64_t line, const std::string &part)
{
    for (const auto &diagnostic : diagnostics) {
        if (diagnostic.file == file && diagnostic.line == line && diagnostic.isWarning()
            && test::contains(diagnostic.message, part))
            return true;
    }
    return false;
}

// Every node's walk up its parents reaches a root within the node count.
bool isForest(const Population &population)
{
    for (std::size_t i = 0; i < population.size(); ++i) {
        std::size_t steps = 0;
        for (auto at = population.node(i).parent; at != kNoNode; at = population.node(at).parent) {
            if (++steps > population.size())
                return false;
        }
    }
    return true;
}

// The log as the HF dataset flattens it: one row per event, the event as `payload`, its kind lifted out.
std::string flattened(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::string out;
    std::string line;
    for (int index = 0; std::getline(in, line); ++index) {
        const auto kindStart = line.find("\"kind\":\"") + 8;
        const auto kind = line.substr(kindStart, line.find('"', kindStart) - kindStart);
        out += "{\"event_index\":" + std::to_string(index) + ",\"event_kind\":\"" + kind + "\",\"payload\":" + line
            + ",\"source_search\":\"loggraph\",\"internal_experiment\":\"e0027\"}\n";
    }
    return out;
}

const KernelNode &nodeById(const Population &population, const std::string &id)
{
    return population.node(*population.find(id));
}

// Checks what both readers must agree on, for the whole-file loader and the follower.
void checkSelfParent(const Population &population, const Diagnostics &diagnostics, const std::string &path)
{
    KFX_CHECK(isForest(population), "self-parent: the population is a forest");
    KFX_CHECK(warns(diagnostics, path, 5, "names itself as its parent"), "self-parent: a warning for line 5");
    KFX_CHECK(!population.find(kA), "self-parent: the node whose only lineage loops is not kept");
}

void checkTwoNodeCycle(const Population &population, const Diagnostics &diagnostics, const std::string &path)
{
    KFX_CHECK(isForest(population), "two-node cycle: the population is a forest");
    KFX_CHECK(warns(diagnostics, path, 4, "descends from it"), "two-node cycle: a warning for line 4");
    // A keeps the parent the log gave it first; B, never introduced, stays a placeholder root.
    KFX_CHECK(population.find(kA) && population.find(kB), "two-node cycle: both nodes are kept");
    if (population.find(kA) && population.find(kB)) {
        KFX_CHECK(nodeById(population, kA).parent == *population.find(kB), "A is B's child");
        KFX_CHECK(nodeById(population, kB).parent == kNoNode, "B is a root");
    }
}

void checkRepeatedCompletion(const Population &population, const Diagnostics &diagnostics, const std::string &path)
{
    KFX_CHECK(warns(diagnostics, path, 5, "repeats the one on line 4"), "repeated completion: a warning for line 5");
    KFX_CHECK(population.counters.evaluationsCompleted == 1, "repeated completion: counted once");
    KFX_CHECK(nodeById(population, kA).reward() == 1.5, "repeated completion: the first result is kept");
    const auto best = population.bestArchiveNode();
    KFX_CHECK(best && population.node(*best).reward() == 1.5, "repeated completion: the best stays 1.5, not 9.9");
}

void wholeFileReader()
{
    const auto self = fixture("self-parent-v2.jsonl");
    const auto selfLoaded = loadFile(self);
    KFX_CHECK(selfLoaded.population, "self-parent loads");
    if (selfLoaded.population)
        checkSelfParent(*selfLoaded.population, selfLoaded.diagnostics, self);

    const auto cycle = fixture("two-node-cycle-v2.jsonl");
    const auto cycleLoaded = loadFile(cycle);
    KFX_CHECK(cycleLoaded.population, "two-node cycle loads");
    if (cycleLoaded.population)
        checkTwoNodeCycle(*cycleLoaded.population, cycleLoaded.diagnostics, cycle);

    const auto repeated = fixture("repeated-completion-v2.jsonl");
    const auto repeatedLoaded = loadFile(repeated);
    KFX_CHECK(repeatedLoaded.population, "repeated completion loads");
    if (repeatedLoaded.population)
        checkRepeatedCompletion(*repeatedLoaded.population, repeatedLoaded.diagnostics, repeated);
}

// A negative reward, speedup and runtime (line 4) are replaced by 0, each with a warning naming the line.
void checkImpossibleValues(const Population &population, const Diagnostics &diagnostics, const std::string &path)
{
    KFX_CHECK(warns(diagnostics, path, 4, "reward -3 is impossible; 0 is used instead"), "a warning for the reward");
    KFX_CHECK(warns(diagnostics, path, 4, "case runtime_ns -250 is impossible"), "a warning for the runtime");
    const auto &evaluation = *nodeById(population, kA).evaluation;
    KFX_CHECK(evaluation.reward == 0.0 && evaluation.aggregatedSpeedup == 0.0, "the reward and speedup are 0");
    KFX_CHECK(evaluation.cases.at(0).runtimeNs == 0.0 && evaluation.caseResults.at(0).runtimeNs == 0.0,
              "the runtimes are 0");
}

void impossibleValues()
{
    const auto path = fixture("impossible-values-v2.jsonl");
    const auto loaded = loadFile(path);
    if (loaded.population)
        checkImpossibleValues(*loaded.population, loaded.diagnostics, path);
    replay::LogFollower followed(path);
    followed.poll();
    checkImpossibleValues(followed.population(), followed.diagnostics(), path);
}

void flattenedReader()
{
    const auto self = loadText(flattened(fixture("self-parent-v2.jsonl")), "hf-self.jsonl");
    KFX_CHECK(self.format == DataFormat::HfPuctV2, "the flattened self-parent log is an HF v2 log");
    if (self.population)
        checkSelfParent(*self.population, self.diagnostics, "hf-self.jsonl");
    const auto cycle = loadText(flattened(fixture("two-node-cycle-v2.jsonl")), "hf-cycle.jsonl");
    if (cycle.population)
        checkTwoNodeCycle(*cycle.population, cycle.diagnostics, "hf-cycle.jsonl");
    const auto repeated = loadText(flattened(fixture("repeated-completion-v2.jsonl")), "hf-repeated.jsonl");
    if (repeated.population)
        checkRepeatedCompletion(*repeated.population, repeated.diagnostics, "hf-repeated.jsonl");
}

void follower()
{
    replay::LogFollower self(fixture("self-parent-v2.jsonl"));
    self.poll();
    checkSelfParent(self.population(), self.diagnostics(), fixture("self-parent-v2.jsonl"));
    replay::LogFollower cycle(fixture("two-node-cycle-v2.jsonl"));
    cycle.poll();
    checkTwoNodeCycle(cycle.population(), cycle.diagnostics(), fixture("two-node-cycle-v2.jsonl"));
    replay::LogFollower repeated(fixture("repeated-completion-v2.jsonl"));
    repeated.poll();
    checkRepeatedCompletion(repeated.population(), repeated.diagnostics(), fixture("repeated-completion-v2.jsonl"));
}

// The model's own guarantee, whoever builds the population (a search, a replay): an edge that would close a
// cycle is refused and the node keeps the parent it had.
void populationRefusesCycles()
{
    Population population;
    const auto root = population.nodeOrPlaceholder("root", 1);
    const auto a = population.nodeOrPlaceholder("a", 2);
    const auto b = population.nodeOrPlaceholder("b", 3);
    population.setParent(a, root);
    population.setParent(b, a);
    population.setParent(a, a);
    population.setParent(root, b);
    KFX_CHECK(population.node(a).parent == root && population.node(root).parent == kNoNode, "the tree is unchanged");
    KFX_CHECK(population.node(b).children.empty() && population.node(a).children.size() == 1, "no child was added");
    KFX_CHECK(isForest(population), "the population is a forest");
}

} // namespace

int main()
{
    wholeFileReader();
    flattenedReader();
    follower();
    populationRefusesCycles();
    impossibleValues();
    return test::finish();
}
