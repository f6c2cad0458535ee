#pragma once

#include "chatprotocol.h"
#include "httpclient.h"
#include "promptset.h"
#include "surrogate.h"

#include <optional>
#include <string>

namespace kfx::surrogate {

// Both timeouts, per request and per query, lie in this range: below it no server can answer, and beyond it a
// stalled server holds a query for longer than anyone waits.
inline constexpr double kMinTimeoutSeconds = 0.1;
inline constexpr double kMaxTimeoutSeconds = 3600.0;

// Finite and within [kMinTimeoutSeconds, kMaxTimeoutSeconds]; NaN and infinities are not.
bool isUsableTimeout(double seconds);

struct LlmSettings {
    // The server's base URL ("http://127.0.0.1:8000/v1"); "/chat/completions" is added unless already there.
    std::string endpoint;
    std::string model;
    // The NAME of the environment variable holding the API key. The key itself is read when a batch starts,
    // sent only in the Authorization header, and never stored, written or logged. Empty: no key (local servers).
    std::string apiKeyEnv;
    double temperature = 1.0;
    int maxTokens = 16384;
    double timeoutSeconds = 180.0; // one request
    // One query from its first request to its answer, retries and back-off included: with the defaults a
    // stalled server costs a query 5 minutes, not the timeout times the attempts.
    double totalTimeoutSeconds = 300.0;
    // Transport retries on 429, 5xx, time-outs and dropped connections (LiteLLM's num_retries).
    int retries = 4;
    std::size_t maxResponseBytes = 16 * kMiB;
    int concurrency = 16;
    bool allowDeferral = false;
    // Exponential back-off base when the server gives no Retry-After; doubled per attempt up to the cap.
    double backoffSeconds = 1.0;
    double maxBackoffSeconds = 60.0;
};

std::string chatCompletionsUrl(const std::string &endpoint);

// Why these settings cannot be used (a timeout out of range, no response size), naming the setting; nothing
// when they can.
std::optional<std::string> settingsProblem(const LlmSettings &settings);

// Forecasts through any OpenAI-compatible server (vLLM, SGLang, llama.cpp, Ollama, hosted APIs) with the
// reference's forced tool call (spec §1.6) or predict-or-defer (§1.7). A reply that cannot be parsed is asked
// again once, as RetryingSpeedupEstimator(max_retries=1) does; each failure's reason lists every attempt.
class LlmSurrogate : public Surrogate {
public:
    LlmSurrogate(LlmSettings settings, PromptSet prompts);

    std::string identity() const override { return "llm"; }
    std::string model() const override { return m_settings.model; }
    std::string promptTemplateHash() const override { return m_prompts.hash(); }
    void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                       const ResultCallback &done) override;

    const LlmSettings &settings() const { return m_settings; }

private:
    LlmSettings m_settings;
    PromptSet m_prompts;
};

} // namespace kfx::surrogate
