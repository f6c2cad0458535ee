#include "pythontask.h"

#include <filesystem>
#include <system_error>

namespace kfx::measure {

std::optional<PythonTask> detectPythonTask(const std::string &task)
{
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path path(task);
    if (fs::is_regular_file(path, error))
        return path.extension() == ".py" ? std::optional(PythonTask{PythonTaskKind::KernelBench, task}) : std::nullopt;
    if (!fs::is_directory(path, error))
        return std::nullopt;
    if (fs::is_regular_file(path / "task.yml", error))
        return PythonTask{PythonTaskKind::GpuMode, task};
    if (fs::is_regular_file(path / "problem.py", error))
        return PythonTask{PythonTaskKind::KernelBench, (path / "problem.py").string()};
    return std::nullopt;
}

std::string_view pythonTaskKindName(PythonTaskKind kind)
{
    return kind == PythonTaskKind::GpuMode ? "gpu_mode" : "kernelbench";
}

} // namespace kfx::measure
