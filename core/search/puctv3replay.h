#pragma once

#include "searchreplay.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace kfx {

// The surrogate-filtered search's log (spec §3.7): one request_id follows a candidate from mutation through
// forecast, selection and evaluation, and becomes its node id. Each candidate moves through the reducer's
// phases; an event that finds its candidate in the wrong phase is reported and skipped.
class PuctV3Replay final : public SearchReplay {
public:
    using SearchReplay::SearchReplay;

private:
    enum class Phase { Mutating, AwaitingForecast, Forecasting, AwaitingSelection, AwaitingEval, Evaluating, Settled };
    enum class Settlement { None, Evaluated, EvalFailed, MutationFailed, ForecastFailed, Deferred };
    struct Candidate {
        std::size_t node = kNoNode;
        Phase phase = Phase::Mutating;
        Settlement settlement = Settlement::None;
    };
    enum class ParentPhase { MutatingForecasting, AwaitingSelection, Evaluating, Done };
    struct ParentInStep {
        std::size_t parent = kNoNode;
        ParentPhase phase = ParentPhase::MutatingForecasting;
        bool mutationsDrained = false;
        std::vector<std::string> order; // request ids in the order their candidates appeared
        std::unordered_map<std::string, Candidate> candidates;
    };

    bool applyKind(std::string_view kind, const json::Object &event, std::int64_t line) override;

    void onStepStarted(const json::Object &event, std::int64_t line);
    void onMutationRequested(const json::Object &event, std::int64_t line);
    void onMutationCompleted(const json::Object &event, std::int64_t line);
    void onMutationFailed(const json::Object &event, std::int64_t line);
    void onForecastRequested(const json::Object &event, std::int64_t line);
    void onForecastCompleted(const json::Object &event, std::int64_t line);
    void onForecastFailed(const json::Object &event, std::int64_t line);
    void onSelection(const json::Object &event, std::int64_t line, bool selected);
    void onEvaluationRequested(const json::Object &event, std::int64_t line);
    void onEvaluationCompleted(const json::Object &event, std::int64_t line);
    void onEvaluationFailed(const json::Object &event, std::int64_t line);
    void onDrained(const json::Object &event, std::int64_t line, std::string_view kind);
    void onStepCompleted(const json::Object &event, std::int64_t line);

    ParentInStep *parentInStep(const json::Object &event, std::int64_t line, std::string_view kind);
    // The candidate the event names, if it is in one of the `expected` phases; reports and returns null if not.
    Candidate *candidateIn(const json::Object &event, std::int64_t line, std::string_view kind,
                           std::initializer_list<Phase> expected);
    void setCandidateCode(Candidate &candidate, const json::Object &event);

    std::vector<ParentInStep> m_parents;
};

} // namespace kfx
