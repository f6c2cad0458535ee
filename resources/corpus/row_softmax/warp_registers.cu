// Row softmax: one warp per row, ROWS rows per block, the row read once with 16-byte loads into registers (up to
// 32 * 4 * kMaxVectorsPerLane = 4096 columns, the widest case), exponentials kept there; __launch_bounds__ asks for
// MIN_BLOCKS resident blocks, which caps the registers per thread.
// kfx-launch: {"grid": ["cdiv(rows, {{ROWS}})"], "block": ["32 * {{ROWS}}"]}
constexpr int kMaxVectorsPerLane = 32;

__device__ float warpMax(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__device__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

extern "C" __global__ void __launch_bounds__(32 * {{ROWS}}, {{MIN_BLOCKS}})
    row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * {{ROWS}} + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)row * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)row * cols);
    const int vectors = cols / 4;
    float4 v[kMaxVectorsPerLane];
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors) {
            v[i] = in[c];
            rowMax = fmaxf(rowMax, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
        }
    }
    rowMax = warpMax(rowMax);
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        if (lane + i * 32 < vectors) {
            v[i] = make_float4({{EXP}}(v[i].x - rowMax), {{EXP}}(v[i].y - rowMax), {{EXP}}(v[i].z - rowMax),
                               {{EXP}}(v[i].w - rowMax));
            sum += v[i].x + v[i].y + v[i].z + v[i].w;
        }
    }
    const float inverse = 1.0f / warpSum(sum);
#pragma unroll
    for (int i = 0; i < kMaxVectorsPerLane; ++i) {
        const int c = lane + i * 32;
        if (c < vectors)
            out[c] = make_float4(v[i].x * inverse, v[i].y * inverse, v[i].z * inverse, v[i].w * inverse);
    }
}
