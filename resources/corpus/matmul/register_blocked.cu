// C = A B in fp32, row-major: BM x BN tiles of C per block, stepping k by BK through shared memory (A's tile
// stored transposed and padded), each of the (BM / TM) x (BN / TN) threads accumulating a TM x TN block of C in
// registers, so every shared-memory value read feeds TM or TN multiply-adds. m, n are multiples of 128 and k of 32
// in every case.
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
    __shared__ float tileA[BK][BM + 4]; // [i][row within tile], padded
    __shared__ float tileB[BK][BN];     // [i][col within tile]
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int thread = ty * TX + tx;
    const int rowBase = blockIdx.y * BM;
    const int colBase = blockIdx.x * BN;
    float acc[TM][TN] = {};
    for (int t = 0; t < k; t += BK) {
        for (int index = thread; index < BM * BK; index += kThreads) {
            const int aRow = index / BK;
            const int aCol = index % BK;
            tileA[aCol][aRow] = a[(size_t)(rowBase + aRow) * k + t + aCol];
        }
        for (int index = thread; index < BK * BN; index += kThreads) {
            const int bRow = index / BN;
            const int bCol = index % BN;
            tileB[bRow][bCol] = b[(size_t)(t + bRow) * n + colBase + bCol];
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
