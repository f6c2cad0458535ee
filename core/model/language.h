#pragma once

#include <string_view>

namespace kfx {

enum class KernelLanguage { CudaCpp, Triton, PyTorch, Other };

// Guesses what a kernel is written in from its text. GPU-mode candidates are Python files that may embed
// CUDA C++ through load_inline; those count as CUDA C++ because that is where the kernel is.
KernelLanguage detectKernelLanguage(std::string_view code);
std::string_view kernelLanguageName(KernelLanguage language); // "CUDA C++", "Triton", "PyTorch", "Other"

} // namespace kfx
