// Arbitrary bytes read as rows of one format, KFX_FUZZ_FORMAT (EvalSet or Predictions), without format detection.
#include "io/fileloader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    kfx::JsonLinesFile file;
    file.setText(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz-rows.jsonl");
    kfx::LoadedFile loaded;
    kfx::readRows(file, kfx::DataFormat::KFX_FUZZ_FORMAT, loaded);
    return 0;
}
