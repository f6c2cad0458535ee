#include "loadedkernel.h"

#include "cudacheck.h"

namespace kfx::measure {

namespace {
// Above this a kernel must opt in to more dynamic shared memory.
constexpr std::int64_t kDefaultSharedLimit = 48 * 1024;
} // namespace

LoadedKernel::LoadedKernel(const std::string &cubin, const std::string &entryPoint)
{
    checkCuda(cudaLibraryLoadData(&m_library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0),
              "cudaLibraryLoadData");
    if (const cudaError_t status = cudaLibraryGetKernel(&m_kernel, m_library, entryPoint.c_str());
        status != cudaSuccess) {
        cudaGetLastError();
        throw CompileError("no kernel named \"" + entryPoint + "\" in the compiled image (" + describeCudaError(status)
                           + "); declare it extern \"C\" __global__");
    }
}

LoadedKernel::~LoadedKernel()
{
    if (m_library)
        cudaLibraryUnload(m_library);
}

void LoadedKernel::launch(const ResolvedCase &resolved, void **arguments) const
{
    const auto function = reinterpret_cast<const void *>(m_kernel);
    if (resolved.sharedBytes > kDefaultSharedLimit)
        checkCuda(
            cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, int(resolved.sharedBytes)),
            "cudaFuncSetAttribute");
    const dim3 grid(unsigned(resolved.grid[0]), unsigned(resolved.grid[1]), unsigned(resolved.grid[2]));
    const dim3 block(unsigned(resolved.block[0]), unsigned(resolved.block[1]), unsigned(resolved.block[2]));
    checkCuda(cudaLaunchKernel(function, grid, block, arguments, std::size_t(resolved.sharedBytes), nullptr),
              "cudaLaunchKernel");
}

} // namespace kfx::measure
