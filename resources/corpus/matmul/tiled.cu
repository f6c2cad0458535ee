// C = A B in fp32, row-major: TILE x TILE tiles of A and B staged in shared memory (rows padded by PAD floats),
// one thread per element of C. m, n and k are multiples of 32 in every case.
// kfx-launch: {"grid": ["n / {{TILE}}", "m / {{TILE}}"], "block": [{{TILE}}, {{TILE}}]}
constexpr int T = {{TILE}};

extern "C" __global__ void __launch_bounds__(({{TILE}}) * ({{TILE}}), {{MIN_BLOCKS}}) matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[T][T + {{PAD}}];
    __shared__ float tileB[T][T + {{PAD}}];
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * T + ty;
    const int col = blockIdx.x * T + tx;
    float sum = 0.0f;
    for (int t = 0; t < k; t += T) {
        tileA[ty][tx] = a[(size_t)row * k + t + tx];
        tileB[ty][tx] = b[(size_t)(t + ty) * n + col];
        __syncthreads();
#pragma unroll {{UNROLL}}
        for (int i = 0; i < T; ++i)
            sum += tileA[ty][i] * tileB[i][tx];
        __syncthreads();
    }
    c[(size_t)row * n + col] = sum;
}
