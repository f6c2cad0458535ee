// Child of block_shuffle_float4: a block-wide online softmax, the running max and sum merged across warps in
// one reduction, so the row is read twice instead of three times.
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    __shared__ float maxes[32];
    __shared__ float sums[32];
    const float4 *in = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
    float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
    const int vectors = cols / 4;
    float runningMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    float runningSum = 0.0f;
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        const float newMax = fmaxf(runningMax, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        runningSum = runningSum * __expf(runningMax - newMax) + __expf(v.x - newMax) + __expf(v.y - newMax)
            + __expf(v.z - newMax) + __expf(v.w - newMax);
        runningMax = newMax;
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        const float otherMax = __shfl_xor_sync(0xffffffffu, runningMax, offset);
        const float otherSum = __shfl_xor_sync(0xffffffffu, runningSum, offset);
        const float newMax = fmaxf(runningMax, otherMax);
        runningSum = runningSum * __expf(runningMax - newMax) + otherSum * __expf(otherMax - newMax);
        runningMax = newMax;
    }
    if (threadIdx.x % 32 == 0) {
        maxes[threadIdx.x / 32] = runningMax;
        sums[threadIdx.x / 32] = runningSum;
    }
    __syncthreads();
    float rowMax = maxes[0];
    for (int w = 1; w < blockDim.x / 32; ++w)
        rowMax = fmaxf(rowMax, maxes[w]);
    float total = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
        total += sums[w] * __expf(maxes[w] - rowMax);
    const float inverse = 1.0f / total;
    for (int c = threadIdx.x; c < vectors; c += blockDim.x) {
        const float4 v = in[c];
        out[c] = make_float4(__expf(v.x - rowMax) * inverse, __expf(v.y - rowMax) * inverse,
                             __expf(v.z - rowMax) * inverse, __expf(v.w - rowMax) * inverse);
    }
}
