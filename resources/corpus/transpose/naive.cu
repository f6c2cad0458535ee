// Transpose (rows x cols -> cols x rows): one thread per element, BX x BY threads per block, threadIdx.x along
// x's rows: the reads of a warp are coalesced, its writes strided by rows.
// kfx-launch: {"grid": ["cdiv(cols, {{BX}})", "cdiv(rows, {{BY}})"], "block": [{{BX}}, {{BY}}]}
extern "C" __global__ void __launch_bounds__(({{BX}}) * ({{BY}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        y[(size_t)col * rows + row] = x[(size_t)row * cols + col];
}
