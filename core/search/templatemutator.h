#pragma once

#include "mutationsource.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::search {

// One kernel a template mutator can write: a template, an index into each of its knobs' value lists, and the
// bugs applied (indices into the template's bugs, ascending).
struct TemplateVariant {
    std::size_t templateIndex = 0;
    std::vector<std::size_t> knobValues;
    std::vector<std::size_t> bugs;

    bool operator==(const TemplateVariant &) const = default;
};

// A kernel template of a mutations.json: its source cut at the {{KNOB}} placeholders.
struct KernelTemplate {
    struct Knob {
        std::string name;
        std::vector<std::string> values; // as their JSON text, strings without quotes
    };
    struct Bug {
        std::string name, summary, replace, with;
    };
    struct Piece {
        std::string text;                               // literal source before the placeholder
        std::optional<std::size_t> knob = std::nullopt; // the placeholder's knob; none after the last piece
    };

    std::string name, file, summary;
    std::vector<Knob> knobs;
    std::vector<std::size_t> rewrites; // template indices
    std::vector<Bug> bugs;
    std::vector<Piece> pieces;
    std::string commentPrefix; // "#" for Python, "//" otherwise

    // How many distinct knob settings it has.
    double knobSpaceSize() const;
};

// A generative stand-in for the LLM mutator (format kfx-mutations/1): kernel templates with knobs, rewrites into
// other templates and bugs, in a directory's mutations.json. A mutation recognises its parent by the parent
// code's "kfx-variant:" line and writes a child on demand: one knob moved to a neighbouring value, a rewrite into
// a related template that keeps the knob values they share, or a bug an LLM might make (kept by the children of a
// buggy kernel unless they are rewritten). Every draw is a pure function of the search's seed, the step, the slot,
// the parent's variant and the kernels the search already has, so a search and its resumption write the same
// children. A draw that repeats a kernel of the search is drawn again (measuring it twice adds nothing to a
// corpus), up to 64 times; then the first of those draws that is neither the parent's code nor a child's is taken.
class TemplateMutator final : public MutationSource {
public:
    struct Weights {
        double knob = 0.55, rewrite = 0.30, bug = 0.15;
    };

    // Throws PoolError naming the file and the entry at fault (and a template's line for its placeholders).
    explicit TemplateMutator(const std::string &directory);

    std::string label() const override;
    std::string seedCode() const override;
    MutationResult mutate(const MutationContext &context) override;

    // The task directory the templates are written for (absolute).
    const std::string &taskDirectory() const { return m_task; }
    const std::vector<KernelTemplate> &templates() const { return m_templates; }
    const TemplateVariant &seed() const { return m_seed; }
    const Weights &weights() const { return m_weights; }

    // A variant's code: the "kfx-variant:" line, `note` as the second comment line, then the template with its
    // knob values substituted and its bugs applied. A bug whose text does not occur is dropped from the variant.
    std::string render(TemplateVariant variant, std::string_view note) const;
    // Whether the bug's text occurs in the variant's code (with the variant's own bugs applied).
    bool bugApplies(const TemplateVariant &variant, std::size_t bug) const;
    // The variant a code's "kfx-variant:" line names, or nothing (with the reason) when it names none of these.
    std::optional<TemplateVariant> recognise(std::string_view code, std::string *why = nullptr) const;
    // The variant a description names (describe's text, as a landscape records it), or nothing with the reason.
    std::optional<TemplateVariant> variantNamed(std::string_view description, std::string *why = nullptr) const;
    // The variant line's text after "kfx-variant: ": "warp_per_row ROWS=4 UNROLL=2 bug=biased_variance".
    std::string describe(const TemplateVariant &variant) const;

private:
    struct Draw;
    // The template substituted with its bugs applied; a bug whose text does not occur is dropped from `variant`.
    std::string body(TemplateVariant &variant) const;
    std::optional<Draw> drawKnobMove(const TemplateVariant &parent, std::uint64_t &state) const;
    std::optional<Draw> drawRewrite(const TemplateVariant &parent, std::uint64_t &state) const;
    std::optional<Draw> drawBug(const TemplateVariant &parent, std::uint64_t &state) const;
    // One of the kinds above, by the weights among those that have something to offer; none when none has.
    std::optional<Draw> drawMutation(const TemplateVariant &parent, std::uint64_t &state) const;

    std::string m_directory;
    std::string m_task;
    std::vector<KernelTemplate> m_templates;
    TemplateVariant m_seed;
    Weights m_weights;
};

} // namespace kfx::search
