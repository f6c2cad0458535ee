#include "httpclient.h"

#include <curl/curl.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace kfx::surrogate {

namespace {

CURLM *multiOf(void *handle)
{
    return static_cast<CURLM *>(handle);
}

// A transfer that cannot be set up as asked: it is reported rather than sent with curl's defaults in force (an
// unset timeout is no timeout at all).
class SetupError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

template<typename Value>
void setOption(CURL *easy, CURLoption option, const char *name, Value value)
{
    if (const CURLcode code = curl_easy_setopt(easy, option, value); code != CURLE_OK)
        throw SetupError(std::string("cannot set ") + name + ": " + curl_easy_strerror(code));
}

// Names the option in the error from the option itself, so the two cannot drift apart.
#define KFX_SET_OPTION(easy, option, value) setOption(easy, option, #option, value)

// Whole milliseconds, as curl takes them, and never 0, which to curl means no timeout at all.
long timeoutMs(const HttpRequest &request, HttpClient::Clock::time_point now)
{
    constexpr double kLongestSeconds = 24.0 * 3600.0;
    if (!(request.timeoutSeconds >= 0.001 && request.timeoutSeconds <= kLongestSeconds))
        throw SetupError("timeout of " + std::to_string(request.timeoutSeconds) + " s is not between 1 ms and 24 h");
    const double budget = std::chrono::duration<double>(request.deadline - now).count();
    return std::max(1L, std::lround(std::min(request.timeoutSeconds, budget) * 1000.0));
}

std::optional<double> retryAfter(CURL *easy)
{
    curl_header *header = nullptr;
    if (curl_easy_header(easy, "Retry-After", 0, CURLH_HEADER, -1, &header) != CURLHE_OK || !header)
        return std::nullopt;
    const std::string_view value = header->value;
    double seconds = 0.0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    // The HTTP-date form is left to the caller's own back-off rather than trusting two clocks to agree.
    if (error != std::errc() || end != value.data() + value.size() || seconds < 0.0)
        return std::nullopt;
    return seconds;
}

// The body as it arrives, up to the request's cap.
struct ResponseSink {
    std::string received;
    std::size_t limit = 0;
    bool overflowed = false;
};

std::size_t appendBody(char *data, std::size_t size, std::size_t count, void *target)
{
    auto *sink = static_cast<ResponseSink *>(target);
    const std::size_t bytes = size * count;
    if (bytes > sink->limit - sink->received.size()) {
        sink->overflowed = true;
        return 0; // curl ends the transfer with CURLE_WRITE_ERROR
    }
    sink->received.append(data, bytes);
    return bytes;
}

} // namespace

std::string byteSizeText(std::size_t bytes)
{
    return bytes % kMiB == 0 ? std::to_string(bytes / kMiB) + " MiB" : std::to_string(bytes) + " bytes";
}

struct HttpClient::Transfer {
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    HttpRequest request;
    Callback callback;
    ResponseSink sink;
    Clock::time_point started;

    ~Transfer()
    {
        curl_slist_free_all(headers);
        curl_easy_cleanup(easy);
    }
};

HttpClient::HttpClient(int maxInFlight) : m_maxInFlight(std::size_t(std::max(1, maxInFlight)))
{
    static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    (void)initialised;
    m_multi = curl_multi_init();
    curl_multi_setopt(multiOf(m_multi), CURLMOPT_MAX_HOST_CONNECTIONS, long(m_maxInFlight));
    curl_multi_setopt(multiOf(m_multi), CURLMOPT_MAXCONNECTS, long(m_maxInFlight));
    m_worker = std::thread([this] { run(); });
}

HttpClient::~HttpClient()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    curl_multi_wakeup(multiOf(m_multi));
    m_worker.join();
    curl_multi_cleanup(multiOf(m_multi));
}

void HttpClient::submit(HttpRequest request, Callback callback, Clock::time_point notBefore)
{
    {
        std::lock_guard lock(m_mutex);
        m_pending.push_back({std::move(request), std::move(callback), notBefore});
    }
    curl_multi_wakeup(multiOf(m_multi));
}

void HttpClient::startReady(std::vector<std::unique_ptr<Transfer>> &active)
{
    std::vector<Pending> ready;
    {
        std::lock_guard lock(m_mutex);
        const auto now = Clock::now();
        for (auto it = m_pending.begin(); it != m_pending.end() && active.size() + ready.size() < m_maxInFlight;) {
            if (it->notBefore <= now) {
                ready.push_back(std::move(*it));
                it = m_pending.erase(it);
            } else {
                ++it;
            }
        }
    }
    const auto now = Clock::now();
    for (auto &pending : ready) {
        auto transfer = std::make_unique<Transfer>();
        transfer->request = std::move(pending.request);
        transfer->callback = std::move(pending.callback);
        transfer->started = now;
        const auto fail = [&](TransferError error, std::string reason) {
            HttpResponse response;
            response.error = error;
            response.transportError = std::move(reason);
            response.started = now;
            transfer->callback(std::move(response));
        };
        if (transfer->request.deadline - now < std::chrono::milliseconds(1)) {
            fail(TransferError::Timeout, "the query's time budget ran out before this attempt could start");
            continue;
        }
        try {
            configure(*transfer, now);
        } catch (const SetupError &error) {
            fail(TransferError::Setup, error.what());
            continue;
        }
        active.push_back(std::move(transfer));
    }
}

void HttpClient::configure(Transfer &transfer, Clock::time_point now)
{
    transfer.easy = curl_easy_init();
    if (!transfer.easy)
        throw SetupError("cannot create a curl handle");
    // An empty Expect: keeps curl from waiting for "100 Continue" before sending a large body.
    for (const char *line : {"Content-Type: application/json", "Expect:"})
        transfer.headers = curl_slist_append(transfer.headers, line);
    for (const auto &line : transfer.request.headers)
        transfer.headers = curl_slist_append(transfer.headers, line.c_str());
    transfer.sink.limit = transfer.request.maxResponseBytes;
    CURL *easy = transfer.easy;
    KFX_SET_OPTION(easy, CURLOPT_URL, transfer.request.url.c_str());
    if (transfer.request.get) {
        KFX_SET_OPTION(easy, CURLOPT_HTTPGET, 1L);
    } else {
        KFX_SET_OPTION(easy, CURLOPT_POSTFIELDS, transfer.request.body.data());
        KFX_SET_OPTION(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(transfer.request.body.size()));
    }
    KFX_SET_OPTION(easy, CURLOPT_HTTPHEADER, transfer.headers);
    KFX_SET_OPTION(easy, CURLOPT_WRITEFUNCTION, appendBody);
    KFX_SET_OPTION(easy, CURLOPT_WRITEDATA, &transfer.sink);
    // Refuses an announced oversized body before reading it; appendBody stops one that is streamed.
    KFX_SET_OPTION(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.request.maxResponseBytes));
    KFX_SET_OPTION(easy, CURLOPT_TIMEOUT_MS, timeoutMs(transfer.request, now));
    KFX_SET_OPTION(easy, CURLOPT_NOSIGNAL, 1L);
    KFX_SET_OPTION(easy, CURLOPT_TCP_KEEPALIVE, 1L);
    if (const CURLMcode code = curl_multi_add_handle(multiOf(m_multi), easy); code != CURLM_OK)
        throw SetupError(std::string("cannot start the transfer: ") + curl_multi_strerror(code));
}

int HttpClient::pollTimeoutMs(std::size_t activeCount)
{
    // Wake for the earliest back-off that has ended; curl's own timers are handled inside curl_multi_poll.
    constexpr int kIdleMs = 1000;
    std::lock_guard lock(m_mutex);
    if (activeCount >= m_maxInFlight || m_pending.empty())
        return kIdleMs;
    auto earliest = m_pending.front().notBefore;
    for (const auto &pending : m_pending)
        earliest = std::min(earliest, pending.notBefore);
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(earliest - Clock::now()).count();
    return int(std::clamp<long long>(wait, 0, kIdleMs));
}

void HttpClient::run()
{
    std::vector<std::unique_ptr<Transfer>> active;
    for (;;) {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping)
                break;
        }
        startReady(active);
        int running = 0;
        curl_multi_perform(multiOf(m_multi), &running);
        int queued = 0;
        while (CURLMsg *message = curl_multi_info_read(multiOf(m_multi), &queued)) {
            if (message->msg != CURLMSG_DONE)
                continue;
            CURL *easy = message->easy_handle;
            const CURLcode result = message->data.result;
            const auto found = std::find_if(active.begin(), active.end(),
                                            [easy](const auto &transfer) { return transfer->easy == easy; });
            auto transfer = std::move(*found);
            active.erase(found);
            curl_multi_remove_handle(multiOf(m_multi), easy);
            HttpResponse response;
            response.started = transfer->started;
            if (result == CURLE_OK) {
                curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response.status);
                response.body = std::move(transfer->sink.received);
                response.retryAfterSeconds = retryAfter(easy);
            } else if (transfer->sink.overflowed || result == CURLE_FILESIZE_EXCEEDED) {
                response.error = TransferError::TooLarge;
                response.transportError = "response larger than " + byteSizeText(transfer->request.maxResponseBytes);
            } else {
                response.error = result == CURLE_OPERATION_TIMEDOUT ? TransferError::Timeout : TransferError::Transport;
                response.transportError = curl_easy_strerror(result);
            }
            transfer->callback(std::move(response));
        }
        curl_multi_poll(multiOf(m_multi), nullptr, 0, pollTimeoutMs(active.size()), nullptr);
    }
    for (auto &transfer : active)
        curl_multi_remove_handle(multiOf(m_multi), transfer->easy);
}

} // namespace kfx::surrogate
