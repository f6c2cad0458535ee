// RMS norm (eps 1e-6): one block of BLOCK threads per row, the sum of squares reduced by a shared-memory tree
// with a barrier per level, like the reference.
// kfx-launch: {"grid": ["rows"], "block": [{{BLOCK}}]}
extern "C" __global__ void __launch_bounds__({{BLOCK}}, {{MIN_BLOCKS}}) rms_norm(const float *x, const float *weight, float *y, int rows, int cols)
{
    __shared__ float scratch[{{BLOCK}}];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float local = 0.0f;
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        local += in[c] * in[c];
    scratch[threadIdx.x] = local;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            scratch[threadIdx.x] += scratch[threadIdx.x + stride];
        __syncthreads();
    }
    const float scale = rsqrtf(scratch[0] / cols + 1e-6f);
#pragma unroll {{UNROLL}}
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = in[c] * scale * weight[c];
}
