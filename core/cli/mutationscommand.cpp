// kfx-cli mutations check: validates a template-mutations directory (kfx-mutations/1, the generative stand-in for
// the LLM mutator) and writes each template at the ends of its knob ranges and with each of its bugs, so that the
// templates can be compiled and measured before a search draws from them.
// kfx-cli mutations space: writes every kernel of the templates' space, the input of a measured landscape.
#include "commands.h"
#include "optionreader.h"

#include "search/templatemutator.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace kfx::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kUsage =
    "usage: kfx-cli mutations check DIR [--out OUTDIR]\n"
    "  validates DIR/mutations.json and its templates and prints a summary; with --out writes every template at\n"
    "  its first and at its last knob values, and with each of its bugs, as OUTDIR/<template>__first.<ext>,\n"
    "  <template>__last.<ext> and <template>__bug_<name>.<ext>\n"
    "       kfx-cli mutations space DIR --out OUTDIR [--bugs]\n"
    "  writes every knob setting of every template as OUTDIR/k<number>.<ext> (its kfx-variant line names it); with\n"
    "  --bugs also every setting with each one of its template's bugs that applies there, as OUTDIR/b<number>.<ext>\n";

using search::KernelTemplate;
using search::TemplateMutator;
using search::TemplateVariant;

TemplateVariant firstValues(std::size_t templateIndex, const KernelTemplate &kernel)
{
    return {templateIndex, std::vector<std::size_t>(kernel.knobs.size(), 0), {}};
}

TemplateVariant lastValues(std::size_t templateIndex, const KernelTemplate &kernel)
{
    TemplateVariant variant{templateIndex, {}, {}};
    for (const auto &knob : kernel.knobs)
        variant.knobValues.push_back(knob.values.size() - 1);
    return variant;
}

std::string joined(const std::vector<std::string> &words)
{
    std::string text;
    for (const auto &word : words)
        text += (text.empty() ? "" : ", ") + word;
    return text.empty() ? "none" : text;
}

// Writes the files --out asks for, or only counts them when `out` is empty.
class CheckFiles {
public:
    CheckFiles(const TemplateMutator &mutator, fs::path out) : m_mutator(mutator), m_out(std::move(out))
    {
        const auto &seed = mutator.templates()[mutator.seed().templateIndex];
        m_extension = fs::path(seed.file).extension().string();
        if (!m_out.empty())
            fs::create_directories(m_out);
    }

    void write(const std::string &name, const TemplateVariant &variant, const std::string &note)
    {
        if (m_out.empty())
            return;
        const auto path = m_out / (name + m_extension);
        std::ofstream file(path, std::ios::binary);
        file << m_mutator.render(variant, note);
        if (!file)
            throw std::runtime_error(path.string() + ": cannot write");
        ++m_written;
    }
    int written() const { return m_written; }

private:
    const TemplateMutator &m_mutator;
    fs::path m_out;
    std::string m_extension;
    int m_written = 0;
};

// One template's summary lines and files; returns how many of its bugs apply at neither end of its knob ranges.
int checkTemplate(const TemplateMutator &mutator, std::size_t index, CheckFiles &files, std::ostream &out)
{
    const auto &kernel = mutator.templates()[index];
    std::vector<std::string> knobs, rewrites, bugs;
    for (const auto &knob : kernel.knobs)
        knobs.push_back(knob.name + " " + std::to_string(knob.values.size()));
    for (auto rewrite : kernel.rewrites)
        rewrites.push_back(mutator.templates()[rewrite].name);
    for (const auto &bug : kernel.bugs)
        bugs.push_back(bug.name);
    out << "template " << kernel.name << " (" << kernel.file << "): " << kernel.knobSpaceSize() << " knob settings ("
        << joined(knobs) << "); rewrites " << joined(rewrites) << "; bugs " << joined(bugs) << '\n';
    const auto first = firstValues(index, kernel);
    const auto last = lastValues(index, kernel);
    files.write(kernel.name + "__first", first, "check: " + kernel.name + " at its first knob values");
    files.write(kernel.name + "__last", last, "check: " + kernel.name + " at its last knob values");
    int neverApplied = 0;
    for (std::size_t bug = 0; bug < kernel.bugs.size(); ++bug) {
        const auto &name = kernel.bugs[bug].name;
        auto at = mutator.bugApplies(first, bug) ? first : last;
        if (!mutator.bugApplies(at, bug)) {
            out << "  bug " << name << ": its \"replace\" text occurs at neither the first nor the last knob values\n";
            ++neverApplied;
            continue;
        }
        out << "  bug " << name << ": applies at the " << (at == first ? "first" : "last") << " knob values\n";
        at.bugs.push_back(bug);
        files.write(kernel.name + "__bug_" + name, at, kernel.bugs[bug].summary);
    }
    return neverApplied;
}

// The templates no chain of rewrites leads to from the seed's: a search never writes them.
std::vector<std::string> unreachableTemplates(const TemplateMutator &mutator)
{
    const auto &templates = mutator.templates();
    std::vector<bool> reached(templates.size(), false);
    std::vector<std::size_t> open{mutator.seed().templateIndex};
    reached[open.back()] = true;
    while (!open.empty()) {
        const auto from = open.back();
        open.pop_back();
        for (auto to : templates[from].rewrites) {
            if (!reached[to]) {
                reached[to] = true;
                open.push_back(to);
            }
        }
    }
    std::vector<std::string> names;
    for (std::size_t index = 0; index < templates.size(); ++index) {
        if (!reached[index])
            names.push_back(templates[index].name);
    }
    return names;
}

int check(const std::string &directory, const std::string &outDirectory, std::ostream &out)
{
    const TemplateMutator mutator(directory);
    const auto &templates = mutator.templates();
    out << directory << ": kfx-mutations/1 for task " << mutator.taskDirectory() << '\n';
    out << "seed: " << mutator.describe(mutator.seed()) << '\n';
    const auto &weights = mutator.weights();
    out << "weights: knob " << weights.knob << ", rewrite " << weights.rewrite << ", bug " << weights.bug << '\n';
    CheckFiles files(mutator, outDirectory);
    double settings = 0;
    std::size_t bugs = 0;
    int neverApplied = 0;
    for (std::size_t index = 0; index < templates.size(); ++index) {
        neverApplied += checkTemplate(mutator, index, files, out);
        settings += templates[index].knobSpaceSize();
        bugs += templates[index].bugs.size();
    }
    out << templates.size() << " templates, " << settings << " knob settings, " << bugs << " bugs";
    if (neverApplied > 0)
        out << " (" << neverApplied << " found at neither end of the knob ranges)";
    out << '\n';
    if (const auto unreachable = unreachableTemplates(mutator); !unreachable.empty())
        out << "no rewrites lead from the seed's template to " << joined(unreachable) << '\n';
    if (!outDirectory.empty())
        out << "wrote " << files.written() << " files to " << outDirectory << '\n';
    return 0;
}

// Every knob setting of `kernel`, the last knob counting fastest.
std::vector<TemplateVariant> knobSettings(std::size_t templateIndex, const KernelTemplate &kernel)
{
    std::vector<TemplateVariant> settings;
    auto variant = firstValues(templateIndex, kernel);
    for (;;) {
        settings.push_back(variant);
        std::size_t knob = kernel.knobs.size();
        while (knob > 0 && ++variant.knobValues[knob - 1] == kernel.knobs[knob - 1].values.size())
            variant.knobValues[--knob] = 0;
        if (knob == 0)
            return settings;
    }
}

int writeSpace(const std::string &directory, const std::string &outDirectory, bool withBugs, std::ostream &out)
{
    const TemplateMutator mutator(directory);
    const auto &templates = mutator.templates();
    const auto extension = fs::path(templates[mutator.seed().templateIndex].file).extension().string();
    fs::create_directories(outDirectory);
    int settings = 0, bugs = 0;
    auto write = [&](char prefix, int number, const TemplateVariant &variant) {
        char name[16];
        std::snprintf(name, sizeof name, "%c%05d", prefix, number);
        const auto path = fs::path(outDirectory) / (name + extension);
        std::ofstream file(path, std::ios::binary);
        file << mutator.render(variant, "landscape: one kernel of the template space");
        if (!file)
            throw std::runtime_error(path.string() + ": cannot write");
    };
    for (std::size_t index = 0; index < templates.size(); ++index) {
        for (const auto &setting : knobSettings(index, templates[index])) {
            write('k', settings++, setting);
            for (std::size_t bug = 0; withBugs && bug < templates[index].bugs.size(); ++bug) {
                if (!mutator.bugApplies(setting, bug))
                    continue;
                auto buggy = setting;
                buggy.bugs.push_back(bug);
                write('b', bugs++, buggy);
            }
        }
    }
    out << directory << ": " << settings << " knob settings";
    if (withBugs)
        out << " and " << bugs << " single-bug variants";
    out << " written to " << outDirectory << '\n';
    return 0;
}

} // namespace

int runMutations(const Arguments &args, std::ostream &out, std::ostream &err)
{
    std::string outDirectory;
    bool help = false, withBugs = false;
    OptionReader reader("kfx-cli mutations");
    reader.value("--out", &outDirectory);
    reader.flag("--bugs", &withBugs);
    reader.flag("--help", &help);
    std::vector<std::string> positional;
    if (!reader.parse(args, err, &positional)) {
        err << kUsage;
        return 1;
    }
    if (help) {
        out << kUsage;
        return 0;
    }
    const bool space = positional.size() == 2 && positional[0] == "space";
    if (positional.size() != 2 || (positional[0] != "check" && !space) || (space && outDirectory.empty())) {
        err << kUsage;
        return 1;
    }
    try {
        if (space)
            return writeSpace(positional[1], outDirectory, withBugs, out);
        return check(positional[1], outDirectory, out);
    } catch (const std::exception &error) {
        err << "kfx-cli mutations: " << error.what() << '\n';
        return 2;
    }
}

} // namespace kfx::cli
