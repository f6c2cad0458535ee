#include "treeensemble.h"

#include "embeddedmodel.h"
#include "io/jsonfields.h"

#include <cmath>
#include <string>

namespace kfx::surrogate {

namespace {

template<typename T>
std::vector<T> numbers(const json::Object &tree, std::string_view key)
{
    std::vector<T> out;
    for (auto element : json::requiredArray(tree, key))
        out.push_back(T(json::asNumber(element, key)));
    return out;
}

// XGBoost's FillNodeMeanValue: a node's mean is its children's means weighted by their cover (sum of hessians).
float fillMean(std::vector<float> &means, const std::vector<std::int32_t> &left, const std::vector<std::int32_t> &right,
               const std::vector<float> &conditions, const std::vector<float> &cover, std::int32_t node)
{
    if (left[node] < 0)
        return means[node] = conditions[node]; // a leaf keeps its value where a split keeps its threshold
    const float value = fillMean(means, left, right, conditions, cover, left[node]) * cover[left[node]]
        + fillMean(means, left, right, conditions, cover, right[node]) * cover[right[node]];
    return means[node] = value / cover[node];
}

// Deeper than any tree kfx trains (its depth is a few levels) and shallow enough for fillMean's recursion.
constexpr int kMaxDepth = 256;

// XGBoost walks a tree from node 0 until a node whose left child is -1, so every other child must be a node, and
// each node must be reached once (a crafted tree whose children point back up would send both walks round for
// ever). Read back from XGBoost after it loaded a file, these arrays are what it will predict with.
void checkShape(const std::vector<std::int32_t> &left, const std::vector<std::int32_t> &right,
                const std::vector<std::uint32_t> &features, std::size_t featureCount)
{
    const auto count = left.size();
    std::vector<bool> reached(count);
    std::vector<std::pair<std::int32_t, int>> pending{{0, 0}}; // node, depth
    while (!pending.empty()) {
        const auto [node, depth] = pending.back();
        pending.pop_back();
        if (reached[std::size_t(node)] || depth > kMaxDepth)
            throw ModelError("a tree of XGBoost's JSON model is not a tree");
        reached[std::size_t(node)] = true;
        if (left[node] == -1)
            continue;
        for (const auto child : {left[node], right[node]}) {
            if (child < 0 || std::size_t(child) >= count)
                throw ModelError("a tree of XGBoost's JSON model points outside itself");
            pending.emplace_back(child, depth + 1);
        }
        if (features[node] >= featureCount)
            throw ModelError("a tree of XGBoost's JSON model splits on an unknown feature");
    }
}

// The model must be what kfx trains, since predict() reads its output as 8 probabilities per row: a softmax
// over the learner's classes, plain trees, one per class and round.
void checkLearner(const json::Object &learner, std::string_view classes)
{
    const auto objective = json::requiredObject(learner, "objective");
    if (json::requiredString(objective, "name") != "multi:softprob"
        || json::requiredString(json::requiredObject(objective, "softmax_multiclass_param"), "num_class") != classes)
        throw ModelError("XGBoost's JSON model is not a multi:softprob model over its classes");
    const auto booster = json::requiredObject(learner, "gradient_booster");
    const auto parameters = json::requiredObject(json::requiredObject(booster, "model"), "gbtree_model_param");
    if (json::requiredString(booster, "name") != "gbtree"
        || json::requiredString(parameters, "num_parallel_tree") != "1")
        throw ModelError("XGBoost's JSON model is not a plain gbtree model");
}

} // namespace

TreeEnsemble TreeEnsemble::fromXgboostJson(std::string_view text)
{
    simdjson::dom::parser parser;
    json::Element document;
    if (parser.parse(text.data(), text.size()).get(document))
        throw ModelError("XGBoost's JSON model could not be parsed");
    TreeEnsemble ensemble;
    try {
        const auto learner = json::requiredObject(json::asObject(document, "model"), "learner");
        const auto parameters = json::requiredObject(learner, "learner_model_param");
        // XGBoost writes its model parameters as strings.
        const auto classes = json::requiredString(parameters, "num_class");
        ensemble.m_classes = std::max(1, std::stoi(std::string(classes)));
        ensemble.m_features = std::stoul(std::string(json::requiredString(parameters, "num_feature")));
        checkLearner(learner, classes);
        const auto model = json::requiredObject(json::requiredObject(learner, "gradient_booster"), "model");
        const auto treeInfo = numbers<int>(model, "tree_info");
        const auto trees = json::requiredArray(model, "trees");
        if (treeInfo.size() != trees.size()
            || json::requiredString(json::requiredObject(model, "gbtree_model_param"), "num_trees")
                != std::to_string(trees.size()))
            throw ModelError("XGBoost's JSON model counts its trees differently");
        ensemble.m_treesOfClass.resize(std::size_t(ensemble.m_classes));
        for (auto element : trees) {
            const auto tree = json::asObject(element, "tree");
            const auto left = numbers<std::int32_t>(tree, "left_children");
            const auto right = numbers<std::int32_t>(tree, "right_children");
            const auto features = numbers<std::uint32_t>(tree, "split_indices");
            const auto conditions = numbers<float>(tree, "split_conditions");
            const auto defaults = numbers<int>(tree, "default_left");
            const auto cover = numbers<float>(tree, "sum_hessian");
            const auto count = left.size();
            if (count == 0 || right.size() != count || features.size() != count || conditions.size() != count
                || defaults.size() != count || cover.size() != count)
                throw ModelError("a tree of XGBoost's JSON model has arrays of different lengths");
            checkShape(left, right, features, ensemble.m_features);
            if (const auto types = json::optionalArray(tree, "split_type")) {
                for (auto type : *types) {
                    if (json::asInteger(type, "split_type") != 0)
                        throw ModelError("XGBoost's JSON model has categorical splits, which kfx does not train");
                }
            }
            std::vector<float> means(count);
            fillMean(means, left, right, conditions, cover, 0);
            Tree built;
            built.nodes.resize(count);
            for (std::size_t i = 0; i < count; ++i)
                built.nodes[i] = {left[i], right[i], features[i], conditions[i], defaults[i] != 0, means[i]};
            const auto index = ensemble.m_trees.size();
            const int klass = treeInfo[index];
            if (klass < 0 || klass >= ensemble.m_classes)
                throw ModelError("XGBoost's JSON model assigns a tree to an unknown class");
            ensemble.m_treesOfClass[std::size_t(klass)].push_back(index);
            ensemble.m_trees.push_back(std::move(built));
        }
    } catch (const json::FieldError &error) {
        throw ModelError(std::string("XGBoost's JSON model: ") + error.what());
    } catch (const std::logic_error &error) { // stoi / stoul on a malformed parameter
        throw ModelError(std::string("XGBoost's JSON model parameters: ") + error.what());
    }
    return ensemble;
}

void TreeEnsemble::addContributions(std::span<const float> row, int classIndex, std::span<float> contributions) const
{
    for (const auto treeIndex : m_treesOfClass[std::size_t(classIndex)]) {
        const auto &nodes = m_trees[treeIndex].nodes;
        const Node *node = &nodes[0];
        while (node->left >= 0) {
            const float value = row[node->feature];
            const bool goLeft = std::isnan(value) ? node->defaultLeft : value < node->threshold;
            const Node *next = &nodes[std::size_t(goLeft ? node->left : node->right)];
            contributions[node->feature] += next->mean - node->mean;
            node = next;
        }
    }
}

} // namespace kfx::surrogate
