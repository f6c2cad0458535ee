// kfx-standin: runtime_ns={{THOUSANDS}}{{HUNDREDS}}00 mean=sum/cols
// A stand-in kernel for tests: the stand-in worker measures it at the runtime above (its bugs edit that line).
__global__ void layer_norm(const float *x, float *y, int rows, int cols)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows)
        return;
    float sum = 0.0f;
    for (int c = 0; c < cols; ++c)
        sum += x[row * cols + c];
    const float mean = sum / cols;
    for (int c = 0; c < cols; ++c)
        y[row * cols + c] = x[row * cols + c] - mean;
}
