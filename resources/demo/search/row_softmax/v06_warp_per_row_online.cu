// Child of warp_per_row: an online softmax (running max, sum rescaled when the max grows), so the row is read twice
// instead of three times.
// kfx-launch: {"grid": ["cdiv(rows, 8)"], "block": [256]}
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * 8 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float runningMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    float runningSum = 0.0f;
    for (int c = lane; c < cols; c += 32) {
        const float v = in[c];
        const float newMax = fmaxf(runningMax, v);
        runningSum = runningSum * __expf(runningMax - newMax) + __expf(v - newMax);
        runningMax = newMax;
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        const float otherMax = __shfl_xor_sync(0xffffffffu, runningMax, offset);
        const float otherSum = __shfl_xor_sync(0xffffffffu, runningSum, offset);
        const float newMax = fmaxf(runningMax, otherMax);
        runningSum = runningSum * __expf(runningMax - newMax) + otherSum * __expf(otherMax - newMax);
        runningMax = newMax;
    }
    const float inverse = 1.0f / runningSum;
    for (int c = lane; c < cols; c += 32)
        out[c] = __expf(in[c] - runningMax) * inverse;
}
