#pragma once

#include <string_view>

namespace kfx {

enum class KernelLanguage { CudaCpp, Triton, PyTorch, Other };

// Guesses what a kernel is written in from its text. GPU-mode candidates are Python files that may embed
// CUDA C++ through load_inline; those count as CUDA C++ because that is where the kernel is.
KernelLanguage detectKernelLanguage(std::string_view code);
std::string_view kernelLanguageName(KernelLanguage language); // "CUDA C++", "Triton", "PyTorch", "Other"

// The syntax a kernel's file is written in, which is what highlighting needs. It differs from KernelLanguage:
// a load_inline kernel is CUDA C++ by language but a Python file by syntax, where `#` starts a comment.
enum class SourceSyntax { Python, Cpp, Plain };

// Reads the syntax from the code itself, outside Python's triple-quoted strings (where load_inline keeps its
// CUDA source): imports, `def`, decorators and `#` comments against preprocessor lines, `__global__`, `//`
// comments and lines ending in braces or semicolons. The label (a log's or detectKernelLanguage's) decides only
// when the code leans neither way.
SourceSyntax detectSourceSyntax(std::string_view code, KernelLanguage label);

} // namespace kfx
