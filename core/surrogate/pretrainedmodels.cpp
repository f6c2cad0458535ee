#include "pretrainedmodels.h"

#include "io/jsonfields.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace kfx::surrogate {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPretrainedFormat = "kfx-pretrained/1";
constexpr std::string_view kManifest = "manifest.json";

std::vector<std::uint8_t> readBytes(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw PretrainedModelError(path.string() + ": cannot be read");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A file name inside the directory: no path may lead out of it.
std::string modelFileName(std::string_view name, const fs::path &manifest)
{
    if (name.empty() || name.find('/') != std::string_view::npos || name.find('\\') != std::string_view::npos
        || name == "." || name == "..")
        throw PretrainedModelError(manifest.string() + ": model file '" + std::string(name)
                                   + "' is not a file name in the manifest's directory");
    return std::string(name);
}

bool hasManifest(const fs::path &directory)
{
    std::error_code error;
    return !directory.empty() && fs::is_regular_file(directory / kManifest, error);
}

} // namespace

PretrainedModels PretrainedModels::open(const fs::path &directory)
{
    const auto manifestPath = directory / kManifest;
    const auto bytes = readBytes(manifestPath);
    simdjson::dom::parser parser;
    json::Element document;
    if (parser.parse(reinterpret_cast<const char *>(bytes.data()), bytes.size()).get(document))
        throw PretrainedModelError(manifestPath.string() + ": not JSON");
    PretrainedModels models;
    models.m_directory = directory;
    try {
        const auto manifest = json::asObject(document, "manifest");
        const auto format = json::requiredString(manifest, "format");
        if (format != kPretrainedFormat)
            throw PretrainedModelError(manifestPath.string() + ": format '" + std::string(format) + "', expected "
                                       + std::string(kPretrainedFormat));
        models.m_hardware = std::string(json::optionalString(manifest, "hardware").value_or(""));
        for (auto task : json::requiredArray(manifest, "tasks")) {
            std::string_view name;
            if (task.get_string().get(name))
                throw PretrainedModelError(manifestPath.string() + ": \"tasks\" holds a "
                                           + std::string(json::typeName(task)) + ", not a task name");
            models.m_tasks.emplace_back(name);
        }
        const auto readFiles = [&](std::string_view key, std::string &all,
                                   std::map<std::string, std::string, std::less<>> &without) {
            const auto files = json::requiredObject(manifest, key);
            all = modelFileName(json::requiredString(files, "all"), manifestPath);
            for (auto [task, file] : json::requiredObject(files, "without")) {
                std::string_view name;
                if (file.get_string().get(name))
                    throw PretrainedModelError(manifestPath.string() + ": " + std::string(key) + ".without."
                                               + std::string(task) + " is a " + std::string(json::typeName(file))
                                               + ", not a file name");
                without.emplace(std::string(task), modelFileName(name, manifestPath));
            }
        };
        readFiles("models", models.m_all, models.m_without);
        if (json::optionalField(manifest, "parent_anchored"))
            readFiles("parent_anchored", models.m_anchoredAll, models.m_anchoredWithout);
    } catch (const json::FieldError &error) {
        throw PretrainedModelError(manifestPath.string() + ": " + error.what());
    }
    for (const auto &task : models.m_tasks) {
        if (!models.m_without.contains(task))
            throw PretrainedModelError(manifestPath.string() + ": task " + task
                                       + " has no held-out model (models.without." + task + ")");
    }
    return models;
}

fs::path PretrainedModels::defaultDirectory()
{
    if (const char *chosen = std::getenv("KFX_PRETRAINED_DIR"))
        return hasManifest(chosen) ? fs::path(chosen) : fs::path();
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        const auto installed = executable.parent_path().parent_path() / "share" / "kfx" / "surrogate" / "h100";
        if (hasManifest(installed))
            return installed;
    }
#ifdef KFX_PRETRAINED_SOURCE_DIR
    if (hasManifest(KFX_PRETRAINED_SOURCE_DIR))
        return KFX_PRETRAINED_SOURCE_DIR;
#endif
    return {};
}

bool PretrainedModels::hasTask(std::string_view task) const
{
    return std::find(m_tasks.begin(), m_tasks.end(), task) != m_tasks.end();
}

PretrainedModel PretrainedModels::modelFor(std::string_view task) const
{
    PretrainedModel chosen;
    chosen.heldOut = hasTask(task);
    chosen.name = chosen.heldOut ? "without-" + std::string(task) : std::string("all");
    const auto path = m_directory / (chosen.heldOut ? m_without.find(task)->second : m_all);
    chosen.file = path.string();
    chosen.hardware = m_hardware;
    try {
        chosen.model = std::make_shared<const EmbeddedModel>(EmbeddedModel::load(readBytes(path)));
    } catch (const ModelError &error) {
        throw PretrainedModelError(path.string() + ": " + error.what());
    }
    // The parent-anchored forecaster that never saw the task either; "all" only where the model is "all" too.
    const auto anchored = chosen.heldOut ? m_anchoredWithout.find(task) : m_anchoredWithout.end();
    const auto anchoredFile = anchored != m_anchoredWithout.end() ? anchored->second
        : chosen.heldOut                                          ? std::string()
                                                                  : m_anchoredAll;
    if (!anchoredFile.empty()) {
        const auto anchoredPath = m_directory / anchoredFile;
        try {
            chosen.parentAnchored = std::make_shared<const ParentAnchoredForecaster>(
                ParentAnchoredForecaster::load(readBytes(anchoredPath)));
        } catch (const ModelError &error) {
            throw PretrainedModelError(anchoredPath.string() + ": " + error.what());
        }
    }
    return chosen;
}

} // namespace kfx::surrogate
