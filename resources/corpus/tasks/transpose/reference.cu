// Transpose of an fp32 rows x cols matrix into cols x rows (both row-major), the reference: one thread per
// element, 32 x 8 threads per block; the reads of a warp are coalesced, its writes are strided by rows.
extern "C" __global__ void transpose(const float *x, float *y, int rows, int cols)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        y[(size_t)col * rows + row] = x[(size_t)row * cols + col];
}
