// Reading search logs: the events.jsonl of the v2 and v3 searches, and their HF flattening, replayed into a
// Population.

#include "fileloader.h"
#include "loggraphguard.h"
#include "measurementcheck.h"
#include "search/puctv2replay.h"
#include "search/puctv3replay.h"

#include <functional>
#include <memory>

namespace kfx {

namespace {

std::unique_ptr<SearchReplay> makeReplay(DataFormat format, Population &population, const ReplayOptions &options,
                                         Diagnostics &diagnostics, const std::string &label)
{
    if (format == DataFormat::PuctV3 || format == DataFormat::HfPuctV3)
        return std::make_unique<PuctV3Replay>(population, options, diagnostics, label);
    return std::make_unique<PuctV2Replay>(population, options, diagnostics, label);
}

// The HF rows hold each event as `payload` (an object whose absent fields are null, or, in some exports,
// the event's JSON as a string) with its kind lifted into `event_kind`.
class FlattenedEventReader {
public:
    using Apply = std::function<void(std::string_view kind, const json::Object &event, std::int64_t line)>;

    FlattenedEventReader(Apply apply, Diagnostics &diagnostics, std::string label)
        : m_apply(std::move(apply))
        , m_diagnostics(diagnostics)
        , m_label(std::move(label))
    {
    }

    void read(const json::Object &row, std::int64_t line)
    {
        const auto index = json::requiredInteger(row, "event_index");
        if (m_lastIndex && index != *m_lastIndex + 1)
            m_diagnostics.push_back({m_label, line,
                                     "event_index " + std::to_string(index) + " follows "
                                         + std::to_string(*m_lastIndex) + ": events are missing or out of order"});
        m_lastIndex = index;
        const auto kind = json::requiredString(row, "event_kind");
        const auto payload = json::requiredField(row, "payload");
        std::string_view encoded;
        if (payload.get(encoded) == simdjson::SUCCESS) {
            json::Element decoded;
            if (m_payloadParser.parse(encoded.data(), encoded.size()).get(decoded) != simdjson::SUCCESS)
                throw json::FieldError("\"payload\": a string that is not valid JSON");
            m_apply(kind, json::asObject(decoded, "\"payload\""), line);
            return;
        }
        m_apply(kind, json::asObject(payload, "\"payload\""), line);
    }

private:
    Apply m_apply;
    Diagnostics &m_diagnostics;
    std::string m_label;
    std::optional<std::int64_t> m_lastIndex;
    simdjson::dom::parser m_payloadParser;
};

} // namespace

void readSearchLog(JsonLinesFile &file, DataFormat format, const ReplayOptions &options, LoadedFile &out)
{
    out.population = std::make_shared<Population>();
    auto replay = makeReplay(format, *out.population, options, out.diagnostics, file.label());
    const bool v3 = format == DataFormat::PuctV3 || format == DataFormat::HfPuctV3;
    LogGraphGuard guard(*out.population, v3, out.diagnostics, file.label());
    MeasurementCheck check(*out.population, v3, out.diagnostics, file.label());
    const auto apply = [&](std::string_view kind, const json::Object &event, std::int64_t line) {
        if (!guard.admits(kind, event, line))
            return;
        replay->apply(kind, event, line);
        check.applied(kind, event, line);
    };
    const bool flattened = format == DataFormat::HfPuctV2 || format == DataFormat::HfPuctV3;
    FlattenedEventReader flattenedReader(apply, out.diagnostics, file.label());
    file.forEachObject(
        [&](const json::Object &record, std::int64_t line) {
            ++out.rows;
            if (flattened)
                flattenedReader.read(record, line);
            else
                apply(json::requiredString(record, "kind"), record, line);
            return true;
        },
        out.diagnostics);
}

} // namespace kfx
