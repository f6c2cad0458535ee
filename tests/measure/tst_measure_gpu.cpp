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
            if (line.kind() == "success")
                std::printf(" speedup %.3f", number(line, {"aggregated_speedup"}));
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
    KFX_CHECK(firstWall < 1500.0, "a new kernel end to end under 1.5 s");
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
    std::printf("worker starts: %d\n", session.client().starts());
    return kfx::test::finish();
}
