// RMS norm (eps 1e-6): two rows per warp, 16 lanes per row, ROWS rows per block, 16-byte loads and stores; the
// shuffle reduction stays within each half-warp (offsets 8 to 1). Short rows keep every lane busy.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["16 * {{ROWS}}"]}
__device__ float halfWarpSum(float v)
{
    for (int offset = 8; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(16 * {{ROWS}}, {{MIN_BLOCKS}}) rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 16;
    const int lane = threadIdx.x % 16;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const float4 *w = reinterpret_cast<const float4 *>(weight);
    const int vectors = cols / 4;
    float squares = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 16) {
        const float4 v = in[c];
        squares += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }
    const float scale = rsqrtf(halfWarpSum(squares) / cols + 1e-6f);
#pragma unroll {{UNROLL}}
    for (int c = lane; c < vectors; c += 16) {
        const float4 v = in[c];
        const float4 wv = w[c];
        out[c] = make_float4(v.x * scale * wv.x, v.y * scale * wv.y, v.z * scale * wv.z, v.w * scale * wv.w);
    }
}
