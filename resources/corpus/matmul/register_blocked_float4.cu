// C = A B in fp32, row-major: register blocking as in register_blocked (BM x BN tiles of C per block, TM x TN per
// thread, k stepped by BK), with the tiles loaded from global memory by 16-byte loads (k, n and the tile offsets
// are multiples of 4). m, n are multiples of 128 and k of 32 in every case.
// kfx-launch: {"grid": ["n / {{BN}}", "m / {{BM}}"], "block": ["{{BN}} / {{TN}}", "{{BM}} / {{TM}}"]}
constexpr int BM = {{BM}};
constexpr int BN = {{BN}};
constexpr int BK = {{BK}};
constexpr int TM = {{TM}};
constexpr int TN = {{TN}};
constexpr int TX = BN / TN;
constexpr int TY = BM / TM;
constexpr int kThreads = TX * TY;

extern "C" __global__ void __launch_bounds__(kThreads)
    matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float tileA[BK][BM + 4];           // [i][row within tile], padded
    __shared__ __align__(16) float tileB[BK][BN]; // [i][col within tile]
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int thread = ty * TX + tx;
    const int rowBase = blockIdx.y * BM;
    const int colBase = blockIdx.x * BN;
    float acc[TM][TN] = {};
    for (int t = 0; t < k; t += BK) {
        for (int index = thread; index < BM * BK / 4; index += kThreads) {
            const int aRow = index / (BK / 4);
            const int aCol = (index % (BK / 4)) * 4;
            const float4 v = *reinterpret_cast<const float4 *>(a + (size_t)(rowBase + aRow) * k + t + aCol);
            tileA[aCol + 0][aRow] = v.x;
            tileA[aCol + 1][aRow] = v.y;
            tileA[aCol + 2][aRow] = v.z;
            tileA[aCol + 3][aRow] = v.w;
        }
        for (int index = thread; index < BK * BN / 4; index += kThreads) {
            const int bRow = index / (BN / 4);
            const int bCol = (index % (BN / 4)) * 4;
            *reinterpret_cast<float4 *>(&tileB[bRow][bCol]) =
                *reinterpret_cast<const float4 *>(b + (size_t)(t + bRow) * n + colBase + bCol);
        }
        __syncthreads();
#pragma unroll
        for (int i = 0; i < BK; ++i) {
            float av[TM];
            float bv[TN];
#pragma unroll
            for (int r = 0; r < TM; ++r)
                av[r] = tileA[i][ty * TM + r];
#pragma unroll
            for (int q = 0; q < TN; ++q)
                bv[q] = tileB[i][tx + q * TX];
#pragma unroll
            for (int r = 0; r < TM; ++r)
#pragma unroll
                for (int q = 0; q < TN; ++q)
                    acc[r][q] += av[r] * bv[q];
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < TM; ++r)
#pragma unroll
        for (int q = 0; q < TN; ++q)
            c[(size_t)(rowBase + ty * TM + r) * n + colBase + tx + q * TX] = acc[r][q];
}
