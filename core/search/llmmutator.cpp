#include "llmmutator.h"

#include "io/jsonwriter.h"
#include "surrogate/chatprotocol.h"
#include "surrogate/httpclient.h"
#include "surrogate/searchpairs.h"
#include "surrogate/secretredactor.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw PoolError(path.string() + ": cannot read");
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

constexpr std::string_view kSystemPrompt =
    "You are an expert GPU kernel engineer. You improve a kernel's speed while keeping its results correct. "
    "Answer with one complete submission in a single fenced code block.";

// What the search knows about the parent's measurement, as the model should read it.
std::string feedback(const KernelNode &parent)
{
    if (!parent.evaluation)
        return "not measured.";
    const auto &evaluation = *parent.evaluation;
    std::ostringstream out;
    if (evaluation.reward) {
        out << "correct; speedup " << *evaluation.reward << " over the reference";
        if (!evaluation.aggregationMethod.empty())
            out << " (" << evaluation.aggregationMethod << " over the cases)";
        out << ". Per case:\n";
        for (const auto &c : evaluation.cases) {
            out << "-";
            for (const auto &[name, value] : c.shape)
                out << ' ' << name << '=' << value;
            out << ": " << c.runtimeNs << " ns (reference " << c.refRuntimeNs << " ns, speedup " << c.speedup << ")\n";
        }
        return out.str();
    }
    out << outcomeKindName(evaluation.kind);
    if (!evaluation.errorName.empty())
        out << " (" << evaluation.errorName << ")";
    if (!evaluation.message.empty())
        out << ": " << evaluation.message;
    return out.str();
}

} // namespace

std::optional<std::string> lastFencedBlock(std::string_view reply)
{
    const auto close = reply.rfind("```");
    if (close == std::string_view::npos || close == 0)
        return std::nullopt;
    const auto open = reply.rfind("```", close - 1);
    if (open == std::string_view::npos)
        return std::nullopt;
    const auto bodyStart = reply.find('\n', open);
    if (bodyStart == std::string_view::npos || bodyStart >= close)
        return std::nullopt;
    return std::string(reply.substr(bodyStart + 1, close - bodyStart - 1));
}

LlmMutator::LlmMutator(LlmMutatorSettings settings, const std::string &taskDirectory) : m_settings(std::move(settings))
{
    const fs::path manifest = fs::path(taskDirectory) / "task.json";
    try {
        // task.json goes into every prompt as it is: it too only from inside the task (issue 27).
        m_taskJson = readFile(surrogate::taskFileInside(taskDirectory, "task.json", manifest.string()));
        const auto reference = surrogate::taskReferenceFile(taskDirectory);
        if (!reference)
            throw PoolError(manifest.string() + ": cannot read");
        m_reference = readFile(*reference);
    } catch (const surrogate::TaskReferenceError &error) {
        throw PoolError(error.what());
    }
    if (m_settings.endpoint.empty() || m_settings.model.empty())
        throw PoolError("an LLM mutator needs the server's URL and a model name");
}

std::string LlmMutator::prompt(const MutationContext &context) const
{
    const auto &parent = context.population.node(context.parent);
    std::ostringstream out;
    out << "The task (task.json):\n```json\n" << m_taskJson << "\n```\n\n";
    out << "The reference kernel:\n```\n" << m_reference << "\n```\n\n";
    out << "The kernel to improve:\n```\n" << parent.code << "\n```\n\n";
    out << "How it measured: " << feedback(parent) << "\n\n";
    out << "Write a complete new submission that is faster than this kernel and still correct: the same entry "
           "point and parameters, every output written. Answer with the whole source in one fenced code block.";
    return out.str();
}

MutationResult LlmMutator::mutate(const MutationContext &context)
{
    JsonWriter body;
    body.beginObject().field("model", m_settings.model).key("messages").beginArray();
    body.beginObject().field("role", "system").field("content", kSystemPrompt).endObject();
    body.beginObject().field("role", "user").field("content", prompt(context)).endObject();
    body.endArray().field("temperature", m_settings.temperature).field("max_tokens", m_settings.maxTokens).endObject();

    surrogate::HttpRequest request;
    request.url = m_settings.endpoint;
    if (!request.url.ends_with("/chat/completions"))
        request.url += (request.url.ends_with('/') ? "" : "/") + std::string("chat/completions");
    request.body = body.take();
    request.headers = {"Content-Type: application/json"};
    request.timeoutSeconds = m_settings.timeoutSeconds;
    std::vector<std::string> secrets;
    if (!m_settings.apiKeyEnv.empty()) {
        const char *key = std::getenv(m_settings.apiKeyEnv.c_str());
        if (!key || !*key)
            return {std::nullopt, "environment variable " + m_settings.apiKeyEnv + " is not set"};
        request.headers.push_back(std::string("Authorization: Bearer ") + key);
        secrets.emplace_back(key);
    }
    // The log's writer redacts the key too, but only where it is whole: an error body cut short here could end
    // halfway through an echoed key, so the body is redacted before it is cut.
    const surrogate::SecretRedactor redactor(std::move(secrets));
    std::promise<surrogate::HttpResponse> answered;
    auto response = answered.get_future();
    {
        surrogate::HttpClient client(1);
        client.submit(std::move(request),
                      [&answered](surrogate::HttpResponse reply) { answered.set_value(std::move(reply)); });
        response.wait();
    }
    const auto reply = response.get();
    if (reply.status == 0)
        return {std::nullopt, "no answer from " + m_settings.endpoint + ": " + redactor.redact(reply.transportError)};
    if (reply.status != 200)
        return {std::nullopt,
                "HTTP " + std::to_string(reply.status) + " from " + m_settings.endpoint + ": "
                    + redactor.redact(reply.body).substr(0, 500)};
    auto parsed = surrogate::parseChatReply(reply.body);
    if (auto *error = std::get_if<surrogate::ParseError>(&parsed))
        return {std::nullopt, "unreadable chat reply: " + error->message};
    auto code = lastFencedBlock(std::get<surrogate::ChatReply>(parsed).content);
    if (!code)
        return {std::nullopt, "the reply has no fenced code block"};
    return {std::move(code), {}};
}

} // namespace kfx::search
