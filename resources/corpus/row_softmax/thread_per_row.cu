// Row softmax: one thread per row, three passes (max, sum of exponentials, normalise). A warp reads 32 different
// rows at once, so no load is coalesced.
// kfx-launch: {"grid": ["cdiv(rows, {{BLOCK}})"], "block": [{{BLOCK}}]}
extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; ++c)
        rowMax = fmaxf(rowMax, in[c]);
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; ++c)
        sum += {{EXP}}(in[c] - rowMax);
    const float inverse = 1.0f / sum;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; c++)
        out[c] = {{EXP}}(in[c] - rowMax) * inverse;
}
