// Layer norm (eps 1e-5): one warp per row, ROWS rows per block, shuffle reductions: coalesced reads, no
// barriers, no shared memory.
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
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        sum += in[c];
    const float mean = warpSum(sum) / cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        squares += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(warpSum(squares) / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
