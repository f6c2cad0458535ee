#pragma once

#include "measurementpool.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace kfx::search {

// What a measurement depends on besides the kernel: the same kernel timed by another protocol or on another
// device is another measurement.
struct MeasurementSetting {
    std::string task;
    std::string timingProtocol;
    std::string device;
};

// Each kernel's measurement, taken once: a kernel found here is never sent to a GPU again, and one search draws
// it at no cost. Keyed by the setting and the canonical kernel (canonicalkernel.h), so variants that differ only
// in their header, comments or layout share one entry. A failed measurement (a timeout) is kept too: the same
// kernel would cost the same timeout again.
class MeasurementCache {
public:
    static std::string key(const MeasurementSetting &setting, std::string_view code);

    const MeasuredCandidate *find(const std::string &key) const;
    void add(const std::string &key, MeasuredCandidate result);

    // Every measurement a search log holds (the seed's in search_initialized, its evaluation_completed and
    // evaluation_failed events, a trusted forecast's observation excluded), for a resumed search. Throws
    // SearchError on a line that is not JSON.
    void addFromSearchLog(const std::string &path, const MeasurementSetting &setting);

private:
    std::unordered_map<std::string, MeasuredCandidate> m_results;
};

} // namespace kfx::search
