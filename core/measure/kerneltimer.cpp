#include "kerneltimer.h"

#include <chrono>

namespace kfx::measure {

namespace {
constexpr int kRobustWarmups = 5;
// Warm-up also lasts at least this long: an idle GPU's clocks take milliseconds to settle, longer than five
// launches of a short kernel, and samples taken before they do widen the spread.
constexpr double kRobustWarmupNs = 20e6;
constexpr std::size_t kRobustMinSamples = 10;
constexpr std::size_t kRobustMaxSamples = 100;
// The reference's loop also stops after 120 s of wall time, whatever the budget.
constexpr double kWallLimitNs = 120e9;

double elapsedNs(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - since).count();
}
} // namespace

KernelTimer::KernelTimer(long long l2CacheBytes) : m_l2CacheBytes(l2CacheBytes)
{
    checkCuda(cudaEventCreate(&m_start), "cudaEventCreate");
    checkCuda(cudaEventCreate(&m_end), "cudaEventCreate");
}

KernelTimer::~KernelTimer()
{
    cudaEventDestroy(m_start);
    cudaEventDestroy(m_end);
}

double KernelTimer::sample(const std::function<void()> &launch, bool flush)
{
    checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    if (flush)
        checkCuda(cudaMemsetAsync(m_flush->data(), 0, m_flush->bytes(), nullptr), "cudaMemsetAsync (L2 flush)");
    checkCuda(cudaEventRecord(m_start, nullptr), "cudaEventRecord");
    launch();
    checkCuda(cudaEventRecord(m_end, nullptr), "cudaEventRecord");
    checkCuda(cudaEventSynchronize(m_end), "kernel execution");
    float milliseconds = 0.0f;
    checkCuda(cudaEventElapsedTime(&milliseconds, m_start, m_end), "cudaEventElapsedTime");
    return double(milliseconds) * 1e6;
}

std::vector<double> KernelTimer::time(const std::function<void()> &launch, TimingProtocol protocol, double budgetNs,
                                      const std::atomic<bool> &cancelled)
{
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> samples;
    if (protocol == TimingProtocol::Reference) {
        do {
            if (cancelled)
                throw Cancelled();
            samples.push_back(sample(launch, false));
        } while (!referenceProtocolDone(samples, budgetNs) && elapsedNs(start) < kWallLimitNs);
        return samples;
    }
    if (!m_flush)
        m_flush = std::make_unique<DeviceBuffer>(std::size_t(std::max(2 * m_l2CacheBytes, 64ll << 20)));
    // Warm-up samples are taken exactly as the timed ones (flush, then launch) and thrown away.
    const auto warmupStart = std::chrono::steady_clock::now();
    for (int i = 0; i < kRobustWarmups || elapsedNs(warmupStart) < kRobustWarmupNs; ++i) {
        if (cancelled)
            throw Cancelled();
        sample(launch, true);
    }
    while (samples.size() < kRobustMaxSamples && (samples.size() < kRobustMinSamples || elapsedNs(start) < budgetNs)) {
        if (cancelled)
            throw Cancelled();
        samples.push_back(sample(launch, true));
    }
    return samples;
}

} // namespace kfx::measure
