// Still one thread per row, but the exponentials are written out in the second pass and only scaled in the third,
// so each is computed once.
// kfx-launch: {"grid": ["cdiv(rows, 128)"], "block": [128]}
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    const float *in = x + (size_t)row * cols;
    float *out = y + (size_t)row * cols;
    float rowMax = -__int_as_float(0x7f800000) /* -inf: NVRTC has no INFINITY */;
    for (int c = 0; c < cols; ++c)
        rowMax = fmaxf(rowMax, in[c]);
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c) {
        const float e = expf(in[c] - rowMax);
        out[c] = e;
        sum += e;
    }
    const float inverse = 1.0f / sum;
    for (int c = 0; c < cols; ++c)
        out[c] *= inverse;
}
