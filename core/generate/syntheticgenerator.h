#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

namespace kfx::generate {

// Synthetic data in the exact published formats, for demos, tests and benchmarks without the real datasets:
//   PuctV2       a v2 PUCT events.jsonl (spec §3.6) from a simulated search following §4.1/§4.2
//   PuctV3       a v3 surrogate-filtered events.jsonl (§3.7) following §4.3/§4.4
//   EvalSet      eval-set rows (§3.1 a), one JSON object per line in hub column order
//   Predictions  predictions rows (§3.1 b) for seven surrogates x three repeats, joinable by comparison_id to
//                the EvalSet written with the same seed and count
//
// Every file is marked as synthetic: its first record (the search_initialized event, or the first row) ends
// with the extra field "synthetic":true, which readers of the published formats ignore.
//
// The output depends only on (kind, count, seed): the same arguments give the same bytes.
//
// `count` means: for the searches, the nodes of the replayed search, i.e. the seed plus every child that
// reached evaluation_requested (failed evaluations included, v3 deferred candidates excluded); for the eval
// set, its rows; for the predictions, the rows of the eval set they score (the file holds 21 times as many).
enum class SyntheticKind { PuctV2, PuctV3, EvalSet, Predictions };

std::optional<SyntheticKind> syntheticKindFromName(std::string_view name); // "puct-v2", "puct-v3", ...
std::string_view syntheticKindName(SyntheticKind kind);

// What was written, for the caller's summary.
struct SyntheticSummary {
    std::int64_t records = 0; // lines written
    std::int64_t nodes = 0;   // the count asked for
};

// Departures from an ordinary search, off by default so that (kind, count, seed) keep giving the same bytes.
struct SearchVariation {
    // From the step at which half the nodes have been sent to evaluation, every child is rewritten as a hand-written
    // CUDA translation unit (a family the search rarely reaches), and the v3 search's surrogate, trained on the
    // first family, reads the new one badly: pessimistic by three and a half bins with a narrow stated spread.
    // The shift a deployed risk monitor must catch; v2 searches get the family shift only (they have no forecasts).
    bool familyShiftHalfway = false;
};

class SyntheticGenerator {
public:
    explicit SyntheticGenerator(std::uint64_t seed, const SearchVariation &variation = {})
        : m_seed(seed)
        , m_variation(variation)
    {
    }

    // Writes JSON Lines to `out`. `count` must be at least 1.
    SyntheticSummary write(SyntheticKind kind, std::int64_t count, std::ostream &out) const;

private:
    std::uint64_t m_seed;
    SearchVariation m_variation;
};

} // namespace kfx::generate
