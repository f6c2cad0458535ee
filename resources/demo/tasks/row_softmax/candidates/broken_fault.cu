// Broken on purpose: the row offset is computed from the wrong pointer, writing far outside any allocation
// (runtime_error: an illegal address, which poisons the CUDA context).
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    float *out = y + (size_t)blockIdx.x * cols * 1048576ull * 64ull;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = x[(size_t)blockIdx.x * cols + c];
}
