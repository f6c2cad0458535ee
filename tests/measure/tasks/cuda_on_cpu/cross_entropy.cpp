// The cross_entropy CUDA candidates' kernels (extracted into *.kernels.h by the test), launched as their launchers do.
#include "cuda_on_cpu.h"

namespace block_per_row {
#include "cross_entropy__cuda_block_per_row.kernels.h"
}
namespace vectorised_rows {
#include "cross_entropy__cuda_vectorised_rows.kernels.h"
}

extern "C" void ce_block_per_row(const void *logits, const std::int64_t *targets, const float *grad_output,
                                 float *losses, void *grad, long long rows, long long V)
{
    launch({static_cast<unsigned>(rows), 1, 1}, {512, 1, 1}, [&] {
        block_per_row::cross_entropy_rows(static_cast<const __nv_bfloat16 *>(logits), targets, grad_output, losses,
                                          static_cast<__nv_bfloat16 *>(grad), static_cast<int>(V));
    });
}

extern "C" void ce_vectorised_rows(const void *logits, const std::int64_t *targets, const float *grad_output,
                                   float *losses, void *grad, long long rows, long long V)
{
    launch({static_cast<unsigned>(rows), 1, 1}, {256, 1, 1}, [&] {
        vectorised_rows::cross_entropy_vectorised(static_cast<const uint4 *>(logits), targets, grad_output, losses,
                                                  static_cast<uint4 *>(grad), static_cast<int>(V / 8));
    });
}
