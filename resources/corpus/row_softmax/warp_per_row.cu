// Row softmax: one warp per row, ROWS rows per block, shuffle reductions, three coalesced passes.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
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

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}}) row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        rowMax = fmaxf(rowMax, in[c]);
    rowMax = warpMax(rowMax);
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        sum += {{EXP}}(in[c] - rowMax);
    const float inverse = 1.0f / warpSum(sum);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        out[c] = {{EXP}}(in[c] - rowMax) * inverse;
}
