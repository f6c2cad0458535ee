// kfx-standin: runtime_ns=10000 outcome=incorrect
// Child of warp_per_row: "the sample variance divides by n - 1" -- layer norm uses the biased variance, so every
// output is off by a factor sqrt(cols / (cols - 1)) (incorrect at cols = 256).
// kfx-launch: {"grid": ["cdiv(rows, 8)"], "block": [256]}
__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    const int row = blockIdx.x * 8 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32)
        sum += in[c];
    const float mean = warpSum(sum) / cols;
    float squares = 0.0f;
    for (int c = lane; c < cols; c += 32)
        squares += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(warpSum(squares) / (cols - 1) + 1e-5f);
    for (int c = lane; c < cols; c += 32)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
