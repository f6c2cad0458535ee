// Child of tiled_shared_16, "one barrier per tile is enough": without the second, a fast warp overwrites the
// tiles while slower warps still read them (a race: incorrect).
// kfx-launch: {"grid": ["n / 16", "m / 16"], "block": [16, 16]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[16][16];
    __shared__ float tileB[16][16];
    const int row = blockIdx.y * 16 + threadIdx.y;
    const int col = blockIdx.x * 16 + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < k; t += 16) {
        tileA[threadIdx.y][threadIdx.x] = a[(size_t)row * k + t + threadIdx.x];
        tileB[threadIdx.y][threadIdx.x] = b[(size_t)(t + threadIdx.y) * n + col];
        __syncthreads();
        for (int i = 0; i < 16; ++i)
            sum += tileA[threadIdx.y][i] * tileB[i][threadIdx.x];
    }
    c[(size_t)row * n + col] = sum;
}
