// C = A B in fp32, row-major (A is m x k, B is k x n), the search's seed: one thread per element of C, every
// operand read from global memory, 32 x 8 threads per block.
// kfx-launch: {"grid": ["cdiv(n, 32)", "cdiv(m, 8)"], "block": [32, 8]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
    for (int i = 0; i < k; ++i)
        sum += a[(size_t)row * k + i] * b[(size_t)i * n + col];
    c[(size_t)row * n + col] = sum;
}
