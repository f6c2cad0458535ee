// kfx-standin: runtime_ns=66097
// Still one thread per row, with Welford's running mean and variance: one pass for the moments instead of two.
// kfx-launch: {"grid": ["cdiv(rows, 128)"], "block": [128]}
extern "C" __global__ void layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float mean = 0.0f;
    float m2 = 0.0f;
    for (int c = 0; c < cols; ++c) {
        const float delta = in[c] - mean;
        mean += delta / (c + 1);
        m2 += delta * (in[c] - mean);
    }
    const float rstd = rsqrtf(m2 / cols + 1e-5f);
    for (int c = 0; c < cols; ++c)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
