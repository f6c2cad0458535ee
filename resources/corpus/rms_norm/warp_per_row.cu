// RMS norm (eps 1e-6): one warp per row, ROWS rows per block, a shuffle reduction: coalesced reads, no barriers,
// no shared memory.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}}) rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        squares += in[c] * in[c];
    const float scale = rsqrtf(warpSum(squares) / cols + 1e-6f);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < cols; c += 32)
        out[c] = in[c] * scale * weight[c];
}
