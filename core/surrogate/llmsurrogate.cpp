#include "llmsurrogate.h"

#include "secretredactor.h"

#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace kfx::surrogate {

namespace {

// The state of one query across its attempts.
struct Attempt {
    HttpRequest request;
    int transportAttempts = 0;
    int parseAttempts = 0;
    std::string history; // every failed attempt's reason, in order
    HttpClient::Clock::time_point started;
    // The end of the query's total budget, counted from when its first request began (not from when it was
    // queued behind others).
    std::optional<HttpClient::Clock::time_point> deadline;
    bool finished = false;
};

constexpr int kParseRetries = 1;

std::string excerpt(const std::string &text)
{
    constexpr std::size_t kLength = 200;
    return text.size() <= kLength ? text : text.substr(0, kLength) + "…";
}

std::string secondsText(double seconds)
{
    std::ostringstream text;
    text << seconds;
    return text.str();
}

// Why a response is no answer, and whether asking again may help.
struct TransferFailure {
    FailureKind kind;
    std::string reason;
    bool retryable;
};

std::optional<TransferFailure> transferFailure(const HttpResponse &response)
{
    switch (response.error) {
    case TransferError::Timeout:
        return TransferFailure{FailureKind::Timeout, "timed out", true};
    case TransferError::Transport:
        return TransferFailure{FailureKind::Transport, "transport error: " + response.transportError, true};
    case TransferError::TooLarge: // the same question would get the same answer
        return TransferFailure{FailureKind::TooLarge, response.transportError, false};
    case TransferError::Setup:
        return TransferFailure{FailureKind::Setup, response.transportError, false};
    case TransferError::None:
        break;
    }
    if (response.status >= 200 && response.status < 300)
        return std::nullopt;
    return TransferFailure{FailureKind::HttpStatus,
                           "HTTP " + std::to_string(response.status) + ": " + excerpt(response.body),
                           response.status == 429 || response.status >= 500};
}

} // namespace

bool isUsableTimeout(double seconds)
{
    return seconds >= kMinTimeoutSeconds && seconds <= kMaxTimeoutSeconds; // false for NaN
}

std::optional<std::string> settingsProblem(const LlmSettings &settings)
{
    const auto range = secondsText(kMinTimeoutSeconds) + " to " + secondsText(kMaxTimeoutSeconds);
    if (!isUsableTimeout(settings.timeoutSeconds))
        return "timeout must be from " + range + " s, not " + secondsText(settings.timeoutSeconds);
    if (!isUsableTimeout(settings.totalTimeoutSeconds))
        return "total timeout must be from " + range + " s, not " + secondsText(settings.totalTimeoutSeconds);
    if (settings.maxResponseBytes == 0)
        return "the response size cap must be above 0";
    return std::nullopt;
}

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
    const auto failAll = [&](const std::string &reason) {
        for (std::size_t i = 0; i < queries.size(); ++i)
            done(i, failedResult(reason, FailureKind::Setup));
    };
    if (const auto problem = settingsProblem(m_settings)) {
        failAll("LLM settings: " + *problem);
        return;
    }
    std::vector<std::string> headers;
    std::vector<std::string> secrets;
    if (!m_settings.apiKeyEnv.empty()) {
        const char *key = std::getenv(m_settings.apiKeyEnv.c_str());
        if (!key || !*key) {
            failAll("environment variable " + m_settings.apiKeyEnv + " is not set");
            return;
        }
        headers.push_back(std::string("Authorization: Bearer ") + key);
        secrets.emplace_back(key);
    }
    const SecretRedactor redactor(std::move(secrets));
    const auto budget = std::chrono::duration_cast<HttpClient::Clock::duration>(
        std::chrono::duration<double>(m_settings.totalTimeoutSeconds));

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
            // Everything kfx reports about a reply is taken from these two, so the key cannot come back out.
            response.body = redactor.redact(response.body);
            response.transportError = redactor.redact(response.transportError);
            std::unique_lock lock(mutex);
            auto &attempt = attempts[index];
            if (!attempt.deadline)
                attempt.deadline = response.started + budget;
            const int tries = attempt.transportAttempts;
            // Asks again after `wait` if allowed and the budget leaves room for a request; else the query fails.
            const auto retryOrFail = [&](FailureKind kind, const std::string &reason, bool retry, double wait) {
                attempt.history += "attempt " + std::to_string(tries) + ": " + reason + "; ";
                const auto notBefore = HttpClient::Clock::now()
                    + std::chrono::duration_cast<HttpClient::Clock::duration>(std::chrono::duration<double>(wait));
                if (retry && notBefore + std::chrono::duration<double>(kMinTimeoutSeconds) <= *attempt.deadline) {
                    attempt.request.deadline = *attempt.deadline;
                    lock.unlock();
                    send(index, notBefore);
                    return;
                }
                if (retry) {
                    attempt.history += "total time budget of " + secondsText(m_settings.totalTimeoutSeconds)
                        + " s spent; ";
                    kind = FailureKind::Timeout;
                }
                finish(index, failedResult(attempt.history.substr(0, attempt.history.size() - 2), kind), lock);
            };
            if (const auto failure = transferFailure(response)) {
                const double backoff = std::min(m_settings.maxBackoffSeconds,
                                                m_settings.backoffSeconds * std::pow(2.0, tries - 1));
                const double wait = response.retryAfterSeconds
                    ? std::min(*response.retryAfterSeconds, m_settings.maxBackoffSeconds)
                    : backoff;
                retryOrFail(failure->kind, failure->reason, failure->retryable && tries <= m_settings.retries, wait);
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
                retryOrFail(FailureKind::Parse, parseError->message, attempt.parseAttempts++ < kParseRetries, 0.0);
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
                attempt.request.url = url;
                attempt.request.body = chatRequestBody(m_prompts.render(queries[i]), options);
                attempt.request.headers = headers;
                attempt.request.timeoutSeconds = std::min(m_settings.timeoutSeconds, m_settings.totalTimeoutSeconds);
                attempt.request.maxResponseBytes = m_settings.maxResponseBytes;
            } catch (const TemplateError &error) {
                std::unique_lock lock(mutex);
                finish(i, failedResult(std::string("prompt template: ") + error.what(), FailureKind::Setup), lock);
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
            finish(i, failedResult(std::string(kCancelledReason), FailureKind::Cancelled), lock);
    }
}

} // namespace kfx::surrogate
