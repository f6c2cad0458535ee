#include "httpclient.h"

#include <curl/curl.h>

#include <algorithm>
#include <charconv>

namespace kfx::surrogate {

namespace {

CURLM *multiOf(void *handle)
{
    return static_cast<CURLM *>(handle);
}

std::size_t appendBody(char *data, std::size_t size, std::size_t count, void *target)
{
    static_cast<std::string *>(target)->append(data, size * count);
    return size * count;
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

} // namespace

struct HttpClient::Transfer {
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    HttpRequest request;
    Callback callback;
    std::string received;

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
    for (auto &pending : ready) {
        auto transfer = std::make_unique<Transfer>();
        transfer->request = std::move(pending.request);
        transfer->callback = std::move(pending.callback);
        transfer->easy = curl_easy_init();
        // An empty Expect: keeps curl from waiting for "100 Continue" before sending a large body.
        for (const char *line : {"Content-Type: application/json", "Expect:"})
            transfer->headers = curl_slist_append(transfer->headers, line);
        for (const auto &line : transfer->request.headers)
            transfer->headers = curl_slist_append(transfer->headers, line.c_str());
        CURL *easy = transfer->easy;
        curl_easy_setopt(easy, CURLOPT_URL, transfer->request.url.c_str());
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, transfer->request.body.data());
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(transfer->request.body.size()));
        curl_easy_setopt(easy, CURLOPT_HTTPHEADER, transfer->headers);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, appendBody);
        curl_easy_setopt(easy, CURLOPT_WRITEDATA, &transfer->received);
        curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(transfer->request.timeoutSeconds * 1000.0));
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
        curl_easy_setopt(easy, CURLOPT_PRIVATE, transfer.get());
        curl_multi_add_handle(multiOf(m_multi), easy);
        active.push_back(std::move(transfer));
    }
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
            if (result == CURLE_OK) {
                curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &response.status);
                response.body = std::move(transfer->received);
                response.retryAfterSeconds = retryAfter(easy);
            } else {
                response.transportError = curl_easy_strerror(result);
                response.timedOut = result == CURLE_OPERATION_TIMEDOUT;
            }
            transfer->callback(std::move(response));
        }
        curl_multi_poll(multiOf(m_multi), nullptr, 0, pollTimeoutMs(active.size()), nullptr);
    }
    for (auto &transfer : active)
        curl_multi_remove_handle(multiOf(m_multi), transfer->easy);
}

} // namespace kfx::surrogate
