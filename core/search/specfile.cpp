#include "specfile.h"

#include "measure/pythontask.h"

#include <fstream>
#include <sstream>

namespace kfx::search {

namespace fs = std::filesystem;

std::string readSpecText(const fs::path &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw PoolError(path.string() + ": cannot read");
    std::ostringstream content;
    content << file.rdbuf();
    return content.str();
}

SpecFile::SpecFile(fs::path path, std::string_view format) : m_path(std::move(path)), m_text(readSpecText(m_path))
{
    simdjson::dom::element root;
    if (auto error = m_parser.parse(m_text).get(root))
        throw this->error(std::string("not JSON: ") + simdjson::error_message(error));
    try {
        m_root = json::asObject(root, m_path.filename().string());
        if (json::requiredString(m_root, "format") != format)
            throw this->error("\"format\": expected \"" + std::string(format) + "\"");
    } catch (const json::FieldError &fieldError) {
        throw this->error(fieldError.what());
    }
}

PoolError SpecFile::error(std::string_view message) const
{
    return PoolError(m_path.string() + ": " + std::string(message));
}

std::string SpecFile::taskDirectory() const
{
    std::string task;
    try {
        task = fs::weakly_canonical(m_path.parent_path() / std::string(json::requiredString(m_root, "task")));
    } catch (const json::FieldError &fieldError) {
        throw error(fieldError.what());
    }
    if (!fs::is_regular_file(fs::path(task) / "task.json") && !measure::detectPythonTask(task))
        throw error("\"task\": " + task
                    + " is no task: it has no task.json (kfx-task/1), task.yml (GPU MODE) or problem.py (KernelBench)");
    return task;
}

} // namespace kfx::search
