// Child of tiled_32_four_rows: 32 x 4 threads, each computing eight rows of the tile.
// kfx-launch: {"grid": ["n / 32", "m / 32"], "block": [32, 4]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[32][32];
    __shared__ float tileB[32][33];
    const int col = blockIdx.x * 32 + threadIdx.x;
    const int rowBase = blockIdx.y * 32;
    float sum[8] = {};
    for (int t = 0; t < k; t += 32) {
#pragma unroll
        for (int r = 0; r < 8; ++r) {
            const int y = threadIdx.y + 4 * r;
            tileA[y][threadIdx.x] = a[(size_t)(rowBase + y) * k + t + threadIdx.x];
            tileB[y][threadIdx.x] = b[(size_t)(t + y) * n + col];
        }
        __syncthreads();
        for (int i = 0; i < 32; ++i) {
            const float bv = tileB[i][threadIdx.x];
#pragma unroll
            for (int r = 0; r < 8; ++r)
                sum[r] += tileA[threadIdx.y + 4 * r][i] * bv;
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 8; ++r)
        c[(size_t)(rowBase + threadIdx.y + 4 * r) * n + col] = sum[r];
}
