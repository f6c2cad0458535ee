// Row softmax: one warp per row, ROWS rows per block, 16-byte loads and stores (cols % 4 == 0 in every case),
// three passes over the row.
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
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const int vectors = cols / 4;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        rowMax = fmaxf(rowMax, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
    }
    rowMax = warpMax(rowMax);
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        sum += {{EXP}}(v.x - rowMax) + {{EXP}}(v.y - rowMax) + {{EXP}}(v.z - rowMax) + {{EXP}}(v.w - rowMax);
    }
    const float inverse = 1.0f / warpSum(sum);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        out[c] = make_float4({{EXP}}(v.x - rowMax) * inverse, {{EXP}}(v.y - rowMax) * inverse,
                             {{EXP}}(v.z - rowMax) * inverse, {{EXP}}(v.w - rowMax) * inverse);
    }
}
