// kfx-standin: runtime_ns=10000 outcome=compile_failed
// Child of block_sum_of_squares: the warp step of the block sums with the sm_80 __reduce_add_sync intrinsic,
// which exists for integers only: no overload takes a float, so it does not compile.
// Block sums: a shuffle within each warp, then one word per warp through shared memory.
__device__ float blockSum(float v, float *partials)
{
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0)
        partials[threadIdx.x / 32] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
        total += partials[w];
    __syncthreads();
    return total;
}

extern "C" __global__ void layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows,
                                      int cols)
{
    __shared__ float partials[32];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float local = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += in[c];
    const float mean = blockSum(local, partials) / cols;
    local = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += (in[c] - mean) * (in[c] - mean);
    const float rstd = rsqrtf(blockSum(local, partials) / cols + 1e-5f);
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = (in[c] - mean) * rstd * gamma[c] + beta[c];
}
