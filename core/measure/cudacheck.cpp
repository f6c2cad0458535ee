#include "cudacheck.h"

namespace kfx::measure {

std::string describeCudaError(cudaError_t status)
{
    return std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
}

void checkCuda(cudaError_t status, std::string_view what)
{
    if (status == cudaSuccess)
        return;
    // A non-sticky error is cleared by reading it; a sticky one keeps failing every later call, which is the
    // documented way to tell them apart.
    cudaGetLastError();
    const bool sticky = cudaDeviceSynchronize() != cudaSuccess;
    throw CudaError(cudaGetErrorName(status), std::string(what) + ": " + describeCudaError(status), sticky);
}

} // namespace kfx::measure
