#pragma once

#include "embeddedmodel.h"
#include "parentanchored.h"

#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// A pretrained-model directory that cannot be used: the message names the file at fault.
class PretrainedModelError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The model chosen for a task, and what it learnt from.
struct PretrainedModel {
    std::shared_ptr<const EmbeddedModel> model;
    std::string name;     // "without-rms_norm" or "all"
    std::string file;     // the .kfxmodel it was read from
    bool heldOut = false; // the corpus has the task and this model never saw it (its leave-one-task-out fold)
    std::string hardware; // where the corpus was measured
    // Trained on the same tasks' parent edits (issue 25); none where the directory has no such forecaster.
    std::shared_ptr<const ParentAnchoredForecaster> parentAnchored;
};

// The embedded surrogates pretrained on a measured corpus (resources/surrogate/h100/, format kfx-pretrained/1):
// a manifest naming one model trained on every task ("all") and, per task, one trained on all tasks but that one.
// A search of a corpus task gets the model that never saw that task, so its forecasts of the search's measured
// kernels are held out; any other search gets "all".
// The manifest may name parent-anchored forecasters the same way ("parent_anchored": {"all", "without"}).
class PretrainedModels {
public:
    // Reads `directory`/manifest.json (models are read when asked for). Throws PretrainedModelError.
    static PretrainedModels open(const std::filesystem::path &directory);
    // Where the program finds them: $KFX_PRETRAINED_DIR when set (empty: none at all), else
    // <executable>/../share/kfx/surrogate/h100 when installed there, else the source tree's
    // resources/surrogate/h100. Empty when none of these holds a manifest.
    static std::filesystem::path defaultDirectory();

    const std::filesystem::path &directory() const { return m_directory; }
    const std::string &hardware() const { return m_hardware; }
    const std::vector<std::string> &tasks() const { return m_tasks; }
    bool hasTask(std::string_view task) const;

    // The model for a search of `task` ("without-<task>" when the corpus has it, else "all"). Throws
    // PretrainedModelError naming the model file when it is missing or unreadable.
    PretrainedModel modelFor(std::string_view task) const;

private:
    std::filesystem::path m_directory;
    std::string m_hardware;
    std::vector<std::string> m_tasks;
    std::string m_all;
    std::map<std::string, std::string, std::less<>> m_without;
    std::string m_anchoredAll; // empty: none
    std::map<std::string, std::string, std::less<>> m_anchoredWithout;
};

} // namespace kfx::surrogate
