// Child of the seed: the k loop unrolled by 8, so more loads are in flight per thread.
// kfx-launch: {"grid": ["cdiv(n, 32)", "cdiv(m, 8)"], "block": [32, 8]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
#pragma unroll 8
    for (int i = 0; i < k; ++i)
        sum += a[(size_t)row * k + i] * b[(size_t)i * n + col];
    c[(size_t)row * n + col] = sum;
}
