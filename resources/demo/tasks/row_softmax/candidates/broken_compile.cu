// Broken on purpose: uses a helper that was never written (compile_failed).
// kfx-launch: {"grid": ["cdiv(rows, 8)"], "block": [256]}
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * 8 + threadIdx.x / 32;
    if (row < rows)
        y[(size_t)row * cols] = warpReduceMax(x[(size_t)row * cols]);
}
