// Child of tiled_shared_16: 32 x 32 tiles, half the global loads again; the B tile row padded by one word.
// Needs m, n, k divisible by 32.
// kfx-launch: {"grid": ["n / 32", "m / 32"], "block": [32, 32]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[32][32];
    __shared__ float tileB[32][33];
    const int row = blockIdx.y * 32 + threadIdx.y;
    const int col = blockIdx.x * 32 + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < k; t += 32) {
        tileA[threadIdx.y][threadIdx.x] = a[(size_t)row * k + t + threadIdx.x];
        tileB[threadIdx.y][threadIdx.x] = b[(size_t)(t + threadIdx.y) * n + col];
        __syncthreads();
        for (int i = 0; i < 32; ++i)
            sum += tileA[threadIdx.y][i] * tileB[i][threadIdx.x];
        __syncthreads();
    }
    c[(size_t)row * n + col] = sum;
}
