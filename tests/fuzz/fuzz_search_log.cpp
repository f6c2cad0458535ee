// Arbitrary bytes replayed as a search log of one format, KFX_FUZZ_FORMAT (PuctV2 or PuctV3), without format
// detection: every mutation reaches that format's event replay, however little of the first record survives.
#include "io/fileloader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    kfx::JsonLinesFile file;
    file.setText(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz-search.jsonl");
    kfx::LoadedFile loaded;
    kfx::readSearchLog(file, kfx::DataFormat::KFX_FUZZ_FORMAT, kfx::ReplayOptions{}, loaded);
    return 0;
}
