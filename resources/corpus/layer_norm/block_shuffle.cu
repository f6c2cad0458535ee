// Layer norm (eps 1e-5): one block of BLOCK threads per row, two passes; block sums by a shuffle within each warp,
// then one word per warp through shared memory (two barriers per reduction instead of one per tree level).
// kfx-launch: {"grid": ["rows"], "block": [{{BLOCK}}]}
__device__ float blockSum(float v, float *partials)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0)
        partials[threadIdx.x / 32] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
        total += partials[w];
    __syncthreads();
    return total;
}

extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    __shared__ float partials[32];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += in[c];
    const float mean = blockSum(local, partials) / cols;
    local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(blockSum(local, partials) / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
