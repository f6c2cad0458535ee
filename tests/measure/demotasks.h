#pragma once

// The demo task directories and their candidates with the outcome each is written to produce.
#include "io/jsonfields.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace kfx::test {

struct DemoCandidate {
    std::string taskDirectory;
    std::string path;
    std::string expect; // "success", "compile_failed", "runtime_error", "incorrect", "timeout"
};

inline std::vector<std::string> demoTaskDirectories()
{
    std::vector<std::string> directories;
    for (const auto &entry : std::filesystem::directory_iterator(KFX_DEMO_TASKS_DIR))
        if (std::filesystem::exists(entry.path() / "task.json"))
            directories.push_back(entry.path().string());
    std::sort(directories.begin(), directories.end());
    return directories;
}

// Throws json::FieldError or std::runtime_error when candidates.json is unreadable.
inline std::vector<DemoCandidate> demoCandidates(const std::string &taskDirectory)
{
    const std::string path = taskDirectory + "/candidates.json";
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (parser.load(path).get(root) != simdjson::SUCCESS)
        throw std::runtime_error("cannot parse " + path);
    std::vector<DemoCandidate> candidates;
    for (const json::Element element : json::requiredArray(json::asObject(root, path), "candidates")) {
        const json::Object object = json::asObject(element, path);
        candidates.push_back({taskDirectory, taskDirectory + "/" + std::string(json::requiredString(object, "file")),
                              std::string(json::requiredString(object, "expect"))});
    }
    return candidates;
}

} // namespace kfx::test
