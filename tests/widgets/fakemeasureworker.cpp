// A stand-in for kfx-measure that speaks its protocol (core/measure/PROTOCOL.md) without a GPU, for the
// measurement queue's tests. What each measure request does is chosen by a word in its candidate source:
//   FAKE_SUCCESS (or nothing)  progress lines for every stage and case, then a success (speedup 2.0, bin 6)
//   FAKE_COMPILE_FAILED        compile_failed
//   FAKE_STICKY                a sticky runtime_error, after which the process exits with status 3
//   FAKE_HANG                  never answers (the caller's timeout must fire)
//   FAKE_SLOW                  progress every 20 ms for up to 10 s (FAKE_SLOW_SAMPLES, environment: that many
//                              samples instead of 500), stopping with "cancelled" on a cancel
// --no-device makes it a machine without a GPU: every request gets infrastructure_failure "no CUDA device: ...".
// FAKE_DEVICE_COUNT (environment) is the device_count it reports. stderr logs the start and each request.
// No Qt: it only needs the protocol's own writers.

#include "io/jsonwriter.h"
#include "measure/protocol.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <poll.h>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace {

using namespace kfx::measure;

constexpr std::string_view kNoDevice =
    "no CUDA device: cudaErrorNoDevice: no CUDA-capable device is detected (fake worker)";

// Lines from stdin, with a wait limit so that a slow measurement can look for a cancel between samples.
class LineReader {
public:
    // nullopt on timeout; an empty optional string never: end of input returns "" with m_closed set.
    std::optional<std::string> next(int timeoutMs)
    {
        for (;;) {
            if (const auto end = m_buffer.find('\n'); end != std::string::npos) {
                std::string line = m_buffer.substr(0, end);
                m_buffer.erase(0, end + 1);
                return line;
            }
            if (m_closed)
                return std::string();
            pollfd fd{STDIN_FILENO, POLLIN, 0};
            if (::poll(&fd, 1, timeoutMs) <= 0)
                return std::nullopt;
            char chunk[4096];
            const ssize_t count = ::read(STDIN_FILENO, chunk, sizeof chunk);
            if (count <= 0)
                m_closed = true;
            else
                m_buffer.append(chunk, std::size_t(count));
        }
    }
    bool closed() const { return m_closed && m_buffer.find('\n') == std::string::npos; }

private:
    std::string m_buffer;
    bool m_closed = false;
};

void send(const std::string &line)
{
    std::cout << line << '\n' << std::flush;
}

std::string result(const std::string &id, std::string_view kind, std::string_view field, std::string_view text)
{
    kfx::JsonWriter writer;
    beginResult(writer, id, kind).field(field, text).endObject();
    return writer.take();
}

std::string success(const std::string &id)
{
    kfx::JsonWriter writer;
    beginResult(writer, id, "success").field("aggregated_speedup", 2.0).field("aggregation_method", "geomean");
    writer.key("cases").beginArray();
    for (const int rows : {1024, 2048}) {
        writer.beginObject()
            .field("speedup", 2.0)
            .field("runtime_ns", 5000.0)
            .field("ref_runtime_ns", 10000.0)
            .key("sizes")
            .beginObject()
            .field("rows", rows)
            .field("cols", 512)
            .endObject()
            .endObject();
    }
    writer.endArray().field("bin", 6).field("elapsed_ms", 12.0).endObject();
    return writer.take();
}

// Returns false when the worker must exit (a sticky error).
bool measure(const Request &request, LineReader &input)
{
    const std::string &id = request.id;
    const std::string &source = request.measure.candidateSource;
    const auto has = [&](std::string_view word) { return source.find(word) != std::string::npos; };
    if (has("FAKE_HANG")) {
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    send(progressLine(id, "compile", -1, 0));
    if (has("FAKE_COMPILE_FAILED")) {
        send(result(id, "compile_failed", "compilation_error", "candidate.cu(3): error: expected a \";\""));
        return true;
    }
    if (has("FAKE_STICKY")) {
        kfx::JsonWriter writer;
        beginResult(writer, id, "runtime_error")
            .field("runtime_error_name", "cudaErrorIllegalAddress")
            .field("runtime_error", "candidate launch: an illegal memory access was encountered")
            .field("sticky", true)
            .endObject();
        send(writer.take());
        std::cerr << "fake worker: sticky error, exiting with status 3" << std::endl;
        return false;
    }
    if (has("FAKE_SLOW")) {
        const char *samples = std::getenv("FAKE_SLOW_SAMPLES");
        for (int sample = 0; sample < (samples ? std::atoi(samples) : 500); ++sample) {
            send(progressLine(id, "timing candidate", 1 + sample % 2, 2));
            if (const auto line = input.next(20); line && !line->empty()) {
                const Request cancel = parseRequest(*line);
                if (cancel.type == RequestType::Cancel) {
                    kfx::JsonWriter ack;
                    beginResult(ack, cancel.id, "cancel_acknowledged")
                        .field("target", cancel.cancelTarget)
                        .field("found", cancel.cancelTarget == id)
                        .endObject();
                    send(ack.take());
                    if (cancel.cancelTarget == id) {
                        send(result(id, "cancelled", "reason", "cancelled by the caller"));
                        return true;
                    }
                }
            }
        }
    }
    for (const char *stage : {"correctness", "timing candidate", "timing reference"}) {
        for (int c = 1; c <= 2; ++c)
            send(progressLine(id, stage, c, 2));
    }
    send(success(id));
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    bool noDevice = false;
    for (int i = 1; i < argc; ++i)
        noDevice = noDevice || std::string_view(argv[i]) == "--no-device";
    const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
    std::cerr << "fake worker started, CUDA_VISIBLE_DEVICES=" << (visible ? visible : "(unset)") << std::endl;
    LineReader input;
    while (!input.closed()) {
        const auto line = input.next(-1);
        if (!line || line->empty())
            continue;
        Request request;
        try {
            request = parseRequest(*line);
        } catch (const ProtocolError &error) {
            send(result(error.id(), "protocol_error", "reason", error.what()));
            continue;
        }
        std::cerr << "fake worker: request " << request.id << std::endl;
        switch (request.type) {
        case RequestType::Shutdown:
            send(result(request.id, "shutdown", "reason", "asked to"));
            return 0;
        case RequestType::Cancel:
            send(result(request.id, "cancel_acknowledged", "target", request.cancelTarget));
            break;
        case RequestType::DeviceInfo:
            if (noDevice) {
                send(result(request.id, "infrastructure_failure", "reason", kNoDevice));
            } else {
                const char *count = std::getenv("FAKE_DEVICE_COUNT");
                kfx::JsonWriter writer;
                beginResult(writer, request.id, "device")
                    .key("hardware")
                    .beginObject()
                    .field("device_name", "Fake GPU")
                    .endObject()
                    .field("device_count", count ? std::atoi(count) : 1)
                    .endObject();
                send(writer.take());
            }
            break;
        case RequestType::Measure:
            if (noDevice) {
                send(result(request.id, "infrastructure_failure", "reason", kNoDevice));
                break;
            }
            if (!measure(request, input))
                return 3;
            break;
        }
    }
    return 0;
}
