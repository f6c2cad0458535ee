// Child of block_shuffle_float4, the store loop rewritten with a typo: "c + blockDim.x" never advances c, so
// the loop never ends (the measurement times out).
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
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
    const int vectors = cols / 4;
    float local = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        local = fmaxf(local, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
    }
    const float rowMax = blockMax(local, partials);
    local = 0.0f;
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        local += __expf(v.x - rowMax) + __expf(v.y - rowMax) + __expf(v.z - rowMax) + __expf(v.w - rowMax);
    }
    const float inverse = 1.0f / blockSum(local, partials);
    for (int c = threadIdx.x; c < vectors; c + blockDim.x) {
        const float4 v = in[c];
        out[c] = make_float4(__expf(v.x - rowMax) * inverse, __expf(v.y - rowMax) * inverse,
                             __expf(v.z - rowMax) * inverse, __expf(v.w - rowMax) * inverse);
    }
}
