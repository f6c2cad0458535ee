#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kfx::workspace {

// What a workspace remembers about a data file, to notice that the data changed since it was saved.
//
// Size plus a 64-bit FNV-1a hash of the first and the last MiB (all of a file up to 2 MiB): cheap enough to
// take on every open of a multi-GB log (two reads, ~2 ms), and sensitive to what really happens to our data —
// a log that grew (size and tail change), was regenerated (head changes: new ULIDs) or was replaced. An edit in
// the middle of a large file that keeps its size is missed; that is accepted for an interactive check.
// FNV-1a is used because it is fully specified, so a fingerprint written on one machine reads the same on
// another (std::hash is not). The modification time is recorded but not compared: copying or checking out
// data resets it without changing a byte.
struct DataFingerprint {
    std::uint64_t size = 0;
    std::uint64_t hash = 0;
    std::int64_t modifiedNs = 0;

    bool sameContent(const DataFingerprint &other) const { return size == other.size && hash == other.hash; }
};

// Nothing when the file cannot be read.
std::optional<DataFingerprint> fingerprintFile(const std::string &path);

} // namespace kfx::workspace
