#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace kfx::metrics {

// Runs work(i) for i in [0, count) on up to the machine's cores; the first exception is rethrown.
template<typename Work>
void forEachInParallel(std::size_t count, Work &&work)
{
    const auto threads = std::min<std::size_t>(count, std::max(1u, std::thread::hardware_concurrency()));
    if (threads <= 1) {
        for (std::size_t i = 0; i < count; ++i)
            work(i);
        return;
    }
    std::atomic<std::size_t> next = 0;
    std::exception_ptr failure;
    std::atomic_flag failed = ATOMIC_FLAG_INIT;
    const auto run = [&] {
        for (std::size_t i; (i = next++) < count;) {
            try {
                work(i);
            } catch (...) {
                if (!failed.test_and_set())
                    failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> workers;
    workers.reserve(threads - 1);
    for (std::size_t t = 1; t < threads; ++t)
        workers.emplace_back(run);
    run();
    for (auto &worker : workers)
        worker.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace kfx::metrics
