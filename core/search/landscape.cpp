#include "landscape.h"

#include "canonicalkernel.h"
#include "io/jsonfields.h"

#include <lzma.h>
#include <openssl/evp.h>
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace kfx::search {

namespace {

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LandscapeError("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The whole .xz file decompressed by liblzma (a landscape is a few MB of text at most).
std::string readXz(const std::string &path)
{
    const std::string packed = readFile(path);
    lzma_stream stream = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&stream, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        throw LandscapeError("cannot start the xz decoder for " + path);
    stream.next_in = reinterpret_cast<const std::uint8_t *>(packed.data());
    stream.avail_in = packed.size();
    std::string text;
    std::array<std::uint8_t, 1 << 16> buffer;
    lzma_ret status = LZMA_OK;
    while (status == LZMA_OK) {
        stream.next_out = buffer.data();
        stream.avail_out = buffer.size();
        status = lzma_code(&stream, LZMA_FINISH);
        text.append(reinterpret_cast<const char *>(buffer.data()), buffer.size() - stream.avail_out);
    }
    lzma_end(&stream);
    if (status != LZMA_STREAM_END)
        throw LandscapeError(path + " is not a whole xz file (liblzma error " + std::to_string(int(status)) + ")");
    return text;
}

LandscapeKernel readKernel(const json::Object &line)
{
    LandscapeKernel kernel;
    kernel.variant = json::requiredString(line, "variant");
    kernel.outcome = json::requiredString(line, "outcome");
    kernel.source = json::optionalString(line, "source").value_or("");
    if (kernel.outcome == "success") {
        kernel.speedup = json::requiredNumber(line, "speedup");
        kernel.bin = int(json::requiredInteger(line, "bin"));
        for (auto element : json::requiredArray(line, "cases")) {
            const auto c = json::asObject(element, "case");
            LandscapeCase recorded;
            recorded.sizesJson = simdjson::minify(json::requiredField(c, "sizes"));
            recorded.runtimeNs = json::requiredNumber(c, "runtime_ns");
            recorded.refRuntimeNs = json::requiredNumber(c, "ref_runtime_ns");
            recorded.speedup = json::requiredNumber(c, "speedup");
            if (const auto samples = json::optionalInteger(c, "samples"))
                recorded.samples = int(*samples);
            kernel.cases.push_back(std::move(recorded));
        }
    }
    for (const char *field : {"compilation_error", "runtime_error_name", "runtime_error", "error_message"}) {
        if (const auto text = json::optionalString(line, field))
            kernel.failure.emplace_back(field, std::string(*text));
    }
    return kernel;
}

} // namespace

Landscape Landscape::open(const std::string &path)
{
    const simdjson::padded_string text(readXz(path));
    simdjson::dom::parser parser;
    simdjson::dom::document_stream lines;
    if (parser.parse_many(text).get(lines))
        throw LandscapeError(path + ": not JSON lines");
    Landscape landscape;
    landscape.m_path = path;
    int lineNumber = 0;
    for (auto document : lines) {
        ++lineNumber;
        try {
            simdjson::dom::element element;
            if (auto error = document.get(element))
                throw json::FieldError(simdjson::error_message(error));
            const auto line = json::asObject(element, "line");
            if (lineNumber == 1) {
                if (json::requiredString(line, "format") != "kfx-landscape/1")
                    throw json::FieldError("not a kfx-landscape/1 header");
                landscape.m_task = json::requiredString(line, "task");
                landscape.m_device = json::requiredString(line, "device");
                landscape.m_bestSpeedup = json::requiredNumber(line, "best_speedup");
                continue;
            }
            landscape.m_kernels.emplace(std::string(json::requiredString(line, "kernel")), readKernel(line));
        } catch (const json::FieldError &error) {
            throw LandscapeError(path + " line " + std::to_string(lineNumber) + ": " + error.what());
        }
    }
    if (landscape.m_task.empty())
        throw LandscapeError(path + " has no header");
    return landscape;
}

Landscape Landscape::openTask(const std::string &directory, std::string_view task)
{
    const auto path = (std::filesystem::path(directory) / (std::string(task) + ".jsonl.xz")).string();
    if (!std::filesystem::exists(path))
        throw LandscapeError("no landscape for task " + std::string(task) + ": " + path + " does not exist");
    return open(path);
}

const LandscapeKernel *Landscape::find(std::string_view kernelId) const
{
    const auto found = m_kernels.find(std::string(kernelId));
    return found == m_kernels.end() ? nullptr : &found->second;
}

const LandscapeKernel *Landscape::findCode(std::string_view code) const
{
    return find(landscapeKernelId(code));
}

std::vector<std::string> Landscape::kernelIds() const
{
    std::vector<std::string> ids;
    ids.reserve(m_kernels.size());
    for (const auto &[id, kernel] : m_kernels)
        ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string landscapeKernelId(std::string_view code)
{
    const std::string canonical = canonicalKernelCode(code);
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    if (!EVP_Digest(canonical.data(), canonical.size(), digest.data(), &length, EVP_sha256(), nullptr))
        throw LandscapeError("OpenSSL could not compute a SHA-256");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id;
    for (std::size_t i = 0; i < 8; ++i) {
        id += kHex[digest[i] >> 4];
        id += kHex[digest[i] & 15];
    }
    return id;
}

double landscapeNoiseSigma(const std::string &noiseJsonPath, std::string_view task)
{
    const simdjson::padded_string text(readFile(noiseJsonPath));
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (parser.parse(text).get(root))
        throw LandscapeError(noiseJsonPath + " is not JSON");
    try {
        const auto tasks = json::requiredObject(json::asObject(root, "noise"), "tasks");
        const auto entry = json::optionalObject(tasks, task);
        if (!entry)
            throw json::FieldError("no figures for task " + std::string(task));
        return json::requiredNumber(json::requiredObject(*entry, "corpus_repeats"), "std_log_ratio") / std::sqrt(2.0);
    } catch (const json::FieldError &error) {
        throw LandscapeError(noiseJsonPath + ": " + error.what());
    }
}

} // namespace kfx::search
