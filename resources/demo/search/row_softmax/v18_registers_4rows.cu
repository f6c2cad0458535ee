// Child of warp_float4_registers: four rows (128 threads) per block; at ~140 registers per thread, smaller
// blocks fill the SMs more evenly.
// kfx-launch: {"grid": ["cdiv(rows, 4)"], "block": [128]}
// Rows up to 32 * 4 * kMaxVectorsPerLane = 4096 columns, the widest case.
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

extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * 4 + threadIdx.x / 32;
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
            v[i] = make_float4(__expf(v[i].x - rowMax), __expf(v[i].y - rowMax), __expf(v[i].z - rowMax),
                               __expf(v[i].w - rowMax));
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
