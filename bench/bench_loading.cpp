// Loading a large standard search: the target is a 12,388-node v2 log with realistic code read,
// replayed and built into a population in under 1.0 s end to end on a 2-core machine, at 200 MB/s or more of
// JSON, with peak memory under 3x the file size.
//
//   kfx-bench [--benchmark_filter=...]         (KFX_BENCH_NODES overrides the node count)

#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <fstream>

namespace {

std::int64_t nodeCount()
{
    const char *fromEnvironment = std::getenv("KFX_BENCH_NODES");
    return fromEnvironment ? std::atoll(fromEnvironment) : 12388;
}

// The log is generated once per process, into the temporary directory.
const std::string &searchLog()
{
    static const std::string path = [] {
        const auto file = std::filesystem::temp_directory_path()
            / ("kfx-bench-v2-" + std::to_string(nodeCount()) + ".jsonl");
        std::ofstream out(file, std::ios::binary);
        kfx::generate::SyntheticGenerator(2026).write(kfx::generate::SyntheticKind::PuctV2, nodeCount(), out);
        return file.string();
    }();
    return path;
}

void loadSearchLog(benchmark::State &state)
{
    const auto &path = searchLog();
    const auto bytes = std::int64_t(std::filesystem::file_size(path));
    std::size_t nodes = 0;
    for (auto _ : state) {
        const auto loaded = kfx::loadFile(path);
        nodes = loaded.population ? loaded.population->size() : 0;
        benchmark::DoNotOptimize(nodes);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
    state.counters["nodes"] = double(nodes);
    state.counters["file_MB"] = double(bytes) / 1e6;
}
BENCHMARK(loadSearchLog)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(3.0);

// JSON parsing alone, to show how much of the load is simdjson and how much is the replay.
void parseLinesOnly(benchmark::State &state)
{
    const auto &path = searchLog();
    const auto bytes = std::int64_t(std::filesystem::file_size(path));
    for (auto _ : state) {
        kfx::Diagnostics diagnostics;
        kfx::JsonLinesFile file;
        file.open(path, diagnostics);
        std::size_t lines = 0;
        file.forEachObject([&](const kfx::json::Object &, std::int64_t) { return ++lines > 0; }, diagnostics);
        benchmark::DoNotOptimize(lines);
    }
    state.SetBytesProcessed(state.iterations() * bytes);
}
BENCHMARK(parseLinesOnly)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(3.0);

// Peak resident memory of a fresh process that only loads the log, as a multiple of the file size. The child
// re-executes this program (see main) so that none of the benchmark's own memory is counted.
void peakMemory(benchmark::State &state)
{
    const auto &path = searchLog();
    const auto bytes = double(std::filesystem::file_size(path));
    double ratio = 0.0;
    for (auto _ : state) {
        const pid_t child = fork();
        if (child == 0) {
            execl("/proc/self/exe", "kfx-bench", "--load-only", path.c_str(), static_cast<char *>(nullptr));
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        wait4(child, &status, 0, &usage);
        ratio = double(usage.ru_maxrss) * 1024.0 / bytes;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            state.SkipWithError("the child could not load the log");
    }
    state.counters["peak_rss_over_file_size"] = ratio;
}
BENCHMARK(peakMemory)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    if (argc == 3 && std::string_view(argv[1]) == "--load-only")
        return kfx::loadFile(argv[2]).readable ? 0 : 1;
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
