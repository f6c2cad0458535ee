#include "measurementcheck.h"

#include "model/impossiblevalues.h"

namespace kfx {

MeasurementCheck::MeasurementCheck(Population &population, bool candidateIsRequest, Diagnostics &diagnostics,
                                   std::string fileLabel)
    : m_population(population)
    , m_candidateIsRequest(candidateIsRequest)
    , m_diagnostics(diagnostics)
    , m_label(std::move(fileLabel))
{
}

std::optional<std::size_t> MeasurementCheck::measuredNode(std::string_view kind, const json::Object &event)
{
    if (kind == "search_initialized")
        return m_population.find(json::requiredString(json::requiredObject(event, "root"), "ulid"));
    if (!m_candidateIsRequest && kind == "evaluation_requested") {
        m_childByRequest[std::string(json::requiredString(event, "request_id"))] = std::string(
            json::requiredString(event, "child_ulid"));
        return std::nullopt;
    }
    if (kind != "evaluation_completed")
        return std::nullopt;
    const auto requestId = json::requiredString(event, "request_id");
    if (m_candidateIsRequest)
        return m_population.find(requestId);
    const auto child = m_childByRequest.find(std::string(requestId));
    return child == m_childByRequest.end() ? std::nullopt : m_population.find(child->second);
}

void MeasurementCheck::applied(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "forecast_completed") {
        forecasted(event, line);
        return;
    }
    const auto node = measuredNode(kind, event);
    if (!node || !m_population.node(*node).evaluation)
        return;
    report(*node, replaceImpossibleValues(*m_population.node(*node).evaluation), line);
}

// Only v3 logs record forecasts, naming the candidate by its request id. A refused event added no forecast, and the
// last one, already checked, then passes again unchanged.
void MeasurementCheck::forecasted(const json::Object &event, std::int64_t line)
{
    const auto node = m_population.find(json::requiredString(event, "request_id"));
    if (!node || m_population.node(*node).forecasts.empty())
        return;
    ImpossibleValues values;
    values.replaceImpossibleRawSum(m_population.node(*node).forecasts.back());
    report(*node, values.takeNotes(), line);
}

void MeasurementCheck::report(std::size_t node, std::vector<std::string> notes, std::int64_t line)
{
    for (auto &note : notes)
        m_diagnostics.push_back({m_label, line, "node " + m_population.node(node).id + ": " + note, Severity::Warning});
}

} // namespace kfx
