// Layer norm (eps 1e-5): one block of BLOCK threads per row, 16-byte loads and stores (cols % 4 == 0 in every
// case), shuffle block reductions, three reads of the row.
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
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
    const float4 *g = reinterpret_cast<const float4 *>(gamma);
    const float4 *b = reinterpret_cast<const float4 *>(beta);
    const int vectors = cols / 4;
    float sum = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        sum += v.x + v.y + v.z + v.w;
    }
    const float mean = blockSum(sum, partials) / cols;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        squares += (v.x - mean) * (v.x - mean) + (v.y - mean) * (v.y - mean) + (v.z - mean) * (v.z - mean)
            + (v.w - mean) * (v.w - mean);
    }
    const float rstd = rsqrtf(blockSum(squares, partials) / cols + 1e-5f);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        const float4 gv = g[c];
        const float4 bv = b[c];
        out[c] = make_float4((v.x - mean) * rstd * gv.x + bv.x, (v.y - mean) * rstd * gv.y + bv.y,
                             (v.z - mean) * rstd * gv.z + bv.z, (v.w - mean) * rstd * gv.w + bv.w);
    }
}
