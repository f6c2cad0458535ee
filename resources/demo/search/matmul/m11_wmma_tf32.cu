// Child of register_blocked_4x4: tensor cores through wmma with TF32 operands (10-bit mantissas), each warp
// computing a 16 x 16 tile of C from global memory, four warps per block. Fast, but TF32 rounding puts the
// products ~1e-3 off: beyond the task's fp32 tolerance (incorrect).
// kfx-launch: {"grid": ["n / 32", "m / 32"], "block": [128]}
#include <mma.h>
using namespace nvcuda;

extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int warp = threadIdx.x / 32;
    const int row0 = blockIdx.y * 32 + (warp / 2) * 16;
    const int col0 = blockIdx.x * 32 + (warp % 2) * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int t = 0; t < k; t += 8) {
        wmma::load_matrix_sync(fa, a + (size_t)row0 * k + t, k);
        wmma::load_matrix_sync(fb, b + (size_t)t * n + col0, n);
        for (int e = 0; e < fa.num_elements; ++e)
            fa.x[e] = wmma::__float_to_tf32(fa.x[e]);
        for (int e = 0; e < fb.num_elements; ++e)
            fb.x[e] = wmma::__float_to_tf32(fb.x[e]);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + (size_t)row0 * n + col0, acc, n, wmma::mem_row_major);
}
