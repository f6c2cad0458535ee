// Transpose (rows x cols -> cols x rows): a TILE x TILE shared tile (rows padded by PAD floats) moved by TILE x
// TILE_ROWS threads, each looping over TILE / TILE_ROWS rows of it on the way in and out. rows and cols are
// multiples of 64 in every case.
// kfx-launch: {"grid": ["cols / {{TILE}}", "rows / {{TILE}}"], "block": [{{TILE}}, {{TILE_ROWS}}]}
constexpr int T = {{TILE}};
constexpr int R = {{TILE_ROWS}};

extern "C" __global__ void __launch_bounds__(({{TILE}}) * ({{TILE_ROWS}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    __shared__ float tile[T][T + {{PAD}}];
    const int colBase = blockIdx.x * T;
    const int rowBase = blockIdx.y * T;
#pragma unroll
    for (int j = 0; j < T; j += R)
        tile[threadIdx.y + j][threadIdx.x] = x[(size_t)(rowBase + threadIdx.y + j) * cols + colBase + threadIdx.x];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < T; j += R)
        y[(size_t)(colBase + threadIdx.y + j) * rows + rowBase + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}
