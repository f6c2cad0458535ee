// kfx-measure-search: measures a hand-written kernel lineage (resources/demo/search/<task>/lineage.json) with
// kfx-measure and writes it as a PUCT v2 events.jsonl (spec §3.6), the way the reference's v2 driver logs a
// search: the seed's evaluation in search_initialized, then per step step_started, one mutation_requested per
// child, and per child mutation_completed, evaluation_requested and evaluation_completed (or evaluation_failed
// on a timeout), then step_completed. The "mutation" is reading the variant's file; every timestamp and every
// figure is from this run. No Qt: it builds with the standalone worker build and runs on the GPU machine.
//
// usage: kfx-measure-search --worker KFX_MEASURE --lineage LINEAGE_JSON --out EVENTS_JSONL
//                           [--results WORKER_RESULTS_JSONL] [--timeout-ms N] [--budget-ms N] [--prefix "ssh gpu"]
// --results appends the worker's result lines, every timing sample included, for studying the spread.

#include "io/isotimestamp.h"
#include "io/jsonfields.h"
#include "io/jsonwriter.h"
#include "measure/evaluationrecord.h"
#include "measure/measureclient.h"
#include "measure/protocol.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using kfx::JsonWriter;
using Clock = std::chrono::system_clock;

// The reference's v2 archive rules that decide which children can be parents later (spec §4.1): k_per_parent 2,
// capacity 1000 (never reached here), exact-code dedupe. kfx replays the log with the same defaults.
constexpr std::size_t kKPerParent = 2;

struct Variant {
    std::string name;
    std::string parent; // empty for the seed
    int step = -1;      // -1 for the seed
    std::string expect; // "success", "compile_failed", "runtime_error", "incorrect", "timeout"
    std::string change;
};

struct Lineage {
    fs::path directory;
    fs::path task;
    std::vector<Variant> variants;
};

std::string readText(const fs::path &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw std::runtime_error("cannot read " + path.string());
    std::ostringstream content;
    content << file.rdbuf();
    return content.str();
}

Lineage readLineage(const fs::path &path)
{
    simdjson::dom::parser parser;
    const std::string text = readText(path);
    simdjson::dom::element root;
    if (parser.parse(text).get(root))
        throw std::runtime_error(path.string() + ": not JSON");
    const auto object = kfx::json::asObject(root, "lineage");
    Lineage lineage;
    lineage.directory = path.parent_path();
    lineage.task = fs::weakly_canonical(lineage.directory / std::string(kfx::json::requiredString(object, "task")));
    std::set<std::string> names;
    for (auto element : kfx::json::requiredArray(object, "variants")) {
        const auto entry = kfx::json::asObject(element, "variant");
        Variant variant;
        variant.name = std::string(kfx::json::requiredString(entry, "name"));
        variant.parent = std::string(kfx::json::optionalString(entry, "parent").value_or(""));
        variant.step = int(kfx::json::optionalInteger(entry, "step").value_or(-1));
        variant.expect = std::string(kfx::json::requiredString(entry, "expect"));
        variant.change = std::string(kfx::json::optionalString(entry, "change").value_or(""));
        if (!names.insert(variant.name).second)
            throw std::runtime_error(path.string() + ": variant " + variant.name + " appears twice");
        if (lineage.variants.empty() != variant.parent.empty())
            throw std::runtime_error(path.string() + ": the first variant, and only it, is the seed (no parent)");
        if (!variant.parent.empty() && !names.contains(variant.parent))
            throw std::runtime_error(path.string() + ": " + variant.name + "'s parent " + variant.parent
                                     + " is not listed before it");
        lineage.variants.push_back(std::move(variant));
    }
    if (lineage.variants.empty())
        throw std::runtime_error(path.string() + ": no variants");
    return lineage;
}

std::string isoNow()
{
    return kfx::io::isoTimestampUtc(Clock::now());
}

// 26-character Crockford base32 ULIDs (spec §3.5): the current millisecond, then 80 random bits. Made strictly
// increasing within the run, so sorting by ULID is sorting by creation.
class UlidSource {
public:
    std::string next()
    {
        static constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        auto ms = std::uint64_t(
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count());
        ms = std::max(ms, m_lastMs + 1);
        m_lastMs = ms;
        std::string out(26, '0');
        for (int i = 9; i >= 0; --i, ms >>= 5)
            out[std::size_t(i)] = kAlphabet[ms & 31U];
        for (int half = 0; half < 2; ++half) {
            std::uint64_t bits = m_random();
            for (int i = 0; i < 8; ++i, bits >>= 5)
                out[std::size_t(10 + half * 8 + i)] = kAlphabet[bits & 31U];
        }
        return out;
    }

private:
    std::uint64_t m_lastMs = 0;
    std::mt19937_64 m_random{std::random_device{}()};
};

// One child's measurement as the search sees it.
struct Outcome {
    std::string kind;             // the worker's result kind, or "timeout"
    std::optional<double> reward; // the aggregated speedup on success
    std::string evaluationJson;   // Evaluation[GpuModeKernelObservation], empty for a timeout
    std::string failureReason;    // evaluation_failed's reason (timeouts)
    double seconds = 0.0;
};

class SearchDriver {
public:
    SearchDriver(kfx::measure::MeasureClient &client, Lineage lineage, std::chrono::milliseconds timeout,
                 double budgetMs, std::ostream &events, std::ostream *results)
        : m_rawSamples(results != nullptr)
        , m_client(client)
        , m_lineage(std::move(lineage))
        , m_timeout(timeout)
        , m_budgetMs(budgetMs)
        , m_events(events)
        , m_results(results)
    {
    }

    int run()
    {
        const Variant &seed = m_lineage.variants.front();
        const std::string seedCode = readText(sourcePath(seed));
        const Outcome seedOutcome = measure(seed, seedCode);
        report(seed, seedOutcome);
        if (!seedOutcome.reward) {
            std::cerr << "kfx-measure-search: the seed " << seed.name << " did not measure (" << seedOutcome.kind
                      << "); a v2 search needs a measured root\n";
            return 1;
        }
        const std::string rootUlid = m_ulids.next();
        m_ulidOf[seed.name] = rootUlid;
        m_archive.insert(seed.name);
        m_archivedCode.insert(seedCode);
        {
            JsonWriter w;
            w.beginObject().field("kind", "search_initialized").key("root").beginObject();
            w.field("program_code", seedCode).key("ancestors").beginArray().endArray();
            w.key("evaluation").raw(seedOutcome.evaluationJson);
            w.field("ulid", rootUlid).field("is_seed", true).endObject().endObject();
            emit(w);
        }

        std::map<int, std::vector<const Variant *>> steps;
        for (const auto &variant : m_lineage.variants)
            if (!variant.parent.empty())
                steps[variant.step].push_back(&variant);
        int expected = 0;
        for (const auto &[step, children] : steps) {
            if (step != expected)
                std::cerr << "kfx-measure-search: warning: step " << step << " follows step " << expected - 1 << "\n";
            expected = step + 1;
            runStep(step, children);
        }
        std::cerr << "kfx-measure-search: " << m_lineage.variants.size() << " variants, " << m_mismatches
                  << " outcomes other than expected, " << m_lineageProblems << " lineage problems\n";
        return m_lineageProblems == 0 ? 0 : 1;
    }

private:
    fs::path sourcePath(const Variant &variant) const { return m_lineage.directory / (variant.name + ".cu"); }

    void emit(JsonWriter &w)
    {
        m_events << w.text() << '\n';
        m_events.flush();
    }

    Outcome measure(const Variant &variant, const std::string &code)
    {
        kfx::measure::MeasureOptions options;
        options.taskDirectory = m_lineage.task.string();
        options.candidateSource = code;
        options.candidateLabel = variant.name;
        options.timing = kfx::measure::TimingProtocol::Robust;
        options.timeBudgetMs = m_budgetMs;
        options.rawSamples = m_rawSamples;
        const std::string id = std::to_string(++m_requests);
        const auto start = std::chrono::steady_clock::now();
        const std::string line = m_client.call(id, kfx::measure::measureRequest(id, options), m_timeout);
        Outcome outcome;
        outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (m_results)
            *m_results << line << '\n';
        simdjson::dom::parser parser;
        simdjson::dom::element root;
        if (parser.parse(line).get(root))
            throw std::runtime_error("unreadable worker result: " + line);
        const auto result = kfx::json::asObject(root, "result");
        outcome.kind = std::string(kfx::json::requiredString(result, "kind"));
        if (outcome.kind == "timeout") {
            // The reference's driver answers a request past per_request_timeout_s with evaluation_failed.
            char reason[64];
            std::snprintf(reason, sizeof reason, "timeout after %.1fs", double(m_timeout.count()) / 1000.0);
            outcome.failureReason = reason;
            return outcome;
        }
        outcome.evaluationJson = kfx::measure::evaluationJson(result, outcome.reward);
        return outcome;
    }

    void report(const Variant &variant, const Outcome &outcome)
    {
        const bool asExpected = outcome.kind == variant.expect;
        m_mismatches += asExpected ? 0 : 1;
        char line[256];
        std::snprintf(line, sizeof line, "%-44s %-16s %8s %6.2fs%s\n", variant.name.c_str(), outcome.kind.c_str(),
                      outcome.reward ? (std::to_string(*outcome.reward).substr(0, 6) + "x").c_str() : "-",
                      outcome.seconds, asExpected ? "" : ("   (expected " + variant.expect + ")").c_str());
        std::cout << line << std::flush;
    }

    struct Child {
        const Variant *variant;
        std::string code;
        std::string mutationId;
        std::string ulid;
        Outcome outcome;
    };

    void runStep(int step, const std::vector<const Variant *> &variants)
    {
        std::vector<std::string> parents;
        for (const Variant *variant : variants)
            if (std::find(parents.begin(), parents.end(), variant->parent) == parents.end())
                parents.push_back(variant->parent);
        for (const auto &parent : parents) {
            if (!m_archive.contains(parent)) {
                ++m_lineageProblems;
                std::cerr << "kfx-measure-search: lineage problem: step " << step << "'s parent " << parent
                          << " is not in the archive (it failed, or was not among its parent's best " << kKPerParent
                          << " children)\n";
            }
        }
        {
            JsonWriter w;
            w.beginObject().field("kind", "step_started").field("step", step).key("parent_ulids").beginArray();
            for (const auto &parent : parents)
                w.value(m_ulidOf.at(parent));
            w.endArray().endObject();
            emit(w);
        }
        // As the reference's driver: every mutation of the step is requested at once, then each completed one is
        // sent to evaluation.
        std::vector<Child> children;
        for (const Variant *variant : variants) {
            Child child{variant, {}, m_ulids.next(), {}, {}};
            JsonWriter w;
            w.beginObject()
                .field("kind", "mutation_requested")
                .field("request_id", child.mutationId)
                .field("parent_ulid", m_ulidOf.at(variant->parent))
                .field("started_at", isoNow())
                .endObject();
            emit(w);
            children.push_back(std::move(child));
        }
        for (auto &child : children) {
            child.code = readText(sourcePath(*child.variant));
            {
                JsonWriter w;
                w.beginObject()
                    .field("kind", "mutation_completed")
                    .field("request_id", child.mutationId)
                    .field("code", child.code)
                    .field("completed_at", isoNow())
                    .endObject();
                emit(w);
            }
            const std::string evaluationId = m_ulids.next();
            child.ulid = m_ulids.next();
            m_ulidOf[child.variant->name] = child.ulid;
            {
                JsonWriter w;
                w.beginObject()
                    .field("kind", "evaluation_requested")
                    .field("request_id", evaluationId)
                    .field("child_ulid", child.ulid)
                    .field("parent_ulid", m_ulidOf.at(child.variant->parent))
                    .field("code", child.code)
                    .field("from_mutation_request_id", child.mutationId)
                    .field("started_at", isoNow())
                    .endObject();
                emit(w);
            }
            child.outcome = measure(*child.variant, child.code);
            report(*child.variant, child.outcome);
            JsonWriter w;
            w.beginObject();
            if (child.outcome.evaluationJson.empty()) {
                w.field("kind", "evaluation_failed")
                    .field("request_id", evaluationId)
                    .field("reason", child.outcome.failureReason);
            } else {
                w.field("kind", "evaluation_completed")
                    .field("request_id", evaluationId)
                    .key("evaluation")
                    .raw(child.outcome.evaluationJson);
            }
            w.field("completed_at", isoNow()).endObject();
            emit(w);
        }
        admit(children);
        JsonWriter w;
        w.beginObject().field("kind", "step_completed").field("step", step).endObject();
        emit(w);
    }

    // update_archive (spec §4.1): per parent, the best k valid children whose code is not archived yet.
    void admit(const std::vector<Child> &children)
    {
        std::map<std::string, std::vector<const Child *>> byParent;
        for (const auto &child : children)
            if (child.outcome.reward && m_archive.contains(child.variant->parent))
                byParent[child.variant->parent].push_back(&child);
        for (auto &[parent, group] : byParent) {
            std::stable_sort(group.begin(), group.end(),
                             [](const Child *a, const Child *b) { return *a->outcome.reward > *b->outcome.reward; });
            for (std::size_t i = 0; i < group.size() && i < kKPerParent; ++i) {
                if (!m_archivedCode.insert(group[i]->code).second)
                    continue;
                m_archive.insert(group[i]->variant->name);
            }
        }
    }

    bool m_rawSamples; // the worker's results, with every timing sample, go to `results`
    kfx::measure::MeasureClient &m_client;
    Lineage m_lineage;
    std::chrono::milliseconds m_timeout;
    double m_budgetMs;
    std::ostream &m_events;
    std::ostream *m_results;
    UlidSource m_ulids;
    std::map<std::string, std::string> m_ulidOf;
    std::set<std::string> m_archive;
    std::set<std::string> m_archivedCode;
    int m_requests = 0;
    int m_mismatches = 0;
    int m_lineageProblems = 0;
};

int usage()
{
    std::cerr << "usage: kfx-measure-search --worker KFX_MEASURE --lineage LINEAGE_JSON --out EVENTS_JSONL\n"
                 "                          [--results RESULTS_JSONL] [--timeout-ms N] [--budget-ms N] [--prefix P]\n";
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    std::map<std::string, std::string> options{{"--timeout-ms", "10000"}, {"--budget-ms", "2000"}};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (!arg.starts_with("--") || i + 1 >= argc)
            return usage();
        options[arg] = argv[++i];
    }
    for (const char *required : {"--worker", "--lineage", "--out"})
        if (!options.contains(required))
            return usage();
    try {
        Lineage lineage = readLineage(options["--lineage"]);
        std::ofstream events(options["--out"], std::ios::binary | std::ios::trunc);
        if (!events)
            throw std::runtime_error("cannot write " + options["--out"]);
        std::ofstream results;
        if (options.contains("--results"))
            results.open(options["--results"], std::ios::binary | std::ios::app);
        kfx::measure::MeasureClient client(
            kfx::measure::MeasureClient::withLaunchPrefix(options["--prefix"], {options["--worker"]}));
        SearchDriver driver(client, std::move(lineage), std::chrono::milliseconds(std::stoll(options["--timeout-ms"])),
                            std::stod(options["--budget-ms"]), events, results.is_open() ? &results : nullptr);
        const int status = driver.run();
        client.call("bye", kfx::measure::shutdownRequest("bye"), std::chrono::milliseconds(5000));
        return status;
    } catch (const std::exception &error) {
        std::cerr << "kfx-measure-search: " << error.what() << '\n';
        return 1;
    }
}
