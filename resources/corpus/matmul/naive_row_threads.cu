// C = A B in fp32, row-major: one thread per element of C, but consecutive threads take consecutive ROWS of C
// (threadIdx.x -> row), so the reads of A and the stores of C are strided by k and n: nothing is coalesced.
// kfx-launch: {"grid": ["cdiv(m, {{BX}})", "cdiv(n, {{BY}})"], "block": [{{BX}}, {{BY}}]}
extern "C" __global__ void __launch_bounds__(({{BX}}) * ({{BY}}), {{MIN_BLOCKS}}) matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    const int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int i = 0; i < k; ++i)
        sum += a[(size_t)row * k + i] * b[(size_t)i * n + col];
    c[(size_t)row * n + col] = sum;
}
