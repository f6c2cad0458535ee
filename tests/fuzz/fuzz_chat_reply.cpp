// Arbitrary bytes as an LLM server's chat-completion body: the reply parser, then both tool-call rule sets on
// whatever tool calls it found, and the estimate-arguments parser on the bytes themselves (the seeds hold both
// whole bodies and bare arguments).
#include "surrogate/chatprotocol.h"
#include "surrogate/toolcallparser.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kfx::surrogate;
    const std::string_view body(reinterpret_cast<const char *>(data), size);
    const auto reply = parseChatReply(body);
    if (const auto *chat = std::get_if<ChatReply>(&reply)) {
        parsePredictCalls(chat->toolCalls);
        parsePredictOrDeferCalls(chat->toolCalls);
    }
    parseEstimateArguments(body);
    return 0;
}
