// C = A B in fp32, row-major (A is m x k, B is k x n): one thread per element of C, BX x BY threads per block,
// every operand read from global memory; the k loop unrolled UNROLL times.
// kfx-launch: {"grid": ["cdiv(n, {{BX}})", "cdiv(m, {{BY}})"], "block": [{{BX}}, {{BY}}]}
extern "C" __global__ void __launch_bounds__(({{BX}}) * ({{BY}}), {{MIN_BLOCKS}}) matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int i = 0; i < k; ++i)
        sum += a[(size_t)row * k + i] * b[(size_t)i * n + col];
    c[(size_t)row * n + col] = sum;
}
