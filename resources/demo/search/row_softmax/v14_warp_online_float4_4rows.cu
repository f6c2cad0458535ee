// Child of warp_online_float4: four rows (128 threads) per block instead of eight, for more blocks per SM.
// kfx-launch: {"grid": ["cdiv(rows, 4)"], "block": [128]}
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * 4 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const int vectors = cols / 4;
    float runningMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    float runningSum = 0.0f;
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        const float m = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
        const float newMax = fmaxf(runningMax, m);
        runningSum = runningSum * __expf(runningMax - newMax) + __expf(v.x - newMax) + __expf(v.y - newMax)
            + __expf(v.z - newMax) + __expf(v.w - newMax);
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
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        out[c] = make_float4(__expf(v.x - runningMax) * inverse, __expf(v.y - runningMax) * inverse,
                             __expf(v.z - runningMax) * inverse, __expf(v.w - runningMax) * inverse);
    }
}
