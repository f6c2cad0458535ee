#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// A gradient-boosted ensemble read back from XGBoost's JSON model, kept only to explain forecasts fast: XGBoost's
// own approximate contributions (pred_contribs with approx_contribs, the Saabas method) are computed for all
// eight classes and every row through a DMatrix copy, while a rationale needs one class per row. Walking that
// class's trees here gives the same numbers (tests compare them) at a fraction of the cost.
class TreeEnsemble {
public:
    // Parses XGBoost's JSON model (learner.gradient_booster.model: trees and tree_info). Throws ModelError.
    static TreeEnsemble fromXgboostJson(std::string_view json);

    int classCount() const { return m_classes; }
    std::size_t featureCount() const { return m_features; }
    std::size_t treeCount() const { return m_trees.size(); }

    // Adds each feature's contribution to class `classIndex`'s margin for `row` into `contributions` (one slot
    // per feature; the bias is left out): along the row's path through each tree, the change in the mean leaf
    // value below a node, credited to the feature its parent split on.
    void addContributions(std::span<const float> row, int classIndex, std::span<float> contributions) const;

private:
    struct Node {
        std::int32_t left = -1; // -1: a leaf
        std::int32_t right = -1;
        std::uint32_t feature = 0;
        float threshold = 0.0f; // goes left when the value is below it
        bool defaultLeft = false;
        float mean = 0.0f; // leaf value, or the cover-weighted mean of the leaves below
    };
    struct Tree {
        std::vector<Node> nodes;
    };

    std::vector<Tree> m_trees;
    std::vector<std::vector<std::size_t>> m_treesOfClass;
    int m_classes = 0;
    std::size_t m_features = 0;
};

} // namespace kfx::surrogate
