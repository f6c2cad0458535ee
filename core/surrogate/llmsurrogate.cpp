#include "llmsurrogate.h"

#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <mutex>

namespace kfx::surrogate {

namespace {

// The state of one query across its attempts.
struct Attempt {
    HttpRequest request;
    int transportAttempts = 0;
    int parseAttempts = 0;
    std::string history; // every failed attempt's reason, in order
    HttpClient::Clock::time_point started;
    bool finished = false;
};

constexpr int kParseRetries = 1;

std::string excerpt(const std::string &text)
{
    constexpr std::size_t kLength = 200;
    return text.size() <= kLength ? text : text.substr(0, kLength) + "…";
}

} // namespace

std::string chatCompletionsUrl(const std::string &endpoint)
{
    constexpr std::string_view kPath = "/chat/completions";
    if (endpoint.ends_with(kPath))
        return endpoint;
    return (endpoint.ends_with('/') ? endpoint.substr(0, endpoint.size() - 1) : endpoint) + std::string(kPath);
}

LlmSurrogate::LlmSurrogate(LlmSettings settings, PromptSet prompts)
    : m_settings(std::move(settings))
    , m_prompts(std::move(prompts))
{
}

void LlmSurrogate::forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                                 const ResultCallback &done)
{
    std::vector<std::string> headers;
    if (!m_settings.apiKeyEnv.empty()) {
        const char *key = std::getenv(m_settings.apiKeyEnv.c_str());
        if (!key || !*key) {
            for (std::size_t i = 0; i < queries.size(); ++i)
                done(i, failedResult("environment variable " + m_settings.apiKeyEnv + " is not set"));
            return;
        }
        headers.push_back(std::string("Authorization: Bearer ") + key);
    }

    std::mutex mutex;
    std::condition_variable allDone;
    std::vector<Attempt> attempts(queries.size());
    std::size_t remaining = queries.size();
    // Called with `mutex` held; reports outside it so a slow consumer never stalls the transport.
    auto finish = [&](std::size_t index, SurrogateResult result, std::unique_lock<std::mutex> &lock) {
        auto &attempt = attempts[index];
        attempt.finished = true;
        result.attempts = attempt.transportAttempts;
        result.elapsedSeconds = std::chrono::duration<double>(HttpClient::Clock::now() - attempt.started).count();
        lock.unlock();
        done(index, std::move(result));
        lock.lock();
        if (--remaining == 0)
            allDone.notify_all();
    };

    {
        // Reset by hand before the lambdas it calls go out of scope.
        std::optional<HttpClient> client;
        client.emplace(m_settings.concurrency);
        std::function<void(std::size_t, HttpClient::Clock::time_point)> send;
        auto onResponse = [&](std::size_t index, HttpResponse response) {
            std::unique_lock lock(mutex);
            auto &attempt = attempts[index];
            const int tries = attempt.transportAttempts;
            const bool retryable = response.status == 0 || response.status == 429 || response.status >= 500;
            if (response.status < 200 || response.status >= 300) {
                const std::string reason = response.status == 0
                    ? (response.timedOut ? "timed out" : "transport error: " + response.transportError)
                    : "HTTP " + std::to_string(response.status) + ": " + excerpt(response.body);
                attempt.history += "attempt " + std::to_string(tries) + ": " + reason + "; ";
                if (retryable && tries <= m_settings.retries) {
                    const double backoff = std::min(m_settings.maxBackoffSeconds,
                                                    m_settings.backoffSeconds * std::pow(2.0, tries - 1));
                    const double wait = response.retryAfterSeconds
                        ? std::min(*response.retryAfterSeconds, m_settings.maxBackoffSeconds)
                        : backoff;
                    lock.unlock();
                    send(index,
                         HttpClient::Clock::now()
                             + std::chrono::duration_cast<HttpClient::Clock::duration>(
                                 std::chrono::duration<double>(wait)));
                    return;
                }
                finish(index, failedResult(attempt.history.substr(0, attempt.history.size() - 2)), lock);
                return;
            }

            SurrogateResult result;
            std::optional<ParseError> parseError;
            auto reply = parseChatReply(response.body);
            if (auto *error = std::get_if<ParseError>(&reply)) {
                parseError = *error;
            } else {
                auto &chat = std::get<ChatReply>(reply);
                result.rationale = chat.reasoning;
                result.usage = chat.usage;
                if (m_settings.allowDeferral) {
                    auto parsed = parsePredictOrDeferCalls(chat.toolCalls);
                    if (auto *forecast = std::get_if<Forecast>(&parsed))
                        result.outcome = std::move(*forecast);
                    else if (auto *deferral = std::get_if<Deferral>(&parsed))
                        result.outcome = std::move(*deferral);
                    else
                        parseError = std::get<ParseError>(parsed);
                } else {
                    auto parsed = parsePredictCalls(chat.toolCalls);
                    if (auto *forecast = std::get_if<Forecast>(&parsed))
                        result.outcome = std::move(*forecast);
                    else
                        parseError = std::get<ParseError>(parsed);
                }
            }
            if (parseError) {
                attempt.history += "attempt " + std::to_string(tries) + ": " + parseError->message + "; ";
                if (attempt.parseAttempts++ < kParseRetries) {
                    lock.unlock();
                    send(index, {});
                    return;
                }
                finish(index, failedResult(attempt.history.substr(0, attempt.history.size() - 2)), lock);
                return;
            }
            if (auto *forecast = std::get_if<Forecast>(&result.outcome)) {
                forecast->source = m_settings.model;
                forecast->usage = result.usage;
            }
            finish(index, std::move(result), lock);
        };
        send = [&](std::size_t index, HttpClient::Clock::time_point notBefore) {
            {
                std::lock_guard lock(mutex);
                ++attempts[index].transportAttempts;
            }
            client->submit(
                attempts[index].request,
                [&onResponse, index](HttpResponse response) { onResponse(index, std::move(response)); }, notBefore);
        };

        const ChatRequestOptions options{m_settings.model, m_settings.temperature, m_settings.maxTokens,
                                         m_settings.allowDeferral};
        const auto url = chatCompletionsUrl(m_settings.endpoint);
        for (std::size_t i = 0; i < queries.size(); ++i) {
            auto &attempt = attempts[i];
            attempt.started = HttpClient::Clock::now();
            try {
                attempt.request = {url, chatRequestBody(m_prompts.render(queries[i]), options), headers,
                                   m_settings.timeoutSeconds};
            } catch (const TemplateError &error) {
                std::unique_lock lock(mutex);
                finish(i, failedResult(std::string("prompt template: ") + error.what()), lock);
                continue;
            }
            send(i, {});
        }

        std::unique_lock lock(mutex);
        while (remaining > 0 && !cancel.cancelled())
            allDone.wait_for(lock, std::chrono::milliseconds(50));
        lock.unlock();
        // Stopping the client abandons anything still in flight without calling back.
        client.reset();
    }

    std::unique_lock lock(mutex);
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        if (!attempts[i].finished)
            finish(i, failedResult(std::string(kCancelledReason)), lock);
    }
}

} // namespace kfx::surrogate
