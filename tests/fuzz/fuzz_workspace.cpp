// Arbitrary bytes as a workspace file beside some data: opened (and migrated) as kfx opens it, then every stored
// kind of thing read back. A refusal is an exception of the workspace's own; a crash or anything else is a finding.
#include "scratchdirectory.h"
#include "workspace/workspace.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const kfx::fuzz::ScratchDirectory scratch;
    scratch.clear(); // no -wal or -shm of the previous input may be replayed into this one
    const auto path = scratch.write("data.jsonl.kfx-workspace", std::span(data, size));
    try {
        kfx::workspace::Workspace workspace(path.string());
        workspace.schemaVersion();
        workspace.checkData();
        workspace.overrides();
        workspace.gateSettings();
        workspace.forecasts();
        workspace.measurements();
        workspace.cachedResultCount();
        workspace.embeddedModel();
        workspace.integrityCheck();
    } catch (const kfx::workspace::SqliteError &) {
    }
    return 0;
}
