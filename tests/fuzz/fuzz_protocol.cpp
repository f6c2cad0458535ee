// Arbitrary bytes as one line of the GPU worker's protocol, read by both sides: the worker's request parser and
// the client's response header and result readers.
#include "measure/protocol.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view line(reinterpret_cast<const char *>(data), size);
    using kfx::measure::ProtocolError;
    try {
        kfx::measure::parseRequest(line);
    } catch (const ProtocolError &) {
    }
    try {
        if (kfx::measure::parseResponseHeader(line).isResult)
            kfx::measure::outcomeFromResult(line);
    } catch (const ProtocolError &) {
    }
    return 0;
}
