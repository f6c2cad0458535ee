#include "measurementcache.h"

#include "canonicalkernel.h"
#include "io/jsonfields.h"
#include "io/recordjson.h"
#include "searchdriver.h"

#include <fstream>

namespace kfx::search {

std::string MeasurementCache::key(const MeasurementSetting &setting, std::string_view code)
{
    const auto kernel = canonicalKernel(setting.task, code);
    std::string key = setting.timingProtocol;
    for (const auto *part : {&setting.device, &kernel.task, &kernel.code})
        key.append(1, '\0').append(*part);
    return key;
}

const MeasuredCandidate *MeasurementCache::find(const std::string &key) const
{
    const auto it = m_results.find(key);
    return it == m_results.end() ? nullptr : &it->second;
}

void MeasurementCache::add(const std::string &key, MeasuredCandidate result)
{
    result.gpuSeconds = 0.0; // taken again, it costs nothing
    m_results.try_emplace(key, std::move(result));
}

void MeasurementCache::addFromSearchLog(const std::string &path, const MeasurementSetting &setting)
{
    std::ifstream file(path, std::ios::binary);
    std::unordered_map<std::string, std::string> codeOfRequest; // evaluation_requested's code, v2 and v3 alike
    simdjson::dom::parser parser;
    for (std::string line; std::getline(file, line);) {
        simdjson::dom::element root;
        if (parser.parse(simdjson::padded_string(line)).get(root))
            throw SearchError(path + ": a line that is not JSON");
        const auto event = json::asObject(root, "event");
        const auto kind = json::requiredString(event, "kind");
        if (kind == "search_initialized") { // the seed's measurement: a mutation may come back to the seed kernel
            const auto seed = json::requiredObject(event, "root");
            const auto evaluation = json::requiredObject(seed, "evaluation");
            MeasuredCandidate result;
            result.evaluationJson = simdjson::minify(evaluation);
            result.reward = json::readEvaluation(evaluation).reward;
            add(key(setting, json::requiredString(seed, "program_code")), std::move(result));
            continue;
        }
        if (kind != "evaluation_requested" && kind != "evaluation_completed" && kind != "evaluation_failed")
            continue;
        const auto requestId = std::string(json::requiredString(event, "request_id"));
        if (kind == "evaluation_requested") {
            codeOfRequest[requestId] = std::string(json::requiredString(event, "code"));
            continue;
        }
        const auto code = codeOfRequest.find(requestId);
        if (code == codeOfRequest.end())
            continue;
        MeasuredCandidate result;
        if (kind == "evaluation_failed") {
            result.failureReason = std::string(json::requiredString(event, "reason"));
        } else {
            const auto evaluation = json::requiredObject(event, "evaluation");
            const auto outcome = json::readEvaluation(evaluation);
            if (outcome.kind == OutcomeKind::Forecasted)
                continue;
            result.evaluationJson = simdjson::minify(evaluation);
            result.reward = outcome.reward;
        }
        add(key(setting, code->second), std::move(result));
    }
}

} // namespace kfx::search
