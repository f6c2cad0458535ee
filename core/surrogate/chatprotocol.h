#pragma once

#include "model/forecast.h"
#include "promptset.h"
#include "toolcallparser.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace kfx::surrogate {

// The OpenAI-compatible chat-completions wire format, as the reference's LiteLLM requests use it.

// The two tools of spec §1.6/§1.7 in the OpenAI form {"type":"function","function":{...}}.
std::string predictToolJson();
std::string deferToolJson();

struct ChatRequestOptions {
    std::string model;
    double temperature = 1.0;
    int maxTokens = 16384;
    // Predict-or-defer: both tools with tool_choice "required"; otherwise the forced predict tool.
    bool allowDeferral = false;
};

std::string chatRequestBody(const RenderedPrompt &prompt, const ChatRequestOptions &options);

// What a chat completion said: its tool calls, the model's reasoning text where the server returns one
// (reasoning_content, reasoning, thinking), its content, and the token counts.
struct ChatReply {
    std::vector<ToolCall> toolCalls;
    std::string reasoning;
    std::string content;
    std::optional<TokenUsage> usage;
};

// A body that is not a chat completion (not JSON, no choices, an error object) is a ParseError.
std::variant<ChatReply, ParseError> parseChatReply(std::string_view body);

} // namespace kfx::surrogate
