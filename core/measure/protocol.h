#pragma once

#include "io/jsonwriter.h"
#include "model/evaluation.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// The worker's JSON-lines protocol (PROTOCOL.md). Every message carries this version; a worker answers a request
// of another version with a protocol_error result.
inline constexpr int kProtocolVersion = 1;

class ProtocolError : public std::runtime_error {
public:
    ProtocolError(std::string id, const std::string &message) : std::runtime_error(message), m_id(std::move(id)) {}
    // The request's id when it could be read, so the error still reaches the right caller.
    const std::string &id() const { return m_id; }

private:
    std::string m_id;
};

enum class RequestType { DeviceInfo, Measure, Cancel, Shutdown };
enum class TimingProtocol { Reference, Robust };
// Where a Python task's candidate runs: the GPU, or the CPU for tests without one (results say cpu_mode and are
// never GPU figures). kfx-task/1 tasks always run on the GPU.
enum class ComputeDevice { Cuda, Cpu };

std::string_view timingProtocolName(TimingProtocol protocol);

struct MeasureOptions {
    std::string taskDirectory;
    // The candidate: a file, or the source itself (then `candidateLabel` names it in messages).
    std::string candidatePath;
    std::string candidateSource;
    std::string candidateLabel = "candidate";
    TimingProtocol timing = TimingProtocol::Reference;
    double timeBudgetMs = 10000.0; // per kernel and case, as the reference's max_time_ns
    bool rawSamples = false;       // also return every timing sample (for studying the spread)

    // Python tasks (GPU MODE, KernelBench) only.
    // The interpreter, or a launch prefix ending in one: {"ssh", "gpu-box", "/opt/venv/bin/python"}.
    std::vector<std::string> python = {"python3"};
    ComputeDevice device = ComputeDevice::Cuda;
    std::string harnessDirectory; // empty: the worker's own (PROTOCOL.md)
    double timeoutMs = 300000.0;  // the whole candidate: process start, compile, every case
};

struct Request {
    RequestType type = RequestType::DeviceInfo;
    std::string id;
    MeasureOptions measure;   // measure; device_info reads only its `device`
    std::string cancelTarget; // cancel: the id of the measure to stop
};

// Worker side. Throws ProtocolError.
Request parseRequest(std::string_view line);

// Client side: the request lines.
std::string deviceInfoRequest(std::string_view id, ComputeDevice device = ComputeDevice::Cuda);
std::string measureRequest(std::string_view id, const MeasureOptions &options);
std::string cancelRequest(std::string_view id, std::string_view target);
std::string shutdownRequest(std::string_view id);

// Starts any message: {"protocol":1,"id":...,"type":...; the caller adds its fields and closes the object.
JsonWriter &beginMessage(JsonWriter &writer, std::string_view id, std::string_view type);
// Starts a result of the given kind.
JsonWriter &beginResult(JsonWriter &writer, std::string_view id, std::string_view kind);
// {"protocol":1,"id":...,"type":"progress","stage":...,"case":i,"cases":n}; a case of -1 is left out.
std::string progressLine(std::string_view id, std::string_view stage, int caseIndex, int caseCount);

// What a client needs to route a response line: whose it is, and whether it is the final one.
struct ResponseHeader {
    std::string id;
    bool isResult = false;
    std::string kind; // results: "success", "compile_failed", ..., "device", "timeout"
    // A runtime error that poisoned the CUDA context ("sticky": true): the worker exits after this result.
    bool workerExits = false;
};
// Throws ProtocolError when the line is not a response of this protocol.
ResponseHeader parseResponseHeader(std::string_view line);

// A measure result as the rest of kfx sees a measured candidate (spec §3.5). A timeout becomes a runtime error
// named "Timeout", as the reference has no kind of its own for it. Throws ProtocolError.
EvaluationOutcome outcomeFromResult(std::string_view line);

} // namespace kfx::measure
