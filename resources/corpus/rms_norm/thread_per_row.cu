// RMS norm (eps 1e-6): one thread per row, two passes (sum of squares, scale). A warp reads 32 different rows at
// once, so no load is coalesced.
// kfx-launch: {"grid": ["cdiv(rows, {{BLOCK}})"], "block": [{{BLOCK}}]}
extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; ++c)
        squares += in[c] * in[c];
    const float scale = rsqrtf(squares / cols + 1e-6f);
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; c++)
        out[c] = in[c] * scale * weight[c];
}
