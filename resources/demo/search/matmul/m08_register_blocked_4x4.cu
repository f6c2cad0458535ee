// Child of tiled_32_four_rows: 64 x 64 tiles of C per block of 16 x 16 threads, each thread computing a 4 x 4
// block in registers, so every shared-memory value read feeds four multiply-adds. Needs m, n divisible by 64 and
// k by 16.
// kfx-launch: {"grid": ["n / 64", "m / 64"], "block": [16, 16]}
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[16][64 + 1]; // [i][row within tile], padded
    __shared__ float tileB[16][64];     // [i][col within tile]
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int thread = ty * 16 + tx;
    const int rowBase = blockIdx.y * 64;
    const int colBase = blockIdx.x * 64;
    float acc[4][4] = {};
    for (int t = 0; t < k; t += 16) {
        // 64 x 16 values of A and 16 x 64 of B: four each per thread.
        for (int load = 0; load < 4; ++load) {
            const int index = thread + load * 256;
            const int aRow = index / 16;
            const int aCol = index % 16;
            tileA[aCol][aRow] = a[(size_t)(rowBase + aRow) * k + t + aCol];
            const int bRow = index / 64;
            const int bCol = index % 64;
            tileB[bRow][bCol] = b[(size_t)(t + bRow) * n + colBase + bCol];
        }
        __syncthreads();
        for (int i = 0; i < 16; ++i) {
            float av[4];
            float bv[4];
            for (int r = 0; r < 4; ++r)
                av[r] = tileA[i][ty * 4 + r];
            for (int q = 0; q < 4; ++q)
                bv[q] = tileB[i][tx + q * 16];
            for (int r = 0; r < 4; ++r)
                for (int q = 0; q < 4; ++q)
                    acc[r][q] += av[r] * bv[q];
        }
        __syncthreads();
    }
    for (int r = 0; r < 4; ++r)
        for (int q = 0; q < 4; ++q)
            c[(size_t)(rowBase + ty * 4 + r) * n + colBase + tx + q * 16] = acc[r][q];
}
