// C = A B in fp32, row-major: 32 x 32 tiles in shared memory (B's rows padded by PAD floats), 32 x (32 /
// ROWS_PER_THREAD) threads, each computing ROWS_PER_THREAD rows of the tile, so every B value read from shared
// memory feeds several multiply-adds. m, n and k are multiples of 32 in every case.
// kfx-launch: {"grid": ["n / 32", "m / 32"], "block": [32, "32 / {{ROWS_PER_THREAD}}"]}
constexpr int kRows = {{ROWS_PER_THREAD}};
constexpr int kThreadRows = 32 / kRows;

extern "C" __global__ void __launch_bounds__((32) * (32 / {{ROWS_PER_THREAD}}), {{MIN_BLOCKS}}) matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[32][32];
    __shared__ float tileB[32][32 + {{PAD}}];
    const int col = blockIdx.x * 32 + threadIdx.x;
    const int rowBase = blockIdx.y * 32;
    float sum[kRows] = {};
    for (int t = 0; t < k; t += 32) {
#pragma unroll
        for (int r = 0; r < kRows; ++r) {
            const int y = threadIdx.y + kThreadRows * r;
            tileA[y][threadIdx.x] = a[(size_t)(rowBase + y) * k + t + threadIdx.x];
            tileB[y][threadIdx.x] = b[(size_t)(t + y) * n + col];
        }
        __syncthreads();
#pragma unroll {{UNROLL}}
        for (int i = 0; i < 32; ++i) {
            const float bv = tileB[i][threadIdx.x];
#pragma unroll
            for (int r = 0; r < kRows; ++r)
                sum[r] += tileA[threadIdx.y + kThreadRows * r][i] * bv;
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < kRows; ++r)
        c[(size_t)(rowBase + threadIdx.y + kThreadRows * r) * n + col] = sum[r];
}
