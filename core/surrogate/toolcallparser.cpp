#include "toolcallparser.h"

#include "io/jsonfields.h"
#include "model/speedupbin.h"
#include "promptset.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace kfx::surrogate {

namespace {

using json::Element;

ParseError schemaError(const std::string &message)
{
    return {"tool arguments failed schema validation: " + message};
}

// pydantic's lax float: numbers, booleans, and strings that read as a number.
std::optional<double> laxNumber(const Element &element)
{
    switch (element.type()) {
    case simdjson::dom::element_type::DOUBLE:
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
        return json::asNumber(element, "");
    case simdjson::dom::element_type::BOOL:
        return element.get_bool().value_unsafe() ? 1.0 : 0.0;
    case simdjson::dom::element_type::STRING: {
        auto text = element.get_string().value_unsafe();
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
            text.remove_prefix(1);
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.remove_suffix(1);
        double value = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || error != std::errc() || end != text.data() + text.size())
            return std::nullopt;
        return value;
    }
    default:
        return std::nullopt;
    }
}

// The enum field accepts integers and integral floats, never strings or booleans.
std::optional<int> laxBin(const Element &element)
{
    double value = 0.0;
    if (element.is_int64())
        value = double(element.get_int64().value_unsafe());
    else if (element.is_double())
        value = element.get_double().value_unsafe();
    else
        return std::nullopt;
    // Range first: converting a double outside int's range (1e63, NaN) to int is undefined behaviour.
    if (!(value >= 1.0 && value <= double(kBinCount)) || value != std::floor(value) || !isForecastBin(int(value)))
        return std::nullopt;
    return int(value);
}

std::optional<std::string_view> nonEmptyString(const json::Object &object, std::string_view key)
{
    auto field = object[key];
    if (field.error() || !field.value_unsafe().is_string())
        return std::nullopt;
    auto text = field.value_unsafe().get_string().value_unsafe();
    if (text.empty())
        return std::nullopt;
    return text;
}

std::variant<Deferral, ParseError> parseDeferArguments(std::string_view argumentsJson)
{
    simdjson::dom::parser parser;
    Element document;
    if (parser.parse(argumentsJson.data(), argumentsJson.size()).get(document) || !document.is_object())
        return ParseError{"defer arguments are not a valid JSON object"};
    const auto reason = nonEmptyString(document.get_object().value_unsafe(), "reason");
    if (!reason)
        return ParseError{"defer arguments failed schema validation: reason must be a non-empty string"};
    return Deferral{std::string(*reason)};
}

} // namespace

std::variant<Forecast, ParseError> parseEstimateArguments(std::string_view argumentsJson)
{
    simdjson::dom::parser parser;
    Element document;
    if (auto error = parser.parse(argumentsJson.data(), argumentsJson.size()).get(document))
        return ParseError{std::string("tool arguments are not valid JSON: ") + simdjson::error_message(error)};
    if (!document.is_object())
        return schemaError("expected an object, got " + std::string(json::typeName(document)));
    const auto object = document.get_object().value_unsafe();

    auto binField = object["predicted_bin"];
    if (binField.error())
        return schemaError("predicted_bin is missing");
    const auto bin = laxBin(binField.value_unsafe());
    if (!bin)
        return schemaError("predicted_bin must be an integer from 1 to 8");

    BinProbabilities raw{};
    for (int b = kFirstBin; b <= kLastBin; ++b) {
        const auto name = binProbabilityField(b);
        auto field = object[name];
        if (field.error())
            return schemaError(std::string(name) + " is missing");
        const auto value = laxNumber(field.value_unsafe());
        if (!value || !std::isfinite(*value) || *value < 0.0 || *value > 1.0)
            return schemaError(std::string(name) + " must be a number from 0 to 1");
        raw[b - 1] = *value;
    }
    const auto reasoning = nonEmptyString(object, "reasoning");
    if (!reasoning)
        return schemaError("reasoning must be a non-empty string");

    // renormalize(): every probability is divided by the raw total, which is kept. A total this small carries no
    // distribution (8e-320 would be blown up into one), so it is a failure, as a total of 0 is.
    double total = 0.0;
    for (double p : raw)
        total += p;
    if (!(total >= kMinProbabilitySum)) {
        std::ostringstream message;
        message << "cannot renormalize per-bin probabilities: they sum to " << total << ", below "
                << kMinProbabilitySum;
        return ParseError{message.str()};
    }
    BinProbabilities normalised{};
    for (int i = 0; i < kBinCount; ++i)
        normalised[i] = raw[i] / total;
    auto made = makeForecast(normalised, *bin, std::string(*reasoning), total);
    if (auto *error = std::get_if<ForecastError>(&made))
        return ParseError{error->message};
    return std::get<Forecast>(std::move(made));
}

std::variant<Forecast, ParseError> parsePredictCalls(std::span<const ToolCall> calls)
{
    if (calls.empty())
        return ParseError{"model did not call any tool"};
    const ToolCall *target = &calls.front();
    for (const auto &call : calls) {
        if (call.name == kPredictToolName) {
            target = &call;
            break;
        }
    }
    if (target->name != kPredictToolName)
        return ParseError{"model called unexpected tool '" + target->name + "'"};
    return parseEstimateArguments(target->arguments);
}

std::variant<Forecast, Deferral, ParseError> parsePredictOrDeferCalls(std::span<const ToolCall> calls)
{
    if (calls.empty())
        return ParseError{"model called no tool"};
    if (calls.size() > 1)
        return ParseError{"model called multiple tools (" + std::to_string(calls.size()) + ")"};
    const auto &call = calls.front();
    if (call.name == kPredictToolName) {
        auto parsed = parseEstimateArguments(call.arguments);
        if (auto *forecast = std::get_if<Forecast>(&parsed))
            return std::move(*forecast);
        return std::get<ParseError>(parsed);
    }
    if (call.name == kDeferToolName) {
        auto parsed = parseDeferArguments(call.arguments);
        if (auto *deferral = std::get_if<Deferral>(&parsed))
            return std::move(*deferral);
        return std::get<ParseError>(parsed);
    }
    return ParseError{"model called unexpected tool '" + call.name + "'"};
}

} // namespace kfx::surrogate
