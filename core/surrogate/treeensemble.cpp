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
        ensemble.m_classes = std::max(1, std::stoi(std::string(json::requiredString(parameters, "num_class"))));
        ensemble.m_features = std::stoul(std::string(json::requiredString(parameters, "num_feature")));
        const auto model = json::requiredObject(json::requiredObject(learner, "gradient_booster"), "model");
        const auto treeInfo = numbers<int>(model, "tree_info");
        ensemble.m_treesOfClass.resize(std::size_t(ensemble.m_classes));
        for (auto element : json::requiredArray(model, "trees")) {
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
            for (std::size_t i = 0; i < count; ++i) {
                if ((left[i] >= 0 && (std::size_t(left[i]) >= count || right[i] < 0 || std::size_t(right[i]) >= count))
                    || (left[i] >= 0 && features[i] >= ensemble.m_features))
                    throw ModelError("a tree of XGBoost's JSON model points outside itself");
            }
            std::vector<float> means(count);
            fillMean(means, left, right, conditions, cover, 0);
            Tree built;
            built.nodes.resize(count);
            for (std::size_t i = 0; i < count; ++i)
                built.nodes[i] = {left[i], right[i], features[i], conditions[i], defaults[i] != 0, means[i]};
            const auto index = ensemble.m_trees.size();
            const int klass = index < treeInfo.size() ? treeInfo[index] : 0;
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
