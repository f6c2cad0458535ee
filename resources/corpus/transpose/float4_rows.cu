// Transpose (rows x cols -> cols x rows): each thread reads four neighbouring elements of a row of x with one
// 16-byte load (cols % 4 == 0 in every case) and writes them into four rows of y; no shared memory.
// kfx-launch: {"grid": ["cdiv(cols / 4, {{BX}})", "cdiv(rows, {{BY}})"], "block": [{{BX}}, {{BY}}]}
extern "C" __global__ void __launch_bounds__(({{BX}}) * ({{BY}}), {{MIN_BLOCKS}}) transpose(const float *x, float *y, int rows, int cols)
{
    const int col4 = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= rows || col4 >= cols / 4)
        return;
    const float4 v = reinterpret_cast<const float4 *>(x + (size_t)row * cols)[col4];
    const int col = col4 * 4;
    y[(size_t)(col + 0) * rows + row] = v.x;
    y[(size_t)(col + 1) * rows + row] = v.y;
    y[(size_t)(col + 2) * rows + row] = v.z;
    y[(size_t)(col + 3) * rows + row] = v.w;
}
