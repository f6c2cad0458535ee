#include "kernelfamily.h"

#include "search/canonicalkernel.h"

#include <cctype>

namespace kfx::surrogate {

using search::isIdentifierChar;

std::string kernelFamilyKey(std::string_view code)
{
    const auto canonical = search::canonicalKernelCode(code);
    std::string key;
    key.reserve(canonical.size());
    for (std::size_t i = 0; i < canonical.size();) {
        // A literal starts with a digit that does not continue a name (float4, x2 keep theirs) and runs over its
        // digits, fraction, exponent and suffix letters: 128, 0x1F, 1.5f, 1e, 256u.
        if (std::isdigit(static_cast<unsigned char>(canonical[i])) && (i == 0 || !isIdentifierChar(canonical[i - 1]))) {
            while (i < canonical.size() && (isIdentifierChar(canonical[i]) || canonical[i] == '.'))
                ++i;
            key += '#';
            continue;
        }
        key += canonical[i++];
    }
    return key;
}

} // namespace kfx::surrogate
