#include "syntheticgenerator.h"

#include "io/jsonwriter.h"
#include "kerneltemplates.h"
#include "model/evaluation.h"
#include "model/forecast.h"
#include "model/hardwarecontext.h"
#include "model/speedupbin.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kfx::generate {

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Randomness, identifiers and clocks

std::uint64_t splitMix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// One independent stream per purpose, so that (for example) the predictions can re-create the eval set they
// score without drawing from the same numbers.
enum class Stream : std::uint64_t { Search = 1, EvalSet = 2, Predictions = 3 };

class Random {
public:
    Random(std::uint64_t seed, Stream stream) : m_engine(splitMix(seed ^ splitMix(std::uint64_t(stream)))) {}

    std::mt19937_64 &engine() { return m_engine; }
    std::uint64_t bits() { return m_engine(); }
    double uniform(double low = 0.0, double high = 1.0)
    {
        return std::uniform_real_distribution<double>(low, high)(m_engine);
    }
    double normal(double mean, double sd) { return std::normal_distribution<double>(mean, sd)(m_engine); }
    double logNormal(double median, double sigma) { return median * std::exp(normal(0.0, sigma)); }
    bool chance(double p) { return uniform() < p; }
    int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(m_engine); }
    template<typename Container>
    const auto &pick(const Container &choices)
    {
        return choices[std::size_t(integer(0, int(std::size(choices)) - 1))];
    }

private:
    std::mt19937_64 m_engine;
};

constexpr std::int64_t kMicrosPerSecond = 1'000'000;
constexpr std::int64_t kMicrosPerDay = 86'400 * kMicrosPerSecond;
// 2026-04-20T12:00:00Z, around when the reference's own logs were written.
constexpr std::int64_t kStartUs = 1'776'686'400 * kMicrosPerSecond;

std::int64_t seconds(double s)
{
    return std::int64_t(std::llround(s * double(kMicrosPerSecond)));
}

// As pydantic writes an aware UTC datetime: microseconds only when there are any.
std::string isoTime(std::int64_t us)
{
    using namespace std::chrono;
    const sys_days day{days(us / kMicrosPerDay)};
    const year_month_day date{day};
    const std::int64_t inDay = us % kMicrosPerDay;
    const int micros = int(inDay % kMicrosPerSecond);
    const std::int64_t secondOfDay = inDay / kMicrosPerSecond;
    char buffer[48];
    const int length = std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02uT%02d:%02d:%02d", int(date.year()),
                                     unsigned(date.month()), unsigned(date.day()), int(secondOfDay / 3600),
                                     int(secondOfDay / 60 % 60), int(secondOfDay % 60));
    std::string text(buffer, std::size_t(length));
    if (micros != 0) {
        std::snprintf(buffer, sizeof buffer, ".%06d", micros);
        text += buffer;
    }
    text += 'Z';
    return text;
}

// 26-character Crockford base32 ULIDs: 48-bit millisecond time, then 80 random bits (spec §3.5).
std::string makeUlid(std::int64_t timeUs, Random &random)
{
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    std::string out(26, '0');
    std::uint64_t ms = std::uint64_t(timeUs / 1000);
    for (int i = 9; i >= 0; --i, ms >>= 5)
        out[std::size_t(i)] = kAlphabet[ms & 31U];
    for (int half = 0; half < 2; ++half) {
        std::uint64_t bits = random.bits();
        for (int i = 0; i < 8; ++i, bits >>= 5)
            out[std::size_t(10 + half * 8 + i)] = kAlphabet[bits & 31U];
    }
    return out;
}

std::string hex12(std::uint64_t bits)
{
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%012llx", static_cast<unsigned long long>(bits & 0xffffffffffffULL));
    return buffer;
}

std::string formatNumber(const char *format, double value)
{
    char buffer[64];
    const int length = std::snprintf(buffer, sizeof buffer, format, value);
    return std::string(buffer, std::size_t(length));
}

// ---------------------------------------------------------------------------------------------------------------
// The packs' benchmark cases (spec §5.2) with plausible A100 reference runtimes

struct ShapeField {
    enum class Type { Int, Bool, Text };
    std::string_view name;
    Type type;
    std::int64_t number = 0;
    std::string_view text = {};
};

struct BenchmarkCase {
    std::vector<ShapeField> shape;
    double refRuntimeNs;
};

BenchmarkCase trimulCase(int seqlen, int bs, int dim, bool nomask, std::string_view distribution, double refNs)
{
    using T = ShapeField::Type;
    return {{{"seqlen", T::Int, seqlen},
             {"bs", T::Int, bs},
             {"dim", T::Int, dim},
             {"hiddendim", T::Int, 128},
             {"nomask", T::Bool, nomask},
             {"distribution", T::Text, 0, distribution}},
            refNs};
}

const std::vector<BenchmarkCase> &benchmarkCases(KernelPack pack)
{
    using T = ShapeField::Type;
    static const std::vector<BenchmarkCase> kTrimul{
        trimulCase(256, 2, 128, true, "normal", 2.9e6),   trimulCase(768, 1, 128, true, "cauchy", 17.6e6),
        trimulCase(256, 2, 384, false, "normal", 4.1e6),  trimulCase(512, 1, 128, true, "normal", 6.3e6),
        trimulCase(1024, 1, 128, true, "cauchy", 38.5e6), trimulCase(768, 1, 384, false, "normal", 21.2e6),
        trimulCase(1024, 1, 384, true, "normal", 44.8e6),
    };
    static const std::vector<BenchmarkCase> kCrossEntropy{
        {{{"vocab_size", T::Int, 32000}}, 2.35e6},
        {{{"vocab_size", T::Int, 50264}}, 3.6e6},
        {{{"vocab_size", T::Int, 128256}}, 9.1e6},
    };
    static const std::vector<BenchmarkCase> kFp8{
        {{{"num_tokens", T::Int, 256}, {"hidden_dim", T::Int, 4096}, {"group_size", T::Int, 128}}, 61e3},
        {{{"num_tokens", T::Int, 256}, {"hidden_dim", T::Int, 8192}, {"group_size", T::Int, 128}}, 98e3},
        {{{"num_tokens", T::Int, 4096}, {"hidden_dim", T::Int, 7168}, {"group_size", T::Int, 128}}, 1.05e6},
    };
    switch (pack) {
    case KernelPack::Trimul:
        return kTrimul;
    case KernelPack::CrossEntropy:
        return kCrossEntropy;
    case KernelPack::Fp8Quant:
        return kFp8;
    }
    return kTrimul;
}

// Where searches of each pack stop finding much more (the eval-set tops out around 10x on TriMul).
double speedupCeiling(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return 6.0;
    case KernelPack::CrossEntropy:
        return 2.5;
    case KernelPack::Fp8Quant:
        return 4.0;
    }
    return 3.0;
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements: what the GPU scorer reports for a kernel whose true speedup is known to the generator

struct Measurement {
    OutcomeKind kind = OutcomeKind::Success;
    // Per benchmark case, for the cases that ran correctly (all of them on success).
    std::vector<double> refRuntimeNs;
    std::vector<double> runtimeNs;
    double aggregated = 0.0;
    std::string errorName;
    std::string message;
    std::string traceback;
};

struct FailureOdds {
    double compile = 0.04;
    double runtime = 0.03;
    double incorrect = 0.03;
    double infrastructure = 0.012;
};

FailureOdds failureOdds(EditKind kind, KernelStyle style)
{
    FailureOdds odds;
    switch (kind) {
    case EditKind::Rewrite:
        odds = {0.2, 0.1, 0.12, 0.012};
        break;
    case EditKind::Precision:
        odds = {0.04, 0.03, 0.16, 0.012};
        break;
    case EditKind::SharedMemory:
    case EditKind::DoubleBuffer:
        odds = {0.1, 0.08, 0.07, 0.012};
        break;
    case EditKind::WarpShuffle:
    case EditKind::Vectorize:
        odds = {0.06, 0.05, 0.08, 0.012};
        break;
    case EditKind::Tiling:
    case EditKind::Stages:
        odds = {0.05, 0.07, 0.02, 0.012};
        break;
    default:
        break;
    }
    if (style == KernelStyle::PyTorch) {
        odds.compile *= 0.4;
        odds.runtime *= 0.6;
    }
    return odds;
}

// Messages in the shape the scorer's exceptions and checks produce them.
class FailureMessages {
public:
    explicit FailureMessages(Random &random) : m_random(random) {}

    std::string compileError(const KernelDesign &design)
    {
        const int line = m_random.integer(18, 190);
        switch (design.style) {
        case KernelStyle::Triton: {
            static constexpr std::array<std::string_view, 4> kErrors{
                "at ${L}:8:\n        acc += tl.dot(a, b)\n        ^\nAssertionError('Both operands must be same dtype. "
                "Got bf16 and fp32')",
                "at ${L}:13:\n    offs_k = tl.arange(0, BLOCK_K // 3)\n             ^\nValueError(\"arange's range "
                "must be a power of 2\")",
                "at ${L}:4:\n    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n    ^\nNameError(\"name "
                "'BLOCK_N' is not defined\")",
                "at ${L}:21:\n        x = tl.load(base + offs, mask=offs < V, other=-float(\"inf\"))\n            "
                "^\nIncompatibleTypeErrorImpl('invalid operands of type pointer<bf16> and triton.language.float32')",
            };
            return "triton.compiler.errors.CompilationError: " + withLine(m_random.pick(kErrors), line);
        }
        case KernelStyle::CudaInline:
        case KernelStyle::CudaSource: {
            static constexpr std::array<std::string_view, 4> kErrors{
                "error: identifier \"TILE_K\" is undefined",
                "error: no suitable conversion function from \"__nv_bfloat16\" to \"float4\" exists",
                "error: expression must have a constant value",
                "error: a value of type \"const float *\" cannot be used to initialize an entity of type \"float4 *\"",
            };
            const std::string module = std::string(packName(design.pack)) + "_ext";
            const std::string path = "/root/.cache/torch_extensions/py311_cu124/" + module + "/cuda.cu";
            return "Error building extension '" + module
                + "': [1/3] /usr/local/cuda/bin/nvcc "
                  "--generate-dependencies-with-compile -DTORCH_EXTENSION_NAME="
                + module + " -O3 --use_fast_math -gencode=arch=compute_80,code=sm_80 -c " + path
                + " -o cuda.cuda.o\nFAILED: cuda.cuda.o\n" + path + "(" + std::to_string(line)
                + "): " + std::string(m_random.pick(kErrors)) + "\n\n1 error detected in the compilation of \"" + path
                + "\".\nninja: build stopped: subcommand failed.";
        }
        case KernelStyle::PyTorch:
            break;
        }
        static constexpr std::array<std::string_view, 2> kErrors{
            "SyntaxError: invalid syntax (submission.py, line ${L})",
            "IndentationError: unexpected indent (submission.py, line ${L})",
        };
        return withLine(m_random.pick(kErrors), line);
    }

    void runtimeError(const KernelDesign &design, Measurement &m)
    {
        struct RuntimeFailure {
            std::string_view name;
            std::string_view message;
            std::string_view frame; // the submission's line that raised
        };
        static constexpr std::array<RuntimeFailure, 3> kTriton{{
            {"OutOfResources",
             "out of resource: shared memory, Required: ${N}, Hardware limit: 166912. Reducing block sizes or "
             "`num_stages` may help.",
             "_triangle_matmul_kernel[grid]("},
            {"RuntimeError", "Triton Error [CUDA]: an illegal memory access was encountered",
             "tl.store(c_ptrs, acc, mask=c_mask)"},
            {"ValueError", "Cannot find backend for cpu", "_group_quant_kernel[grid](x, x_q, x_s, n_tokens, D)"},
        }};
        static constexpr std::array<RuntimeFailure, 3> kCuda{{
            {"RuntimeError",
             "CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously "
             "reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider "
             "passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
             "c = _module().triangle_matmul(left.contiguous(), right.contiguous())"},
            {"RuntimeError", "CUDA error: too many resources requested for launch",
             "losses, grad = _module().cross_entropy_fwd_bwd(logits.contiguous(), targets, grad_output)"},
            {"RuntimeError", "CUDA error: misaligned address", "_module().group_quant(x.contiguous(), x_q, x_s)"},
        }};
        static constexpr std::array<RuntimeFailure, 3> kPython{{
            {"OutOfMemoryError",
             "CUDA out of memory. Tried to allocate ${G} GiB. GPU 0 has a total capacity of 79.25 GiB of which "
             "2.31 GiB is free. Of the allocated memory 71.02 GiB is allocated by PyTorch.",
             "out = torch.empty(left.shape[0], left.shape[1], n, n, device=x.device, dtype=COMPUTE_DTYPE)"},
            {"RuntimeError",
             "The size of tensor a (128) must match the size of tensor b (384) at non-singleton dimension 3",
             "out = out * out_gate"},
            {"ValueError", "not enough values to unpack (expected 4, got 3)",
             "input_tensor, mask, weights, config = data"},
        }};
        const RuntimeFailure &failure = design.style == KernelStyle::Triton
            ? m_random.pick(kTriton)
            : (design.style == KernelStyle::PyTorch ? m_random.pick(kPython) : m_random.pick(kCuda));
        std::string message(failure.message);
        replace(message, "${N}", std::to_string(65536 * m_random.integer(3, 8)));
        replace(message, "${G}", formatNumber("%.2f", 0.25 * m_random.integer(2, 40)));
        m.errorName = failure.name;
        m.message = message;
        const std::string tmp = "/tmp/tmp" + hex12(m_random.bits()).substr(0, 8);
        m.traceback = "Traceback (most recent call last):\n"
                      "  File \"/root/gpu_mode_kernel/scoring.py\", line 151, in score_one_case\n"
                      "    output = custom_kernel(_clone_data(data))\n"
                      "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
                      "  File \""
            + tmp + "/submission.py\", line " + std::to_string(m_random.integer(40, 220)) + ", in custom_kernel\n    "
            + std::string(failure.frame) + "\n" + std::string(failure.name) + ": "
            + message.substr(0, message.find('\n')) + "\n";
    }

    std::string mismatch(KernelPack pack)
    {
        switch (pack) {
        case KernelPack::Trimul: {
            const int count = m_random.integer(3, 250000);
            std::string text = "mismatch found! custom implementation doesn't match reference: Number of mismatched "
                               "elements: "
                + std::to_string(count);
            for (int i = 0; i < std::min(count, 5); ++i) {
                const double expected = m_random.normal(0.0, 0.8);
                text += "\nERROR at (0, " + std::to_string(m_random.integer(0, 255)) + ", "
                    + std::to_string(m_random.integer(0, 255)) + ", " + std::to_string(m_random.integer(0, 127)) + "): "
                    + formatNumber("%.6f", expected + m_random.normal(0.0, 0.3)) + " " + formatNumber("%.6f", expected);
            }
            if (count > 5)
                text += "\n... and " + std::to_string(count - 5) + " more mismatched elements.";
            return text;
        }
        case KernelPack::CrossEntropy:
            if (m_random.chance(0.2))
                return "grad_logits dtype mismatch: expected torch.bfloat16, got torch.float32";
            return std::string(m_random.chance(0.5) ? "losses" : "grad_logits") + " mismatch: max abs diff "
                + formatNumber("%.4g", m_random.logNormal(0.02, 1.0)) + " exceeds rtol=1e-2, atol=1e-3";
        case KernelPack::Fp8Quant:
            return std::string(m_random.chance(0.5) ? "x_q" : "x_s") + " mismatch: max abs diff "
                + formatNumber("%.4g", m_random.logNormal(0.01, 1.5)) + " exceeds rtol=1e-3, atol=1e-3";
        }
        return {};
    }

    std::string infrastructure()
    {
        static constexpr std::array<std::string_view, 3> kReasons{
            "modal call failed: RemoteError('CUDA error: uncorrectable ECC error encountered')",
            "modal call failed: ConnectionError('Deadline Exceeded')",
            "modal call failed: ExecutionError('Could not deserialize remote exception due to local error')",
        };
        return std::string(m_random.pick(kReasons));
    }

private:
    static void replace(std::string &text, std::string_view from, const std::string &to)
    {
        if (const auto pos = text.find(from); pos != std::string::npos)
            text.replace(pos, from.size(), to);
    }
    static std::string withLine(std::string_view pattern, int line)
    {
        std::string text(pattern);
        replace(text, "${L}", std::to_string(line));
        return text;
    }

    Random &m_random;
};

class MeasurementModel {
public:
    explicit MeasurementModel(Random &random) : m_random(random), m_messages(random) {}

    // Measures a kernel of true speedup `speedup`; `odds` are its chances of failing each way.
    Measurement measure(const KernelDesign &design, double speedup, const FailureOdds &odds)
    {
        Measurement m;
        const auto &cases = benchmarkCases(design.pack);
        const double roll = m_random.uniform();
        double edge = odds.infrastructure;
        if (roll < edge) {
            m.kind = OutcomeKind::InfrastructureFailure;
            m.message = m_messages.infrastructure();
            return m;
        }
        if (roll < (edge += odds.compile)) {
            m.kind = OutcomeKind::CompileFailed;
            m.message = m_messages.compileError(design);
            return m;
        }
        const bool runtime = roll < (edge += odds.runtime);
        const bool incorrect = !runtime && roll < edge + odds.incorrect;
        // A failing case stops the run; the cases before it were measured.
        const std::size_t measured = runtime || incorrect ? std::size_t(m_random.integer(0, int(cases.size()) - 1))
                                                          : cases.size();
        // Shape-dependent deviations around the kernel's overall speedup, centred so the geomean stays put.
        std::vector<double> logOffsets(cases.size());
        for (auto &offset : logOffsets)
            offset = m_random.normal(0.0, 0.18);
        const double mean = std::accumulate(logOffsets.begin(), logOffsets.end(), 0.0) / double(cases.size());
        double logSum = 0.0;
        for (std::size_t i = 0; i < measured; ++i) {
            const double ref = cases[i].refRuntimeNs * (1.0 + m_random.normal(0.0, 0.01));
            const double perCase = speedup * std::exp(logOffsets[i] - mean + m_random.normal(0.0, 0.02));
            m.refRuntimeNs.push_back(ref);
            m.runtimeNs.push_back(ref / perCase);
            logSum += std::log(ref / m.runtimeNs.back());
        }
        if (runtime) {
            m.kind = OutcomeKind::RuntimeError;
            m_messages.runtimeError(design, m);
        } else if (incorrect) {
            m.kind = OutcomeKind::Incorrect;
            m.message = m_messages.mismatch(design.pack);
        } else {
            m.aggregated = std::exp(logSum / double(cases.size()));
        }
        return m;
    }

private:
    Random &m_random;
    FailureMessages m_messages;
};

void writeCaseResult(JsonWriter &w, bool correct, double runtimeNs, double refNs, const Measurement *failure)
{
    const bool incorrect = failure && failure->kind == OutcomeKind::Incorrect;
    const bool runtime = failure && failure->kind == OutcomeKind::RuntimeError;
    const bool compile = failure && failure->kind == OutcomeKind::CompileFailed;
    w.beginObject()
        .field("correct", correct)
        .field("runtime_ns", runtimeNs)
        .field("ref_runtime_ns", refNs)
        .field("error_message", incorrect ? failure->message : std::string())
        .field("runtime_error_name", runtime ? failure->errorName : std::string())
        .field("runtime_error", runtime ? failure->message : std::string())
        .field("traceback", runtime ? failure->traceback : std::string())
        .field("compilation_error", compile ? failure->message : std::string())
        .field("failure_kind", failure ? outcomeKindName(failure->kind) : std::string_view("none"))
        .endObject();
}

// The reference's Evaluation[GpuModeKernelObservation] (spec §3.5).
void writeEvaluation(JsonWriter &w, const Measurement &m, KernelPack pack)
{
    const auto &cases = benchmarkCases(pack);
    w.beginObject().key("observation").beginObject().key("feedback").beginObject();
    w.field("kind", outcomeKindName(m.kind));
    switch (m.kind) {
    case OutcomeKind::Success:
        w.field("aggregated_speedup", m.aggregated).field("aggregation_method", "geomean");
        w.key("per_case_speedups").beginArray();
        for (std::size_t i = 0; i < cases.size(); ++i) {
            w.beginObject()
                .field("speedup", m.refRuntimeNs[i] / m.runtimeNs[i])
                .field("runtime_ns", m.runtimeNs[i])
                .field("ref_runtime_ns", m.refRuntimeNs[i]);
            for (const auto &field : cases[i].shape) {
                w.key(field.name);
                switch (field.type) {
                case ShapeField::Type::Int:
                    w.value(field.number);
                    break;
                case ShapeField::Type::Bool:
                    w.value(field.number != 0);
                    break;
                case ShapeField::Type::Text:
                    w.value(field.text);
                    break;
                }
            }
            w.endObject();
        }
        w.endArray();
        break;
    case OutcomeKind::CompileFailed:
        w.field("compilation_error", m.message);
        break;
    case OutcomeKind::RuntimeError:
        w.field("runtime_error_name", m.errorName).field("runtime_error", m.message).field("traceback", m.traceback);
        break;
    case OutcomeKind::Incorrect:
        w.field("error_message", m.message);
        break;
    default:
        w.field("reason", m.message);
        break;
    }
    w.endObject();
    w.key("per_case_results").beginArray();
    for (std::size_t i = 0; i < m.runtimeNs.size(); ++i)
        writeCaseResult(w, true, m.runtimeNs[i], m.refRuntimeNs[i], nullptr);
    if (m.kind == OutcomeKind::CompileFailed || m.kind == OutcomeKind::RuntimeError || m.kind == OutcomeKind::Incorrect)
        writeCaseResult(w, false, 0.0, 0.0, &m);
    w.endArray().endObject();
    w.key("reward");
    if (m.kind == OutcomeKind::Success)
        w.value(m.aggregated);
    else
        w.null();
    w.endObject();
}

// ---------------------------------------------------------------------------------------------------------------
// Forecasts: informative but imperfect distributions over the eight bins

struct SurrogateProfile {
    std::string_view label;
    double bias;       // in bins: how much faster than the truth the model tends to guess
    double persistent; // sd of the model's fixed misreading of a candidate, in bins
    double noise;      // sd of the fresh noise of each sampled answer, in bins
    double width;      // the spread the model states; below the real error it is overconfident
    double grid;       // the rounding of the numbers it writes
    double parseFailure;
    double offArgmax; // how often the declared bin is not the most likely one
    int outputTokensMedian;
};

constexpr std::array<SurrogateProfile, 7> kSurrogates{{
    {"gemini3_flash", 0.35, 1.0, 0.55, 0.55, 0.05, 0.0, 0.02, 900},
    {"gpt_oss_120b", 0.45, 1.1, 0.6, 0.8, 0.01, 0.02, 0.03, 3200},
    {"gpt_oss_20b_untrained", 0.8, 1.4, 0.9, 0.7, 0.01, 0.06, 0.06, 4100},
    {"deepseek_v4", 0.2, 0.95, 0.5, 0.9, 0.01, 0.01, 0.02, 2600},
    {"trained_correctness", 0.1, 0.9, 0.45, 0.85, 0.01, 0.01, 0.01, 1800},
    {"trained_correctness_brier", 0.0, 0.85, 0.45, 1.05, 0.01, 0.005, 0.01, 1700},
    {"trained_correctness_crps", 0.0, 0.8, 0.45, 1.0, 0.01, 0.005, 0.01, 1700},
}};

// The surrogate of the surrogate-filtered searches: the trained gpt-oss-20b checkpoint.
const SurrogateProfile &searchSurrogate()
{
    return kSurrogates[4];
}

// The same surrogate on a kernel family it was not trained on: it reads unfamiliar code as far slower than it is
// (a late search's kernels sit in the top bin, where optimism cannot show) and states a narrow spread all the
// same, so its confident forecasts are the wrong ones.
const SurrogateProfile &searchSurrogateOffFamily()
{
    static constexpr SurrogateProfile kOffFamily{"trained_correctness", -3.5, 1.0, 0.5, 0.3, 0.01, 0.01, 0.01, 1800};
    return kOffFamily;
}

// Where a search with a family shift moves to: hand-written CUDA translation units, the rarest rewrite target.
constexpr KernelStyle kShiftedFamily = KernelStyle::CudaSource;

// The continuous bin coordinate: floor() of it, clamped to 1..8, is the true bin.
double binCoordinate(double speedup)
{
    return 2.0 * std::log2(speedup) + 4.0;
}

struct ForecastDraft {
    BinProbabilities probabilities{};
    double rawSum = 1.0;
    int predictedBin = 1;
};

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

// A distribution centred on the model's belief `estimate` (a bin coordinate), written as a model writes numbers:
// rounded to its grid, renormalised by the parser only when the rounding moved the sum.
ForecastDraft draftForecast(const SurrogateProfile &profile, double estimate, Random &random)
{
    BinProbabilities raw{};
    constexpr double kFloor = 0.015; // models rarely write a hard zero everywhere
    for (int bin = kFirstBin; bin <= kLastBin; ++bin) {
        const double low = bin == kFirstBin ? -std::numeric_limits<double>::infinity() : double(bin);
        const double high = bin == kLastBin ? std::numeric_limits<double>::infinity() : double(bin + 1);
        const double mass = normalCdf((high - estimate) / profile.width) - normalCdf((low - estimate) / profile.width);
        raw[std::size_t(bin - kFirstBin)] = (1.0 - kBinCount * kFloor) * mass + kFloor;
    }
    for (auto &p : raw)
        p = std::round(p / profile.grid) * profile.grid;
    ForecastDraft draft;
    draft.rawSum = std::accumulate(raw.begin(), raw.end(), 0.0);
    const auto made = makeForecast(raw, 1, {});
    draft.probabilities = std::get<Forecast>(made).probabilities;
    const auto &p = draft.probabilities;
    const auto best = std::size_t(std::max_element(p.begin(), p.end()) - p.begin());
    draft.predictedBin = int(best) + kFirstBin;
    if (random.chance(profile.offArgmax)) {
        const bool up = best + 1 < p.size() && (best == 0 || p[best + 1] >= p[best - 1]);
        draft.predictedBin += up ? 1 : -1;
    }
    return draft;
}

std::string_view editRationale(EditKind kind)
{
    switch (kind) {
    case EditKind::Rewrite:
        return "A full rewrite changes the memory access pattern completely, so the outcome depends mostly on how "
               "well the new launch configuration fits the benchmark shapes.";
    case EditKind::Tiling:
        return "Bigger tiles raise arithmetic intensity but lower occupancy across the 108 SMs, and the smallest "
               "benchmark shapes may not fill the grid.";
    case EditKind::Warps:
        return "More warps per program help hide memory latency, at the cost of registers per thread.";
    case EditKind::Stages:
        return "Deeper pipelining overlaps loads with compute but needs more shared memory per block.";
    case EditKind::Vectorize:
        return "Wider loads cut the number of memory transactions on this bandwidth-bound access pattern.";
    case EditKind::SharedMemory:
        return "Staging operands through shared memory removes redundant global reads when tiles are reused.";
    case EditKind::WarpShuffle:
        return "Shuffle reductions avoid shared-memory round trips and a few barriers per row.";
    case EditKind::FusedEpilogue:
        return "Fusing the epilogue saves a full read and write of the output tensor.";
    case EditKind::DoubleBuffer:
        return "Double buffering hides global load latency behind the inner product.";
    case EditKind::CacheHints:
        return "Cache hints rarely move the needle by much on A100.";
    case EditKind::Precision:
        return "Lower-precision math runs on the tensor cores at a much higher rate, but accumulation error may "
               "break the tolerance check.";
    case EditKind::Autotune:
        return "The autotuner only changes which configuration is picked, and its search time is not measured.";
    case EditKind::Unroll:
        return "Unrolling trades instruction overhead for register pressure.";
    case EditKind::TorchCompile:
        return "torch.compile can fuse the element-wise ops, though compilation happens before timing.";
    case EditKind::Chunking:
        return "Chunking bounds the working set but adds launch overhead for every slice.";
    }
    return {};
}

std::string_view packRationale(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return "The reference builds a fresh fp32 module per call, so a lean implementation starts with an edge on "
               "the small shapes.";
    case KernelPack::CrossEntropy:
        return "The V=128256 case dominates: the kernel has to stream about 1 GB of logits and gradients, so bytes "
               "moved decide the outcome.";
    case KernelPack::Fp8Quant:
        return "The problem is memory bound and small, so launch overhead matters on the 256-token cases.";
    }
    return {};
}

// 2-6 sentences, always naming what the candidate changed.
std::string forecastReasoning(const std::vector<KernelEdit> &edits, KernelPack pack, int predictedBin, Random &random)
{
    std::string text = "The candidate " + edits.front().description;
    for (std::size_t i = 1; i < edits.size(); ++i)
        text += (i + 1 == edits.size() ? " and " : ", ") + edits[i].description;
    text += ".";
    if (random.chance(0.85))
        text += " " + std::string(editRationale(edits.back().kind));
    if (random.chance(0.5))
        text += " " + std::string(packRationale(pack));
    if (random.chance(0.35))
        text += " There is some risk of an indexing or tolerance problem, but the structure looks sound.";
    text += " Overall I expect a " + std::string(binLabel(predictedBin)) + " relative to the reference.";
    return text;
}

void writeBinProbabilityMap(JsonWriter &w, const BinProbabilities &p)
{
    w.beginObject();
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        w.field(std::to_string(bin), p[std::size_t(bin - kFirstBin)]);
    w.endObject();
}

// The same expected bin index the v3 search ranks by (Σ b·p_b, bins in order).
double expectedBinIndex(const BinProbabilities &p)
{
    double sum = 0.0;
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        sum += bin * p[std::size_t(bin - kFirstBin)];
    return sum;
}

// ---------------------------------------------------------------------------------------------------------------
// Kernels of a search: the seed and its mutated children, with their true speedups

struct Kernel {
    KernelDesign design;
    std::string code;
    double speedup = 1.0; // the truth, known here even when the kernel fails or is never measured
    std::vector<KernelEdit> edits;
};

double editEffect(EditKind kind, Random &random)
{
    struct Effect {
        double mean;
        double sd;
    };
    // Most model edits make a kernel a little slower; the search lives on the spread.
    Effect effect{-0.04, 0.08};
    switch (kind) {
    case EditKind::Rewrite:
        effect = {0.2, 0.5};
        break;
    case EditKind::Tiling:
        effect = {-0.04, 0.16};
        break;
    case EditKind::SharedMemory:
        effect = {0.02, 0.2};
        break;
    case EditKind::FusedEpilogue:
        effect = {0.04, 0.16};
        break;
    case EditKind::Precision:
        effect = {0.02, 0.25};
        break;
    case EditKind::TorchCompile:
        effect = {0.1, 0.18};
        break;
    case EditKind::Vectorize:
    case EditKind::DoubleBuffer:
        effect = {0.0, 0.12};
        break;
    case EditKind::Chunking:
        effect = {-0.08, 0.14};
        break;
    default:
        break;
    }
    return random.normal(effect.mean, effect.sd);
}

class KernelFactory {
public:
    explicit KernelFactory(Random &random) : m_random(random) {}

    Kernel seed(KernelPack pack)
    {
        Kernel kernel;
        kernel.design = seedDesign(pack);
        kernel.design.flavour = std::uint32_t(m_random.bits());
        kernel.code = renderKernel(kernel.design);
        switch (pack) {
        case KernelPack::Trimul:
            kernel.speedup = m_random.uniform(1.05, 1.5); // bf16 einsum against the fp32 reference
            break;
        default:
            kernel.speedup = m_random.uniform(0.96, 1.04); // the reference computation verbatim
            break;
        }
        return kernel;
    }

    // One model response: usually one edit, sometimes two; mostly small moves around the parent's speedup,
    // occasionally a big win or loss, and a drag once the kernel nears what the pack allows.
    Kernel child(const Kernel &parent)
    {
        Kernel kernel;
        kernel.design = parent.design;
        double logChange = 0.0;
        const int editCount = m_random.chance(0.25) ? 2 : 1;
        for (int i = 0; i < editCount; ++i) {
            kernel.edits.push_back(mutateDesign(kernel.design, m_random.engine()));
            logChange += editEffect(kernel.edits.back().kind, m_random);
        }
        // Headroom: how far below what the pack allows the parent is (negative once beyond it).
        const double ceiling = speedupCeiling(parent.design.pack);
        const double headroom = std::log(ceiling / parent.speedup);
        if (headroom > 0.0 && m_random.chance(0.04))
            logChange += m_random.normal(std::min(0.7, headroom + 0.2), 0.3);
        else if (m_random.chance(0.04))
            logChange -= m_random.normal(0.9, 0.4);
        // Beyond the ceiling speedups saturate (at most ~1.65 times it), so the best of thousands of tries
        // plateaus instead of compounding.
        double overCeiling = logChange - headroom;
        if (overCeiling > 0.0)
            overCeiling = 0.5 * std::tanh(overCeiling / 0.5);
        kernel.speedup = std::max(0.02, ceiling * std::exp(overCeiling));
        kernel.code = renderKernel(kernel.design);
        return kernel;
    }

    FailureOdds odds(const Kernel &kernel) const
    {
        FailureOdds result = failureOdds(kernel.edits.front().kind, kernel.design.style);
        for (std::size_t i = 1; i < kernel.edits.size(); ++i) {
            const FailureOdds more = failureOdds(kernel.edits[i].kind, kernel.design.style);
            result.compile += more.compile / 2;
            result.runtime += more.runtime / 2;
            result.incorrect += more.incorrect / 2;
        }
        return result;
    }

private:
    Random &m_random;
};

// ---------------------------------------------------------------------------------------------------------------
// The PUCT archive of spec §4.1, private to the generator (the authoritative replay lives in core/search/)

struct ArchiveNode {
    std::string ulid;
    std::optional<double> reward;
    std::vector<std::string> ancestors; // [parent, grandparent, ..., root]
    bool isSeed = false;
    Kernel kernel;
};

struct StepChild {
    std::string parentUlid;
    ArchiveNode node; // ancestors empty until admitted
};

class PuctArchive {
public:
    PuctArchive(std::size_t kPerParent, std::size_t capacity) : m_kPerParent(kPerParent), m_capacity(capacity) {}

    void addSeed(ArchiveNode node)
    {
        node.isSeed = true;
        m_codes.insert(node.kernel.code);
        m_nodes.push_back(std::move(node));
    }

    struct Selection {
        std::vector<ArchiveNode> parents;
        std::vector<double> scores;
    };

    // select_batch_of_parents: best scores first, blocking each pick's whole lineage (siblings stay eligible).
    Selection selectParents(std::size_t batchSize) const
    {
        const std::vector<double> scores = puctScores();
        std::vector<std::size_t> order(m_nodes.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            if (scores[a] != scores[b])
                return scores[a] > scores[b];
            return rewardOf(a) > rewardOf(b);
        });
        Selection selection;
        std::unordered_set<std::string> blocked;
        for (const std::size_t index : order) {
            if (selection.parents.size() == batchSize)
                break;
            const ArchiveNode &node = m_nodes[index];
            if (blocked.contains(node.ulid))
                continue;
            selection.parents.push_back(node);
            selection.scores.push_back(scores[index]);
            if (batchSize == 1)
                break;
            blocked.insert(node.ulid);
            blocked.insert(node.ancestors.begin(), node.ancestors.end());
            for (const auto &other : m_nodes) {
                if (std::find(other.ancestors.begin(), other.ancestors.end(), node.ulid) != other.ancestors.end())
                    blocked.insert(other.ulid);
            }
        }
        return selection;
    }

    // _finalize_step: back-propagate, count failed rollouts, admit the best k children per parent.
    void finishStep(const std::vector<ArchiveNode> &parents, std::vector<StepChild> children)
    {
        std::unordered_map<std::string, double> bestChild;
        for (const auto &child : children) {
            if (!child.node.reward)
                continue;
            auto [it, inserted] = bestChild.emplace(child.parentUlid, *child.node.reward);
            if (!inserted)
                it->second = std::max(it->second, *child.node.reward);
        }
        for (const auto &parent : parents) {
            if (!contains(parent.ulid))
                continue;
            if (const auto it = bestChild.find(parent.ulid); it != bestChild.end()) {
                auto [m, inserted] = m_bestChildReward.emplace(parent.ulid, it->second);
                if (!inserted)
                    m->second = std::max(m->second, it->second);
            }
            ++m_visits[parent.ulid];
            for (const auto &ancestor : parent.ancestors)
                ++m_visits[ancestor];
            ++m_expansions;
        }
        admit(parents, std::move(children));
    }

    std::size_t size() const { return m_nodes.size(); }

private:
    double rewardOf(std::size_t index) const
    {
        return m_nodes[index].reward.value_or(-std::numeric_limits<double>::infinity());
    }

    bool contains(const std::string &ulid) const
    {
        return std::any_of(m_nodes.begin(), m_nodes.end(), [&](const ArchiveNode &n) { return n.ulid == ulid; });
    }

    std::vector<double> puctScores() const
    {
        const std::size_t n = m_nodes.size();
        const auto spread = [&](bool nonSeedOnly) -> std::optional<double> {
            double low = std::numeric_limits<double>::infinity();
            double high = -low;
            for (const auto &node : m_nodes) {
                if (!node.reward || (nonSeedOnly && node.isSeed))
                    continue;
                low = std::min(low, *node.reward);
                high = std::max(high, *node.reward);
            }
            return low <= high ? std::optional<double>(high - low) : std::nullopt;
        };
        const double scale = std::max(1e-6, spread(true).value_or(spread(false).value_or(1.0)));

        std::vector<std::size_t> byReward(n);
        std::iota(byReward.begin(), byReward.end(), 0);
        std::stable_sort(byReward.begin(), byReward.end(),
                         [&](std::size_t a, std::size_t b) { return rewardOf(a) > rewardOf(b); });
        std::vector<double> rank(n);
        for (std::size_t r = 0; r < n; ++r)
            rank[byReward[r]] = double(r);
        const double rankTotal = double(n) * double(n + 1) / 2.0;
        const double exploration = std::sqrt(1.0 + double(m_expansions));

        std::vector<double> scores(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto &ulid = m_nodes[i].ulid;
            const auto visits = m_visits.find(ulid);
            const double count = visits == m_visits.end() ? 0.0 : double(visits->second);
            const auto best = m_bestChildReward.find(ulid);
            const double q = count > 0 && best != m_bestChildReward.end() ? best->second : rewardOf(i);
            const double prior = (double(n) - rank[i]) / rankTotal;
            scores[i] = q + kCPuct * scale * prior * exploration / (1.0 + count);
        }
        return scores;
    }

    void admit(const std::vector<ArchiveNode> &parents, std::vector<StepChild> children)
    {
        std::vector<std::string> groupOrder;
        std::unordered_map<std::string, std::vector<StepChild *>> groups;
        for (auto &child : children) {
            auto &group = groups[child.parentUlid];
            if (group.empty())
                groupOrder.push_back(child.parentUlid);
            group.push_back(&child);
        }
        for (const auto &parentUlid : groupOrder) {
            const auto parent = std::find_if(parents.begin(), parents.end(),
                                             [&](const ArchiveNode &p) { return p.ulid == parentUlid; });
            if (parent == parents.end() || !contains(parentUlid))
                continue;
            auto &group = groups[parentUlid];
            std::stable_sort(group.begin(), group.end(), [](const StepChild *a, const StepChild *b) {
                const double inf = std::numeric_limits<double>::infinity();
                return a->node.reward.value_or(-inf) > b->node.reward.value_or(-inf);
            });
            for (std::size_t i = 0; i < std::min(m_kPerParent, group.size()); ++i) {
                ArchiveNode &node = group[i]->node;
                if (!node.reward || m_codes.contains(node.kernel.code))
                    continue;
                node.ancestors.clear();
                node.ancestors.push_back(parent->ulid);
                node.ancestors.insert(node.ancestors.end(), parent->ancestors.begin(), parent->ancestors.end());
                m_codes.insert(node.kernel.code);
                m_nodes.push_back(std::move(node));
            }
        }
        if (m_nodes.size() > m_capacity)
            evict();
    }

    // Keep every seed, then the best rewards (np.argsort(rewards)[::-1]), in archive order.
    void evict()
    {
        std::vector<std::size_t> ascending(m_nodes.size());
        std::iota(ascending.begin(), ascending.end(), 0);
        std::stable_sort(ascending.begin(), ascending.end(),
                         [&](std::size_t a, std::size_t b) { return rewardOf(a) < rewardOf(b); });
        std::vector<bool> keep(m_nodes.size(), false);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_nodes.size(); ++i) {
            if (m_nodes[i].isSeed) {
                keep[i] = true;
                ++kept;
            }
        }
        for (auto it = ascending.rbegin(); it != ascending.rend() && kept < m_capacity; ++it) {
            if (!keep[*it]) {
                keep[*it] = true;
                ++kept;
            }
        }
        std::vector<ArchiveNode> survivors;
        survivors.reserve(kept);
        for (std::size_t i = 0; i < m_nodes.size(); ++i) {
            if (keep[i])
                survivors.push_back(std::move(m_nodes[i]));
            else
                m_codes.erase(m_nodes[i].kernel.code);
        }
        m_nodes = std::move(survivors);
    }

    static constexpr double kCPuct = 1.0;
    std::size_t m_kPerParent;
    std::size_t m_capacity;
    std::vector<ArchiveNode> m_nodes;
    std::unordered_set<std::string> m_codes;
    std::unordered_map<std::string, int> m_visits;
    std::unordered_map<std::string, double> m_bestChildReward;
    std::int64_t m_expansions = 0;
};

// ---------------------------------------------------------------------------------------------------------------
// Event writing

// The events of one step, written in the order their times put them in; `seq` keeps cause before effect when
// two events share a time.
class StepTimeline {
public:
    void add(std::int64_t timeUs, std::string line) { m_lines.push_back({timeUs, m_seq++, std::move(line)}); }

    std::int64_t flush(std::ostream &out)
    {
        std::sort(m_lines.begin(), m_lines.end(), [](const Line &a, const Line &b) {
            return a.timeUs != b.timeUs ? a.timeUs < b.timeUs : a.seq < b.seq;
        });
        for (const auto &line : m_lines)
            out << line.text << '\n';
        const auto count = std::int64_t(m_lines.size());
        m_lines.clear();
        return count;
    }

private:
    struct Line {
        std::int64_t timeUs;
        std::uint64_t seq;
        std::string text;
    };
    std::vector<Line> m_lines;
    std::uint64_t m_seq = 0;
};

// An event object with its "kind" already written.
JsonWriter event(std::string_view kind)
{
    JsonWriter w;
    w.beginObject().field("kind", kind);
    return w;
}

std::string finish(JsonWriter &w)
{
    w.endObject();
    return w.take();
}

void writeUlidList(JsonWriter &w, const std::vector<ArchiveNode> &nodes)
{
    w.beginArray();
    for (const auto &node : nodes)
        w.value(node.ulid);
    w.endArray();
}

void writeRootNode(JsonWriter &w, const ArchiveNode &root, const Measurement &measurement)
{
    w.beginObject().field("program_code", root.kernel.code).key("ancestors").beginArray().endArray();
    w.key("evaluation");
    writeEvaluation(w, measurement, root.kernel.design.pack);
    w.field("ulid", root.ulid).field("is_seed", true).endObject();
}

std::string mutationFailureReason(Random &random)
{
    static constexpr std::array<std::string_view, 4> kReasons{
        "timeout after 600.0s",
        "RateLimitError('litellm.RateLimitError: GeminiException - Resource has been exhausted (e.g. check "
        "quota).')",
        "ValueError('no fenced python code block in the model response')",
        "APIConnectionError('litellm.APIConnectionError: Connection reset by peer')",
    };
    return std::string(random.pick(kReasons));
}

constexpr double kRequestTimeoutS = 600.0;

// How long the scorer takes: failures to compile return quickly, correct kernels are timed case by case.
double evaluationSeconds(const Measurement &m, Random &random)
{
    switch (m.kind) {
    case OutcomeKind::CompileFailed:
        return random.logNormal(25.0, 0.4);
    case OutcomeKind::InfrastructureFailure:
        return random.logNormal(60.0, 0.8);
    default:
        return random.logNormal(150.0, 0.62);
    }
}

// What the searches share: the pack, the kernels, the archive, the clock and the random streams.
class SearchSimulation {
public:
    SearchSimulation(std::uint64_t seed, std::size_t kPerParent, const SearchVariation &variation)
        : m_variation(variation)
        , m_random(seed, Stream::Search)
        , m_kernels(m_random)
        , m_measurements(m_random)
        , m_archive(kPerParent, kArchiveCapacity)
    {
        m_pack = m_random.pick(kAllPacks);
        // Each search starts on its own day, so that logs of different seeds never share ULID prefixes.
        m_now = kStartUs + std::int64_t(m_random.integer(0, 300)) * kMicrosPerDay + seconds(m_random.uniform(0, 3600));
    }
    virtual ~SearchSimulation() = default;

    // Writes the whole log: the seed's search_initialized (with what describeSearch adds), then steps until
    // `nodeCount` nodes have been sent to evaluation. Returns the number of records written.
    std::int64_t run(std::int64_t nodeCount, std::ostream &out)
    {
        auto [root, rootMeasurement] = makeRoot();
        JsonWriter init = event("search_initialized");
        init.key("root");
        writeRootNode(init, root, rootMeasurement);
        describeSearch(init, root);
        init.field("synthetic", true);
        out << finish(init) << '\n';
        std::int64_t records = 1;
        std::int64_t nodes = 1;
        for (int step = 0; nodes < nodeCount; ++step) {
            m_shifted = m_variation.familyShiftHalfway && 2 * nodes >= nodeCount;
            nodes += runStep(step, nodeCount - nodes);
            records += m_timeline.flush(out);
        }
        return records;
    }

protected:
    static constexpr std::size_t kArchiveCapacity = 1000;
    static constexpr std::size_t kBatchSize = 2;

    // Evaluates the seed (always successfully: the reference evaluates it before anything else) and archives it.
    std::pair<ArchiveNode, Measurement> makeRoot()
    {
        ArchiveNode root;
        root.kernel = m_kernels.seed(m_pack);
        const Measurement measurement = m_measurements.measure(root.kernel.design, root.kernel.speedup,
                                                               FailureOdds{0, 0, 0, 0});
        m_now += seconds(evaluationSeconds(measurement, m_random));
        root.ulid = makeUlid(m_now, m_random);
        root.reward = measurement.aggregated;
        m_archive.addSeed(root);
        return {root, measurement};
    }

    // An evaluation outcome: a completed measurement, or the request failing (timeout or a provider error).
    struct EvaluationRun {
        Measurement measurement;
        std::int64_t endUs = 0;
        std::optional<std::string> failure;
    };

    EvaluationRun evaluate(const Kernel &kernel, std::int64_t startUs)
    {
        EvaluationRun run;
        run.measurement = m_measurements.measure(kernel.design, kernel.speedup, m_kernels.odds(kernel));
        const double duration = evaluationSeconds(run.measurement, m_random);
        if (duration > kRequestTimeoutS) {
            run.failure = "timeout after 600.0s";
            run.endUs = startUs + seconds(kRequestTimeoutS);
        } else if (m_random.chance(0.004)) {
            run.failure = "RuntimeError('scoring container exited unexpectedly (exit code 137)')";
            run.endUs = startUs + seconds(duration);
        } else {
            run.endUs = startUs + seconds(duration);
        }
        return run;
    }

    // The fields a log version adds to search_initialized after the root.
    virtual void describeSearch(JsonWriter &init, const ArchiveNode &root) = 0;
    // Runs one step and returns the number of children sent to evaluation (at most `budget`).
    virtual std::int64_t runStep(int step, std::int64_t budget) = 0;

    // A failed mutation's reason and when it ended: a timeout takes the whole request timeout.
    std::pair<std::string, std::int64_t> failMutation(std::int64_t requestedUs, std::int64_t mutatedUs)
    {
        std::string reason = mutationFailureReason(m_random);
        if (reason.starts_with("timeout"))
            mutatedUs = requestedUs + seconds(kRequestTimeoutS);
        return {std::move(reason), mutatedUs};
    }

    // Evaluates `kernel` and adds the result event to the timeline; `resultEvent(failed)` starts that event.
    template<typename ResultEvent>
    EvaluationRun evaluateInto(const ResultEvent &resultEvent, const Kernel &kernel, std::int64_t startUs)
    {
        EvaluationRun run = evaluate(kernel, startUs);
        JsonWriter result = resultEvent(run.failure.has_value());
        if (run.failure) {
            result.field("reason", *run.failure);
        } else {
            result.key("evaluation");
            writeEvaluation(result, run.measurement, m_pack);
        }
        result.field("completed_at", isoTime(run.endUs));
        m_timeline.add(run.endUs, finish(result));
        return run;
    }

    static ArchiveNode archivedChild(const std::string &ulid, Kernel kernel, const Measurement &measurement)
    {
        ArchiveNode node;
        node.ulid = ulid;
        node.kernel = std::move(kernel);
        if (measurement.kind == OutcomeKind::Success)
            node.reward = measurement.aggregated;
        return node;
    }

    // A mutated child of `parent`; after a family shift, rewritten into the new family.
    Kernel childKernel(const Kernel &parent)
    {
        Kernel kernel = m_kernels.child(parent);
        if (m_shifted && kernel.design.style != kShiftedFamily) {
            kernel.design.style = kShiftedFamily;
            kernel.code = renderKernel(kernel.design);
        }
        return kernel;
    }

    SearchVariation m_variation;
    bool m_shifted = false; // the steps from here on belong to the shifted family
    Random m_random;
    KernelFactory m_kernels;
    MeasurementModel m_measurements;
    PuctArchive m_archive;
    KernelPack m_pack = KernelPack::Trimul;
    std::int64_t m_now = kStartUs;
    StepTimeline m_timeline;
};

// The standard search (spec §4.2): every child is measured.
class PuctV2Simulation : public SearchSimulation {
public:
    PuctV2Simulation(std::uint64_t seed, const SearchVariation &variation)
        : SearchSimulation(seed, kKPerParent, variation)
    {
    }

private:
    static constexpr std::size_t kKPerParent = 2;
    static constexpr int kSamplesPerParent = 4;

    void describeSearch(JsonWriter &, const ArchiveNode &) override {}

    std::int64_t runStep(int step, std::int64_t budget) override
    {
        const auto selection = m_archive.selectParents(kBatchSize);
        const std::int64_t stepStart = m_now;
        JsonWriter started = event("step_started");
        started.field("step", step).key("parent_ulids");
        writeUlidList(started, selection.parents);
        m_timeline.add(stepStart, finish(started));

        std::vector<StepChild> children;
        std::int64_t stepEnd = stepStart;
        std::int64_t sent = 0;
        for (const auto &parent : selection.parents) {
            for (int sample = 0; sample < kSamplesPerParent; ++sample) {
                const std::int64_t requested = stepStart + seconds(m_random.uniform(0.001, 0.05));
                const std::string mutationId = makeUlid(requested, m_random);
                JsonWriter request = event("mutation_requested");
                request.field("request_id", mutationId).field("parent_ulid", parent.ulid);
                request.field("started_at", isoTime(requested));
                m_timeline.add(requested, finish(request));

                // Past the node budget the response is lost like any other failed mutation.
                const bool failed = sent >= budget || m_random.chance(0.035);
                std::int64_t mutated = requested + seconds(m_random.logNormal(45.0, 0.5));
                if (failed) {
                    std::string reason;
                    std::tie(reason, mutated) = failMutation(requested, mutated);
                    JsonWriter failure = event("mutation_failed");
                    failure.field("request_id", mutationId).field("reason", reason);
                    failure.field("completed_at", isoTime(mutated));
                    m_timeline.add(mutated, finish(failure));
                    stepEnd = std::max(stepEnd, mutated);
                    continue;
                }
                ++sent;
                Kernel kernel = childKernel(parent.kernel);
                JsonWriter completed = event("mutation_completed");
                completed.field("request_id", mutationId).field("code", kernel.code);
                completed.field("completed_at", isoTime(mutated));
                m_timeline.add(mutated, finish(completed));

                const std::string evaluationId = makeUlid(mutated, m_random);
                const std::string childUlid = makeUlid(mutated, m_random);
                JsonWriter evalRequest = event("evaluation_requested");
                evalRequest.field("request_id", evaluationId).field("child_ulid", childUlid);
                evalRequest.field("parent_ulid", parent.ulid).field("code", kernel.code);
                evalRequest.field("from_mutation_request_id", mutationId).field("started_at", isoTime(mutated));
                m_timeline.add(mutated, finish(evalRequest));

                const EvaluationRun run = evaluateInto(
                    [&](bool failure) {
                        JsonWriter result = event(failure ? "evaluation_failed" : "evaluation_completed");
                        result.field("request_id", evaluationId);
                        return result;
                    },
                    kernel, mutated);
                stepEnd = std::max(stepEnd, run.endUs);
                if (!run.failure)
                    children.push_back({parent.ulid, archivedChild(childUlid, std::move(kernel), run.measurement)});
            }
        }
        stepEnd += seconds(m_random.uniform(0.01, 0.5));
        JsonWriter completed = event("step_completed");
        completed.field("step", step);
        m_timeline.add(stepEnd, finish(completed));
        m_archive.finishStep(selection.parents, std::move(children));
        m_now = stepEnd + seconds(m_random.uniform(0.5, 4.0));
        return sent;
    }
};

// The surrogate-filtered search (spec §3.7, §4.3, §4.4): every mutation is forecast, the top k per parent by
// expected bin index are measured, the rest deferred and never measured.
class PuctV3Simulation : public SearchSimulation {
public:
    PuctV3Simulation(std::uint64_t seed, const SearchVariation &variation)
        : SearchSimulation(seed, kKPerParent, variation)
    {
    }

private:
    void describeSearch(JsonWriter &init, const ArchiveNode &root) override
    {
        m_seedCode = root.kernel.code;
        init.key("kernel_task").beginObject().field("op_name", packName(m_pack)).field("level_id", 0);
        init.field("task_id", 0).endObject();
        init.field("seed_reference_code", root.kernel.code);
        init.key("hardware");
        writeHardware(init);
    }

    static constexpr std::size_t kKPerParent = 4;
    static constexpr int kSamplesPerParent = 16;

    struct Candidate {
        std::string requestId;
        std::optional<Kernel> kernel; // none when the mutation failed
        std::optional<ForecastDraft> forecast;
        std::int64_t forecastStartUs = 0;
        std::int64_t terminalUs = 0; // when its forecast ended
        double score = 0.0;
    };

    static void writeHardware(JsonWriter &w)
    {
        const HardwareContext hw = *knownHardware("NVIDIA A100-SXM4-80GB");
        w.beginObject().field("device_name", hw.deviceName).key("compute_capability").beginArray();
        w.value(hw.computeCapabilityMajor).value(hw.computeCapabilityMinor).endArray();
        w.field("total_global_memory_gb", hw.totalGlobalMemoryGb).field("multiprocessor_count", hw.multiprocessorCount);
        w.field("max_threads_per_multiprocessor", hw.maxThreadsPerMultiprocessor)
            .field("clock_rate_ghz", hw.clockRateGhz);
        w.field("memory_clock_rate_ghz", hw.memoryClockRateGhz).field("memory_bus_width_bits", hw.memoryBusWidthBits);
        w.endObject();
    }

    static JsonWriter candidateEvent(std::string_view kind, int step, const std::string &requestId,
                                     const std::string &parentUlid)
    {
        JsonWriter w = event(kind);
        w.field("step", step).field("request_id", requestId).field("parent_ulid", parentUlid);
        return w;
    }

    // The per-parent barriers carry nothing else, so they come out finished.
    static std::string parentEvent(std::string_view kind, int step, const std::string &parentUlid)
    {
        JsonWriter w = event(kind);
        w.field("step", step).field("parent_ulid", parentUlid);
        return finish(w);
    }

    // Mutates one parent's slate and asks for the forecasts; `mutationsDone` is when the last mutation ended.
    std::vector<Candidate> mutate(int step, const ArchiveNode &parent, std::int64_t stepStart,
                                  std::int64_t &mutationsDone)
    {
        std::vector<Candidate> slate(kSamplesPerParent);
        mutationsDone = stepStart;
        for (auto &candidate : slate) {
            const std::int64_t requested = stepStart + seconds(m_random.uniform(0.001, 0.08));
            candidate.requestId = makeUlid(requested, m_random);
            JsonWriter request = candidateEvent("mutation_requested", step, candidate.requestId, parent.ulid);
            request.field("started_at", isoTime(requested));
            m_timeline.add(requested, finish(request));
            std::int64_t mutated = requested + seconds(m_random.logNormal(45.0, 0.5));
            if (m_random.chance(0.035)) {
                std::string reason;
                std::tie(reason, mutated) = failMutation(requested, mutated);
                JsonWriter failure = candidateEvent("mutation_failed", step, candidate.requestId, parent.ulid);
                failure.field("reason", reason).field("completed_at", isoTime(mutated));
                m_timeline.add(mutated, finish(failure));
                mutationsDone = std::max(mutationsDone, mutated);
                continue;
            }
            candidate.kernel = childKernel(parent.kernel);
            JsonWriter completed = candidateEvent("mutation_completed", step, candidate.requestId, parent.ulid);
            completed.field("code", candidate.kernel->code).key("llm_usage").null();
            completed.field("completed_at", isoTime(mutated));
            m_timeline.add(mutated, finish(completed));
            mutationsDone = std::max(mutationsDone, mutated);

            JsonWriter forecastRequest = candidateEvent("forecast_requested", step, candidate.requestId, parent.ulid);
            forecastRequest.field("code", candidate.kernel->code).field("started_at", isoTime(mutated));
            m_timeline.add(mutated, finish(forecastRequest));
            candidate.forecastStartUs = mutated;
        }
        m_timeline.add(mutationsDone, parentEvent("mutations_drained", step, parent.ulid));
        return slate;
    }

    void settleForecast(int step, const ArchiveNode &parent, Candidate &candidate, bool fail)
    {
        const double duration = m_random.logNormal(70.0, 0.45);
        candidate.terminalUs = candidate.forecastStartUs + seconds(duration);
        if (fail) {
            const bool timeout = m_random.chance(0.4);
            if (timeout)
                candidate.terminalUs = candidate.forecastStartUs + seconds(kRequestTimeoutS);
            JsonWriter failure = candidateEvent("forecast_failed", step, candidate.requestId, parent.ulid);
            failure.field("reason",
                          timeout ? std::string("timeout after 600.0s")
                                  : std::string("ParseError('expected exactly one tool call, got 0')"));
            failure.field("completed_at", isoTime(candidate.terminalUs));
            m_timeline.add(candidate.terminalUs, finish(failure));
            return;
        }
        const SurrogateProfile &profile = m_shifted ? searchSurrogateOffFamily() : searchSurrogate();
        const double estimate = binCoordinate(candidate.kernel->speedup) + profile.bias
            + m_random.normal(0.0, std::hypot(profile.persistent, profile.noise));
        candidate.forecast = draftForecast(profile, estimate, m_random);
        candidate.score = expectedBinIndex(candidate.forecast->probabilities);
        JsonWriter completed = candidateEvent("forecast_completed", step, candidate.requestId, parent.ulid);
        completed.key("forecast").beginObject().field("predicted_bin", candidate.forecast->predictedBin);
        completed.key("bin_probabilities");
        writeBinProbabilityMap(completed, candidate.forecast->probabilities);
        completed.field("reasoning",
                        forecastReasoning(candidate.kernel->edits, m_pack, candidate.forecast->predictedBin, m_random));
        completed.field("raw_probability_sum", candidate.forecast->rawSum).endObject();
        const auto inputTokens = std::int64_t((m_seedCode.size() + candidate.kernel->code.size()) / 3 + 1100);
        completed.key("llm_usage").beginObject().field("input_tokens", inputTokens);
        completed.field("output_tokens", std::int64_t(m_random.logNormal(profile.outputTokensMedian, 0.4)));
        completed.endObject().field("completed_at", isoTime(candidate.terminalUs));
        m_timeline.add(candidate.terminalUs, finish(completed));
    }

    std::int64_t runStep(int step, std::int64_t budget) override
    {
        const auto selection = m_archive.selectParents(kBatchSize);
        const std::int64_t stepStart = m_now;
        JsonWriter started = event("step_started");
        started.field("step", step).key("parent_ulids");
        writeUlidList(started, selection.parents);
        started.key("selected_parent_scores").beginArray();
        for (const double score : selection.scores)
            started.value(score);
        started.endArray();
        m_timeline.add(stepStart, finish(started));

        std::vector<StepChild> children;
        std::int64_t stepEnd = stepStart;
        std::int64_t sent = 0;
        for (const auto &parent : selection.parents) {
            std::int64_t mutationsDone = stepStart;
            auto slate = mutate(step, parent, stepStart, mutationsDone);
            // Past the node budget, forecasts fail so that fewer than k are selectable (the rule stays top-k).
            std::int64_t forecastable = 0;
            std::int64_t selectionTime = mutationsDone;
            for (auto &candidate : slate) {
                if (!candidate.kernel)
                    continue;
                const bool fail = m_random.chance(0.03)
                    || (forecastable < std::int64_t(kKPerParent) && forecastable + sent >= budget);
                settleForecast(step, parent, candidate, fail);
                selectionTime = std::max(selectionTime, candidate.terminalUs);
                if (!fail)
                    ++forecastable;
            }
            m_timeline.add(selectionTime, parentEvent("forecasts_drained", step, parent.ulid));

            std::vector<Candidate *> ranked;
            for (auto &candidate : slate) {
                if (candidate.forecast)
                    ranked.push_back(&candidate);
            }
            std::sort(ranked.begin(), ranked.end(), [](const Candidate *a, const Candidate *b) {
                return a->score != b->score ? a->score > b->score : a->requestId < b->requestId;
            });
            std::int64_t drained = selectionTime;
            for (std::size_t i = 0; i < ranked.size(); ++i) {
                Candidate &candidate = *ranked[i];
                const bool selected = i < kKPerParent;
                JsonWriter choice = candidateEvent(selected ? "candidate_selected" : "candidate_deferred", step,
                                                   candidate.requestId, parent.ulid);
                choice.field("selection_score", candidate.score);
                m_timeline.add(selectionTime, finish(choice));
            }
            for (std::size_t i = 0; i < std::min(ranked.size(), kKPerParent); ++i) {
                Candidate &candidate = *ranked[i];
                ++sent;
                JsonWriter request = candidateEvent("evaluation_requested", step, candidate.requestId, parent.ulid);
                request.field("code", candidate.kernel->code).field("started_at", isoTime(selectionTime));
                m_timeline.add(selectionTime, finish(request));
                const EvaluationRun run = evaluateInto(
                    [&](bool failure) {
                        return candidateEvent(failure ? "evaluation_failed" : "evaluation_completed", step,
                                              candidate.requestId, parent.ulid);
                    },
                    *candidate.kernel, selectionTime);
                drained = std::max(drained, run.endUs);
                if (!run.failure)
                    children.push_back(
                        {parent.ulid,
                         archivedChild(candidate.requestId, std::move(*candidate.kernel), run.measurement)});
            }
            m_timeline.add(drained, parentEvent("evaluations_drained", step, parent.ulid));
            stepEnd = std::max(stepEnd, drained);
        }
        stepEnd += seconds(m_random.uniform(0.01, 0.5));
        JsonWriter completed = event("step_completed");
        completed.field("step", step);
        m_timeline.add(stepEnd, finish(completed));
        m_archive.finishStep(selection.parents, std::move(children));
        m_now = stepEnd + seconds(m_random.uniform(0.5, 4.0));
        return sent;
    }

    std::string m_seedCode;
};

// ---------------------------------------------------------------------------------------------------------------
// Eval set and predictions

struct EvalRow {
    KernelPack pack = KernelPack::Trimul;
    std::string comparisonId;
    std::string candidateCode;
    double speedup = 1.0;
    int trueBin = 4;
    std::string sourceId;
    std::vector<KernelEdit> edits; // the last edits of the candidate's lineage, for forecast reasoning
};

std::string_view experimentTag(KernelPack pack)
{
    switch (pack) {
    case KernelPack::Trimul:
        return "e0090";
    case KernelPack::CrossEntropy:
        return "e0091";
    case KernelPack::Fp8Quant:
        return "e0093";
    }
    return {};
}

// A speedup inside the truth interval of `bin` (log-uniform; the open ends stop at the published range).
double speedupInBin(int bin, Random &random)
{
    const SpeedupInterval interval = truthInterval(bin);
    const double low = std::max(interval.low, 0.15);
    const double high = std::min(interval.high, 10.2);
    double speedup = std::exp(random.uniform(std::log(low), std::log(high)));
    while (speedupBinFor(speedup) != bin)
        speedup = std::exp(random.uniform(std::log(low), std::log(high)));
    return speedup;
}

// The eval set of (seed, count): rows balanced over the bins, grouped by pack as the combined config is.
class EvalSetBuilder {
public:
    explicit EvalSetBuilder(std::uint64_t seed) : m_random(seed, Stream::EvalSet) {}

    std::vector<EvalRow> build(std::int64_t count)
    {
        const std::array<double, 3> shares{0.38, 0.33, 0.29};
        std::vector<EvalRow> rows;
        rows.reserve(std::size_t(count));
        std::int64_t assigned = 0;
        for (std::size_t p = 0; p < std::size(kAllPacks); ++p) {
            const std::int64_t rowsOfPack = p + 1 == std::size(kAllPacks)
                ? count - assigned
                : std::int64_t(std::floor(double(count) * shares[p]));
            assigned += rowsOfPack;
            for (std::int64_t i = 0; i < rowsOfPack; ++i)
                rows.push_back(row(kAllPacks[p]));
        }
        return rows;
    }

private:
    EvalRow row(KernelPack pack)
    {
        EvalRow row;
        row.pack = pack;
        KernelDesign design = seedDesign(pack);
        design.flavour = std::uint32_t(m_random.bits());
        const int lineage = m_random.integer(1, 12);
        for (int i = 0; i < lineage; ++i) {
            KernelEdit edit = mutateDesign(design, m_random.engine());
            if (lineage - i <= 2)
                row.edits.push_back(std::move(edit));
        }
        row.candidateCode = renderKernel(design);
        row.speedup = speedupInBin(m_random.integer(kFirstBin, kLastBin), m_random);
        row.trueBin = speedupBinFor(row.speedup);
        row.comparisonId = std::string(packName(pack)) + "/" + hex12(m_random.bits()) + "__" + hex12(m_random.bits());
        // Harvested rows name the search tag and the node (32 characters), bin-filler finds the bin and a code
        // hash (35-43): the published source_id lengths.
        row.sourceId = m_random.chance(0.55)
            ? "binfiller/" + std::string(binName(row.trueBin)) + "/" + hex12(m_random.bits())
            : std::string(experimentTag(pack)) + "/"
                + makeUlid(kStartUs - seconds(m_random.uniform(86400, 40 * 86400.0)), m_random);
        return row;
    }

    Random m_random;
};

std::int64_t writeEvalSet(const std::vector<EvalRow> &rows, std::ostream &out)
{
    std::array<std::string, 3> anchors;
    for (std::size_t p = 0; p < anchors.size(); ++p)
        anchors[p] = renderKernel(seedDesign(kAllPacks[p]));
    bool first = true;
    for (const auto &row : rows) {
        const std::string tag = std::string(packName(row.pack)) + "__" + std::string(experimentTag(row.pack));
        JsonWriter w;
        w.beginObject()
            .field("source_search", "eval_dataset_builders/" + tag + ".json")
            .field("internal_experiment",
                   std::string(experimentTag(row.pack)) + "_" + std::string(packName(row.pack)) + "_eval_dataset")
            .field("comparison_id", row.comparisonId)
            .field("pack", packName(row.pack))
            .field("anchor_code", anchors[std::size_t(row.pack)])
            .field("candidate_code", row.candidateCode)
            .field("hardware", "NVIDIA A100-SXM4-80GB")
            .field("aggregated_speedup", row.speedup)
            .field("true_bin", row.trueBin)
            .field("source_id", row.sourceId);
        if (first)
            w.field("synthetic", true);
        first = false;
        out << finish(w) << '\n';
    }
    return std::int64_t(rows.size());
}

std::string parseError(Random &random)
{
    static constexpr std::array<std::string_view, 4> kErrors{
        "ValidationError: 1 validation error for KernelRuntimeEstimate\n  Value error, bin probabilities sum to 0.0; "
        "cannot renormalize [type=value_error, input_value={'predicted_bin': 5, ...}, input_type=dict]",
        "ValidationError: 1 validation error for KernelRuntimeEstimate\npredicted_bin\n  Input should be 1, 2, 3, 4, "
        "5, 6, 7 or 8 [type=enum, input_value=0, input_type=int]",
        "ToolCallError: expected exactly one call to submit_forecast, got 0",
        "JSONDecodeError: Expecting ',' delimiter: line 1 column 214 (char 213)",
    };
    return std::string(random.pick(kErrors));
}

class PredictionWriter {
public:
    explicit PredictionWriter(std::uint64_t seed) : m_random(seed, Stream::Predictions) {}

    std::int64_t write(const std::vector<EvalRow> &rows, std::ostream &out)
    {
        std::array<std::size_t, 3> anchorBytes{};
        for (std::size_t p = 0; p < anchorBytes.size(); ++p)
            anchorBytes[p] = renderKernel(seedDesign(kAllPacks[p])).size();
        std::int64_t records = 0;
        for (const auto &profile : kSurrogates) {
            // A model misreads the same candidate the same way on every repeat.
            std::vector<double> misreading(rows.size());
            for (auto &value : misreading)
                value = m_random.normal(profile.bias, profile.persistent);
            for (int repeat = 0; repeat < kRepeats; ++repeat) {
                for (std::size_t i = 0; i < rows.size(); ++i) {
                    const EvalRow &row = rows[i];
                    JsonWriter w;
                    w.beginObject()
                        .field("comparison_id", row.comparisonId)
                        .field("pack", packName(row.pack))
                        .field("surrogate_label", profile.label)
                        .field("repeat", repeat);
                    const double estimate = binCoordinate(row.speedup) + misreading[i]
                        + m_random.normal(0.0, profile.noise);
                    writePrediction(w, profile, row, estimate);
                    const auto inputTokens = std::int64_t(
                        (anchorBytes[std::size_t(row.pack)] + row.candidateCode.size()) / 3 + 1100);
                    const auto outputTokens = std::int64_t(m_random.logNormal(profile.outputTokensMedian, 0.45));
                    w.field("input_tokens", inputTokens).field("output_tokens", outputTokens);
                    w.field("elapsed_s", m_random.logNormal(1.5, 0.3) + double(outputTokens) / 90.0);
                    if (records == 0)
                        w.field("synthetic", true);
                    out << finish(w) << '\n';
                    ++records;
                }
            }
        }
        return records;
    }

private:
    static constexpr int kRepeats = 3;

    void writePrediction(JsonWriter &w, const SurrogateProfile &profile, const EvalRow &row, double estimate)
    {
        if (m_random.chance(profile.parseFailure)) {
            w.key("predicted_bin").null();
            w.key("bin_probabilities").beginArray().endArray();
            w.field("reasoning", "").key("raw_probability_sum").null();
            w.field("parse_failed", true).field("parse_error", parseError(m_random));
            return;
        }
        const ForecastDraft draft = draftForecast(profile, estimate, m_random);
        w.field("predicted_bin", draft.predictedBin).key("bin_probabilities").beginArray();
        for (int bin = kFirstBin; bin <= kLastBin; ++bin)
            w.beginObject().field("bin", bin).field("p", draft.probabilities[std::size_t(bin - kFirstBin)]).endObject();
        w.endArray();
        w.field("reasoning", forecastReasoning(row.edits, row.pack, draft.predictedBin, m_random));
        w.field("raw_probability_sum", draft.rawSum).field("parse_failed", false).key("parse_error").null();
    }

    Random m_random;
};

} // namespace

std::optional<SyntheticKind> syntheticKindFromName(std::string_view name)
{
    for (const auto kind :
         {SyntheticKind::PuctV2, SyntheticKind::PuctV3, SyntheticKind::EvalSet, SyntheticKind::Predictions}) {
        if (syntheticKindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

std::string_view syntheticKindName(SyntheticKind kind)
{
    switch (kind) {
    case SyntheticKind::PuctV2:
        return "puct-v2";
    case SyntheticKind::PuctV3:
        return "puct-v3";
    case SyntheticKind::EvalSet:
        return "eval-set";
    case SyntheticKind::Predictions:
        return "predictions";
    }
    return {};
}

SyntheticSummary SyntheticGenerator::write(SyntheticKind kind, std::int64_t count, std::ostream &out) const
{
    SyntheticSummary summary;
    summary.nodes = count;
    if (count < 1)
        return summary;
    switch (kind) {
    case SyntheticKind::PuctV2:
        summary.records = PuctV2Simulation(m_seed, m_variation).run(count, out);
        break;
    case SyntheticKind::PuctV3:
        summary.records = PuctV3Simulation(m_seed, m_variation).run(count, out);
        break;
    case SyntheticKind::EvalSet:
        summary.records = writeEvalSet(EvalSetBuilder(m_seed).build(count), out);
        break;
    case SyntheticKind::Predictions:
        summary.records = PredictionWriter(m_seed).write(EvalSetBuilder(m_seed).build(count), out);
        break;
    }
    return summary;
}

} // namespace kfx::generate
