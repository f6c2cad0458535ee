// A stand-in for kfx-measure (core/measure/PROTOCOL.md) with no GPU: it answers a measure request from a comment
// the candidate carries,
//   // kfx-standin: runtime_ns=1234 [ref_runtime_ns=10000] [outcome=success|compile_failed|incorrect|runtime_error]
//                   [delay_ms=5]
// so that searches run reproducibly offline. success reports one case with speedup ref_runtime_ns / runtime_ns;
// every answer reports elapsed_ms = runtime_ns / 1e6 (its GPU cost, for budgets in GPU-seconds); delay_ms holds
// the answer back (to show several workers measuring at once). A candidate without the comment
// is a compile failure. With --log FILE, every measured candidate's label is appended to FILE with the worker's
// pid and when its measurement began and ended (steady-clock microseconds, one clock for every process), so a test
// can see which workers took part and which measurements overlapped.

#include "io/jsonwriter.h"
#include "measure/protocol.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

using kfx::JsonWriter;

std::map<std::string, std::string> standInFields(const std::string &source)
{
    std::map<std::string, std::string> fields;
    const auto at = source.find("kfx-standin:");
    if (at == std::string::npos)
        return fields;
    std::istringstream words(source.substr(at + 12, source.find('\n', at) - at - 12));
    for (std::string word; words >> word;) {
        const auto equals = word.find('=');
        if (equals != std::string::npos)
            fields[word.substr(0, equals)] = word.substr(equals + 1);
    }
    return fields;
}

long long microsecondsNow()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string measureResult(const kfx::measure::Request &request)
{
    std::string source = request.measure.candidateSource;
    if (source.empty()) {
        std::ifstream file(request.measure.candidatePath);
        std::ostringstream text;
        text << file.rdbuf();
        source = text.str();
    }
    auto fields = standInFields(source);
    JsonWriter w;
    if (fields.empty() || !fields.contains("runtime_ns")) {
        kfx::measure::beginResult(w, request.id, "compile_failed")
            .field("compilation_error", request.measure.candidateLabel + ": no \"kfx-standin: runtime_ns=...\" line");
        return w.endObject().take();
    }
    if (fields.contains("delay_ms"))
        std::this_thread::sleep_for(std::chrono::milliseconds(std::stoi(fields["delay_ms"])));
    const std::string outcome = fields.contains("outcome") ? fields["outcome"] : "success";
    const double elapsedMs = std::stod(fields["runtime_ns"]) / 1e6; // what the measurement "cost", for budgets
    if (outcome == "compile_failed") {
        kfx::measure::beginResult(w, request.id, outcome).field("compilation_error", "stand-in compile error");
    } else if (outcome == "runtime_error") {
        kfx::measure::beginResult(w, request.id, outcome)
            .field("runtime_error_name", "cudaErrorIllegalAddress")
            .field("runtime_error", "stand-in fault")
            .field("sticky", false);
    } else if (outcome == "incorrect") {
        kfx::measure::beginResult(w, request.id, outcome).field("error_message", "stand-in mismatch");
    } else {
        const double runtime = std::stod(fields["runtime_ns"]);
        const double reference = fields.contains("ref_runtime_ns") ? std::stod(fields["ref_runtime_ns"]) : 10000.0;
        const double speedup = reference / runtime;
        kfx::measure::beginResult(w, request.id, "success")
            .field("task", request.measure.taskDirectory)
            .field("candidate", request.measure.candidateLabel)
            .key("cases")
            .beginArray()
            .beginObject()
            .key("sizes")
            .beginObject()
            .field("n", std::int64_t(1024))
            .endObject()
            .field("correct", true)
            .field("speedup", speedup)
            .field("runtime_ns", runtime)
            .field("ref_runtime_ns", reference)
            .endObject()
            .endArray()
            .field("aggregated_speedup", speedup)
            .field("aggregation_method", "geomean")
            .field("elapsed_ms", elapsedMs);
        return w.endObject().take();
    }
    return w.field("elapsed_ms", elapsedMs).endObject().take();
}

} // namespace

int main(int argc, char **argv)
{
    std::ofstream log;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::string(argv[i]) == "--log")
            log.open(argv[i + 1], std::ios::app);
    }
    for (std::string line; std::getline(std::cin, line);) {
        kfx::measure::Request request;
        try {
            request = kfx::measure::parseRequest(line);
        } catch (const kfx::measure::ProtocolError &error) {
            JsonWriter w;
            kfx::measure::beginResult(w, error.id(), "protocol_error").field("reason", error.what());
            std::cout << w.endObject().text() << std::endl;
            continue;
        }
        JsonWriter w;
        switch (request.type) {
        case kfx::measure::RequestType::DeviceInfo:
            kfx::measure::beginResult(w, request.id, "device")
                .key("hardware")
                .beginObject()
                .field("device_name", "Stand-in GPU")
                .key("compute_capability")
                .beginArray()
                .value(9)
                .value(0)
                .endArray()
                .field("total_global_memory_gb", 80.0)
                .field("multiprocessor_count", 132)
                .field("max_threads_per_multiprocessor", 2048)
                .field("clock_rate_ghz", 1.98)
                .field("memory_clock_rate_ghz", 2.6)
                .field("memory_bus_width_bits", 5120)
                .endObject()
                .endObject();
            std::cout << w.text() << std::endl;
            break;
        case kfx::measure::RequestType::Measure: {
            const auto began = microsecondsNow();
            const auto result = measureResult(request);
            if (log.is_open())
                log << ::getpid() << ' ' << request.measure.candidateLabel << ' ' << began << ' ' << microsecondsNow()
                    << std::endl;
            std::cout << result << std::endl;
            break;
        }
        case kfx::measure::RequestType::Cancel:
            kfx::measure::beginResult(w, request.id, "cancel_acknowledged")
                .field("target", request.cancelTarget)
                .field("found", false);
            std::cout << w.endObject().text() << std::endl;
            break;
        case kfx::measure::RequestType::Shutdown:
            kfx::measure::beginResult(w, request.id, "shutdown");
            std::cout << w.endObject().text() << std::endl;
            return 0;
        }
    }
    return 0;
}
