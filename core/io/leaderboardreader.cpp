#include "fileloader.h"

#include <cmath>

namespace kfx {

namespace {

LeaderboardCase readCase(const json::Element &element, std::size_t index)
{
    // The document is one JSON value with no lines to point at, so the case's position stands in for one.
    const std::string where = "case_results[" + std::to_string(index) + "]";
    try {
        const auto item = json::asObject(element, where);
        LeaderboardCase result;
        result.caseIndex = int(json::requiredInteger(item, "case_index"));
        result.nomask = json::requiredBool(item, "nomask");
        result.correct = json::requiredBool(item, "correct");
        result.runtimeNs = json::optionalNumber(item, "runtime_ns");
        result.failureKind = std::string(json::optionalString(item, "failure_kind").value_or(""));
        return result;
    } catch (const json::FieldError &error) {
        throw json::FieldError(where + ": " + error.what());
    }
}

} // namespace

std::optional<double> LeaderboardEntry::rankingGeomeanNs() const
{
    // The reference ranks a submission only when it passed every case; one failure leaves it unranked.
    if (cases.empty())
        return std::nullopt;
    double logSum = 0.0;
    for (const auto &result : cases) {
        if (!result.correct || !result.runtimeNs || !(*result.runtimeNs > 0.0))
            return std::nullopt;
        logSum += std::log(*result.runtimeNs);
    }
    return std::exp(logSum / double(cases.size()));
}

void readLeaderboard(const json::Object &document, LoadedFile &out)
{
    LeaderboardEntry entry;
    entry.name = std::string(json::requiredString(document, "name"));
    entry.leaderboardId = std::string(json::requiredString(document, "leaderboard_id"));
    entry.sourceSha256 = std::string(json::requiredString(document, "source_sha256"));
    entry.measuredAt = std::string(json::requiredString(document, "measured_at"));
    entry.publishedGeomeanUs = json::optionalNumber(document, "published_geomean_us");
    std::size_t index = 0;
    for (auto element : json::requiredArray(document, "case_results"))
        entry.cases.push_back(readCase(element, index++));
    out.rows = entry.cases.size();
    out.leaderboard = std::move(entry);
}

} // namespace kfx
