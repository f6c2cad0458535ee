#pragma once

#include "measure/measureclient.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kfx::search {

// One candidate's measurement as a search log keeps it.
struct MeasuredCandidate {
    std::string evaluationJson;   // Evaluation (spec §3.5); empty when the measurement failed outright
    std::optional<double> reward; // the aggregated speedup on success
    std::string failureReason;    // evaluation_failed's reason (a timeout), else empty
    double gpuSeconds = 0.0;      // what the measurement cost, for a budget in GPU-seconds
};

// Measures one candidate at a time. Each instance is used by one thread.
class Measurer {
public:
    virtual ~Measurer() = default;
    virtual MeasuredCandidate measure(const std::string &code, const std::string &label) = 0;
};

// A kfx-measure worker (PROTOCOL.md), possibly behind a launch prefix: one per GPU.
class WorkerMeasurer final : public Measurer {
public:
    WorkerMeasurer(std::vector<std::string> command, std::string taskDirectory, std::chrono::milliseconds timeout);
    MeasuredCandidate measure(const std::string &code, const std::string &label) override;
    // The worker's device_info result line (for the v3 log's hardware).
    std::string deviceInfo();

private:
    measure::MeasureClient m_client;
    std::string m_task;
    std::chrono::milliseconds m_timeout;
    int m_requests = 0;
};

// Several measurers kept busy on one batch: each takes the next unmeasured candidate as soon as it is free.
// Results are handed back in the batch's order, each as soon as it and all before it are done, so a log written
// from them is the same whatever the workers' speeds.
class MeasurementPool {
public:
    explicit MeasurementPool(std::vector<std::unique_ptr<Measurer>> measurers);

    struct Job {
        std::string code;
        std::string label;
    };
    using InOrder = std::function<void(std::size_t index, MeasuredCandidate &result)>;
    void measureAll(std::span<const Job> jobs, const InOrder &done);

    std::size_t size() const { return m_measurers.size(); }

private:
    std::vector<std::unique_ptr<Measurer>> m_measurers;
};

} // namespace kfx::search
