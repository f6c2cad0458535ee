// Transpose (rows x cols -> cols x rows): a TILE x TILE shared tile (rows padded by PAD floats) read from x and
// written to y with 16-byte accesses by (TILE / 4) x TILE_ROWS threads; each thread gathers four elements of a
// tile column into the float4 it writes. rows and cols are multiples of 64 in every case.
// kfx-launch: {"grid": ["cols / {{TILE}}", "rows / {{TILE}}"], "block": ["{{TILE}} / 4", {{TILE_ROWS}}]}
constexpr int T = {{TILE}};
constexpr int R = {{TILE_ROWS}};

extern "C" __global__ void __launch_bounds__(({{TILE}} / 4) * ({{TILE_ROWS}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    __shared__ float tile[T][T + {{PAD}}];
    const int colBase = blockIdx.x * T;
    const int rowBase = blockIdx.y * T;
    for (int r = threadIdx.y; r < T; r += R) {
        const float4 v = reinterpret_cast<const float4 *>(x + (size_t)(rowBase + r) * cols + colBase)[threadIdx.x];
        tile[r][4 * threadIdx.x + 0] = v.x;
        tile[r][4 * threadIdx.x + 1] = v.y;
        tile[r][4 * threadIdx.x + 2] = v.z;
        tile[r][4 * threadIdx.x + 3] = v.w;
    }
    __syncthreads();
    for (int r = threadIdx.y; r < T; r += R)
        reinterpret_cast<float4 *>(y + (size_t)(colBase + r) * rows + rowBase)[threadIdx.x] =
            make_float4(tile[4 * threadIdx.x][r], tile[4 * threadIdx.x + 1][r], tile[4 * threadIdx.x + 2][r],
                        tile[4 * threadIdx.x + 3][r]);
}
