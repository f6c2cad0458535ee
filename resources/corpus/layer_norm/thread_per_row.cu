// Layer norm (eps 1e-5): one thread per row, three passes (mean, variance, normalise). A warp reads 32
// different rows at once, so no load is coalesced.
// kfx-launch: {"grid": ["cdiv(rows, {{BLOCK}})"], "block": [{{BLOCK}}]}
extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; ++c)
        sum += in[c];
    const float mean = sum / cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; ++c)
        squares += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(squares / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = 0; c < cols; c++)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
