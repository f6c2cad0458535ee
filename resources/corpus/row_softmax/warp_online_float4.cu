// Row softmax: one warp per row, ROWS rows per block, float4 loads, an online softmax (running max, the sum
// rescaled when the max grows) so the row is read twice instead of three times.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}}) row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const int vectors = cols / 4;
    float runningMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    float runningSum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        const float newMax = fmaxf(runningMax, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        runningSum = runningSum * {{EXP}}(runningMax - newMax) + {{EXP}}(v.x - newMax) + {{EXP}}(v.y - newMax)
            + {{EXP}}(v.z - newMax) + {{EXP}}(v.w - newMax);
        runningMax = newMax;
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        const float otherMax = __shfl_xor_sync(0xffffffffu, runningMax, offset);
        const float otherSum = __shfl_xor_sync(0xffffffffu, runningSum, offset);
        const float newMax = fmaxf(runningMax, otherMax);
        runningSum = runningSum * {{EXP}}(runningMax - newMax) + otherSum * {{EXP}}(otherMax - newMax);
        runningMax = newMax;
    }
    const float inverse = 1.0f / runningSum;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        out[c] = make_float4({{EXP}}(v.x - runningMax) * inverse, {{EXP}}(v.y - runningMax) * inverse,
                             {{EXP}}(v.z - runningMax) * inverse, {{EXP}}(v.w - runningMax) * inverse);
    }
}
