// Row softmax: one block of BLOCK threads per row, three passes (max, sum of exponentials, normalise), each
// reduction by a shared-memory tree with a barrier per level.
// kfx-launch: {"grid": ["rows"], "block": [{{BLOCK}}]}
extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) row_softmax(const float *x, float *y, int rows, int cols)
{
    __shared__ float scratch[{{BLOCK}}];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;

    float local = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local = fmaxf(local, in[c]);
    scratch[threadIdx.x] = local;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            scratch[threadIdx.x] = fmaxf(scratch[threadIdx.x], scratch[threadIdx.x + stride]);
        __syncthreads();
    }
    const float rowMax = scratch[0];
    __syncthreads();

    local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += {{EXP}}(in[c] - rowMax);
    scratch[threadIdx.x] = local;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            scratch[threadIdx.x] += scratch[threadIdx.x + stride];
        __syncthreads();
    }
    const float inverse = 1.0f / scratch[0];

#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = {{EXP}}(in[c] - rowMax) * inverse;
}
