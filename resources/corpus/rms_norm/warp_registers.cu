// RMS norm (eps 1e-6): one warp per row, ROWS rows per block, the row read once with 16-byte loads into registers
// (up to 32 * 4 * kMaxVectorsPerLane = 4096 columns, the widest case); __launch_bounds__ asks for MIN_BLOCKS
// resident blocks, which caps the registers per thread.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
constexpr int kMaxVectorsPerLane = 32;

__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}})
    rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const float4 *w = reinterpret_cast<const float4 *>(weight);
    const int vectors = cols / 4;
    float4 v[kMaxVectorsPerLane];
    float squares = 0.0f;
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors) {
            v[i] = in[c];
            squares += v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z + v[i].w * v[i].w;
        }
    }
    const float scale = rsqrtf(warpSum(squares) / cols + 1e-6f);
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors) {
            const float4 wv = w[c];
            out[c] = make_float4(v[i].x * scale * wv.x, v[i].y * scale * wv.y, v[i].z * scale * wv.z,
                                 v[i].w * scale * wv.w);
        }
    }
}
