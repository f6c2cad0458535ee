#pragma once

#include "kernelquery.h"
#include "model/forecast.h"

#include <atomic>
#include <functional>
#include <span>
#include <string>
#include <variant>

namespace kfx::surrogate {

// The model chose not to forecast (spec §1.7 Deferral).
struct Deferral {
    std::string reason;
};

// Why a query has no answer, coarsely, so a run can say how its failures split (kfx-cli forecast counts them).
enum class FailureKind { Other, Timeout, Transport, HttpStatus, TooLarge, Parse, Setup, Cancelled };

inline std::string_view failureKindName(FailureKind kind)
{
    constexpr std::string_view kNames[] = {"other",     "timeout", "transport", "http status",
                                           "too large", "parse",   "setup",     "cancelled"};
    return kNames[std::size_t(kind)];
}

// No answer: transport, server or parse failure, or cancellation. The reason is shown, never dropped.
struct SurrogateFailure {
    std::string reason;
    FailureKind kind = FailureKind::Other;
};

using SurrogateOutcome = std::variant<Forecast, Deferral, SurrogateFailure>;

// One query's answer with what it cost and why the surrogate believes it.
struct SurrogateResult {
    SurrogateOutcome outcome = SurrogateFailure{"not answered"};
    // The model's own reasoning text (reasoning_content and similar) or, for the embedded model, the features
    // that pushed the forecast most. Kept apart from Forecast::reasoning, the tool argument the schema defines.
    std::string rationale;
    std::optional<TokenUsage> usage;
    double elapsedSeconds = 0.0;
    int attempts = 0;
};

inline SurrogateResult failedResult(std::string reason, FailureKind kind = FailureKind::Other)
{
    SurrogateResult result;
    result.outcome = SurrogateFailure{std::move(reason), kind};
    return result;
}

// Answers computed once are never paid for twice: a result is cached under these four parts.
struct CacheKey {
    std::string surrogate;          // "embedded", "llm"
    std::string model;              // model name, or the embedded model's content hash
    std::string promptTemplateHash; // empty where no prompt is involved
    std::string queryHash;

    std::string text() const { return surrogate + '|' + model + '|' + promptTemplateHash + '|' + queryHash; }
    bool operator==(const CacheKey &) const = default;
};

// Set from any thread; a surrogate checks it between queries and abandons what is in flight.
class CancelFlag {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};

inline constexpr std::string_view kCancelledReason = "cancelled";

// Every source of forecasts. forecastBatch reports each query's result once, through `done`, from whichever
// thread the surrogate works on, in any order; queries left when cancelled are reported as cancelled.
class Surrogate {
public:
    using ResultCallback = std::function<void(std::size_t index, SurrogateResult result)>;

    virtual ~Surrogate() = default;
    virtual std::string identity() const = 0;
    virtual std::string model() const = 0;
    virtual std::string promptTemplateHash() const = 0;
    virtual void forecastBatch(std::span<const KernelRuntimeQuery> queries, const CancelFlag &cancel,
                               const ResultCallback &done) = 0;

    CacheKey cacheKey(const KernelRuntimeQuery &query) const
    {
        return {identity(), model(), promptTemplateHash(), queryHash(query)};
    }
};

} // namespace kfx::surrogate
