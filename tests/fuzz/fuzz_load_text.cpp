// Arbitrary bytes through loadText, as kfx opens any data file: format detection on the first record (including
// the HF flattening's payload, an object or a JSON string), then the reader that format selects. Seeded with
// HF-flattened search logs, so most executions replay flattened events.
#include "io/fileloader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    kfx::loadText(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz.jsonl");
    return 0;
}
