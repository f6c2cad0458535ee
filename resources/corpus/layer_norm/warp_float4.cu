// Layer norm (eps 1e-5): one warp per row, ROWS rows per block, 16-byte loads and stores of x, gamma, beta and y
// (cols % 4 == 0 in every case), three reads of the row.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}}) layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const float4 *g = reinterpret_cast<const float4 *>(gamma);
    const float4 *b = reinterpret_cast<const float4 *>(beta);
    const int vectors = cols / 4;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        sum += v.x + v.y + v.z + v.w;
    }
    const float mean = warpSum(sum) / cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        squares += (v.x - mean) * (v.x - mean) + (v.y - mean) * (v.y - mean) + (v.z - mean) * (v.z - mean)
            + (v.w - mean) * (v.w - mean);
    }
    const float rstd = rsqrtf(warpSum(squares) / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 32) {
        const float4 v = in[c];
        const float4 gv = g[c];
        const float4 bv = b[c];
        out[c] = make_float4((v.x - mean) * rstd * gv.x + bv.x, (v.y - mean) * rstd * gv.y + bv.y,
                             (v.z - mean) * rstd * gv.z + bv.z, (v.w - mean) * rstd * gv.w + bv.w);
    }
}
