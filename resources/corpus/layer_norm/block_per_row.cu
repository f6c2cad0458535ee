// Layer norm (eps 1e-5): one block of BLOCK threads per row, two passes (mean, then variance around it),
// reductions by a shared-memory tree with a barrier per level.
// kfx-launch: {"grid": ["rows"], "block": [{{BLOCK}}]}
__device__ float blockSum(float value, float *scratch)
{
    scratch[threadIdx.x] = value;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            scratch[threadIdx.x] += scratch[threadIdx.x + stride];
        __syncthreads();
    }
    const float total = scratch[0];
    __syncthreads();
    return total;
}

extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    __shared__ float scratch[{{BLOCK}}];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += in[c];
    const float mean = blockSum(local, scratch) / cols;
    local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(blockSum(local, scratch) / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
