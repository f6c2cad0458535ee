#pragma once

#include "templatevalue.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// Raised for a template kfx cannot read or render, with what and where.
class TemplateError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A Jinja template restricted to what the reference's prompts use (spec §1.5), rendered as jinja2 does with
// its defaults (autoescape off, trim_blocks and lstrip_blocks off, keep_trailing_newline off):
//   {{ expr }}  where expr is a name, `a.b`, `a[0]`, a string or number literal, optionally `|format(args)`
//               (Python's printf-style `%` operator) — Undefined prints nothing, None prints "None"
//   {% if expr %} … {% elif expr %} … {% else %} … {% endif %}, with `not`
//   {# comments #}, and `-` on any tag to strip the whitespace beside it
// Tags leave the text around them untouched, so an `{% if %}` on its own line leaves that line's newline; line
// endings become "\n" and one trailing newline of the file is dropped. Anything else is a TemplateError, so
// a template using more of Jinja fails loudly instead of rendering differently.
class PromptTemplate {
public:
    // Throws TemplateError naming the line of the problem.
    static PromptTemplate parse(std::string_view source);
    // Throws TemplateError for a type error (e.g. `%.1f` of a string) or an attribute of an Undefined value.
    std::string render(const TemplateValue &context) const;

    struct Node;

private:
    std::shared_ptr<const std::vector<Node>> m_nodes;
};

} // namespace kfx::surrogate
