#include "population.h"

namespace kfx {

std::string_view nodeStatusName(NodeStatus status)
{
    switch (status) {
    case NodeStatus::Seed:
        return "seed";
    case NodeStatus::Evaluated:
        return "evaluated";
    case NodeStatus::NotAdmitted:
        return "not_admitted";
    case NodeStatus::Failed:
        return "failed";
    case NodeStatus::Pending:
        return "pending";
    case NodeStatus::Deferred:
        return "deferred";
    case NodeStatus::Evicted:
        return "evicted";
    case NodeStatus::Placeholder:
        return "placeholder";
    }
    return "unknown";
}

std::optional<std::size_t> Population::find(std::string_view id) const
{
    auto it = m_index.find(std::string(id));
    if (it == m_index.end())
        return std::nullopt;
    return it->second;
}

std::size_t Population::add(KernelNode node)
{
    auto [it, inserted] = m_index.try_emplace(node.id, m_nodes.size());
    if (inserted)
        m_nodes.push_back(std::move(node));
    return it->second;
}

std::size_t Population::nodeOrPlaceholder(std::string_view id, std::int64_t line)
{
    if (auto existing = find(id))
        return *existing;
    KernelNode placeholder;
    placeholder.id = std::string(id);
    placeholder.status = NodeStatus::Placeholder;
    placeholder.firstLine = line;
    return add(std::move(placeholder));
}

void Population::setParent(std::size_t child, std::size_t parent)
{
    auto &node = m_nodes[child];
    if (node.parent == parent)
        return;
    // An edge that would make the node its own parent or ancestor is refused, and the node keeps the parent it
    // had: a lineage with a cycle has no root, and every walk up it (the lineage view, a corpus row's seed, a
    // forecast's pair) would never end. The log readers report such an edge with its line before it gets here
    // (io/loggraphguard.h); this keeps every population a forest, whoever builds it.
    if (parent == child || (!node.children.empty() && isAncestor(child, parent)))
        return;
    if (node.parent != kNoNode)
        std::erase(m_nodes[node.parent].children, child);
    node.parent = parent;
    m_nodes[parent].children.push_back(child);
}

// Without a vector: setParent asks this for every edge of a load (a new node has no children, so it is skipped).
bool Population::isAncestor(std::size_t candidate, std::size_t index) const
{
    std::size_t walked = 0;
    for (std::size_t at = m_nodes[index].parent; at != kNoNode && walked < m_nodes.size();
         at = m_nodes[at].parent, ++walked)
        if (at == candidate)
            return true;
    return false;
}

std::vector<std::size_t> Population::ancestors(std::size_t index) const
{
    std::vector<std::size_t> result;
    // Bounded by the node count so a malformed log with a cycle cannot loop forever.
    for (std::size_t at = m_nodes[index].parent; at != kNoNode && result.size() < m_nodes.size();
         at = m_nodes[at].parent)
        result.push_back(at);
    return result;
}

std::vector<std::size_t> Population::roots() const
{
    std::vector<std::size_t> result;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes[i].parent == kNoNode)
            result.push_back(i);
    }
    return result;
}

std::optional<std::size_t> Population::bestArchiveNode() const
{
    std::optional<std::size_t> best;
    for (auto index : archive) {
        auto reward = m_nodes[index].reward();
        if (reward && (!best || *reward > *m_nodes[*best].reward()))
            best = index;
    }
    return best;
}

} // namespace kfx
