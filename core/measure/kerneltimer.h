#pragma once

#include "devicebuffer.h"
#include "protocol.h"
#include "samplestatistics.h"

#include <atomic>
#include <functional>
#include <memory>
#include <stdexcept>

namespace kfx::measure {

// The caller cancelled the measurement between two samples.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

// Times one kernel launch with CUDA events under either protocol (PROTOCOL.md):
// - reference: spec §5.1, one synchronised launch per sample, no warm-up and no cache flush, adaptive stop;
// - robust: warm-up samples (at least 5 and 20 ms), the L2 flushed before every sample by writing a buffer twice
//   the L2's size, a fixed number of samples; callers report the median.
class KernelTimer {
public:
    explicit KernelTimer(long long l2CacheBytes);
    ~KernelTimer();
    KernelTimer(const KernelTimer &) = delete;
    KernelTimer &operator=(const KernelTimer &) = delete;

    // Samples in nanoseconds. `launch` enqueues one launch. Throws CudaError or Cancelled.
    std::vector<double> time(const std::function<void()> &launch, TimingProtocol protocol, double budgetNs,
                             const std::atomic<bool> &cancelled);

private:
    double sample(const std::function<void()> &launch, bool flush);

    long long m_l2CacheBytes;
    std::unique_ptr<DeviceBuffer> m_flush; // allocated on the first robust measurement
    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_end = nullptr;
};

} // namespace kfx::measure
