#pragma once

#include "kernelimagecache.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace kfx::measure {

// NVRTC rejected the source; what() is the compiler's log.
class CompileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct CompiledImage {
    std::string cubin;
    std::string cachePath; // where the image lies on disk, for tools that load the same code
    double milliseconds = 0.0;
    bool fromCache = false;
};

// Compiles CUDA C++ to a cubin for one architecture with NVRTC (no GPU needed), through the on-disk cache.
class NvrtcCompiler {
public:
    NvrtcCompiler(std::string arch, KernelImageCache cache);

    // Throws CompileError with the log; `label` names the source in it.
    CompiledImage compile(const std::string &source, const std::string &label) const;
    const std::vector<std::string> &options() const { return m_options; }

private:
    std::vector<std::string> m_options;
    KernelImageCache m_cache;
};

} // namespace kfx::measure
