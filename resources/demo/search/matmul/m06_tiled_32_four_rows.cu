// Child of tiled_shared_32: 32 x 8 threads, each computing four rows of the 32 x 32 tile, so every B value read
// from shared memory feeds four multiply-adds.
// kfx-launch: {"grid": ["n / 32", "m / 32"], "block": [32, 8]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[32][32];
    __shared__ float tileB[32][33];
    const int col = blockIdx.x * 32 + threadIdx.x;
    const int rowBase = blockIdx.y * 32;
    float sum[4] = {};
    for (int t = 0; t < k; t += 32) {
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            const int y = threadIdx.y + 8 * r;
            tileA[y][threadIdx.x] = a[(size_t)(rowBase + y) * k + t + threadIdx.x];
            tileB[y][threadIdx.x] = b[(size_t)(t + y) * n + col];
        }
        __syncthreads();
        for (int i = 0; i < 32; ++i) {
            const float bv = tileB[i][threadIdx.x];
#pragma unroll
            for (int r = 0; r < 4; ++r)
                sum[r] += tileA[threadIdx.y + 8 * r][i] * bv;
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 4; ++r)
        c[(size_t)(rowBase + threadIdx.y + 8 * r) * n + col] = sum[r];
}
