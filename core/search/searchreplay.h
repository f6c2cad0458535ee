#pragma once

#include "io/jsonfields.h"
#include "io/loadedfile.h"
#include "model/diagnostic.h"
#include "model/population.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kfx {

// Folds a search's events, one at a time, into a Population: the reference's reducers (spec §3.6.3, §3.7)
// plus everything they drop (failed and deferred candidates, forecasts, evicted nodes), so that every kernel
// the log mentions can be shown. Events that break the reducer's preconditions are reported with their line
// and skipped; the replay goes on.
class SearchReplay {
public:
    SearchReplay(Population &population, const ReplayOptions &options, Diagnostics &diagnostics,
                 std::string fileLabel);
    virtual ~SearchReplay() = default;
    SearchReplay(const SearchReplay &) = delete;
    SearchReplay &operator=(const SearchReplay &) = delete;

    // Applies one event; `kind` is the discriminator (the event's "kind", or the HF row's "event_kind").
    // Throws json::FieldError for a missing or mistyped field.
    void apply(std::string_view kind, const json::Object &event, std::int64_t line);

protected:
    // Returns false for a kind this log version does not know.
    virtual bool applyKind(std::string_view kind, const json::Object &event, std::int64_t line) = 0;

    void initialize(const json::Object &event, std::int64_t line);
    // The event's "step": a count from 0 that fits an int, or json::FieldError.
    static int readStep(const json::Object &event);
    StepRecord &startStep(const json::Object &event, std::int64_t line);
    // The node for a ULID the event names; a placeholder (and a report) if the log never introduced it.
    std::size_t referencedNode(std::string_view id, std::int64_t line, std::string_view role);
    // A new candidate node, or the placeholder of that id filled in. An id the log already introduced is
    // reported: a node that is or was in the archive keeps what it has (its code is the archive's; the event
    // is to be ignored, and nullopt says so), any other node takes the later event's word.
    std::optional<std::size_t> addCandidate(std::string_view id, std::size_t parent, int step, std::int64_t line);
    void recordEvaluation(std::size_t node, const json::Object &event);
    void markFailed(std::size_t node, FailureStage stage, std::string reason);
    // Whether an evaluation event's result came from the measurement cache (its optional "cached": true).
    void markCached(std::size_t node, const json::Object &event);
    void completeStep(int step);
    void report(std::int64_t line, std::string message);
    // Sets a node's code and its language. A search proposes the same kernel many times (the corpus's rms_norm
    // selective search on the H100: 248 distinct codes in 466 candidates; the generated 80,000-kernel log: 3,682),
    // so each distinct text is kept once, shared by every node that carries it, and its language detected once.
    void setCode(KernelNode &node, std::string_view code);

    Population &m_population;
    const ReplayOptions m_options;
    Diagnostics &m_diagnostics;
    std::string m_label;
    int m_openStep = -1;

private:
    // An event within a step names that step; one that names another is reported and read as the open step's.
    void checkStep(std::string_view kind, const json::Object &event, std::int64_t line);

    struct DistinctCode {
        SharedText text;
        KernelLanguage language;
    };
    std::unordered_map<std::string_view, DistinctCode> m_distinctCode; // each key views its own entry's text
};

} // namespace kfx
