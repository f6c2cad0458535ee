// Arbitrary bytes as a task directory's task.json. The folder also holds a reference.cu, so manifests that name
// it get past the file check to the parameters, launch rule and cases.
#include "measure/taskmanifest.h"
#include "scratchdirectory.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace {

const kfx::fuzz::ScratchDirectory &taskDirectory()
{
    static const kfx::fuzz::ScratchDirectory directory;
    static const bool reference = [] {
        directory.write("reference.cu", "extern \"C\" __global__ void reference(float *y) { y[0] = 1.0f; }\n");
        return true;
    }();
    (void)reference;
    return directory;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto &directory = taskDirectory();
    directory.write(kfx::measure::kTaskFileName, std::span(data, size));
    try {
        const auto task = kfx::measure::loadTaskManifest(directory.path().string());
        kfx::measure::launchRuleFor(task, "// kfx-launch: {\"grid\": [1], \"block\": [32]}\n", "candidate.cu");
    } catch (const kfx::measure::ManifestError &) {
        // The documented refusal: anything else escaping is a finding.
    }
    return 0;
}
