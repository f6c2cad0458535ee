#pragma once

#include "kernelquery.h"
#include "prompttemplate.h"

#include <string>

namespace kfx::surrogate {

// The tool names the templates refer to (spec §1.6, §1.7).
inline constexpr std::string_view kPredictToolName = "submit_kernel_runtime_estimate";
inline constexpr std::string_view kDeferToolName = "defer_to_real_evaluator";

// The variables a template sees, named as in the reference (spec §1.5): task, reference, candidate,
// hardware (None when absent; compute_capability a two-item list), tool_name, predict_tool_name,
// defer_tool_name.
TemplateValue promptContext(const KernelRuntimeQuery &query);

struct RenderedPrompt {
    std::string system;
    std::string user;
};

// A system and a user template, as files the user may point at (the paper's own render unchanged).
class PromptSet {
public:
    // Throws TemplateError for a template kfx cannot read.
    PromptSet(std::string_view systemSource, std::string_view userSource);
    // Reads both files; throws std::runtime_error when one cannot be read.
    static PromptSet fromFiles(const std::string &systemPath, const std::string &userPath);
    // kfx's own templates (resources/prompts/), built in: predict-only, or predict-or-defer.
    static PromptSet builtIn(bool allowDeferral);

    RenderedPrompt render(const KernelRuntimeQuery &query) const;
    // Part of the cache key: a changed template never reuses answers given to the old one.
    const std::string &hash() const { return m_hash; }

private:
    PromptTemplate m_system;
    PromptTemplate m_user;
    std::string m_hash;
};

} // namespace kfx::surrogate
