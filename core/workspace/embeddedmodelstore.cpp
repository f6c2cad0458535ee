#include "embeddedmodelstore.h"

#include "surrogate/kernelquery.h"

namespace kfx::workspace {

void EmbeddedModelStore::setWorkspace(Workspace *workspace)
{
    m_workspace = workspace;
    m_model.reset();
    m_hash.clear();
}

std::string EmbeddedModelStore::trainingHash(std::span<const surrogate::TrainingExample> examples,
                                             std::string_view base)
{
    std::string bytes;
    bytes.reserve(examples.size() * (sizeof(surrogate::FeatureRow) + 16));
    for (const auto &example : examples) {
        bytes.append(reinterpret_cast<const char *>(example.features.data()), sizeof(example.features));
        bytes += std::to_string(example.trueBin);
        bytes += example.group;
        bytes += '\0';
    }
    bytes += "features v" + std::to_string(surrogate::kFeatureVersion);
    if (!base.empty())
        bytes.append(" continued from ").append(base);
    return surrogate::stableHash(bytes);
}

std::shared_ptr<const surrogate::EmbeddedModel> EmbeddedModelStore::find(const std::string &trainingHash)
{
    if (m_model && m_hash == trainingHash)
        return m_model;
    if (!m_workspace)
        return nullptr;
    const auto stored = m_workspace->embeddedModel();
    if (!stored || stored->featureVersion != surrogate::kFeatureVersion || stored->trainingHash != trainingHash)
        return nullptr;
    try {
        m_model = std::make_shared<const surrogate::EmbeddedModel>(surrogate::EmbeddedModel::load(stored->bytes));
    } catch (const surrogate::ModelError &) {
        return nullptr; // damaged or foreign: retrained, and the new one overwrites it
    }
    m_hash = trainingHash;
    ++m_loads;
    return m_model;
}

void EmbeddedModelStore::keep(std::shared_ptr<const surrogate::EmbeddedModel> model, const std::string &trainingHash,
                              std::int64_t trainingRows)
{
    m_model = std::move(model);
    m_hash = trainingHash;
    if (m_workspace) {
        m_workspace->saveEmbeddedModel({surrogate::kFeatureVersion, std::string(m_model->calibrator().methodName()),
                                        trainingHash, trainingRows, m_model->save()});
    }
}

} // namespace kfx::workspace
