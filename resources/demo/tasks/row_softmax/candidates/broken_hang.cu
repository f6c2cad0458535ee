// Broken on purpose: waits for a flag nobody sets (timeout). The volatile read keeps the loop from being
// optimised away; the inputs are normal samples, never NaN, so x[0] == x[0] always holds.
extern "C" __global__ void row_softmax(const float *x, float *y, int rows, int cols)
{
    const volatile float *flag = x;
    while (flag[0] == flag[0]) {
    }
    y[(size_t)blockIdx.x * cols + threadIdx.x] = 0.0f;
}
