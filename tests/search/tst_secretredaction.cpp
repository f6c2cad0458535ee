// Issue 27: the README promises that nothing kfx writes holds the LLM API key. A chat server whose error echoes
// the request's headers, and a model that repeats the key as it is, JSON-escaped, percent-encoded and in base64,
// drive an LLM-mutated search (its log) and an LLM surrogate (its prediction rows); then every file in the
// test's directory is read, and none may hold the key in any of those forms.
#include "check.h"
#include "scriptedchatserver.h"

#include "search/llmmutator.h"
#include "search/searchdriver.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/predictionrows.h"
#include "surrogate/promptset.h"
#include "surrogate/secretredactor.h"
#include "surrogate/surrogatejob.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace kfx;
using kfx::test::contains;
namespace fs = std::filesystem;

namespace {

// '/', '+' and '=' make every encoding differ from the key itself.
const std::string kKey = "sk-kfx/Test+Key=0123456789abcdef";
constexpr const char *kKeyVariable = "KFX_TEST_SECRET_LLM_KEY";

std::string hex(unsigned char c, int digits)
{
    std::ostringstream out;
    out << std::hex;
    out.width(digits);
    out.fill('0');
    out << int(c);
    return out.str();
}

std::string jsonUnicodeEscaped(const std::string &text)
{
    std::string out;
    for (const char c : text)
        out += "\\u" + hex(static_cast<unsigned char>(c), 4);
    return out;
}

std::string jsonSlashEscaped(const std::string &text)
{
    std::string out;
    for (const char c : text)
        out += c == '/' ? std::string("\\/") : std::string(1, c);
    return out;
}

std::string percentEncoded(const std::string &text)
{
    std::string out;
    for (const char c : text)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? std::string(1, c)
                                                                       : "%" + hex(static_cast<unsigned char>(c), 2);
    return out;
}

std::string base64(const std::string &bytes)
{
    static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t at = 0; at < bytes.size(); at += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - at);
        std::uint32_t group = 0;
        for (std::size_t i = 0; i < 3; ++i)
            group = group << 8U | (i < n ? static_cast<unsigned char>(bytes[at + i]) : 0U);
        for (std::size_t i = 0; i < 4; ++i)
            out += i <= n ? kAlphabet[(group >> (18U - 6U * i)) & 63U] : '=';
    }
    return out;
}

// How the server and the model write the key: as it is, JSON-escaped, percent-encoded, in base64 and in a Basic
// Authorization header's base64 of "user:key".
std::string everyWriting()
{
    return kKey + ' ' + jsonUnicodeEscaped(kKey) + ' ' + jsonSlashEscaped(kKey) + ' ' + percentEncoded(kKey) + ' '
        + base64(kKey) + ' ' + base64("kfx-user:" + kKey);
}

// What no file may hold: each writing, or a part of it that only the key's own characters make (its tail; the
// middle of each base64, far from the neighbouring bytes that change its ends).
std::vector<std::string> keyTraces()
{
    return {kKey,
            "0123456789abcdef",
            jsonUnicodeEscaped(kKey),
            jsonSlashEscaped(kKey),
            percentEncoded(kKey),
            base64(kKey).substr(8, 24),
            base64("kfx-user:" + kKey).substr(16, 24)};
}

std::string readText(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A chat completion whose message is `content`, written as a server that escapes '/' writes it.
std::string chatCompletion(const std::string &content)
{
    JsonWriter w;
    w.beginObject().key("choices").beginArray().beginObject().key("message").beginObject();
    w.field("role", "assistant").field("content", content).endObject().field("finish_reason", "stop");
    w.endObject().endArray().endObject();
    return jsonSlashEscaped(w.text());
}

ScriptedReply ok(std::string body)
{
    return {200, std::move(body), {}, 0, false};
}

// A refusal that quotes the key (JSON-escaped) and, echoing the request, its Authorization header.
ScriptedReply echoingRefusal()
{
    ScriptedReply reply;
    reply.status = 401;
    reply.body = R"({"error":{"message":"Incorrect API key provided: )" + jsonSlashEscaped(kKey) + R"(","seen":")"
        + jsonUnicodeEscaped(kKey) + R"(","url":"/v1?key=)" + percentEncoded(kKey) + "\"}}\n";
    reply.echoRequestHead = true;
    return reply;
}

void writeTask(const fs::path &task)
{
    fs::create_directories(task);
    std::ofstream(task / "task.json") << R"({"format": "kfx-task/1", "name": "t", "reference": "reference.cu"})";
    std::ofstream(task / "reference.cu") << "// kfx-standin: runtime_ns=10000\nextern \"C\" __global__ void k() {}\n";
}

search::MeasurementPool standIns()
{
    std::vector<std::unique_ptr<search::Measurer>> measurers;
    measure::MeasureOptions request;
    request.taskDirectory = "task";
    measurers.push_back(std::make_unique<search::WorkerMeasurer>(std::vector<std::string>{KFX_STANDIN_WORKER}, request,
                                                                 std::chrono::seconds(10)));
    return search::MeasurementPool(std::move(measurers));
}

// Each encoding alone, and at each of base64's three alignments; what is redacted in JSON stays JSON.
void redactsEveryEncoding()
{
    const surrogate::SecretRedactor redactor({kKey});
    const auto redacted = [&](const std::string &text) { return redactor.redact(text); };
    for (const auto &form : {kKey, jsonUnicodeEscaped(kKey), jsonSlashEscaped(kKey), percentEncoded(kKey)})
        KFX_CHECK(redacted("<" + form + ">") == "<***>", form + " becomes " + redacted("<" + form + ">"));
    for (const std::string user : {"", "u", "us", "kfx-user:"}) {
        const auto basic = base64(user + kKey);
        KFX_CHECK(!contains(redacted(basic), basic.substr(basic.size() / 2 - 4, 8)), basic + " is redacted");
        auto urlSafe = basic;
        std::replace(urlSafe.begin(), urlSafe.end(), '+', '-');
        std::replace(urlSafe.begin(), urlSafe.end(), '/', '_');
        KFX_CHECK(!contains(redacted(urlSafe), urlSafe.substr(urlSafe.size() / 2 - 4, 8)), urlSafe + " is redacted");
    }
    // A log line quoting an error body that was JSON: the key escaped twice over.
    const std::string nested = R"({"reason":"HTTP 401: {\"key\":\")" + jsonSlashEscaped(jsonSlashEscaped(kKey))
        + R"(\",\"u\":\")" + "\\" + jsonUnicodeEscaped(kKey) + R"(\"}"})";
    const auto text = redacted(nested);
    KFX_CHECK(text == R"({"reason":"HTTP 401: {\"key\":\"***\",\"u\":\"***\"}"})", nested + " becomes " + text);
    KFX_CHECK(redacted("sk-kfx/Test, an unrelated sk- text") == "sk-kfx/Test, an unrelated sk- text",
              "a part of the key is left alone");
}

// The search's log: the refusal becomes a mutation_failed reason and the model's kernel, which repeats the key in
// its comments, a child's code.
void searchLogHoldsNoKey(const fs::path &dir)
{
    writeTask(dir / "task");
    const auto kernel = "Here it is, keyed " + everyWriting() + "\n```cuda\n// kfx-standin: runtime_ns=5000\n// "
        + everyWriting() + "\nextern \"C\" __global__ void k() {}\n```\n";
    ScriptedChatServer server({echoingRefusal()}, {200, chatCompletion(kernel), {}, 0, false});
    search::LlmMutatorSettings settings;
    settings.endpoint = server.url();
    settings.model = "scripted-model";
    settings.apiKeyEnv = kKeyVariable;
    settings.timeoutSeconds = 10.0;
    settings.concurrency = 1;
    search::LlmMutator mutator(settings, (dir / "task").string());

    search::SearchConfig config;
    config.steps = 2;
    config.batchSize = 1;
    config.samplesPerParent = 2;
    config.budgetMeasurements = 2;
    config.taskName = "t";
    config.timingProtocol = "robust";
    config.secrets = surrogate::apiKeysNamedBy({kKeyVariable});
    auto workers = standIns();
    const auto log = dir / "search.jsonl";
    search::SearchDriver driver(config, mutator, workers, nullptr, log.string());
    driver.run(false);

    const auto text = readText(log);
    KFX_CHECK(contains(text, "\"kind\":\"mutation_failed\"") && contains(text, "HTTP 401"),
              "the refusal is logged: " + text);
    KFX_CHECK(contains(text, "kfx-standin: runtime_ns=5000") && contains(text, std::string(surrogate::kRedacted)),
              "the model's kernel is logged, redacted: " + text);
    const auto head = server.requests().empty() ? std::string() : server.requests().front().head;
    KFX_CHECK(contains(head, "Authorization: Bearer " + kKey), "the key was sent: " + head);
}

// The surrogate's prediction rows: one forecast whose reasoning repeats the key (the server's JSON escapes it)
// and one refusal that echoes the request.
void predictionRowsHoldNoKey(const fs::path &dir)
{
    const std::string arguments = R"({"predicted_bin":6,"p_severe_slowdown":0.0,"p_significant_slowdown":0.0,)"
                                  R"("p_moderate_slowdown":0.05,"p_minor_slowdown":0.05,"p_minor_speedup":0.2,)"
                                  R"("p_significant_speedup":0.5,"p_high_speedup":0.15,"p_extreme_speedup":0.05,)"
                                  R"("reasoning":"My key is )"
        + jsonUnicodeEscaped(kKey) + " and " + jsonSlashEscaped(kKey) + R"("})";
    ScriptedChatServer server({ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", arguments}},
                                                          "Reasoning with " + everyWriting()))},
                              echoingRefusal());
    surrogate::LlmSettings settings;
    settings.endpoint = server.url();
    settings.model = "scripted-model";
    settings.apiKeyEnv = kKeyVariable;
    settings.timeoutSeconds = 5.0;
    settings.retries = 0;
    settings.concurrency = 1;
    surrogate::LlmSurrogate llm(settings, surrogate::PromptSet::builtIn(false));

    std::vector<ComparisonPair> pairs(2);
    std::vector<surrogate::KernelRuntimeQuery> queries;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        pairs[i].id = "pair-" + std::to_string(i);
        pairs[i].pack = "t";
        pairs[i].referenceCode = "extern \"C\" __global__ void k() {}\n";
        pairs[i].candidateCode = "extern \"C\" __global__ void k() { /* " + std::to_string(i) + " */ }\n";
        queries.push_back(surrogate::queryForPair(pairs[i]));
    }
    surrogate::SurrogateJob job(llm, std::move(queries));
    const auto results = job.results();

    // As kfx-cli forecast writes them.
    const surrogate::SecretRedactor redactor(surrogate::apiKeysNamedBy({kKeyVariable}));
    std::ofstream rows(dir / "predictions.jsonl");
    for (std::size_t i = 0; i < results.size(); ++i) {
        auto row = surrogate::predictionRow(pairs[i], "llm", 0, results[i]);
        // The rationale the model gave beside its tool call is what the GUI's records keep as the reasoning.
        if (row.forecast)
            row.forecast->reasoning += " / " + results[i].rationale;
        rows << surrogate::predictionRowJson(row, redactor) << '\n';
    }
    rows.close();
    const auto text = readText(dir / "predictions.jsonl");
    KFX_CHECK(contains(text, "\"predicted_bin\":6") && contains(text, "401"),
              "a forecast and a refusal are written: " + text);
}

} // namespace

int main()
{
    ::setenv(kKeyVariable, kKey.c_str(), 1);
    const auto dir = fs::temp_directory_path() / ("tst_secretredaction-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    redactsEveryEncoding();
    searchLogHoldsNoKey(dir);
    predictionRowsHoldNoKey(dir);

    const auto traces = keyTraces();
    int files = 0;
    for (const auto &entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file())
            continue;
        ++files;
        const auto text = readText(entry.path());
        for (const auto &trace : traces)
            KFX_CHECK(!contains(text, trace), entry.path().string() + " holds the key as " + trace + ":\n" + text);
    }
    KFX_CHECK(files >= 4, "the task, the log and the rows are written");
    fs::remove_all(dir);
    return kfx::test::finish();
}
