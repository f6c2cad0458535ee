// On a GPU (ctest -L gpu): every demo candidate measured through MeasureClient and the real worker must end as its
// candidates.json says; the worker must survive, through a restart, a faulting kernel and an infinite loop; and
// the figures of the performance goals are printed (fresh and cached compile, end to end for a new kernel).
// Every result line is appended to $KFX_MEASURE_LOG when it is set.
#include "check.h"
#include "demotasks.h"
#include "measure/measureclient.h"
#include "resultfields.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

using namespace kfx;
using namespace kfx::measure;
using kfx::test::ResultLine;
using namespace std::chrono_literals;

namespace {
// ctest's convention for "skipped": this machine has no GPU.
constexpr int kSkipped = 77;
constexpr auto kHangLimit = 5s;
constexpr auto kMeasureLimit = 120s;

class Session {
public:
    Session() : m_client({KFX_MEASURE_WORKER})
    {
        if (const char *path = std::getenv("KFX_MEASURE_LOG"))
            m_log.open(path, std::ios::app);
    }

    std::string measure(MeasureOptions options, std::chrono::milliseconds limit, double *wallMs = nullptr)
    {
        const std::string id = std::to_string(++m_next);
        const auto start = std::chrono::steady_clock::now();
        std::string line = m_client.call(id, measureRequest(id, options), limit);
        if (wallMs)
            *wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (m_log)
            m_log << line << "\n";
        return line;
    }

    MeasureClient &client() { return m_client; }

private:
    MeasureClient m_client;
    std::ofstream m_log;
    int m_next = 0;
};

std::string readFile(const std::string &path)
{
    std::ifstream file(path);
    return std::string((std::istreambuf_iterator<char>(file)), {});
}

double number(const ResultLine &line, std::initializer_list<std::string_view> path)
{
    json::Object object = line.object();
    auto key = path.begin();
    for (; key + 1 != path.end(); ++key)
        object = json::requiredObject(object, *key);
    return json::requiredNumber(object, *key);
}

// The next measurement after a crash or a hang must work: the reference measured as its own candidate.
void checkRecovered(Session &session, const std::string &taskDirectory, const std::string &after)
{
    MeasureOptions options;
    options.taskDirectory = taskDirectory;
    options.candidatePath = taskDirectory + "/reference.cu";
    const ResultLine line(session.measure(options, kMeasureLimit));
    KFX_CHECK(line.kind() == "success", "the measurement after " + after + " failed: " + line.kind());
}

// Every success carries its race check (issue 26): clean for the demo's race-free kernels, or a flagged success
// where this machine has no compute-sanitizer; never a race.
std::string raceStatus(const ResultLine &line)
{
    return std::string(json::requiredString(json::requiredObject(line.object(), "race_check"), "status"));
}

void checkRaceChecked(const ResultLine &line, const std::string &what)
{
    const std::string status = raceStatus(line);
    std::printf(" race check %s (%.0f ms)", status.c_str(), number(line, {"race_check", "ms"}));
    KFX_CHECK(status == "clean" || status == "unavailable" || status == "disabled",
              what + ": a race-free demo kernel's race check: " + status);
    KFX_CHECK((status == "clean") == (line.string("verdict") == "clean"), what + ": the verdict follows the check");
}

void measureDemoCandidates(Session &session)
{
    for (const std::string &directory : kfx::test::demoTaskDirectories()) {
        for (const auto &candidate : kfx::test::demoCandidates(directory)) {
            MeasureOptions options;
            options.taskDirectory = directory;
            options.candidatePath = candidate.path;
            const bool hangs = candidate.expect == "timeout";
            double wallMs = 0.0;
            const ResultLine line(session.measure(options, hangs ? kHangLimit : kMeasureLimit, &wallMs));
            KFX_CHECK(line.kind() == candidate.expect,
                      candidate.path + ": expected " + candidate.expect + ", got " + line.kind() + ": "
                          + line.string("runtime_error") + line.string("error_message") + line.string("reason")
                          + line.string("compilation_error"));
            const auto name = std::filesystem::path(candidate.path).lexically_relative(KFX_DEMO_TASKS_DIR);
            std::printf("%-50s %-16s", name.string().c_str(), line.kind().c_str());
            if (line.kind() == "success") {
                std::printf(" speedup %.3f", number(line, {"aggregated_speedup"}));
                checkRaceChecked(line, candidate.path);
            }
            std::printf(" (%.0f ms)\n", wallMs);
            if (candidate.expect == "runtime_error" || hangs)
                checkRecovered(session, directory, candidate.path);
        }
    }
}

// A kernel never seen before (a fresh comment defeats the cache), three cases, end to end through the client;
// then the same kernel again, whose compile is a cache read.
void measureNewKernel(Session &session)
{
    const std::string directory = kfx::test::demoTaskDirectories().back(); // row_softmax
    MeasureOptions options;
    options.taskDirectory = directory;
    options.candidateSource = "// fresh " + std::to_string(std::chrono::system_clock::now().time_since_epoch().count())
        + "\n" + readFile(directory + "/candidates/warp_per_row.cu");
    options.candidateLabel = "warp_per_row (fresh)";
    double firstWall = 0.0;
    const ResultLine first(session.measure(options, kMeasureLimit, &firstWall));
    double secondWall = 0.0;
    const ResultLine second(session.measure(options, kMeasureLimit, &secondWall));
    KFX_CHECK(first.kind() == "success" && second.kind() == "success", "the fresh kernel measures");
    if (first.kind() != "success" || second.kind() != "success")
        return;
    const double compileMs = number(first, {"compile", "candidate", "ms"});
    const double cachedMs = number(second, {"compile", "candidate", "ms"});
    std::printf("new kernel, 3 cases, reference protocol: end to end %.0f ms (worker %.0f ms), NVRTC compile %.1f ms\n",
                firstWall, number(first, {"elapsed_ms"}), compileMs);
    std::printf("same kernel again: end to end %.0f ms, cached compile %.2f ms\n", secondWall, cachedMs);
    KFX_CHECK(cachedMs < 50.0, "a cached recompile under 50 ms");
    // The race check (about 1.4 s on an H200 for this kernel, MEASUREMENTS.md) comes on top of issue 7's goal,
    // and once per kernel image: the second measurement reads its verdict from the cache.
    const double raceMs = number(first, {"race_check", "ms"});
    std::printf("its race check: %s, %.0f ms; again: %s, cached %s\n", raceStatus(first).c_str(), raceMs,
                raceStatus(second).c_str(),
                json::requiredBool(json::requiredObject(second.object(), "race_check"), "cached") ? "yes" : "no");
    KFX_CHECK(firstWall - raceMs < 1500.0, "a new kernel end to end under 1.5 s, its race check apart");
    if (raceStatus(first) == "clean")
        KFX_CHECK(json::requiredBool(json::requiredObject(second.object(), "race_check"), "cached"),
                  "the same kernel's race verdict comes from the cache");
}
// row_softmax's block_float4 with the missing_max_barrier bug (resources/corpus/row_softmax/mutations.json), whose
// outputs usually pass: racecheck must fail it, or the success must say the check could not run.
void measureRacyKernel(Session &session)
{
    std::string source = readFile(std::string(KFX_DEMO_TASKS_DIR) + "/../../corpus/row_softmax/block_float4.cu");
    for (const auto &[knob, value] : {std::pair<std::string, std::string>{"{{BLOCK}}", "128"},
                                      {"{{UNROLL}}", "1"},
                                      {"{{EXP}}", "__expf"},
                                      {"{{MIN_BLOCKS}}", "1"}})
        for (std::size_t at = source.find(knob); at != std::string::npos; at = source.find(knob, at))
            source.replace(at, knob.size(), value);
    const std::string barrier = "partials[w]);\n    __syncthreads();";
    const std::size_t at = source.find(barrier);
    KFX_CHECK(at != std::string::npos, "the template still has the barrier the bug drops");
    if (at == std::string::npos)
        return;
    source.replace(at, barrier.size(), "partials[w]);");
    MeasureOptions options;
    options.taskDirectory = kfx::test::demoTaskDirectories().back(); // row_softmax
    options.candidateSource = source;
    options.candidateLabel = "block_float4 missing_max_barrier";
    const ResultLine line(session.measure(options, kMeasureLimit));
    std::printf("racy block_float4: %s %s\n", line.kind().c_str(), line.string("error_message").c_str());
    if (line.kind() == "success") {
        KFX_CHECK(raceStatus(line) != "clean", "a racy kernel passed the race check");
        return;
    }
    KFX_CHECK(line.kind() == "incorrect", "the racy kernel: " + line.kind());
    if (line.string("verdict") == "defective")
        KFX_CHECK(kfx::test::contains(line.string("error_message"), "shared-memory race") && raceStatus(line) == "race",
                  "a race's verdict and message");
}
} // namespace

int main()
{
    Session session;
    const ResultLine device(session.client().call("device", deviceInfoRequest("device"), 60s));
    if (device.kind() != "device") {
        std::printf("skipped, no GPU: %s\n", device.string("reason").c_str());
        return kSkipped;
    }
    measureDemoCandidates(session);
    measureNewKernel(session);
    measureRacyKernel(session);
    std::printf("worker starts: %d\n", session.client().starts());
    return kfx::test::finish();
}
