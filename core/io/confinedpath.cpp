#include "confinedpath.h"

#include <algorithm>
#include <string>

namespace kfx::io {

namespace fs = std::filesystem;

fs::path resolveInside(const fs::path &root, std::string_view relative)
{
    const auto refuse = [&](std::string_view why) {
        return ConfinedPathError("\"" + std::string(relative) + "\" " + std::string(why));
    };
    const fs::path path(relative);
    if (path.empty())
        throw ConfinedPathError("an empty path names no file inside the directory");
    if (path.is_absolute())
        throw refuse("is an absolute path; name a file inside the directory");
    std::error_code error;
    const fs::path canonicalRoot = fs::canonical(root, error);
    const fs::path resolved = error ? fs::path() : fs::weakly_canonical(canonicalRoot / path, error);
    if (error)
        throw refuse("cannot be resolved: " + error.message());
    const auto [rootEnd, resolvedAt] = std::mismatch(canonicalRoot.begin(), canonicalRoot.end(), resolved.begin(),
                                                     resolved.end());
    if (rootEnd != canonicalRoot.end() || resolvedAt == resolved.end())
        throw refuse("is outside the directory " + canonicalRoot.string());
    return resolved;
}

} // namespace kfx::io
