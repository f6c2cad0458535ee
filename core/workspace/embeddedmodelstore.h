#pragma once

#include "surrogate/embeddedmodel.h"
#include "workspace.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kfx::workspace {

// Which embedded model a workspace's forecasts come from. A model is tied to the examples it learnt from (by
// their digest): the one in memory when it matches, else the one the workspace saved when it matches (reopening
// the same data loads instead of retraining), else none, and the caller trains one and keeps it here.
class EmbeddedModelStore {
public:
    // Changes workspace (null: memory only) and forgets the model in memory, which belonged to other data.
    void setWorkspace(Workspace *workspace);

    // Digest of the examples: features, true bins and groups, in order. Any new measurement changes it. A model
    // that continued from a pretrained one (`base`: its content hash) learnt from both, so both are in the digest.
    static std::string trainingHash(std::span<const surrogate::TrainingExample> examples, std::string_view base = {});

    // The model trained on examples with this digest, or null. A saved model of another feature version, or one
    // that fails to load, is no model: it will be retrained and replaced.
    std::shared_ptr<const surrogate::EmbeddedModel> find(const std::string &trainingHash);
    // Keeps `model` in memory and saves it in the workspace, replacing the previous one. Throws SqliteError when
    // the workspace cannot be written (the model is kept in memory all the same).
    void keep(std::shared_ptr<const surrogate::EmbeddedModel> model, const std::string &trainingHash,
              std::int64_t trainingRows);

    // The model kept or found last, whatever it was trained on; null before any.
    const std::shared_ptr<const surrogate::EmbeddedModel> &latest() const { return m_model; }
    // How many times find() loaded a model from the workspace.
    int loads() const { return m_loads; }

private:
    Workspace *m_workspace = nullptr;
    std::shared_ptr<const surrogate::EmbeddedModel> m_model;
    std::string m_hash;
    int m_loads = 0;
};

} // namespace kfx::workspace
