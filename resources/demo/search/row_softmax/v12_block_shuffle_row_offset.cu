// Child of block_per_row_shared: the block reductions use warp shuffles and eight words of shared memory instead
// of an eight-level tree with a barrier at each level.
// Block reductions: a shuffle within each warp, then one word per warp through shared memory.
__device__ float blockMax(float v, float *partials)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    if (threadIdx.x % 32 == 0)
        partials[threadIdx.x / 32] = v;
    __syncthreads();
    float total = partials[0];
    for (int w = 1; w < blockDim.x / 32; ++w)
        total = fmaxf(total, partials[w]);
    __syncthreads();
    return total;
}

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

extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    __shared__ float partials[32];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols * cols;
    float local = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local = fmaxf(local, in[c]);
    const float rowMax = blockMax(local, partials);
    local = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += __expf(in[c] - rowMax);
    const float inverse = 1.0f / blockSum(local, partials);
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = __expf(in[c] - rowMax) * inverse;
}
