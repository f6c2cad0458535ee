#pragma once

#include "nvrtccompiler.h"
#include "taskmanifest.h"

#include <cuda_runtime_api.h>

#include <string>

namespace kfx::measure {

// One compiled kernel loaded through the runtime's library API (no link-time dependency on the driver) and
// launched with a resolved case's configuration.
class LoadedKernel {
public:
    // Throws CompileError when the image has no kernel named `entryPoint` (the candidate's fault: a C++-mangled
    // or misspelt name), CudaError otherwise.
    LoadedKernel(const std::string &cubin, const std::string &entryPoint);
    ~LoadedKernel();
    LoadedKernel(const LoadedKernel &) = delete;
    LoadedKernel &operator=(const LoadedKernel &) = delete;

    // Enqueues one launch on the default stream; launch errors (a bad configuration) throw CudaError.
    void launch(const ResolvedCase &resolved, void **arguments) const;

private:
    cudaLibrary_t m_library = nullptr;
    cudaKernel_t m_kernel = nullptr;
};

} // namespace kfx::measure
