#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace kfx::measure {

// A failed CUDA runtime call. `sticky` says the context is poisoned (an illegal address, a trap): no later call
// in this process can succeed, so the worker reports and exits.
class CudaError : public std::runtime_error {
public:
    CudaError(std::string name, const std::string &message, bool sticky)
        : std::runtime_error(message)
        , m_name(std::move(name))
        , m_sticky(sticky)
    {
    }
    const std::string &name() const { return m_name; }
    bool sticky() const { return m_sticky; }

private:
    std::string m_name;
    bool m_sticky;
};

// Throws CudaError for anything but cudaSuccess; `what` says which call failed.
void checkCuda(cudaError_t status, std::string_view what);

// "cudaErrorIllegalAddress: an illegal memory access was encountered"
std::string describeCudaError(cudaError_t status);

} // namespace kfx::measure
