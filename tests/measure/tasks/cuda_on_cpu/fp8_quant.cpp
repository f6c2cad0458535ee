// The fp8_quant CUDA candidates' kernels (extracted into *.kernels.h by the test), launched as their launchers do.
#include "cuda_on_cpu.h"

namespace warp_per_group {
#include "fp8_quant__cuda_warp_per_group.kernels.h"
}
namespace vectorised_rows {
#include "fp8_quant__cuda_vectorised_rows.kernels.h"
}

extern "C" void fp8_warp_per_group(const float *x, float *q, float *s, long long groups, long long group_size)
{
    const unsigned threads = 256;
    const auto blocks = static_cast<unsigned>((groups * 32 + threads - 1) / threads);
    launch({blocks, 1, 1}, {threads, 1, 1},
           [&] { warp_per_group::quantise_warp_per_group(x, q, s, groups, static_cast<int>(group_size)); });
}

extern "C" void fp8_vectorised_rows(const float *x, float *q, float *s, long long rows, long long groups_per_row)
{
    launch({static_cast<unsigned>(rows), 1, 1}, {128, 1, 1}, [&] {
        vectorised_rows::quantise_rows(reinterpret_cast<const float4 *>(x), reinterpret_cast<float4 *>(q), s,
                                       static_cast<int>(groups_per_row));
    });
}
