#pragma once

#include "hardwarecontext.h"
#include "kernelnode.h"

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kfx {

// The counts of the reference's per-run summary (spec §3.6.4, §3.7), kept while a log is replayed.
struct SearchCounters {
    int stepsCompleted = 0;
    int evaluationsCompleted = 0;
    int evaluationsCorrect = 0;
    int evaluationFailures = 0;
    int mutationFailures = 0;
    int forecastsCompleted = 0;
    int forecastsFailed = 0;
    int selected = 0;
    int deferred = 0;
};

// What a surrogate-filtered (v3) log states about the search as a whole.
struct SearchContext {
    std::string opName;
    int levelId = 0;
    int taskId = 0;
    SharedText seedReferenceCode;
    std::optional<HardwareContext> hardware;
};

// One step of the search: the parents it expanded (with their PUCT scores where the log records them).
struct StepRecord {
    int step = 0;
    std::vector<std::size_t> parents;
    std::vector<double> parentScores; // v3 selected_parent_scores; empty for v2
    bool completed = false;
    std::int64_t line = 0;
};

// A mutation that produced no kernel. In a v2 log it never gets a node id, so it is kept here, by parent.
struct FailedMutation {
    std::size_t parent = kNoNode;
    int step = 0;
    std::string reason;
    std::int64_t line = 0;
};

// Everything a search log says: every node it mentions (archive members or not), the archive in order, and the
// PUCT statistics. Nodes live in a deque so that references and code views stay valid while the log grows.
class Population {
public:
    std::size_t size() const { return m_nodes.size(); }
    const KernelNode &node(std::size_t index) const { return m_nodes[index]; }
    KernelNode &node(std::size_t index) { return m_nodes[index]; }
    std::optional<std::size_t> find(std::string_view id) const;

    // Adds a node, or returns the existing one with that id (turning a placeholder into a real node is the
    // caller's business).
    std::size_t add(KernelNode node);
    // The node with this id, created as a placeholder if the log never described it.
    std::size_t nodeOrPlaceholder(std::string_view id, std::int64_t line);
    void setParent(std::size_t child, std::size_t parent);

    // Parent, grandparent, ... up to the root, as the reference's Node.ancestors lists them.
    std::vector<std::size_t> ancestors(std::size_t index) const;
    // Whether candidate lies on index's path to its root.
    bool isAncestor(std::size_t candidate, std::size_t index) const;
    std::vector<std::size_t> roots() const;

    // PUCT state (spec §4.1) over node indices.
    std::vector<std::size_t> archive;
    // The code of every archive member, for the reference's exact-duplicate check at admission. Kept in step
    // with `archive` by the replay. The set owns its copies: a view into the nodes' code would dangle when a
    // damaged log rewrites a node, or when the population is copied and the original goes away.
    std::unordered_set<std::string> archivedCode;
    std::unordered_map<std::size_t, int> visitCounts;         // n
    std::unordered_map<std::size_t, double> bestChildRewards; // m
    int globalExpansionCount = 0;                             // T
    int currentStep = 0;

    std::vector<StepRecord> steps;
    std::vector<FailedMutation> failedMutations;
    SearchCounters counters;
    SearchContext context;

    // The best archive member by reward (first of equals, as Python's max), if any has a reward.
    std::optional<std::size_t> bestArchiveNode() const;

private:
    std::deque<KernelNode> m_nodes;
    std::unordered_map<std::string, std::size_t> m_index;
};

} // namespace kfx
