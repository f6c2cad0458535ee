#pragma once

#include "mutationsource.h"

#include <string>

namespace kfx::search {

struct LlmMutatorSettings {
    std::string endpoint; // an OpenAI-compatible server's base URL ("http://127.0.0.1:8000/v1")
    std::string model;
    // The NAME of the environment variable holding the API key (read per request, sent only as a header).
    std::string apiKeyEnv;
    double temperature = 1.0;
    int maxTokens = 16384;
    double timeoutSeconds = 300.0;
    int concurrency = 8; // requests in flight at once within a step
};

// Mutations from any OpenAI-compatible chat server, with kfx's own prompt: the task (its task.json and reference
// kernel), the parent's code, its per-case timings or its failure, and a request for a complete new submission in
// one fenced code block. The reply's last fenced block is the child; a reply without one, or a transport or
// server error, is the mutation's failure. The seed is the task's reference kernel.
class LlmMutator final : public MutationSource {
public:
    // Throws PoolError (the task directory's file at fault) when the task cannot be read.
    LlmMutator(LlmMutatorSettings settings, const std::string &taskDirectory);

    std::string label() const override { return "LLM " + m_settings.model + " at " + m_settings.endpoint; }
    std::string seedCode() const override { return m_reference; }
    MutationResult mutate(const MutationContext &context) override;
    int concurrency() const override { return m_settings.concurrency; }

    // The user message for a parent (public for tests and for `kfx-cli search --show-prompt` style tools).
    std::string prompt(const MutationContext &context) const;

private:
    LlmMutatorSettings m_settings;
    std::string m_taskJson;
    std::string m_reference;
};

// The last ``` fenced block of a reply, without its language tag; nothing when there is none.
std::optional<std::string> lastFencedBlock(std::string_view reply);

} // namespace kfx::search
