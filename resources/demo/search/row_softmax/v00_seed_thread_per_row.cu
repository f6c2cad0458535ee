// Row softmax, the search's seed: one thread per row, three passes over the row (max, sum of exponentials,
// normalise). Simple and correct, but a warp reads 32 different rows at once: nothing is coalesced.
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
    for (int c = 0; c < cols; ++c)
        sum += expf(in[c] - rowMax);
    for (int c = 0; c < cols; ++c)
        out[c] = expf(in[c] - rowMax) / sum;
}
