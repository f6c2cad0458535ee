#include "measurement.h"

#include "cudacheck.h"
#include "devicebuffer.h"
#include "inputgenerator.h"
#include "kerneltimer.h"
#include "loadedkernel.h"
#include "model/speedupbin.h"
#include "outputcomparison.h"
#include "racecheck.h"
#include "samplestatistics.h"
#include "taskmanifest.h"

#include <chrono>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <unistd.h>

namespace kfx::measure {

namespace {
// The candidate computed something else: the message says where and by how much.
struct IncorrectOutput {
    std::string message;
    int caseIndex;
    OutputComparison comparison;
};

// The outputs passed, but racecheck found a shared-memory race in the candidate (racecheck.h).
struct RaceFound {
    RaceCheckResult result;
    double maxAbsError;
    double maxRelError;
};

// A failure that is the task's own, not the candidate's (its reference does not compile, a file is missing).
class TaskProblem : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::string readFile(const std::string &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw TaskProblem("cannot read " + path);
    std::ostringstream content;
    content << file.rdbuf();
    return content.str();
}

// The argument array cudaLaunchKernel takes: one pointer per parameter to where its value lies.
class KernelArguments {
public:
    KernelArguments(const TaskManifest &task, const ResolvedCase &resolved, const std::vector<void *> &buffers)
        : m_values(task.parameters.size())
    {
        for (std::size_t i = 0; i < task.parameters.size(); ++i) {
            if (task.parameters[i].kind == KernelParameter::Kind::Int) {
                const std::int64_t value = resolved.arguments[i].value;
                if (value < INT_MIN || value > INT_MAX)
                    throw TaskProblem(task.parameters[i].name + " = " + std::to_string(value) + " does not fit an int");
                m_values[i].integer = int(value);
                m_slots.push_back(&m_values[i].integer);
            } else {
                m_values[i].pointer = buffers[i];
                m_slots.push_back(&m_values[i].pointer);
            }
        }
    }
    void **data() { return m_slots.data(); }

private:
    union Value {
        void *pointer;
        int integer;
    };
    std::vector<Value> m_values; // never resized after construction: m_slots points into it
    std::vector<void *> m_slots;
};

std::vector<float> download(const DeviceBuffer &buffer)
{
    std::vector<float> host(buffer.bytes() / sizeof(float));
    checkCuda(cudaMemcpy(host.data(), buffer.data(), buffer.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return host;
}

std::string sizesText(const SizeVariables &sizes)
{
    std::string text;
    for (const auto &[name, value] : sizes)
        text += (text.empty() ? "" : ", ") + name + "=" + std::to_string(value);
    return text;
}

struct CaseMeasurement {
    ResolvedCase candidateLaunch;
    std::vector<double> candidateSamples;
    std::vector<double> referenceSamples;
    double maxAbsError = 0.0;
    double maxRelError = 0.0;
};

struct Compiled {
    CompiledImage image;
    std::unique_ptr<LoadedKernel> kernel;
    LaunchRule launch;
};

class MeasureRun {
public:
    MeasureRun(const DeviceInfo &device, const NvrtcCompiler &compiler, InputCache &inputs, const Request &request,
               const std::atomic<bool> &cancelled, const MeasurementSession::ProgressSink &progress)
        : m_device(device)
        , m_compiler(compiler)
        , m_inputs(inputs)
        , m_request(request)
        , m_cancelled(cancelled)
        , m_progress(progress)
    {
    }

    std::string run()
    {
        const auto start = std::chrono::steady_clock::now();
        const MeasureOptions &options = m_request.measure;
        try {
            m_task = loadTaskManifest(options.taskDirectory);
        } catch (const ManifestError &error) {
            throw TaskProblem(error.what());
        }
        const std::string candidateSource = options.candidateSource.empty() ? readFile(options.candidatePath)
                                                                            : options.candidateSource;
        report("compile", -1);
        m_reference = compileReference();
        m_candidate = compile(candidateSource, options.candidateLabel);

        KernelTimer timer(m_device.l2CacheBytes);
        std::vector<CaseMeasurement> cases;
        for (std::size_t i = 0; i < m_task.cases.size(); ++i)
            cases.push_back(measureCase(int(i), timer));
        const RaceCheckResult race = raceCheck(cases);
        if (race.status == RaceCheckStatus::Race) {
            RaceFound found{race, 0.0, 0.0};
            for (const CaseMeasurement &measured : cases) {
                found.maxAbsError = std::max(found.maxAbsError, measured.maxAbsError);
                found.maxRelError = std::max(found.maxRelError, measured.maxRelError);
            }
            throw found;
        }
        const double elapsedMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        return successLine(cases, race, elapsedMs);
    }

private:
    void report(std::string_view stage, int caseIndex)
    {
        if (m_cancelled)
            throw Cancelled();
        if (m_progress)
            m_progress(progressLine(m_request.id, stage, caseIndex, int(m_task.cases.size())));
    }

    Compiled compileReference()
    {
        try {
            return compile(readFile(m_task.referencePath), m_task.referencePath);
        } catch (const CompileError &error) {
            throw TaskProblem("the task's reference does not compile: " + std::string(error.what()));
        }
    }

    Compiled compile(const std::string &source, const std::string &label)
    {
        Compiled compiled;
        try {
            compiled.launch = launchRuleFor(m_task, source, label);
        } catch (const ManifestError &error) {
            throw CompileError(error.what());
        }
        compiled.image = m_compiler.compile(source, label);
        compiled.kernel = std::make_unique<LoadedKernel>(compiled.image.cubin, m_task.entryPoint);
        return compiled;
    }

    CaseMeasurement measureCase(int index, KernelTimer &timer)
    {
        const SizeVariables &sizes = m_task.cases[std::size_t(index)];
        const ResolvedCase referenceLaunch = resolveCase(m_task, m_reference.launch, sizes);
        CaseMeasurement result;
        result.candidateLaunch = resolveCase(m_task, m_candidate.launch, sizes);

        // Inputs are shared; each kernel writes its own outputs, poisoned with NaN (all bits set) so that an
        // element a kernel never writes cannot pass the comparison.
        std::vector<std::unique_ptr<DeviceBuffer>> inputs;
        std::vector<std::unique_ptr<DeviceBuffer>> referenceOutputs;
        std::vector<std::unique_ptr<DeviceBuffer>> candidateOutputs;
        std::vector<void *> referenceBuffers(m_task.parameters.size(), nullptr);
        std::vector<void *> candidateBuffers(m_task.parameters.size(), nullptr);
        for (std::size_t p = 0; p < m_task.parameters.size(); ++p) {
            const KernelParameter &parameter = m_task.parameters[p];
            if (parameter.kind == KernelParameter::Kind::Int)
                continue;
            const auto elements = std::size_t(referenceLaunch.arguments[p].value);
            const std::size_t bytes = elements * sizeof(float);
            if (parameter.kind == KernelParameter::Kind::Input) {
                const auto host = m_inputs.get(parameter.init, elements,
                                               bufferSeed(m_task.seed, std::size_t(index), p));
                inputs.push_back(std::make_unique<DeviceBuffer>(bytes));
                checkCuda(cudaMemcpy(inputs.back()->data(), host->data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
                referenceBuffers[p] = candidateBuffers[p] = inputs.back()->data();
                continue;
            }
            for (auto *outputs : {&referenceOutputs, &candidateOutputs}) {
                outputs->push_back(std::make_unique<DeviceBuffer>(bytes));
                checkCuda(cudaMemset(outputs->back()->data(), 0xff, bytes), "cudaMemset");
            }
            referenceBuffers[p] = referenceOutputs.back()->data();
            candidateBuffers[p] = candidateOutputs.back()->data();
        }
        KernelArguments referenceArguments(m_task, referenceLaunch, referenceBuffers);
        KernelArguments candidateArguments(m_task, result.candidateLaunch, candidateBuffers);

        report("correctness", index);
        m_reference.kernel->launch(referenceLaunch, referenceArguments.data());
        checkCuda(cudaDeviceSynchronize(), "the reference kernel");
        m_candidate.kernel->launch(result.candidateLaunch, candidateArguments.data());
        checkCuda(cudaDeviceSynchronize(), "the candidate kernel");
        std::size_t output = 0;
        for (std::size_t p = 0; p < m_task.parameters.size(); ++p) {
            if (m_task.parameters[p].kind != KernelParameter::Kind::Output)
                continue;
            const std::vector<float> expected = download(*referenceOutputs[output]);
            const OutputComparison comparison = compareOutputs(expected, download(*candidateOutputs[output]),
                                                               m_task.tolerance);
            ++output;
            result.maxAbsError = std::max(result.maxAbsError, comparison.maxAbsError);
            result.maxRelError = std::max(result.maxRelError, comparison.maxRelError);
            if (!comparison.passed())
                throw IncorrectOutput{
                    "case " + std::to_string(index) + " (" + sizesText(sizes)
                        + "): " + comparison.describe(m_task.parameters[p].name, expected.size(), m_task.tolerance),
                    index, comparison};
        }

        const double budgetNs = m_request.measure.timeBudgetMs * 1e6;
        report("timing candidate", index);
        result.candidateSamples = timer.time(
            [&] { m_candidate.kernel->launch(result.candidateLaunch, candidateArguments.data()); },
            m_request.measure.timing, budgetNs, m_cancelled);
        report("timing reference", index);
        result.referenceSamples = timer.time(
            [&] { m_reference.kernel->launch(referenceLaunch, referenceArguments.data()); }, m_request.measure.timing,
            budgetNs, m_cancelled);
        return result;
    }

    // The case the race check launches: the fewest buffer elements, then the fewest threads (the tool's cost
    // grows with both); the first of equals.
    int smallestCase(const std::vector<CaseMeasurement> &cases) const
    {
        int best = 0;
        std::pair<std::int64_t, std::int64_t> bestSize{INT64_MAX, INT64_MAX};
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const ResolvedCase &launch = cases[i].candidateLaunch;
            std::int64_t elements = 0;
            for (const ResolvedArgument &argument : launch.arguments)
                if (argument.kind != KernelParameter::Kind::Int)
                    elements += argument.value;
            std::int64_t threads = 1;
            for (int d = 0; d < 3; ++d)
                threads *= launch.grid[std::size_t(d)] * launch.block[std::size_t(d)];
            if (std::pair(elements, threads) < bestSize) {
                bestSize = {elements, threads};
                best = int(i);
            }
        }
        return best;
    }

    // Runs the candidate once more, on the smallest case, under compute-sanitizer's racecheck in a child process
    // (`kfx-measure --race-check-launch`), unless a verdict for the same image, task and launch is cached.
    RaceCheckResult raceCheck(const std::vector<CaseMeasurement> &cases)
    {
        RaceCheckResult result;
        const int caseIndex = smallestCase(cases);
        const ResolvedCase &launch = cases[std::size_t(caseIndex)].candidateLaunch;
        const auto place = [&](RaceCheckResult checked) {
            checked.caseIndex = caseIndex;
            checked.caseSizes = sizesText(m_task.cases[std::size_t(caseIndex)]);
            return checked;
        };
        if (!raceCheckEnabled()) {
            result.status = RaceCheckStatus::Disabled;
            result.detail = "turned off by KFX_MEASURE_RACECHECK";
            return place(result);
        }
        std::string looked;
        const auto sanitizer = findComputeSanitizer(KFX_CUDA_BIN_DIR, looked);
        if (!sanitizer) {
            result.status = RaceCheckStatus::Unavailable;
            result.detail = "compute-sanitizer not found (looked in " + looked + "; KFX_COMPUTE_SANITIZER names it)";
            return place(result);
        }

        // The cached verdict lies beside the image: <image key>.<task, case and launch key>.racecheck.
        std::string launchText = std::to_string(caseIndex);
        for (int d = 0; d < 3; ++d)
            launchText += " " + std::to_string(launch.grid[std::size_t(d)]) + " "
                + std::to_string(launch.block[std::size_t(d)]);
        launchText += " " + std::to_string(launch.sharedBytes);
        const std::string taskText = readFile(m_task.directory + "/" + std::string(kTaskFileName));
        const std::string &imagePath = m_candidate.image.cachePath;
        std::string verdictPath;
        if (!imagePath.empty() && imagePath.size() > 6 && imagePath.substr(imagePath.size() - 6) == ".cubin")
            verdictPath = imagePath.substr(0, imagePath.size() - 6) + "."
                + KernelImageCache::keyFor(taskText + "\n" + launchText, {"racecheck/1"}) + ".racecheck";
        if (auto cached = loadRaceVerdict(verdictPath)) {
            cached->tool = *sanitizer;
            return place(*cached);
        }

        report("race check", caseIndex);
        // The launch loads the image from a file: the cache's, else a private copy removed afterwards.
        std::string cubinPath = imagePath;
        std::string temporary;
        std::error_code exists;
        if (cubinPath.empty() || !std::filesystem::is_regular_file(cubinPath, exists)) {
            char pattern[] = "/tmp/kfx-racecheck-XXXXXX";
            const int fd = ::mkstemp(pattern);
            if (fd < 0) {
                result.status = RaceCheckStatus::Failed;
                result.detail = "cannot write the image for the race check";
                return place(result);
            }
            const std::string &cubin = m_candidate.image.cubin;
            const bool written = ::write(fd, cubin.data(), cubin.size()) == ssize_t(cubin.size());
            ::close(fd);
            temporary = cubinPath = pattern;
            if (!written) {
                std::remove(temporary.c_str());
                result.status = RaceCheckStatus::Failed;
                result.detail = "cannot write the image for the race check";
                return place(result);
            }
        }
        std::error_code selfError;
        const std::string self = std::filesystem::read_symlink("/proc/self/exe", selfError).string();
        std::vector<std::string> application = {self.empty() ? std::string("kfx-measure") : self, "--race-check-launch",
                                                m_task.directory, cubinPath, std::to_string(caseIndex)};
        for (const std::int64_t dimension : launch.grid)
            application.push_back(std::to_string(dimension));
        for (const std::int64_t dimension : launch.block)
            application.push_back(std::to_string(dimension));
        application.push_back(std::to_string(launch.sharedBytes));
        try {
            result = runRaceCheck(racecheckCommand(*sanitizer, application), raceCheckTimeout(), m_cancelled);
        } catch (const RaceCheckCancelled &) {
            if (!temporary.empty())
                std::remove(temporary.c_str());
            throw Cancelled();
        }
        if (!temporary.empty())
            std::remove(temporary.c_str());
        storeRaceVerdict(verdictPath, result);
        return place(result);
    }

    // The figure a protocol reports: the reference's arithmetic mean, or the robust protocol's median.
    double headline(const SampleStatistics &statistics) const
    {
        return m_request.measure.timing == TimingProtocol::Reference ? statistics.mean : statistics.median;
    }

    static void writeStatistics(JsonWriter &writer, std::string_view name, const SampleStatistics &statistics)
    {
        writer.key(name)
            .beginObject()
            .field("mean_ns", statistics.mean)
            .field("median_ns", statistics.median)
            .field("min_ns", statistics.min)
            .field("max_ns", statistics.max)
            .field("std_ns", statistics.stddev)
            .field("samples", std::int64_t(statistics.count))
            .endObject();
    }

    static void writeSamples(JsonWriter &writer, std::string_view name, const std::vector<double> &samples)
    {
        writer.key(name).beginArray();
        for (double sample : samples)
            writer.value(sample);
        writer.endArray();
    }

    static void writeCompile(JsonWriter &writer, std::string_view name, const CompiledImage &image)
    {
        writer.key(name)
            .beginObject()
            .field("ms", image.milliseconds)
            .field("cached", image.fromCache)
            .field("image", image.cachePath)
            .endObject();
    }

    void writeLaunch(JsonWriter &writer, const ResolvedCase &launch) const
    {
        writer.key("launch").beginObject().key("grid").beginArray();
        for (std::int64_t dimension : launch.grid)
            writer.value(dimension);
        writer.endArray().key("block").beginArray();
        for (std::int64_t dimension : launch.block)
            writer.value(dimension);
        writer.endArray().field("shared_bytes", launch.sharedBytes).endObject();
        // What an independent tool needs to launch the same image with the same arguments.
        writer.key("arguments").beginArray();
        for (std::size_t p = 0; p < m_task.parameters.size(); ++p) {
            const KernelParameter &parameter = m_task.parameters[p];
            const bool scalar = parameter.kind == KernelParameter::Kind::Int;
            writer.beginObject()
                .field("name", parameter.name)
                .field("kind",
                       scalar                                               ? "int"
                           : parameter.kind == KernelParameter::Kind::Input ? "input"
                                                                            : "output")
                .field(scalar ? "value" : "elements", launch.arguments[p].value)
                .endObject();
        }
        writer.endArray();
    }

    std::string successLine(const std::vector<CaseMeasurement> &cases, const RaceCheckResult &race,
                            double elapsedMs) const
    {
        JsonWriter writer;
        beginResult(writer, m_request.id, "success")
            .field("task", m_task.name)
            .field("candidate", m_request.measure.candidateLabel)
            .field("timing", timingProtocolName(m_request.measure.timing));
        std::vector<double> speedups;
        writer.key("cases").beginArray();
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const SampleStatistics candidate = summarize(cases[i].candidateSamples);
            const SampleStatistics reference = summarize(cases[i].referenceSamples);
            const double runtime = headline(candidate);
            const double referenceRuntime = headline(reference);
            speedups.push_back(runtime > 0.0 ? referenceRuntime / runtime : 0.0);
            writer.beginObject().key("sizes").beginObject();
            for (const auto &[name, value] : m_task.cases[i])
                writer.field(name, value);
            writer.endObject()
                .field("correct", true)
                .field("speedup", speedups.back())
                .field("runtime_ns", runtime)
                .field("ref_runtime_ns", referenceRuntime)
                .field("max_abs_error", cases[i].maxAbsError)
                .field("max_rel_error", cases[i].maxRelError);
            writeStatistics(writer, "candidate_stats", candidate);
            writeStatistics(writer, "reference_stats", reference);
            writeLaunch(writer, cases[i].candidateLaunch);
            if (m_request.measure.rawSamples) {
                writeSamples(writer, "candidate_samples_ns", cases[i].candidateSamples);
                writeSamples(writer, "reference_samples_ns", cases[i].referenceSamples);
            }
            writer.endObject();
        }
        writer.endArray();
        const double aggregated = geometricMean(speedups);
        writer.field("aggregated_speedup", aggregated).field("aggregation_method", "geomean");
        if (const auto bin = trySpeedupBinFor(aggregated))
            writer.field("bin", *bin);
        writer.key("compile").beginObject();
        writeCompile(writer, "candidate", m_candidate.image);
        writeCompile(writer, "reference", m_reference.image);
        writer.endObject();
        writeRaceCheck(writer, race);
        // A kernel the race check could not vouch for stays a success, flagged (PROTOCOL.md, "Race check").
        const auto suspicion = raceSuspicion(race);
        writer.field("verdict", suspicion ? "suspicious" : "clean").key("suspicions").beginArray();
        if (suspicion)
            writer.beginObject().field("kind", suspicion->kind).field("detail", suspicion->detail).endObject();
        writer.endArray().field("elapsed_ms", elapsedMs).endObject();
        return writer.take();
    }

    const DeviceInfo &m_device;
    const NvrtcCompiler &m_compiler;
    InputCache &m_inputs;
    const Request &m_request;
    const std::atomic<bool> &m_cancelled;
    const MeasurementSession::ProgressSink &m_progress;
    TaskManifest m_task;
    Compiled m_reference;
    Compiled m_candidate;
};

std::string failureLine(std::string_view id, std::string_view kind, std::string_view field, std::string_view message)
{
    JsonWriter writer;
    return beginResult(writer, id, kind).field(field, message).endObject().take();
}
} // namespace

std::shared_ptr<const std::vector<float>> InputCache::get(const BufferInit &init, std::size_t count, std::uint64_t seed)
{
    const Key key{int(init.distribution), init.first, init.second, count, seed};
    if (const auto it = m_buffers.find(key); it != m_buffers.end())
        return it->second;
    auto buffer = std::make_shared<const std::vector<float>>(generateInput(init, count, seed));
    const std::size_t bytes = count * sizeof(float);
    if (m_bytes + bytes > kMaxBytes) {
        m_buffers.clear();
        m_bytes = 0;
    }
    m_buffers.emplace(key, buffer);
    m_bytes += bytes;
    return buffer;
}

int raceCheckLaunch(const std::vector<std::string> &arguments)
{
    if (arguments.size() != 10) {
        std::fprintf(stderr, "usage: kfx-measure --race-check-launch TASK CUBIN CASE GX GY GZ BX BY BZ SHARED\n");
        return 2;
    }
    try {
        const TaskManifest task = loadTaskManifest(arguments[0]);
        const std::string cubin = readFile(arguments[1]);
        const auto caseIndex = std::size_t(std::stoul(arguments[2]));
        if (caseIndex >= task.cases.size())
            throw std::runtime_error("the task has no case " + arguments[2]);
        ResolvedCase launch = resolveCase(task, task.launch, task.cases[caseIndex]);
        for (std::size_t d = 0; d < 3; ++d) {
            launch.grid[d] = std::stoll(arguments[3 + d]);
            launch.block[d] = std::stoll(arguments[6 + d]);
        }
        launch.sharedBytes = std::stoll(arguments[9]);
        const LoadedKernel kernel(cubin, task.entryPoint);
        // The same inputs as the measurement's, outputs poisoned as there.
        std::vector<std::unique_ptr<DeviceBuffer>> buffers;
        std::vector<void *> pointers(task.parameters.size(), nullptr);
        for (std::size_t p = 0; p < task.parameters.size(); ++p) {
            const KernelParameter &parameter = task.parameters[p];
            if (parameter.kind == KernelParameter::Kind::Int)
                continue;
            const auto elements = std::size_t(launch.arguments[p].value);
            buffers.push_back(std::make_unique<DeviceBuffer>(elements * sizeof(float)));
            if (parameter.kind == KernelParameter::Kind::Input) {
                const std::vector<float> host = generateInput(parameter.init, elements,
                                                              bufferSeed(task.seed, caseIndex, p));
                checkCuda(
                    cudaMemcpy(buffers.back()->data(), host.data(), elements * sizeof(float), cudaMemcpyHostToDevice),
                    "cudaMemcpy");
            } else {
                checkCuda(cudaMemset(buffers.back()->data(), 0xff, elements * sizeof(float)), "cudaMemset");
            }
            pointers[p] = buffers.back()->data();
        }
        KernelArguments kernelArguments(task, launch, pointers);
        kernel.launch(launch, kernelArguments.data());
        checkCuda(cudaDeviceSynchronize(), "the candidate kernel");
        std::printf("%.*s\n", int(kRaceLaunchDone.size()), kRaceLaunchDone.data());
        std::fflush(stdout);
        return 0;
    } catch (const std::exception &error) {
        std::fprintf(stderr, "kfx-measure --race-check-launch: %s\n", error.what());
        return 1;
    }
}

MeasurementSession::MeasurementSession(DeviceInfo device, NvrtcCompiler compiler)
    : m_device(std::move(device))
    , m_compiler(std::move(compiler))
{
}

MeasureReply MeasurementSession::measure(const Request &request, const std::atomic<bool> &cancelled,
                                         const ProgressSink &progress)
{
    const std::string &id = request.id;
    try {
        return {MeasureRun(m_device, m_compiler, m_inputs, request, cancelled, progress).run(), false};
    } catch (const CompileError &error) {
        return {failureLine(id, "compile_failed", "compilation_error", error.what()), false};
    } catch (const IncorrectOutput &incorrect) {
        JsonWriter writer;
        beginResult(writer, id, "incorrect")
            .field("error_message", incorrect.message)
            .field("case", incorrect.caseIndex)
            .field("index", std::int64_t(incorrect.comparison.worstIndex))
            .field("expected", double(incorrect.comparison.expected))
            .field("actual", double(incorrect.comparison.actual))
            .field("mismatches", std::int64_t(incorrect.comparison.mismatches))
            .field("max_abs_error", incorrect.comparison.maxAbsError)
            .field("max_rel_error", incorrect.comparison.maxRelError)
            .endObject();
        return {writer.take(), false};
    } catch (const RaceFound &race) {
        // A defect proven at run time, not a cheat: `incorrect` like any wrong output, verdict "defective"
        // (PROTOCOL.md, "Race check").
        const std::string message = raceMessage(race.result);
        JsonWriter writer;
        beginResult(writer, id, "incorrect")
            .field("error_message", message)
            .field("case", race.result.caseIndex)
            .field("mismatches", std::int64_t(0))
            .field("max_abs_error", race.maxAbsError)
            .field("max_rel_error", race.maxRelError)
            .field("verdict", "defective")
            .key("defects")
            .beginArray()
            .beginObject()
            .field("kind", "shared_memory_race")
            .field("detail", message)
            .endObject()
            .endArray();
        writeRaceCheck(writer, race.result);
        return {writer.endObject().take(), false};
    } catch (const CudaError &error) {
        JsonWriter writer;
        beginResult(writer, id, "runtime_error")
            .field("runtime_error_name", error.name())
            .field("runtime_error", error.what())
            .field("sticky", error.sticky())
            .endObject();
        return {writer.take(), error.sticky()};
    } catch (const Cancelled &) {
        return {failureLine(id, "cancelled", "reason", "cancelled by the caller"), false};
    } catch (const std::exception &error) {
        return {failureLine(id, "infrastructure_failure", "reason", error.what()), false};
    }
}

} // namespace kfx::measure
