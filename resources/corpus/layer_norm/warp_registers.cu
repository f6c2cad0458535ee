// Layer norm (eps 1e-5): one warp per row, ROWS rows per block, the row read once with 16-byte loads into
// registers (up to 32 * 4 * kMaxVectorsPerLane = 4096 columns, the widest case); __launch_bounds__ asks for
// MIN_BLOCKS resident blocks, which caps the registers per thread.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
constexpr int kMaxVectorsPerLane = 32;

__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}})
    layer_norm(const float *x, const float *gamma, const float *beta, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const float4 *g = reinterpret_cast<const float4 *>(gamma);
    const float4 *b = reinterpret_cast<const float4 *>(beta);
    const int vectors = cols / 4;
    float4 v[kMaxVectorsPerLane];
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors) {
            v[i] = in[c];
            sum += v[i].x + v[i].y + v[i].z + v[i].w;
        }
    }
    const float mean = warpSum(sum) / cols;
    float squares = 0.0f;
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        if (lane + i * 32 < vectors)
            squares += (v[i].x - mean) * (v[i].x - mean) + (v[i].y - mean) * (v[i].y - mean)
                + (v[i].z - mean) * (v[i].z - mean) + (v[i].w - mean) * (v[i].w - mean);
    }
    const float rstd = rsqrtf(warpSum(squares) / cols + 1e-5f);
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors) {
            const float4 gv = g[c];
            const float4 bv = b[c];
            out[c] = make_float4((v[i].x - mean) * rstd * gv.x + bv.x, (v[i].y - mean) * rstd * gv.y + bv.y,
                                 (v[i].z - mean) * rstd * gv.z + bv.z, (v[i].w - mean) * rstd * gv.w + bv.w);
        }
    }
}
