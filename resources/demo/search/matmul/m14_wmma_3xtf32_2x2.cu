// Child of wmma_3xtf32: each warp computes a 32 x 32 block of C (2 x 2 fragments), so every loaded A and B
// fragment feeds two products: half the fragment loads per MMA.
// kfx-launch: {"grid": ["n / 64", "m / 64"], "block": [128]}
#include <mma.h>
using namespace nvcuda;

constexpr int TM = 2; // 16-row fragments per warp
constexpr int TN = 2; // 16-column fragments per warp

// x = big + small, both representable in TF32: three products (small*big, big*small, big*big) recover fp32
// accuracy; small*small is below fp32 rounding.
template<typename Fragment>
__device__ void split(Fragment &big, Fragment &small)
{
    for (int e = 0; e < big.num_elements; ++e) {
        const float value = big.x[e];
        big.x[e] = wmma::__float_to_tf32(value);
        small.x[e] = wmma::__float_to_tf32(value - big.x[e]);
    }
}

extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int warp = threadIdx.x / 32;
    const int row0 = blockIdx.y * 64 + (warp / 2) * 32;
    const int col0 = blockIdx.x * 64 + (warp % 2) * 32;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            wmma::fill_fragment(acc[i][j], 0.0f);
    for (int t = 0; t < k; t += 8) {
        wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> aBig[TM], aSmall[TM];
        wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> bBig[TN], bSmall[TN];
#pragma unroll
        for (int i = 0; i < TM; ++i) {
            wmma::load_matrix_sync(aBig[i], a + (size_t)(row0 + 16 * i) * k + t, k);
            split(aBig[i], aSmall[i]);
        }
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            wmma::load_matrix_sync(bBig[j], b + (size_t)t * n + col0 + 16 * j, n);
            split(bBig[j], bSmall[j]);
        }
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) {
                wmma::mma_sync(acc[i][j], aSmall[i], bBig[j], acc[i][j]);
                wmma::mma_sync(acc[i][j], aBig[i], bSmall[j], acc[i][j]);
                wmma::mma_sync(acc[i][j], aBig[i], bBig[j], acc[i][j]);
            }
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            wmma::store_matrix_sync(c + (size_t)(row0 + 16 * i) * n + col0 + 16 * j, acc[i][j], n,
                                    wmma::mem_row_major);
}
