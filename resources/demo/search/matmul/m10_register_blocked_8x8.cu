// Child of register_blocked_4x4: 128 x 128 tiles, each thread computing an 8 x 8 block of C in registers, k
// staged eight at a time: every shared-memory value feeds eight multiply-adds. Needs m, n divisible by 128 and k by
// 8.
// kfx-launch: {"grid": ["n / 128", "m / 128"], "block": [16, 16]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[8][128 + 4]; // [i][row within tile], padded
    __shared__ float tileB[8][128];     // [i][col within tile]
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int thread = ty * 16 + tx;
    const int rowBase = blockIdx.y * 128;
    const int colBase = blockIdx.x * 128;
    float acc[8][8] = {};
    for (int t = 0; t < k; t += 8) {
        // 128 x 8 values of A and 8 x 128 of B: four each per thread.
#pragma unroll
        for (int load = 0; load < 4; ++load) {
            const int index = thread + load * 256;
            const int aRow = index / 8;
            const int aCol = index % 8;
            tileA[aCol][aRow] = a[(size_t)(rowBase + aRow) * k + t + aCol];
            const int bRow = index / 128;
            const int bCol = index % 128;
            tileB[bRow][bCol] = b[(size_t)(t + bRow) * n + colBase + bCol];
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            float av[8];
            float bv[8];
#pragma unroll
            for (int r = 0; r < 8; ++r)
                av[r] = tileA[i][ty * 8 + r];
#pragma unroll
            for (int q = 0; q < 8; ++q)
                bv[q] = tileB[i][tx + q * 16];
#pragma unroll
            for (int r = 0; r < 8; ++r)
#pragma unroll
                for (int q = 0; q < 8; ++q)
                    acc[r][q] += av[r] * bv[q];
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int q = 0; q < 8; ++q)
            c[(size_t)(rowBase + ty * 8 + r) * n + colBase + tx + q * 16] = acc[r][q];
}
