#pragma once

#include "io/jsonfields.h"
#include "mutationsource.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace kfx::search {

// A file's whole text; PoolError naming the file when it cannot be read.
std::string readSpecText(const std::filesystem::path &path);

// The JSON file that describes a stand-in mutation source (pool.json, mutations.json): read, parsed, its "format"
// checked. Errors are PoolErrors that start with the file's path.
class SpecFile {
public:
    SpecFile(std::filesystem::path path, std::string_view format);
    SpecFile(const SpecFile &) = delete;
    SpecFile &operator=(const SpecFile &) = delete;

    const json::Object &root() const { return m_root; }
    const std::filesystem::path &path() const { return m_path; }
    // A PoolError for the entry at fault: "<file>: <message>".
    PoolError error(std::string_view message) const;
    // Its "task" entry, a task relative to the file, made absolute: a kfx-task/1, GPU MODE or KernelBench task.
    std::string taskDirectory() const;

private:
    std::filesystem::path m_path;
    simdjson::padded_string m_text;
    simdjson::dom::parser m_parser;
    json::Object m_root;
};

} // namespace kfx::search
