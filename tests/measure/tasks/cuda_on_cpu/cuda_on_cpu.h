// Runs a CUDA kernel's source on the CPU for tests on machines without a GPU: every CUDA thread of a block is
// a std::thread, blocks run one after another, __shared__ becomes a function-static (one block at a time shares
// it), __syncthreads and the warp shuffles are barriers. Slow, but the index arithmetic, the shared-memory
// phases and the reductions are the kernel's own. Include the CUDA headers' host side (vector types, bf16).
#pragma once

#include <barrier>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#define __global__
#undef __device__
#define __device__
#undef __shared__
#define __shared__ static
#undef __align__
#define __align__(n) __attribute__((aligned(n)))
#undef __restrict__
#define __restrict__ __restrict

struct EmulatedIndex {
    unsigned x = 0, y = 0, z = 0;
};
thread_local EmulatedIndex threadIdx, blockIdx;
EmulatedIndex blockDim, gridDim;

namespace emulation {
inline std::unique_ptr<std::barrier<>> block_barrier;
inline std::vector<std::unique_ptr<std::barrier<>>> warp_barriers;
inline float warp_slots[32][32];
} // namespace emulation

inline void __syncthreads()
{
    emulation::block_barrier->arrive_and_wait();
}

inline float __shfl_xor_sync(unsigned, float value, int lane_mask)
{
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    emulation::warp_slots[warp][lane] = value;
    emulation::warp_barriers[warp]->arrive_and_wait();
    const float partner = emulation::warp_slots[warp][lane ^ lane_mask];
    emulation::warp_barriers[warp]->arrive_and_wait();
    return partner;
}

inline float __expf(float x)
{
    return expf(x);
}

// kernel<<<grid, block>>>(), with `kernel` a closure calling the __global__ function.
inline void launch(EmulatedIndex grid, EmulatedIndex block, const std::function<void()> &kernel)
{
    gridDim = grid;
    blockDim = block;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                emulation::block_barrier = std::make_unique<std::barrier<>>(block.x);
                emulation::warp_barriers.clear();
                for (unsigned warp = 0; warp < block.x / 32; ++warp)
                    emulation::warp_barriers.push_back(std::make_unique<std::barrier<>>(32));
                std::vector<std::thread> threads;
                for (unsigned t = 0; t < block.x; ++t)
                    threads.emplace_back([&kernel, t, bx, by, bz] {
                        threadIdx = {t, 0, 0};
                        blockIdx = {bx, by, bz};
                        kernel();
                    });
                for (auto &thread : threads)
                    thread.join();
            }
}
