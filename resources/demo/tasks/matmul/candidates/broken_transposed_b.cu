// Broken on purpose: reads B as if it were stored column-major, computing A B^T on the square case and garbage on
// the others (incorrect).
extern "C" __global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
    for (int i = 0; i < k; ++i)
        sum += a[(size_t)row * k + i] * b[(size_t)col * k + i];
    c[(size_t)row * n + col] = sum;
}
