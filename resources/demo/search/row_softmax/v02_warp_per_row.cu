// One warp per row, eight rows per block; reductions with warp shuffles instead of shared memory and barriers.
// kfx-launch: {"grid": ["cdiv(rows, 8)"], "block": [256]}
__device__ float warpMax(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * 8 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    for (int c = lane; c < cols; c += 32)
        rowMax = fmaxf(rowMax, in[c]);
    rowMax = warpMax(rowMax);
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32)
        sum += __expf(in[c] - rowMax);
    const float inverse = 1.0f / warpSum(sum);
    for (int c = lane; c < cols; c += 32)
        out[c] = __expf(in[c] - rowMax) * inverse;
}
