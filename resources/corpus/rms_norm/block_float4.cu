// RMS norm (eps 1e-6): one block of BLOCK threads per row, 16-byte loads and stores (cols % 4 == 0 in every
// case), the block sum by a shuffle within each warp and one shared word per warp.
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
    return total;
}

extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    __shared__ float partials[32];
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
    const float4 *w = reinterpret_cast<const float4 *>(weight);
    const int vectors = cols / 4;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        squares += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }
    const float scale = rsqrtf(blockSum(squares, partials) / cols + 1e-6f);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        const float4 wv = w[c];
        out[c] = make_float4(v.x * scale * wv.x, v.y * scale * wv.y, v.z * scale * wv.z, v.w * scale * wv.w);
    }
}
