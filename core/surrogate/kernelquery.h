#pragma once

#include "io/jsonfields.h"
#include "model/comparisonpair.h"
#include "model/hardwarecontext.h"
#include "model/sharedtext.h"

#include <optional>
#include <string>

namespace kfx::surrogate {

// What a surrogate is asked (spec §1.4 KernelRuntimeQuery): field names follow the reference so a query file
// and a prompt template written for it work unchanged.
struct KernelTaskInfo {
    std::string opName;
    int levelId = 0;
    int taskId = 0;
};

struct KernelImplementation {
    std::string kernelName;
    SharedText code; // the pair's, shared
    std::optional<double> runtimeMs;
};

struct KernelRuntimeQuery {
    KernelTaskInfo task;
    KernelImplementation reference;
    KernelImplementation candidate;
    std::optional<HardwareContext> hardware;
};

// The query the reference's scoring builds for a measured pair (`_build_query`): op_name is the pack, both
// levels 0, kernels named "reference" and "candidate", hardware from the row's device name when known.
KernelRuntimeQuery queryForPair(const ComparisonPair &pair);

// Reads `{"task": {...}, "reference": {...}, "candidate": {...}, "hardware": {...}|null}`; throws
// json::FieldError naming the field at fault.
KernelRuntimeQuery readKernelRuntimeQuery(const json::Object &query);
// The same JSON, compact and in the reference's field order.
std::string kernelRuntimeQueryJson(const KernelRuntimeQuery &query);

// A stable 64-bit FNV-1a digest as 16 hex digits: cache keys must not change between runs or machines, which
// std::hash does not promise.
std::string stableHash(std::string_view text);
// The hash of the query's canonical JSON: equal queries share cached answers.
std::string queryHash(const KernelRuntimeQuery &query);

} // namespace kfx::surrogate
