#include "templatemutator.h"

#include "canonicalkernel.h"
#include "searchlogwriter.h"
#include "specfile.h"

#include "io/confinedpath.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <initializer_list>
#include <numeric>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

constexpr int kDrawTries = 64;
constexpr double kFarKnobMoveChance = 0.2; // a knob move jumps to any other value 1 time in 5

bool isWord(std::string_view text)
{
    return !text.empty() && std::none_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

bool isIdentifier(std::string_view text)
{
    return !text.empty() && !std::isdigit(static_cast<unsigned char>(text[0]))
        && std::all_of(text.begin(), text.end(), isIdentifierChar);
}

// The search's generator, advanced in place: the draws that follow a state are a pure function of it.
std::uint64_t nextRandom(std::uint64_t &state)
{
    state = mix(state);
    return state;
}

std::size_t randomBelow(std::uint64_t &state, std::size_t count)
{
    return std::size_t(nextRandom(state) % count);
}

double randomUnit(std::uint64_t &state)
{
    return double(nextRandom(state) >> 11U) * 0x1.0p-53;
}

std::uint64_t textHash(std::string_view text)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL; // FNV-1a
    for (unsigned char c : text)
        hash = (hash ^ c) * 0x100000001b3ULL;
    return mix(hash);
}

// The code after its two comment lines (the variant line and the edit note): what the kernel is, whatever the
// note says about how it came about.
std::string_view kernelBody(std::string_view code)
{
    const auto first = code.find('\n');
    const auto second = first == std::string_view::npos ? first : code.find('\n', first + 1);
    return second == std::string_view::npos ? std::string_view{} : code.substr(second + 1);
}

std::size_t replaceAll(std::string &text, std::string_view from, std::string_view to)
{
    std::size_t count = 0;
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
        ++count;
    }
    return count;
}

void rejectUnknownKeys(const json::Object &object, std::initializer_list<std::string_view> known, const SpecFile &spec,
                       const std::string &where)
{
    for (auto [key, value] : object) {
        if (std::find(known.begin(), known.end(), key) == known.end())
            throw spec.error(where + ": unknown entry \"" + std::string(key) + "\"");
    }
}

// Reads the templates of a mutations.json in two passes: names first, so that a rewrite may name a template
// listed after it.
class SpecReader {
public:
    SpecReader(const SpecFile &spec, fs::path directory) : m_spec(spec), m_directory(std::move(directory)) {}

    std::vector<KernelTemplate> templates()
    {
        const auto object = json::requiredObject(m_spec.root(), "templates");
        std::vector<KernelTemplate> out;
        for (auto [name, value] : object) {
            if (!isWord(name))
                throw m_spec.error("\"templates\": \"" + std::string(name) + "\" is not a one-word template name");
            m_indices.emplace(std::string(name), out.size());
            out.push_back({});
            out.back().name = name;
        }
        if (out.empty())
            throw m_spec.error("\"templates\": no template");
        for (auto [name, value] : object)
            readTemplate(json::asObject(value, "template \"" + std::string(name) + "\""),
                         out[m_indices.at(std::string(name))]);
        return out;
    }

    TemplateVariant seed(const std::vector<KernelTemplate> &templates) const
    {
        const auto object = json::requiredObject(m_spec.root(), "seed");
        rejectUnknownKeys(object, {"template", "knobs"}, m_spec, "\"seed\"");
        const std::string name(json::requiredString(object, "template"));
        const auto found = m_indices.find(name);
        if (found == m_indices.end())
            throw m_spec.error("\"seed\": \"template\": \"" + name + "\" is none of the templates");
        const auto &kernel = templates[found->second];
        TemplateVariant seed{found->second, std::vector<std::size_t>(kernel.knobs.size(), 0), {}};
        if (auto knobs = json::optionalObject(object, "knobs")) {
            for (auto field : *knobs) {
                const std::string knob(field.key);
                const auto where = "\"seed\": \"knobs\": \"" + knob + "\"";
                const auto k = std::find_if(kernel.knobs.begin(), kernel.knobs.end(),
                                            [&](const auto &candidate) { return candidate.name == knob; });
                if (k == kernel.knobs.end())
                    throw m_spec.error(where + ": " + name + " has no such knob");
                const auto text = knobValue(field.value, where);
                const auto v = std::find(k->values.begin(), k->values.end(), text);
                if (v == k->values.end())
                    throw m_spec.error(where + ": " + text + " is not one of its values");
                seed.knobValues[std::size_t(k - kernel.knobs.begin())] = std::size_t(v - k->values.begin());
            }
        }
        return seed;
    }

    TemplateMutator::Weights weights() const
    {
        TemplateMutator::Weights weights;
        const auto object = json::optionalObject(m_spec.root(), "weights");
        if (!object)
            return weights;
        rejectUnknownKeys(*object, {"knob", "rewrite", "bug"}, m_spec, "\"weights\"");
        for (auto [key, target] : {std::pair{"knob", &weights.knob}, std::pair{"rewrite", &weights.rewrite},
                                   std::pair{"bug", &weights.bug}}) {
            if (auto value = json::optionalNumber(*object, key)) {
                if (*value < 0)
                    throw m_spec.error(std::string("\"weights\": \"") + key + "\": a chance cannot be negative");
                *target = *value;
            }
        }
        if (weights.knob + weights.rewrite + weights.bug <= 0)
            throw m_spec.error("\"weights\": every kind has weight 0");
        return weights;
    }

private:
    std::string knobValue(const json::Element &value, const std::string &where) const
    {
        if (!value.is_number() && !value.is_string())
            throw m_spec.error(where + ": a knob value is a number or a string");
        auto text = json::scalarText(value);
        if (text.find_first_of("\r\n") != std::string::npos)
            throw m_spec.error(where + ": \"" + text
                               + "\" spans lines: a knob value is written on the kfx-variant line");
        return text;
    }

    void readTemplate(const json::Object &object, KernelTemplate &kernel)
    {
        const auto where = "\"templates\": \"" + kernel.name + "\"";
        rejectUnknownKeys(object, {"file", "summary", "knobs", "rewrites", "bugs"}, m_spec, where);
        kernel.file = json::requiredString(object, "file");
        kernel.summary = json::requiredString(object, "summary");
        if (kernel.summary.find('\n') != std::string::npos)
            throw m_spec.error(where + ": \"summary\" is one line");
        for (auto [name, values] : json::requiredObject(object, "knobs"))
            kernel.knobs.push_back(readKnob(name, values, where));
        if (auto rewrites = json::optionalArray(object, "rewrites")) {
            for (auto element : *rewrites) {
                const std::string target(json::asString(element, where + ": \"rewrites\""));
                const auto found = m_indices.find(target);
                if (found == m_indices.end() || target == kernel.name)
                    throw m_spec.error(where + ": \"rewrites\": \"" + target + "\" is none of the other templates");
                kernel.rewrites.push_back(found->second);
            }
        }
        if (auto bugs = json::optionalArray(object, "bugs")) {
            for (auto element : *bugs)
                kernel.bugs.push_back(readBug(json::asObject(element, where + ": a bug"), kernel, where));
        }
        readSource(kernel, where);
    }

    KernelTemplate::Knob readKnob(std::string_view name, const json::Element &values, const std::string &where) const
    {
        const auto at = where + ": \"knobs\": \"" + std::string(name) + "\"";
        if (!isIdentifier(name) || name == "bug")
            throw m_spec.error(at + ": a knob's name is letters, digits and _ (and not \"bug\")");
        KernelTemplate::Knob knob{std::string(name), {}};
        simdjson::dom::array list;
        if (values.get_array().get(list) || list.size() == 0)
            throw m_spec.error(at + ": expected a non-empty list of values");
        for (auto value : list) {
            auto text = knobValue(value, at);
            if (std::find(knob.values.begin(), knob.values.end(), text) != knob.values.end())
                throw m_spec.error(at + ": " + text + " is listed twice");
            knob.values.push_back(std::move(text));
        }
        return knob;
    }

    KernelTemplate::Bug readBug(const json::Object &object, const KernelTemplate &kernel,
                                const std::string &where) const
    {
        rejectUnknownKeys(object, {"name", "summary", "replace", "with"}, m_spec, where + ": a bug");
        KernelTemplate::Bug bug{
            std::string(json::requiredString(object, "name")), std::string(json::requiredString(object, "summary")),
            std::string(json::requiredString(object, "replace")), std::string(json::requiredString(object, "with"))};
        const auto at = where + ": bug \"" + bug.name + "\"";
        if (!isWord(bug.name) || bug.name.find(',') != std::string::npos)
            throw m_spec.error(at + ": a bug's name is one word without commas");
        if (std::any_of(kernel.bugs.begin(), kernel.bugs.end(), [&](const auto &b) { return b.name == bug.name; }))
            throw m_spec.error(at + ": named twice");
        if (bug.summary.find('\n') != std::string::npos)
            throw m_spec.error(at + ": \"summary\" is one line");
        if (bug.replace.empty() || bug.replace == bug.with)
            throw m_spec.error(at + ": \"replace\" must be some text that \"with\" changes");
        return bug;
    }

    // Cuts the template file at its {{KNOB}} placeholders: every placeholder a knob, every knob used.
    void readSource(KernelTemplate &kernel, const std::string &where) const
    {
        fs::path path;
        try {
            path = io::resolveInside(m_directory, kernel.file);
        } catch (const io::ConfinedPathError &error) {
            throw m_spec.error(where + ": \"file\": " + error.what());
        }
        kernel.commentPrefix = fs::path(kernel.file).extension() == ".py" ? "#" : "//";
        const auto source = readSpecText(path);
        std::vector<bool> used(kernel.knobs.size(), false);
        std::size_t literalStart = 0;
        for (auto open = source.find("{{"); open != std::string::npos; open = source.find("{{", open + 1)) {
            auto end = open + 2;
            while (end < source.size() && isIdentifierChar(source[end]))
                ++end;
            const bool named = end > open + 2 && !std::isdigit(static_cast<unsigned char>(source[open + 2]));
            if (!named || source.compare(end, 2, "}}") != 0)
                continue; // braces of the code itself ("= {{0}};")
            const auto name = std::string_view(source).substr(open + 2, end - open - 2);
            const auto knob = std::find_if(kernel.knobs.begin(), kernel.knobs.end(),
                                           [&](const auto &k) { return k.name == name; });
            if (knob == kernel.knobs.end()) {
                const auto line = 1 + std::count(source.begin(), source.begin() + std::ptrdiff_t(open), '\n');
                throw PoolError(path.string() + ":" + std::to_string(line) + ": {{" + std::string(name)
                                + "}} is not a knob of template " + kernel.name + " (" + m_spec.path().string() + ")");
            }
            const auto index = std::size_t(knob - kernel.knobs.begin());
            used[index] = true;
            kernel.pieces.push_back({source.substr(literalStart, open - literalStart), index});
            literalStart = end + 2;
            open = end + 1;
        }
        kernel.pieces.push_back({source.substr(literalStart), std::nullopt});
        for (std::size_t k = 0; k < used.size(); ++k) {
            if (!used[k])
                throw PoolError(path.string() + ": knob " + kernel.knobs[k].name + " of template " + kernel.name
                                + " has no {{" + kernel.knobs[k].name + "}} placeholder (" + m_spec.path().string()
                                + ")");
        }
    }

    const SpecFile &m_spec;
    fs::path m_directory;
    std::unordered_map<std::string, std::size_t> m_indices;
};

} // namespace

double KernelTemplate::knobSpaceSize() const
{
    return std::accumulate(knobs.begin(), knobs.end(), 1.0,
                           [](double size, const Knob &knob) { return size * double(knob.values.size()); });
}

struct TemplateMutator::Draw {
    TemplateVariant variant;
    std::string note;
};

TemplateMutator::TemplateMutator(const std::string &directory) : m_directory(directory)
{
    const SpecFile spec(fs::path(directory) / "mutations.json", "kfx-mutations/1");
    try {
        rejectUnknownKeys(spec.root(), {"format", "task", "seed", "weights", "templates"}, spec, "mutations");
        SpecReader reader(spec, directory);
        m_templates = reader.templates();
        m_seed = reader.seed(m_templates);
        m_weights = reader.weights();
    } catch (const json::FieldError &error) {
        throw spec.error(error.what());
    }
    m_task = spec.taskDirectory();
}

std::string TemplateMutator::label() const
{
    return "template mutations (stand-in for an LLM mutator): " + m_directory;
}

std::string TemplateMutator::seedCode() const
{
    return render(m_seed, "seed: " + m_templates[m_seed.templateIndex].summary);
}

std::string TemplateMutator::body(TemplateVariant &variant) const
{
    const auto &kernel = m_templates[variant.templateIndex];
    std::string code;
    for (const auto &piece : kernel.pieces) {
        code += piece.text;
        if (piece.knob)
            code += kernel.knobs[*piece.knob].values[variant.knobValues[*piece.knob]];
    }
    std::erase_if(variant.bugs, [&](std::size_t bug) {
        return replaceAll(code, kernel.bugs[bug].replace, kernel.bugs[bug].with) == 0;
    });
    return code;
}

std::string TemplateMutator::render(TemplateVariant variant, std::string_view note) const
{
    const auto code = body(variant);
    const auto &prefix = m_templates[variant.templateIndex].commentPrefix;
    return prefix + " kfx-variant: " + describe(variant) + '\n' + prefix + ' ' + std::string(note) + '\n' + code;
}

bool TemplateMutator::bugApplies(const TemplateVariant &variant, std::size_t bug) const
{
    auto applied = variant;
    return body(applied).find(m_templates[variant.templateIndex].bugs[bug].replace) != std::string::npos;
}

std::string TemplateMutator::describe(const TemplateVariant &variant) const
{
    const auto &kernel = m_templates[variant.templateIndex];
    std::string text = kernel.name;
    for (std::size_t k = 0; k < kernel.knobs.size(); ++k)
        text += ' ' + kernel.knobs[k].name + '=' + kernel.knobs[k].values[variant.knobValues[k]];
    for (std::size_t i = 0; i < variant.bugs.size(); ++i)
        text += (i == 0 ? " bug=" : ",") + kernel.bugs[variant.bugs[i]].name;
    return text;
}

std::optional<TemplateVariant> TemplateMutator::recognise(std::string_view code, std::string *why) const
{
    const auto line = code.substr(0, code.find('\n'));
    const auto marker = line.find("kfx-variant: ");
    if (marker == std::string_view::npos) {
        if (why)
            *why = "its first line is no \"kfx-variant:\" line (hand-written code)";
        return std::nullopt;
    }
    return variantNamed(line.substr(marker + 13), why);
}

std::optional<TemplateVariant> TemplateMutator::variantNamed(std::string_view description, std::string *why) const
{
    auto fail = [why](std::string reason) -> std::optional<TemplateVariant> {
        if (why)
            *why = std::move(reason);
        return std::nullopt;
    };
    auto rest = description;
    const auto name = rest.substr(0, rest.find(' '));
    const auto kernel = std::find_if(m_templates.begin(), m_templates.end(),
                                     [&](const auto &t) { return t.name == name; });
    if (kernel == m_templates.end())
        return fail("its kfx-variant line names no template of this directory: \"" + std::string(name) + "\"");
    rest.remove_prefix(name.size());
    TemplateVariant variant{std::size_t(kernel - m_templates.begin()), {}, {}};
    // The knobs come in the template's order, and a value may hold spaces: a value is the one of the knob's list
    // that the next knob's name (or the bug list, or the line's end) follows.
    for (std::size_t k = 0; k < kernel->knobs.size(); ++k) {
        const auto &knob = kernel->knobs[k];
        const auto key = ' ' + knob.name + '=';
        if (!rest.starts_with(key))
            return fail("its kfx-variant line gives no value to knob " + knob.name + " after " + std::string(name));
        rest.remove_prefix(key.size());
        const auto next = k + 1 < kernel->knobs.size() ? ' ' + kernel->knobs[k + 1].name + '=' : std::string(" bug=");
        const auto value = std::find_if(knob.values.begin(), knob.values.end(), [&](const std::string &v) {
            const auto after = rest.substr(std::min(v.size(), rest.size()));
            return rest.starts_with(v) && (after.empty() || after.starts_with(next));
        });
        if (value == knob.values.end())
            return fail("its kfx-variant line gives " + knob.name + " none of its values: \"" + std::string(rest)
                        + "\"");
        variant.knobValues.push_back(std::size_t(value - knob.values.begin()));
        rest.remove_prefix(value->size());
    }
    if (rest.starts_with(" bug=")) {
        std::istringstream names{std::string(rest.substr(5))};
        for (std::string bugName; std::getline(names, bugName, ',');) {
            const auto bug = std::find_if(kernel->bugs.begin(), kernel->bugs.end(),
                                          [&](const auto &b) { return b.name == bugName; });
            if (bug == kernel->bugs.end())
                return fail("its kfx-variant line names a bug " + kernel->name + " does not have: " + bugName);
            variant.bugs.push_back(std::size_t(bug - kernel->bugs.begin()));
        }
    } else if (!rest.empty()) {
        return fail("its kfx-variant line ends in \"" + std::string(rest) + "\", not a bug list");
    }
    std::sort(variant.bugs.begin(), variant.bugs.end());
    variant.bugs.erase(std::unique(variant.bugs.begin(), variant.bugs.end()), variant.bugs.end());
    return variant;
}

std::optional<TemplateMutator::Draw> TemplateMutator::drawKnobMove(const TemplateVariant &parent,
                                                                   std::uint64_t &state) const
{
    const auto &kernel = m_templates[parent.templateIndex];
    std::vector<std::size_t> movable;
    for (std::size_t k = 0; k < kernel.knobs.size(); ++k) {
        if (kernel.knobs[k].values.size() > 1)
            movable.push_back(k);
    }
    if (movable.empty())
        return std::nullopt;
    const auto k = movable[randomBelow(state, movable.size())];
    const auto &values = kernel.knobs[k].values;
    const auto from = parent.knobValues[k];
    std::size_t to;
    if (randomUnit(state) < kFarKnobMoveChance) {
        to = (from + 1 + randomBelow(state, values.size() - 1)) % values.size();
    } else {
        std::vector<std::size_t> neighbours;
        if (from > 0)
            neighbours.push_back(from - 1);
        if (from + 1 < values.size())
            neighbours.push_back(from + 1);
        to = neighbours[randomBelow(state, neighbours.size())];
    }
    Draw draw{parent, "changed " + kernel.knobs[k].name + " from " + values[from] + " to " + values[to]};
    draw.variant.knobValues[k] = to;
    return draw;
}

std::optional<TemplateMutator::Draw> TemplateMutator::drawRewrite(const TemplateVariant &parent,
                                                                  std::uint64_t &state) const
{
    const auto &from = m_templates[parent.templateIndex];
    if (from.rewrites.empty())
        return std::nullopt;
    const auto target = from.rewrites[randomBelow(state, from.rewrites.size())];
    const auto &to = m_templates[target];
    Draw draw{{target, {}, {}}, "rewrote it as " + to.name + ": " + to.summary};
    for (const auto &knob : to.knobs) {
        std::optional<std::size_t> kept;
        for (std::size_t k = 0; k < from.knobs.size(); ++k) {
            if (from.knobs[k].name != knob.name)
                continue;
            const auto at = std::find(knob.values.begin(), knob.values.end(),
                                      from.knobs[k].values[parent.knobValues[k]]);
            if (at != knob.values.end())
                kept = std::size_t(at - knob.values.begin());
        }
        draw.variant.knobValues.push_back(kept ? *kept : randomBelow(state, knob.values.size()));
    }
    return draw;
}

std::optional<TemplateMutator::Draw> TemplateMutator::drawBug(const TemplateVariant &parent, std::uint64_t &state) const
{
    const auto &kernel = m_templates[parent.templateIndex];
    std::vector<std::size_t> open;
    for (std::size_t bug = 0; bug < kernel.bugs.size(); ++bug) {
        if (!std::binary_search(parent.bugs.begin(), parent.bugs.end(), bug) && bugApplies(parent, bug))
            open.push_back(bug);
    }
    if (open.empty())
        return std::nullopt;
    const auto bug = open[randomBelow(state, open.size())];
    Draw draw{parent, kernel.bugs[bug].summary};
    draw.variant.bugs.insert(std::upper_bound(draw.variant.bugs.begin(), draw.variant.bugs.end(), bug), bug);
    return draw;
}

std::optional<TemplateMutator::Draw> TemplateMutator::drawMutation(const TemplateVariant &parent,
                                                                   std::uint64_t &state) const
{
    using DrawKind = std::optional<Draw> (TemplateMutator::*)(const TemplateVariant &, std::uint64_t &) const;
    const std::pair<DrawKind, double> kinds[] = {{&TemplateMutator::drawKnobMove, m_weights.knob},
                                                 {&TemplateMutator::drawRewrite, m_weights.rewrite},
                                                 {&TemplateMutator::drawBug, m_weights.bug}};
    // A kind that has nothing to offer this parent (no rewrites, no bug left) gives way to the others.
    std::vector<std::pair<Draw, double>> offers;
    double total = 0.0;
    for (const auto &[drawKind, weight] : kinds) {
        if (weight <= 0)
            continue;
        if (auto offer = (this->*drawKind)(parent, state)) {
            total += weight;
            offers.emplace_back(std::move(*offer), weight);
        }
    }
    if (offers.empty())
        return std::nullopt;
    auto pick = randomUnit(state) * total;
    auto chosen = offers.begin();
    while (chosen + 1 != offers.end() && pick >= chosen->second) {
        pick -= chosen->second;
        ++chosen;
    }
    return std::move(chosen->first);
}

MutationResult TemplateMutator::mutate(const MutationContext &context)
{
    const auto &parent = context.population.node(context.parent);
    std::string why;
    const auto variant = recognise(parent.code, &why);
    if (!variant)
        return {std::nullopt, "parent " + parent.id + " is not a template variant: " + why};
    std::unordered_set<std::string_view> family{kernelBody(parent.code)};
    for (auto child : parent.children)
        family.insert(kernelBody(context.population.node(child).code));
    std::unordered_set<std::string_view> known;
    for (std::size_t node = 0; node < context.population.size(); ++node)
        known.insert(kernelBody(context.population.node(node).code));

    // The node's id dates it by the wall clock; its variant is the same in every run of the search.
    auto state = mix(context.seed ^ mix(std::uint64_t(context.step) * 1000003ULL + std::uint64_t(context.slot))
                     ^ textHash(describe(*variant)));
    // A kernel new to the search is worth a measurement; one from elsewhere in the tree is what an LLM writes
    // when nothing new comes to it, and keeps the search moving; the parent's own or a child's is no mutation.
    std::optional<std::string> repeat;
    for (int attempt = 0; attempt < kDrawTries; ++attempt) {
        const auto draw = drawMutation(*variant, state);
        if (!draw)
            return {std::nullopt,
                    "no mutation of the weighted kinds applies to parent " + parent.id + " (" + describe(*variant)
                        + ")"};
        auto code = render(draw->variant, draw->note);
        if (!known.contains(kernelBody(code)))
            return {std::move(code), {}};
        if (!repeat && !family.contains(kernelBody(code)))
            repeat = std::move(code);
    }
    if (repeat)
        return {std::move(repeat), {}};
    return {std::nullopt,
            "the neighbourhood of parent " + parent.id + " (" + describe(*variant)
                + ") is exhausted: " + std::to_string(kDrawTries) + " draws all repeated its code or a child's"};
}

} // namespace kfx::search
