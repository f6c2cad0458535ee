// Template mutations (kfx-mutations/1), the generative stand-in for the LLM mutator: spec errors name the file and
// the entry or line, draws are reproducible from the search's seed, each mutation kind does what the contract says,
// a parent's neighbourhood runs dry with a reason, and whole searches over the stand-in fixture measure what their
// kernels' code says, replay to the driver's archive and resume to the same log.
//
// The fixture (tests/data/mutations/standin) has two templates whose first line is the stand-in worker's
// "kfx-standin: runtime_ns=" comment: the knobs THOUSANDS and HUNDREDS spell the runtime, so a kernel's speedup is
// 10000 / runtime; its bugs make the stand-in report a wrong result, a compile failure or an illegal address.

#include "io/fileloader.h"
#include "search/searchdriver.h"
#include "search/searchworkers.h"
#include "search/standinsource.h"
#include "search/templatemutator.h"
#include "testforecasts.h"
#include "testutils.h"
#include "textfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "testmain.h"

namespace tst_templatemutator {
namespace {

using namespace kfx;
using namespace kfx::search;

using kfx::test::lines;
using kfx::test::readText;

namespace {

namespace fs = std::filesystem;

const std::string kFixture = KFX_TEST_DATA_DIR "/mutations/standin";
const std::string kTask = KFX_DEMO_TASKS_DIR "/layer_norm";

// The kernel after the variant line and the edit note.
std::string bodyOf(const std::string &code)
{
    return code.substr(code.find('\n', code.find('\n') + 1) + 1);
}

std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The fixture copied with other weights (and the same templates).
std::string fixtureWithWeights(const QTemporaryDir &dir, const std::string &weights)
{
    const fs::path to = dir.path().toStdString();
    for (const auto *file : {"loop.cu", "vector.cu"})
        fs::copy_file(fs::path(kFixture) / file, to / file);
    auto spec = readText(fs::path(kFixture) / "mutations.json");
    const std::string original = R"("weights": {"knob": 0.55, "rewrite": 0.30, "bug": 0.15})";
    spec.replace(spec.find(original), original.size(), "\"weights\": " + weights);
    spec = replaced(spec, "../../../../resources/demo/tasks/layer_norm", kTask);
    std::ofstream(to / "mutations.json") << spec;
    return to.string();
}

// A one-template spec with the given template entry and file.
std::string writeSpec(const QTemporaryDir &dir, const std::string &templateEntry, const std::string &source,
                      const std::string &seed = "{\"template\": \"a\"}", const std::string &file = "a.cu")
{
    const fs::path to = dir.path().toStdString();
    std::ofstream(to / file) << source;
    // Ordinary string literals: Qt 5's moc reads raw ones as ordinary and loses its place in the file.
    std::ofstream(to / "mutations.json") << "{\"format\": \"kfx-mutations/1\", \"task\": \"" << kTask
                                         << "\", \"seed\": " << seed << ", \"templates\": {\"a\": " << templateEntry
                                         << "}}";
    return to.string();
}

// Specs that must be refused, each with a part of the message that says where and why.
struct SpecErrorCase {
    const char *name;
    std::string templateEntry, source, seed, expected;
};

const std::vector<SpecErrorCase> &specErrorCases()
{
    const std::string knobN = R"({"file": "a.cu", "summary": "s", "knobs": {"N": [1, 2, 3]})";
    const std::string seedA = R"({"template": "a"})";
    const std::string usesN = "int n = {{N}};\n";
    static const std::vector<SpecErrorCase> cases{
        {"knob without placeholder", knobN + "}", "int n = 1;\n", seedA, "knob N of template a has no {{N}}"},
        {"placeholder not a knob, with its line", knobN + "}", "int n = {{N}};\nint m = 0;\nint w = {{WARPS}};\n",
         seedA, "a.cu:3: {{WARPS}} is not a knob of template a"},
        {"rewrite into no template", knobN + R"(, "rewrites": ["b"]})", usesN, seedA,
         "mutations.json: \"templates\": \"a\": \"rewrites\": \"b\" is none of the other templates"},
        {"seed of no template", knobN + "}", usesN, R"({"template": "z"})",
         "mutations.json: \"seed\": \"template\": \"z\" is none of the templates"},
        {"seed value not listed", knobN + "}", usesN, R"({"template": "a", "knobs": {"N": 7}})",
         "mutations.json: \"seed\": \"knobs\": \"N\": 7 is not one of its values"},
        {"seed knob not the template's", knobN + "}", usesN, R"({"template": "a", "knobs": {"M": 1}})",
         "\"seed\": \"knobs\": \"M\": a has no such knob"},
        {"empty knob list", R"({"file": "a.cu", "summary": "s", "knobs": {"N": []}})", usesN, seedA,
         "\"knobs\": \"N\": expected a non-empty list"},
        {"knob value on two lines", R"({"file": "a.cu", "summary": "s", "knobs": {"N": ["a\nb"]}})", usesN, seedA,
         "\"knobs\": \"N\": \"a\nb\" spans lines"},
        {"bug that changes nothing",
         knobN + R"(, "bugs": [{"name": "b", "summary": "s", "replace": "n =", "with": "n ="}]})", usesN, seedA,
         "bug \"b\": \"replace\" must be some text"},
        {"file outside the directory", R"({"file": "../a.cu", "summary": "s", "knobs": {}})", usesN, seedA,
         "\"file\": \"../a.cu\" is outside the directory"},
        {"misspelt entry", knobN + R"(, "rewrite": []})", usesN, seedA,
         "\"templates\": \"a\": unknown entry \"rewrite\""},
    };
    return cases;
}

TemplateVariant variantOf(const TemplateMutator &mutator, const std::string &line)
{
    auto variant = mutator.recognise("// kfx-variant: " + line + "\n");
    if (!variant)
        qFatal("not a variant of the fixture: %s", line.c_str());
    return *variant;
}

// A population holding just `code`, as the search's root.
Population rootOnly(const std::string &code)
{
    Population population;
    KernelNode root;
    root.id = "ROOT";
    root.code = code;
    population.add(root);
    return population;
}

std::size_t addChild(Population &population, std::size_t parent, const std::string &code)
{
    KernelNode child;
    child.id = "CHILD" + std::to_string(population.size());
    child.code = code;
    const auto index = population.add(child);
    population.setParent(index, parent);
    return index;
}

MutationResult mutateRoot(TemplateMutator &mutator, const Population &population, int step, std::uint64_t seed = 7)
{
    return mutator.mutate({population, 0, step, 0, seed});
}

// The stand-in worker's speedup for a kernel (standinmeasureworker.cpp): 10000 / runtime_ns when it succeeds.
std::optional<double> standInSpeedup(const std::string &code)
{
    const auto at = code.find("kfx-standin: runtime_ns=");
    if (at == std::string::npos || code.find("outcome=", at) < code.find('\n', at))
        return std::nullopt;
    return 10000.0 / std::stod(code.substr(at + 24));
}

SearchWorkers standIns(int count)
{
    measure::MeasureOptions request;
    request.taskDirectory = "task";
    return startSearchWorkers({KFX_STANDIN_WORKER}, request, count, std::chrono::seconds(10));
}

// Forecasts every candidate alike: a selective search then measures the top k of each parent in the order drawn.
class EvenForecaster final : public CandidateForecaster {
public:
    std::string label() const override { return "even"; }
    std::vector<ForecastAnswer> forecast(std::span<const SearchKernel> candidates) override
    {
        return std::vector<ForecastAnswer>(candidates.size(), peaked(4, 0.5));
    }
    void learn(const SearchKernel &, std::optional<double>) override {}
};

SearchConfig searchConfig(SearchMode mode)
{
    SearchConfig c;
    c.mode = mode;
    c.steps = 40;
    c.batchSize = 2;
    c.samplesPerParent = mode == SearchMode::Standard ? 3 : 6;
    c.kPerParent = 2;
    c.seed = 11;
    // The fixture has about 80 kernels, and a selective search forecasts three for each it measures.
    c.budgetMeasurements = mode == SearchMode::Standard ? 20 : 12;
    c.taskName = "layer_norm";
    return c;
}

// How a child's variant differs from its parent's: one mutation of the contract, or a reason it is none.
std::string mutationKind(const TemplateMutator &mutator, const TemplateVariant &parent, const TemplateVariant &child)
{
    if (child.templateIndex != parent.templateIndex)
        return child.bugs.empty() ? "rewrite" : "rewrite keeping a bug";
    int knobsMoved = 0;
    for (std::size_t k = 0; k < child.knobValues.size(); ++k)
        knobsMoved += child.knobValues[k] != parent.knobValues[k] ? 1 : 0;
    if (knobsMoved == 1) {
        // The parent's bugs stay, unless the new knob values leave nothing for a bug to change.
        for (auto bug : parent.bugs) {
            const bool kept = std::count(child.bugs.begin(), child.bugs.end(), bug) == 1;
            if (!kept && mutator.bugApplies(child, bug))
                return "knob move that lost a bug";
        }
        return child.bugs.size() <= parent.bugs.size() ? "knob" : "knob move that added a bug";
    }
    if (knobsMoved == 0 && child.bugs.size() == parent.bugs.size() + 1
        && std::includes(child.bugs.begin(), child.bugs.end(), parent.bugs.begin(), parent.bugs.end()))
        return "bug";
    return "none";
}

} // namespace

class TestTemplateMutator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void specErrorsNameTheFileAndTheEntry_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t row = 0; row < specErrorCases().size(); ++row)
            QTest::newRow(specErrorCases()[row].name) << int(row);
    }

    void specErrorsNameTheFileAndTheEntry()
    {
        QFETCH(int, row);
        const auto &errorCase = specErrorCases()[std::size_t(row)];
        QTemporaryDir dir;
        const auto directory = writeSpec(dir, errorCase.templateEntry, errorCase.source, errorCase.seed);
        try {
            TemplateMutator mutator(directory);
            QFAIL("the spec was accepted");
        } catch (const PoolError &error) {
            const std::string message = error.what();
            QVERIFY2(message.starts_with(directory + "/"), error.what());
            QVERIFY2(message.find(errorCase.expected) != std::string::npos, error.what());
        }
    }

    void codeBracesAreNotPlaceholders()
    {
        QTemporaryDir dir;
        const auto directory = writeSpec(dir, R"({"file": "a.cu", "summary": "s", "knobs": {"N": [1, 2]}})",
                                         "float a[1][1] = {{0}};\nint n = {{N}}; // {{ not a placeholder }}\n");
        TemplateMutator mutator(directory);
        QCOMPARE(bodyOf(mutator.seedCode()),
                 std::string("float a[1][1] = {{0}};\nint n = 1; // {{ not a placeholder }}\n"));
    }

    void seedIsItsTemplateAtItsKnobValues()
    {
        TemplateMutator mutator(kFixture);
        QCOMPARE(mutator.label(), "template mutations (stand-in for an LLM mutator): " + kFixture);
        QCOMPARE(mutator.taskDirectory(), fs::weakly_canonical(kTask).string());
        // The seed names THOUSANDS = 9; HUNDREDS is missing, so it takes its first value, 8.
        const auto seed = lines(mutator.seedCode());
        QCOMPARE(seed[0], std::string("// kfx-variant: loop THOUSANDS=9 HUNDREDS=8"));
        QCOMPARE(seed[1], std::string("// seed: one thread per row, a plain loop over its columns"));
        QCOMPARE(seed[2], std::string("// kfx-standin: runtime_ns=9800 mean=sum/cols"));
        QCOMPARE(
            bodyOf(mutator.seedCode()),
            replaced(replaced(readText(fs::path(kFixture) / "loop.cu"), "{{THOUSANDS}}", "9"), "{{HUNDREDS}}", "8"));
    }

    void pythonTemplatesUseHashComments()
    {
        QTemporaryDir dir;
        const auto directory = writeSpec(dir, R"({"file": "k.py", "summary": "a torch kernel", "knobs": {"N": [2]}})",
                                         "import torch\nN = {{N}}\n", R"({"template": "a"})", "k.py");
        TemplateMutator mutator(directory);
        QCOMPARE(mutator.seedCode(),
                 std::string("# kfx-variant: a N=2\n# seed: a torch kernel\nimport torch\nN = 2\n"));
    }

    void knobValuesMayHoldSpaces()
    {
        // Code as a knob value ("torch.softmax(x, dim=-1)", or nothing at all): the variant line still names it.
        QTemporaryDir dir;
        TemplateMutator mutator(writeSpec(dir,
                                          "{\"file\": \"k.py\", \"summary\": \"s\", \"knobs\": {\"SOFTMAX\": "
                                          "[\"torch.softmax(x, dim=-1)\", \"x.softmax(-1)\"], \"KEEP\": [\"\", "
                                          "\"keepdim=True\"]}, \"bugs\": [{\"name\": \"b\", \"summary\": \"s\", "
                                          "\"replace\": \"-1\", \"with\": \"0\"}]}",
                                          "y = {{SOFTMAX}}\nz = x.sum({{KEEP}})\n", "{\"template\": \"a\"}", "k.py"));
        QCOMPARE(lines(mutator.seedCode())[0], std::string("# kfx-variant: a SOFTMAX=torch.softmax(x, dim=-1) KEEP="));
        for (std::size_t softmax : {0, 1}) {
            for (std::size_t keep : {0, 1}) {
                for (const auto &bugs : {std::vector<std::size_t>{}, std::vector<std::size_t>{0}}) {
                    const TemplateVariant variant{0, {softmax, keep}, bugs};
                    QCOMPARE(mutator.recognise(mutator.render(variant, "note")), std::optional(variant));
                }
            }
        }
    }

    void sameSeedWritesTheSameChildren()
    {
        auto children = [](std::uint64_t seed) {
            TemplateMutator mutator(kFixture);
            const auto population = rootOnly(mutator.seedCode());
            std::vector<std::string> codes;
            for (int step = 0; step < 30; ++step)
                codes.push_back(mutateRoot(mutator, population, step, seed).code.value_or("failed"));
            return codes;
        };
        const auto first = children(7);
        QCOMPARE(children(7), first);
        QVERIFY(children(8) != first);
        QVERIFY(std::set<std::string>(first.begin(), first.end()).size() > 5); // the draws differ by step
    }

    void knobMovesOneKnobToANeighbourAndKeepsTheBug()
    {
        QTemporaryDir dir;
        TemplateMutator mutator(fixtureWithWeights(dir, R"({"knob": 1, "rewrite": 0, "bug": 0})"));
        // THOUSANDS [9, 8, 7] at 8, HUNDREDS [8, 6, 4, 2, 0] at 4: every knob has a neighbour either side.
        const auto parent = variantOf(mutator, "loop THOUSANDS=8 HUNDREDS=4 bug=wrong_mean");
        const auto population = rootOnly(mutator.render(parent, "parent"));
        const auto &knobs = mutator.templates()[parent.templateIndex].knobs;
        int draws = 0, neighbours = 0;
        for (int step = 0; step < 300; ++step) {
            const auto code = mutateRoot(mutator, population, step).code;
            QVERIFY(code);
            const auto child = mutator.recognise(*code);
            QVERIFY(child);
            QCOMPARE(child->templateIndex, parent.templateIndex);
            QCOMPARE(child->bugs, parent.bugs);
            std::vector<std::size_t> moved;
            for (std::size_t k = 0; k < knobs.size(); ++k) {
                if (child->knobValues[k] != parent.knobValues[k])
                    moved.push_back(k);
            }
            QCOMPARE(int(moved.size()), 1);
            const auto k = moved[0];
            const auto &values = knobs[k].values;
            QCOMPARE(lines(*code)[1],
                     "// changed " + knobs[k].name + " from " + values[parent.knobValues[k]] + " to "
                         + values[child->knobValues[k]]);
            const auto runtime = k == 0 ? values[child->knobValues[0]] + "400"
                                        : "8" + values[child->knobValues[1]] + "00";
            QCOMPARE(lines(*code)[2], "// kfx-standin: runtime_ns=" + runtime + " mean=sum outcome=incorrect");
            ++draws;
            const auto distance = std::max(child->knobValues[k], parent.knobValues[k])
                - std::min(child->knobValues[k], parent.knobValues[k]);
            neighbours += distance == 1 ? 1 : 0;
        }
        // Far moves: 1 in 5, and only HUNDREDS (half the moves) has values two or more away (2 of its other 4):
        // about 5 in 100 moves land beyond a neighbour.
        QVERIFY2(draws - neighbours > 3 && draws - neighbours < 40, qPrintable(QString::number(draws - neighbours)));
    }

    void rewriteKeepsTheKnobValuesTheTemplatesShare()
    {
        QTemporaryDir dir;
        TemplateMutator mutator(fixtureWithWeights(dir, R"({"knob": 0, "rewrite": 1, "bug": 0})"));
        auto rewrites = [&](const std::string &parent) {
            const auto population = rootOnly(mutator.render(variantOf(mutator, parent), "parent"));
            std::map<std::string, std::set<std::string>> seen; // knob -> values the children took
            for (int step = 0; step < 60; ++step) {
                const auto code = mutateRoot(mutator, population, step).code;
                if (!code)
                    qFatal("a rewrite failed");
                const auto words = lines(*code)[0];
                std::istringstream in(words.substr(words.find("kfx-variant: ") + 13));
                std::string word;
                in >> word;
                seen["template"].insert(word);
                while (in >> word)
                    seen[word.substr(0, word.find('='))].insert(word.substr(word.find('=') + 1));
            }
            return seen;
        };
        // loop's THOUSANDS 7 and HUNDREDS 0 are in vector's lists: kept. VEC is vector's own: drawn. The bug goes.
        auto seen = rewrites("loop THOUSANDS=7 HUNDREDS=0 bug=wrong_mean");
        QCOMPARE(seen["template"], std::set<std::string>{"vector"});
        QCOMPARE(seen["THOUSANDS"], std::set<std::string>{"7"});
        QCOMPARE(seen["HUNDREDS"], std::set<std::string>{"0"});
        QCOMPARE(seen["VEC"], (std::set<std::string>{"float2", "float4"}));
        QVERIFY(!seen.contains("bug"));
        // 9 and 8 are not in vector's lists: any of its values.
        seen = rewrites("loop THOUSANDS=9 HUNDREDS=8");
        QCOMPARE(seen["THOUSANDS"], (std::set<std::string>{"7", "6", "5", "4"}));
        QCOMPARE(seen["HUNDREDS"], (std::set<std::string>{"5", "0"}));
        // And back: vector's THOUSANDS 7 is kept, its HUNDREDS 5 is not one of loop's.
        seen = rewrites("vector THOUSANDS=7 HUNDREDS=5 VEC=float4");
        QCOMPARE(seen["template"], std::set<std::string>{"loop"});
        QCOMPARE(seen["THOUSANDS"], std::set<std::string>{"7"});
        QVERIFY(seen["HUNDREDS"].size() > 1 && !seen["HUNDREDS"].contains("5"));
        QCOMPARE(lines(*mutateRoot(mutator, rootOnly(mutator.seedCode()), 0).code)[1],
                 std::string("// rewrote it as vector: one thread per row, loading several columns at once"));
    }

    void bugIsAppliedWhereItsTextOccurs()
    {
        QTemporaryDir dir;
        TemplateMutator mutator(fixtureWithWeights(dir, R"({"knob": 0, "rewrite": 0, "bug": 1})"));
        const std::map<std::string, std::pair<std::string, std::string>> fixtureBugs{
            {"wrong_mean", {"mean=sum/cols", "mean=sum outcome=incorrect"}},
            {"no_kernel", {"kfx-standin:", "kfx-broken:"}},
            {"misaligned", {"vec=float4", "vec=float4 outcome=runtime_error"}}};
        const std::map<std::string, std::string> summaries{
            {"wrong_mean", "sums the row without dividing by its length"},
            {"no_kernel", "drops the kernel's measurement comment"},
            {"misaligned", "loads float4 without checking the row's alignment"}};
        // The bug lists the children of a parent (its knobs, its bugs) got, each checked against the parent's code.
        auto bugged = [&](const std::string &knobs, const std::string &parentBugs, std::set<std::string> &lists) {
            const auto parent = knobs + (parentBugs.empty() ? "" : " bug=" + parentBugs);
            const auto population = rootOnly(mutator.render(variantOf(mutator, parent), "parent"));
            for (int step = 0; step < 40; ++step) {
                const auto result = mutateRoot(mutator, population, step);
                if (!result.code) {
                    lists.insert("failed: " + result.failureReason);
                    continue;
                }
                const auto line = lines(*result.code)[0];
                QVERIFY2(line.starts_with("// kfx-variant: " + knobs + " bug="), line.c_str());
                const auto list = line.substr(line.find(" bug=") + 5);
                lists.insert(list);
                std::string added;
                std::istringstream names(list);
                for (std::string name; std::getline(names, name, ',');)
                    added = name == parentBugs ? added : name;
                const auto &[from, to] = fixtureBugs.at(added);
                QCOMPARE(bodyOf(*result.code), replaced(bodyOf(population.node(0).code), from, to));
                QCOMPARE(lines(*result.code)[1], "// " + summaries.at(added));
            }
        };
        std::set<std::string> lists;
        bugged("loop THOUSANDS=8 HUNDREDS=4", "", lists);
        QCOMPARE(lists, (std::set<std::string>{"wrong_mean", "no_kernel"}));
        // A buggy parent gets the bug it lacks; the list stays in the template's order.
        lists.clear();
        bugged("loop THOUSANDS=8 HUNDREDS=4", "no_kernel", lists);
        QCOMPARE(lists, std::set<std::string>{"wrong_mean,no_kernel"});
        lists.clear();
        bugged("vector THOUSANDS=4 HUNDREDS=0 VEC=float4", "", lists);
        QCOMPARE(lists, std::set<std::string>{"misaligned"});
        // With float2 there is no "vec=float4" to break, and no other kind is weighted.
        lists.clear();
        bugged("vector THOUSANDS=4 HUNDREDS=0 VEC=float2", "", lists);
        QCOMPARE(int(lists.size()), 1);
        QVERIFY2(lists.begin()->find("no mutation of the weighted kinds applies") != std::string::npos,
                 lists.begin()->c_str());
    }

    void repeatsAreRedrawnUntilTheNeighbourhoodIsExhausted()
    {
        // One knob [1, 2, 3] at 1: its only children are N=2 (the neighbour) and N=3 (a far move).
        QTemporaryDir dir;
        TemplateMutator mutator(
            writeSpec(dir, R"({"file": "a.cu", "summary": "s", "knobs": {"N": [1, 2, 3]}})", "int n = {{N}};\n"));
        auto population = rootOnly(mutator.seedCode());
        const auto first = mutateRoot(mutator, population, 0);
        QVERIFY(first.code);
        addChild(population, 0, *first.code);
        // The same draw again gives the child the parent has: redrawn into the other value.
        const auto second = mutateRoot(mutator, population, 0);
        QVERIFY(second.code);
        QVERIFY(bodyOf(*second.code) != bodyOf(*first.code));
        QCOMPARE((std::set<std::string>{bodyOf(*first.code), bodyOf(*second.code)}),
                 (std::set<std::string>{"int n = 2;\n", "int n = 3;\n"}));
        addChild(population, 0, *second.code);
        const auto third = mutateRoot(mutator, population, 0);
        QVERIFY(!third.code);
        QVERIFY2(third.failureReason.find("neighbourhood of parent ROOT (a N=1) is exhausted") != std::string::npos,
                 third.failureReason.c_str());
    }

    void kernelsNewToTheSearchComeFirst()
    {
        // N [1, 2, 3]: the root N=1 has a child N=2, whose neighbours are N=1 (its parent) and N=3. Only N=3 is new
        // to the search, so it is the one drawn. Once N=3 is in the search too (as N=1's child), N=2's mutation
        // repeats a kernel from elsewhere in the tree rather than failing; once both are N=2's own, it fails.
        QTemporaryDir dir;
        TemplateMutator mutator(
            writeSpec(dir, R"({"file": "a.cu", "summary": "s", "knobs": {"N": [1, 2, 3]}})", "int n = {{N}};\n"));
        auto population = rootOnly(mutator.seedCode());
        const auto middle = addChild(population, 0, mutator.render(variantOf(mutator, "a N=2"), "note"));
        auto drawn = [&] {
            std::set<std::string> bodies;
            for (int step = 0; step < 20; ++step) {
                const auto result = mutator.mutate({population, middle, step, 0, 7});
                bodies.insert(result.code ? bodyOf(*result.code) : "failed: " + result.failureReason);
            }
            return bodies;
        };
        QCOMPARE(drawn(), std::set<std::string>{"int n = 3;\n"});
        addChild(population, 0, mutator.render(variantOf(mutator, "a N=3"), "N=2's sibling"));
        const auto repeats = drawn();
        QVERIFY(!repeats.empty());
        for (const auto &body : repeats)
            QVERIFY2(body == "int n = 1;\n" || body == "int n = 3;\n", body.c_str());
        addChild(population, middle, mutator.render(variantOf(mutator, "a N=1"), "note"));
        addChild(population, middle, mutator.render(variantOf(mutator, "a N=3"), "note"));
        const auto exhausted = drawn();
        QCOMPARE(int(exhausted.size()), 1);
        QVERIFY2(exhausted.begin()->find("(a N=2) is exhausted: 64 draws all repeated its code or a child's")
                     != std::string::npos,
                 exhausted.begin()->c_str());
    }

    void handWrittenParentFailsItsMutation()
    {
        TemplateMutator mutator(kFixture);
        const auto result = mutateRoot(mutator, rootOnly("__global__ void k() {}\n"), 0);
        QVERIFY(!result.code);
        QVERIFY2(result.failureReason.find("parent ROOT is not a template variant") != std::string::npos
                     && result.failureReason.find("hand-written") != std::string::npos,
                 result.failureReason.c_str());
        const auto unknown = mutateRoot(mutator, rootOnly("// kfx-variant: loop THOUSANDS=3 HUNDREDS=8\n"), 0);
        QVERIFY2(unknown.failureReason.find("gives THOUSANDS none of its values: \"3 HUNDREDS=8\"")
                     != std::string::npos,
                 unknown.failureReason.c_str());
    }

    void taskIsAnyKindTheWorkerMeasures()
    {
        // A GPU MODE task (task.yml) is accepted beside kfx-task/1; a directory that is no task is refused.
        QTemporaryDir dir;
        const auto directory = writeSpec(dir, R"({"file": "a.py", "summary": "s", "knobs": {}})", "x = 1\n",
                                         R"({"template": "a"})", "a.py");
        const auto spec = readText(fs::path(directory) / "mutations.json");
        const fs::path task = fs::path(directory) / "task";
        fs::create_directories(task);
        std::ofstream(fs::path(directory) / "mutations.json") << replaced(spec, kTask, task.string());
        try {
            TemplateMutator mutator(directory);
            QFAIL("a directory that is no task was accepted");
        } catch (const PoolError &error) {
            QVERIFY2(std::string(error.what()).find("\"task\": " + task.string() + " is no task") != std::string::npos,
                     error.what());
        }
        std::ofstream(task / "task.yml") << "files: []\n";
        QCOMPARE(TemplateMutator(directory).taskDirectory(), task.string());
    }

    void standInSourceOpensEitherKind()
    {
        QCOMPARE(openStandInSource(kFixture).source->label(), TemplateMutator(kFixture).label());
        const auto pool = openStandInSource(KFX_POOLS_DIR "/layer_norm");
        QVERIFY(pool.source->label().starts_with("candidate pool"));
        QCOMPARE(pool.taskDirectory, fs::weakly_canonical(kTask).string());
        QTemporaryDir empty;
        try {
            openStandInSource(empty.path().toStdString());
            QFAIL("an empty directory was a mutation source");
        } catch (const PoolError &error) {
            QVERIFY2(std::string(error.what()).starts_with(empty.path().toStdString() + ": neither pool.json"),
                     error.what());
        }
    }

    void searchMeasuresWhatItsKernelsSay_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("standard") << int(SearchMode::Standard);
        QTest::newRow("selective") << int(SearchMode::Selective);
    }

    void searchMeasuresWhatItsKernelsSay()
    {
        QFETCH(int, mode);
        QTemporaryDir dir;
        const auto c = searchConfig(SearchMode(mode));
        auto run = [&](const std::string &log) {
            TemplateMutator mutator(kFixture);
            auto workers = standIns(4);
            EvenForecaster forecaster;
            return SearchDriver(c, mutator, workers.pool, &forecaster,
                                dir.filePath(QString::fromStdString(log)).toStdString())
                .run(false);
        };
        const auto outcome = run("a.jsonl");
        QCOMPARE(outcome.measurements, *c.budgetMeasurements);
        QVERIFY(outcome.budgetSpent);

        // kfx's replay of the log reaches the driver's archive, with the stand-in's rewards.
        const auto file = loadFile(dir.filePath(QStringLiteral("a.jsonl")).toStdString(),
                                   {c.kPerParent, c.archiveCapacity});
        QVERIFY(file.population);
        QVERIFY(file.diagnostics.empty());
        const auto &replayed = *file.population;
        const auto &driven = *outcome.population;
        QCOMPARE(replayed.archive.size(), driven.archive.size());
        for (std::size_t i = 0; i < replayed.archive.size(); ++i) {
            const auto &node = replayed.node(replayed.archive[i]);
            QCOMPARE(node.id, driven.node(driven.archive[i]).id);
            QCOMPARE(node.reward(), standInSpeedup(node.code));
        }

        // Every child is one mutation of its parent, and every measured one measured as its code says.
        TemplateMutator mutator(kFixture);
        std::map<std::string, int> kinds;
        for (std::size_t i = 0; i < driven.size(); ++i) {
            const auto &node = driven.node(i);
            if (node.code.empty())
                continue;
            const auto variant = mutator.recognise(node.code);
            QVERIFY(variant);
            if (node.evaluation)
                QCOMPARE(node.reward(), standInSpeedup(node.code));
            if (node.parent != kNoNode)
                ++kinds[mutationKind(mutator, *mutator.recognise(driven.node(node.parent).code), *variant)];
        }
        QCOMPARE(kinds.count("none"), std::size_t(0));
        QVERIFY(kinds["knob"] > 0 && kinds["rewrite"] > 0 && kinds["bug"] > 0);
        QCOMPARE(int(kinds.size()), 3);

        // Another run of the same seed, at another time, writes the same kernels. (A selective search breaks ties
        // between forecasts by request id, which starts with the clock's millisecond: its choice depends on time.)
        if (SearchMode(mode) == SearchMode::Selective)
            return;
        const auto again = run("b.jsonl");
        QCOMPARE(again.population->size(), driven.size());
        for (std::size_t i = 0; i < driven.size(); ++i)
            QCOMPARE(again.population->node(i).code, driven.node(i).code);
    }

    void resumedSearchWritesTheSameLog()
    {
        // Mutation needs nothing but the parent's code: a search stopped mid-step resumes to the uninterrupted log.
        QTemporaryDir dir;
        const auto c = searchConfig(SearchMode::Standard);
        const auto clock = [] {
            return std::chrono::system_clock::time_point(std::chrono::milliseconds(1795000000000));
        };
        const std::string whole = dir.filePath(QStringLiteral("whole.jsonl")).toStdString();
        const std::string resumed = dir.filePath(QStringLiteral("resumed.jsonl")).toStdString();
        for (const auto &[log, stopAfter] : {std::pair{whole, 0}, std::pair{resumed, 23}}) {
            TemplateMutator mutator(kFixture);
            auto workers = standIns(2);
            SearchDriver driver(c, mutator, workers.pool, nullptr, log, clock);
            if (stopAfter > 0)
                driver.stopAfterEvents = stopAfter;
            QCOMPARE(driver.run(false).stopped, stopAfter > 0);
        }
        TemplateMutator mutator(kFixture);
        auto workers = standIns(2);
        SearchDriver(c, mutator, workers.pool, nullptr, resumed, clock).run(true);
        QCOMPARE(readText(resumed), readText(whole));
    }
};

KFX_TEST_GUILESS_MAIN(TestTemplateMutator)

} // namespace
} // namespace tst_templatemutator

#include "tst_templatemutator.moc"
