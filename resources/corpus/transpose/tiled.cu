// Transpose (rows x cols -> cols x rows): a TILE x TILE tile read by rows into shared memory (rows padded by PAD
// floats against bank conflicts), then written out by rows of y, so reads and writes are both coalesced. rows and
// cols are multiples of 64 in every case.
// kfx-launch: {"grid": ["cols / {{TILE}}", "rows / {{TILE}}"], "block": [{{TILE}}, {{TILE}}]}
constexpr int T = {{TILE}};

extern "C" __global__ void __launch_bounds__(({{TILE}}) * ({{TILE}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    __shared__ float tile[T][T + {{PAD}}];
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int colBase = blockIdx.x * T;
    const int rowBase = blockIdx.y * T;
    tile[ty][tx] = x[(size_t)(rowBase + ty) * cols + colBase + tx];
    __syncthreads();
    y[(size_t)(colBase + ty) * rows + rowBase + tx] = tile[tx][ty];
}
