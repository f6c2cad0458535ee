#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace kfx::surrogate {

inline constexpr std::size_t kMiB = std::size_t(1) << 20;

struct HttpRequest {
    std::string url;
    std::string body;                 // sent as a POST
    bool get = false;                 // a GET instead, without the body (the Hub's rows API)
    std::vector<std::string> headers; // "Name: value"
    double timeoutSeconds = 180.0;    // for this transfer, from its start; at least 1 ms
    // A query's total budget across its retries: the transfer's timeout is cut to end here, and a transfer that
    // could only start after it fails as timed out.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    // A longer body, announced or streamed, ends the transfer: nothing larger is ever held in memory.
    std::size_t maxResponseBytes = 16 * kMiB;
};

// Why no response arrived.
enum class TransferError { None, Timeout, Transport, TooLarge, Setup };

struct HttpResponse {
    long status = 0; // 0 when no response arrived
    std::string body;
    std::optional<double> retryAfterSeconds; // Retry-After in its delta-seconds form
    TransferError error = TransferError::None;
    std::string transportError;                    // what went wrong when no response arrived
    std::chrono::steady_clock::time_point started; // when the transfer began (left queued before that)
};

// "16 MiB", or "1000 bytes" where the size is not a whole number of MiB.
std::string byteSizeText(std::size_t bytes);

// POSTs (or GETs) over libcurl's multi interface on one worker thread: up to `maxInFlight` transfers at once over
// reused keep-alive connections, the rest queued. Each request's callback runs once, on the worker thread.
// Destroying the client stops the worker and abandons what is queued or in flight without calling back,
// which is how a batch is cancelled.
class HttpClient {
public:
    using Clock = std::chrono::steady_clock;
    using Callback = std::function<void(HttpResponse)>;

    explicit HttpClient(int maxInFlight);
    ~HttpClient();
    HttpClient(const HttpClient &) = delete;
    HttpClient &operator=(const HttpClient &) = delete;

    // Starts no earlier than `notBefore` (a retry's back-off). Safe from any thread, callbacks included.
    void submit(HttpRequest request, Callback callback, Clock::time_point notBefore = {});

private:
    struct Pending {
        HttpRequest request;
        Callback callback;
        Clock::time_point notBefore;
    };
    struct Transfer;

    void run();
    void startReady(std::vector<std::unique_ptr<Transfer>> &active);
    void configure(Transfer &transfer, Clock::time_point now);
    int pollTimeoutMs(std::size_t activeCount);

    const std::size_t m_maxInFlight;
    void *m_multi = nullptr; // CURLM*, kept out of this header
    std::mutex m_mutex;
    std::deque<Pending> m_pending;
    bool m_stopping = false;
    std::thread m_worker;
};

} // namespace kfx::surrogate
