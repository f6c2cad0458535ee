#pragma once

#include "cudacheck.h"

#include <cstddef>

namespace kfx::measure {

// Device memory owned for the length of one case.
class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t bytes) : m_bytes(bytes) { checkCuda(cudaMalloc(&m_data, bytes), "cudaMalloc"); }
    ~DeviceBuffer() { cudaFree(m_data); }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;

    void *data() const { return m_data; }
    std::size_t bytes() const { return m_bytes; }

private:
    void *m_data = nullptr;
    std::size_t m_bytes = 0;
};

} // namespace kfx::measure
