#include "nvrtccompiler.h"

#include <nvrtc.h>

#include <chrono>
#include <filesystem>

namespace kfx::measure {

namespace {
// Releases the program on every path out of compile().
class Program {
public:
    Program(const std::string &source, const std::string &label)
    {
        check(nvrtcCreateProgram(&m_program, source.c_str(), label.c_str(), 0, nullptr, nullptr));
    }
    ~Program() { nvrtcDestroyProgram(&m_program); }
    Program(const Program &) = delete;
    Program &operator=(const Program &) = delete;

    nvrtcProgram get() const { return m_program; }

    std::string log() const
    {
        std::size_t size = 0;
        nvrtcGetProgramLogSize(m_program, &size);
        std::string text(size, '\0');
        nvrtcGetProgramLog(m_program, text.data());
        while (!text.empty() && (text.back() == '\0' || text.back() == '\n'))
            text.pop_back();
        return text;
    }

    static void check(nvrtcResult result)
    {
        if (result != NVRTC_SUCCESS)
            throw CompileError(std::string("NVRTC: ") + nvrtcGetErrorString(result));
    }

private:
    nvrtcProgram m_program = nullptr;
};

std::string compilerVersion()
{
    int major = 0;
    int minor = 0;
    nvrtcVersion(&major, &minor);
    return "nvrtc-" + std::to_string(major) + "." + std::to_string(minor);
}
} // namespace

NvrtcCompiler::NvrtcCompiler(std::string arch, KernelImageCache cache)
    : m_options{"--gpu-architecture=" + arch, "--std=c++17"}
    , m_cache(std::move(cache))
{
    if (std::filesystem::is_directory(KFX_CUDA_INCLUDE_DIR))
        m_options.push_back(std::string("--include-path=") + KFX_CUDA_INCLUDE_DIR);
}

CompiledImage NvrtcCompiler::compile(const std::string &source, const std::string &label) const
{
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    std::vector<std::string> keyed = m_options;
    keyed.push_back(compilerVersion());
    const std::string key = KernelImageCache::keyFor(source, keyed);
    CompiledImage image;
    image.cachePath = m_cache.pathFor(key);
    if (auto cached = m_cache.load(key)) {
        image.cubin = std::move(*cached);
        image.fromCache = true;
        image.milliseconds = elapsed();
        return image;
    }

    Program program(source, label);
    std::vector<const char *> options;
    for (const std::string &option : m_options)
        options.push_back(option.c_str());
    if (nvrtcCompileProgram(program.get(), int(options.size()), options.data()) != NVRTC_SUCCESS)
        throw CompileError(program.log());
    std::size_t size = 0;
    Program::check(nvrtcGetCUBINSize(program.get(), &size));
    image.cubin.resize(size);
    Program::check(nvrtcGetCUBIN(program.get(), image.cubin.data()));
    m_cache.store(key, image.cubin);
    image.milliseconds = elapsed();
    return image;
}

} // namespace kfx::measure
