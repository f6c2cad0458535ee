// Row softmax: one block of BLOCK threads per row, 16-byte loads and stores (cols % 4 == 0 in every case),
// reductions by a shuffle within each warp and one shared word per warp, three passes.
// kfx-launch: {"grid": ["rows"], "block": [{{BLOCK}}]}
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

extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) row_softmax(const float *x, float *y, int rows, int cols)
{
    __shared__ float partials[32];
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
    const int vectors = cols / 4;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        rowMax = fmaxf(rowMax, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
    }
    rowMax = blockMax(rowMax, partials);
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        sum += {{EXP}}(v.x - rowMax) + {{EXP}}(v.y - rowMax) + {{EXP}}(v.z - rowMax) + {{EXP}}(v.w - rowMax);
    }
    const float inverse = 1.0f / blockSum(sum, partials);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        out[c] = make_float4({{EXP}}(v.x - rowMax) * inverse, {{EXP}}(v.y - rowMax) * inverse,
                             {{EXP}}(v.z - rowMax) * inverse, {{EXP}}(v.w - rowMax) * inverse);
    }
}
