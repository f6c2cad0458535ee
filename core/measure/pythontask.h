#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kfx::measure {

// The two Python task layouts the worker measures through its harness (TASKS.md), told apart by what is on disk:
// a GPU MODE task is a directory holding task.yml; a KernelBench problem is a .py file, or a directory holding
// problem.py. Anything else is a kfx-task/1 directory (task.json), which the worker measures itself.
enum class PythonTaskKind { GpuMode, KernelBench };

struct PythonTask {
    PythonTaskKind kind = PythonTaskKind::GpuMode;
    // What the harness gets as --task: the directory, or the problem file.
    std::string path;
};

std::optional<PythonTask> detectPythonTask(const std::string &task);
std::string_view pythonTaskKindName(PythonTaskKind kind);

} // namespace kfx::measure
