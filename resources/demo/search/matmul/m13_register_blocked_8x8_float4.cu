// Child of register_blocked_8x8: the tiles are loaded with one 16-byte load of A and one of B per thread
// instead of four scalar loads each.
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
        // One float4 of A (row thread / 2, columns 4 * (thread % 2) ...) and one of B per thread.
        {
            const int aRow = thread / 2;
            const int aCol = (thread % 2) * 4;
            const float4 av4 = *reinterpret_cast<const float4 *>(a + (size_t)(rowBase + aRow) * k + t + aCol);
            tileA[aCol + 0][aRow] = av4.x;
            tileA[aCol + 1][aRow] = av4.y;
            tileA[aCol + 2][aRow] = av4.z;
            tileA[aCol + 3][aRow] = av4.w;
            const int bRow = thread / 32;
            const int bCol = (thread % 32) * 4;
            *reinterpret_cast<float4 *>(&tileB[bRow][bCol]) =
                *reinterpret_cast<const float4 *>(b + (size_t)(t + bRow) * n + colBase + bCol);
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
