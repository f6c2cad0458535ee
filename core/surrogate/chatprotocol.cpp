#include "chatprotocol.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"
#include "model/speedupbin.h"

namespace kfx::surrogate {

namespace {

constexpr std::string_view kPredictDescription =
    "Submit your prediction of the candidate kernel's speedup relative to the reference. Call this exactly once, "
    "after you have finished reasoning.";
constexpr std::string_view kDeferDescription =
    "Defer this candidate to a real GPU evaluator instead of predicting its speedup bin. Use this only when you "
    "are too uncertain to produce a reasoned distribution. Call this exactly once instead of "
    "submit_kernel_runtime_estimate, never both.";

// The descriptions the reference's schema gives each probability (its label intervals, spec §1.6).
constexpr std::string_view kBinDescriptions[] = {
    "P(speedup <= 0.25x)",  "P(0.25x < S <= 0.5x)", "P(0.5x < S <= 0.71x)", "P(0.71x < S <= 1.0x)",
    "P(1.0x < S <= 1.41x)", "P(1.41x < S <= 2.0x)", "P(2.0x < S <= 4.0x)",  "P(speedup > 4.0x)",
};

// pydantic titles a field by capitalising the words of its name: p_minor_speedup → "P Minor Speedup".
std::string pydanticTitle(std::string_view name)
{
    std::string title;
    bool startOfWord = true;
    for (char c : name) {
        if (c == '_') {
            title += ' ';
            startOfWord = true;
        } else {
            title += startOfWord ? char(std::toupper(static_cast<unsigned char>(c))) : c;
            startOfWord = false;
        }
    }
    return title;
}

void writeFunction(JsonWriter &writer, std::string_view name, std::string_view description,
                   const std::string &parameters)
{
    writer.beginObject().field("type", "function").key("function").beginObject();
    writer.field("name", name).field("description", description).key("parameters").raw(parameters);
    writer.endObject().endObject();
}

std::string predictParameters()
{
    JsonWriter writer;
    writer.beginObject().field("type", "object").field("title", "SubmitEstimateArguments");
    writer.field("description", "A forecast of the candidate's speedup as a distribution over eight bins.");
    writer.key("properties").beginObject();
    writer.key("predicted_bin").beginObject().field("type", "integer").key("enum").beginArray();
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        writer.value(bin);
    writer.endArray().field("title", "Predicted Bin");
    writer.field("description", "Most likely speedup bin (1=severe slowdown, 8=extreme speedup).").endObject();
    for (int bin = kFirstBin; bin <= kLastBin; ++bin) {
        const auto name = binProbabilityField(bin);
        writer.key(name).beginObject().field("type", "number").field("minimum", 0.0).field("maximum", 1.0);
        writer.field("title", pydanticTitle(name)).field("description", kBinDescriptions[bin - 1]).endObject();
    }
    writer.key("reasoning").beginObject().field("type", "string").field("minLength", 1).field("title", "Reasoning");
    writer.field("description", "Concise 1-3 sentence rationale for the prediction.").endObject();
    writer.endObject().key("required").beginArray().value("predicted_bin");
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        writer.value(binProbabilityField(bin));
    writer.value("reasoning").endArray().endObject();
    return writer.take();
}

constexpr std::string_view kDeferParameters =
    R"({"properties":{"reason":{"description":"1-2 sentences naming the specific source of uncertainty that )"
    R"(motivates deferral.","minLength":1,"title":"Reason","type":"string"}},"required":["reason"],)"
    R"("title":"DeferArguments","type":"object"})";

std::string firstString(const json::Object &object, std::initializer_list<std::string_view> keys)
{
    for (auto key : keys) {
        if (auto text = json::optionalString(object, key); text && !text->empty())
            return std::string(*text);
    }
    return {};
}

} // namespace

std::string predictToolJson()
{
    JsonWriter writer;
    writeFunction(writer, kPredictToolName, kPredictDescription, predictParameters());
    return writer.take();
}

std::string deferToolJson()
{
    JsonWriter writer;
    writeFunction(writer, kDeferToolName, kDeferDescription, std::string(kDeferParameters));
    return writer.take();
}

std::string chatRequestBody(const RenderedPrompt &prompt, const ChatRequestOptions &options)
{
    JsonWriter writer;
    writer.beginObject().field("model", options.model).key("messages").beginArray();
    writer.beginObject().field("role", "system").field("content", prompt.system).endObject();
    writer.beginObject().field("role", "user").field("content", prompt.user).endObject();
    writer.endArray().key("tools").beginArray().raw(predictToolJson());
    if (options.allowDeferral)
        writer.raw(deferToolJson());
    writer.endArray().key("tool_choice");
    if (options.allowDeferral) {
        writer.value("required");
    } else {
        writer.beginObject().field("type", "function").key("function").beginObject();
        writer.field("name", kPredictToolName).endObject().endObject();
    }
    writer.field("temperature", options.temperature).field("max_tokens", options.maxTokens).endObject();
    return writer.take();
}

std::variant<ChatReply, ParseError> parseChatReply(std::string_view body)
{
    simdjson::dom::parser parser;
    json::Element document;
    if (auto error = parser.parse(body.data(), body.size()).get(document))
        return ParseError{std::string("response is not valid JSON: ") + simdjson::error_message(error)};
    try {
        const auto object = json::asObject(document, "response");
        if (auto error = json::optionalObject(object, "error"))
            return ParseError{"server returned an error: " + firstString(*error, {"message", "type"})};
        const auto choices = json::requiredArray(object, "choices");
        if (choices.size() == 0)
            return ParseError{"response has no choices"};
        const auto choice = json::asObject(choices.at(0).value_unsafe(), "choices[0]");
        const auto message = json::requiredObject(choice, "message");
        ChatReply reply;
        reply.content = firstString(message, {"content"});
        reply.reasoning = firstString(message, {"reasoning_content", "reasoning", "thinking"});
        if (auto calls = json::optionalArray(message, "tool_calls")) {
            for (auto element : *calls) {
                const auto call = json::asObject(element, "tool_calls[]");
                const auto function = json::requiredObject(call, "function");
                ToolCall toolCall;
                toolCall.name = std::string(json::requiredString(function, "name"));
                // Some servers send arguments as an object rather than a JSON string; both mean the same.
                const auto arguments = json::requiredField(function, "arguments");
                toolCall.arguments = arguments.is_string() ? std::string(arguments.get_string().value_unsafe())
                                                           : simdjson::minify(arguments);
                reply.toolCalls.push_back(std::move(toolCall));
            }
        }
        if (auto usage = json::optionalObject(object, "usage")) {
            reply.usage = TokenUsage{json::optionalInteger(*usage, "prompt_tokens").value_or(0),
                                     json::optionalInteger(*usage, "completion_tokens").value_or(0)};
        }
        return reply;
    } catch (const json::FieldError &error) {
        return ParseError{std::string("response is not a chat completion: ") + error.what()};
    }
}

} // namespace kfx::surrogate
