// Every demo kernel compiled with NVRTC for sm_90 (the H100), which needs no GPU: the references and working
// candidates compile, the broken-on-purpose one fails with its log, and an unchanged kernel comes from the cache.
#include "check.h"
#include "demotasks.h"
#include "measure/nvrtccompiler.h"
#include "measure/taskmanifest.h"

#include <filesystem>
#include <fstream>
#include <iostream>

using namespace kfx;
using namespace kfx::measure;
using kfx::test::contains;

namespace {
std::string readFile(const std::string &path)
{
    std::ifstream file(path);
    return std::string((std::istreambuf_iterator<char>(file)), {});
}

bool isCubin(const std::string &image)
{
    return image.size() > 4
        && image.compare(0, 4,
                         "\x7f"
                         "ELF")
        == 0;
}
} // namespace

int main()
{
    const std::string cacheDirectory = (std::filesystem::temp_directory_path() / "kfx-measure-nvrtc-cache").string();
    std::filesystem::remove_all(cacheDirectory);
    const NvrtcCompiler compiler("sm_90", KernelImageCache(cacheDirectory));
    int compiled = 0;
    for (const std::string &directory : kfx::test::demoTaskDirectories()) {
        const TaskManifest task = loadTaskManifest(directory);
        std::vector<kfx::test::DemoCandidate> kernels = kfx::test::demoCandidates(directory);
        kernels.push_back({directory, task.referencePath, "success"});
        for (const auto &kernel : kernels) {
            const std::string source = readFile(kernel.path);
            try {
                const CompiledImage image = compiler.compile(source, kernel.path);
                KFX_CHECK(kernel.expect != "compile_failed", kernel.path + " compiled but is meant to fail");
                KFX_CHECK(isCubin(image.cubin) && !image.fromCache, kernel.path + ": a fresh cubin");
                const CompiledImage again = compiler.compile(source, kernel.path);
                KFX_CHECK(again.fromCache && again.cubin == image.cubin, kernel.path + ": the second one is cached");
                KFX_CHECK(std::filesystem::exists(image.cachePath), kernel.path + ": the image is on disk");
                std::cout << kernel.path << ": " << image.milliseconds << " ms, cached " << again.milliseconds
                          << " ms\n";
                ++compiled;
            } catch (const CompileError &error) {
                KFX_CHECK(kernel.expect == "compile_failed", kernel.path + " does not compile: " + error.what());
                KFX_CHECK(contains(error.what(), kernel.path) && contains(error.what(), "error"),
                          kernel.path + ": the log names the file and the error: " + error.what());
            }
        }
    }
    KFX_CHECK(compiled >= 12, "a dozen demo kernels compiled, got " + std::to_string(compiled));
    const std::string changed = "// another comment\n"
        + readFile(kfx::test::demoTaskDirectories().front() + "/reference.cu");
    KFX_CHECK(!compiler.compile(changed, "changed.cu").fromCache, "a changed source is compiled afresh");
    std::filesystem::remove_all(cacheDirectory);
    return kfx::test::finish();
}
