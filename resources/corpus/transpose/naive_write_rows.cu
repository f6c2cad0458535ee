// Transpose (rows x cols -> cols x rows): one thread per element, threadIdx.x along y's rows: the writes of a
// warp are coalesced, its reads strided by cols, through READ (a plain load, or __ldg's read-only path).
// kfx-launch: {"grid": ["cdiv(rows, {{BX}})", "cdiv(cols, {{BY}})"], "block": [{{BX}}, {{BY}}]}
__device__ __forceinline__ float load(const float *p)
{
    return *p;
}

extern "C" __global__ void __launch_bounds__(({{BX}}) * ({{BY}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    const int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        y[(size_t)col * rows + row] = {{READ}}(x + (size_t)row * cols + col);
}
