#include "language.h"

#include <array>

namespace kfx {

namespace {
bool containsAny(std::string_view text, std::initializer_list<std::string_view> needles)
{
    for (auto needle : needles) {
        if (text.find(needle) != std::string_view::npos)
            return true;
    }
    return false;
}
} // namespace

KernelLanguage detectKernelLanguage(std::string_view code)
{
    if (containsAny(code, {"@triton.jit", "import triton", "from triton"}))
        return KernelLanguage::Triton;
    if (containsAny(code, {"__global__", "#include <cuda", "load_inline(", "cpp_extension"}))
        return KernelLanguage::CudaCpp;
    if (containsAny(code, {"import torch", "from torch", "torch."}))
        return KernelLanguage::PyTorch;
    return KernelLanguage::Other;
}

std::string_view kernelLanguageName(KernelLanguage language)
{
    switch (language) {
    case KernelLanguage::CudaCpp:
        return "CUDA C++";
    case KernelLanguage::Triton:
        return "Triton";
    case KernelLanguage::PyTorch:
        return "PyTorch";
    case KernelLanguage::Other:
        break;
    }
    return "Other";
}

} // namespace kfx
