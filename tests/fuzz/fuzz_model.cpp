// Arbitrary bytes as a .kfxmodel (issue 27): the reader, then a forecast and its explanation from whatever it
// accepted. The seed is a small valid model (one round of depth-1 trees); a crafted header or body must end in a
// ModelError, never a crash of this process (XGBoost's own reader runs in another process first).
#include "surrogate/embeddedmodel.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace kfx::surrogate;
    try {
        const auto model = EmbeddedModel::load(std::span(data, size));
        const std::array<FeatureRow, 1> rows{};
        const std::array<int, 1> bins{1};
        model.predict(rows);
        model.influences(rows, bins, 3);
    } catch (const ModelError &) {
        // The documented refusal: anything else escaping is a finding.
    }
    return 0;
}
