// kfx-standin: runtime_ns=8746
// A block of 256 threads per row, one pass for both moments: the sum and the sum of squares reduced together
// through shared memory, variance = E[x^2] - mean^2.
extern "C" __global__ void layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    __shared__ float sums[256];
    __shared__ float squares[256];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float s = 0.0f;
    float q = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        const float v = in[c];
        s += v;
        q += v * v;
    }
    sums[threadIdx.x] = s;
    squares[threadIdx.x] = q;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) {
            sums[threadIdx.x] += sums[threadIdx.x + stride];
            squares[threadIdx.x] += squares[threadIdx.x + stride];
        }
        __syncthreads();
    }
    const float mean = sums[0] / cols;
    const float rstd = rsqrtf(fmaxf(squares[0] / cols - mean * mean, 0.0f) + 1e-5f);
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
