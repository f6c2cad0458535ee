// The synthetic data generator: determinism, the published formats' shapes, and the bookkeeping a replay relies
// on, checked by parsing the output with simdjson rather than trusting the writer.

#include "generate/kerneltemplates.h"
#include "generate/syntheticgenerator.h"
#include "model/speedupbin.h"

#include <QtTest>

#include <simdjson.h>

#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "testmain.h"

namespace tst_generator {
namespace {

using namespace kfx;
using namespace kfx::generate;

namespace {

std::string generated(SyntheticKind kind, std::int64_t count, std::uint64_t seed)
{
    std::ostringstream out;
    SyntheticGenerator(seed).write(kind, count, out);
    return out.str();
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::vector<std::string> keysOf(simdjson::dom::object object)
{
    std::vector<std::string> keys;
    for (auto field : object)
        keys.emplace_back(field.key);
    return keys;
}

std::string text(simdjson::dom::element element, std::string_view key)
{
    return std::string(std::string_view(element[key]));
}

bool isUlid(std::string_view id)
{
    return id.size() == 26 && id[0] <= '7'
        && id.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ") == std::string_view::npos;
}

void checkCode(std::string_view code)
{
    QVERIFY2(code.size() >= kMinKernelBytes && code.size() <= kMaxKernelBytes,
             qPrintable(QStringLiteral("code of %1 bytes").arg(code.size())));
}

// Field orders as serialised by the reference (spec §3.6.1, §3.7).
const std::map<std::string, std::vector<std::string>> &v2Fields()
{
    static const std::map<std::string, std::vector<std::string>> fields{
        {"search_initialized", {"kind", "root"}},
        {"step_started", {"kind", "step", "parent_ulids"}},
        {"mutation_requested", {"kind", "request_id", "parent_ulid", "started_at"}},
        {"mutation_completed", {"kind", "request_id", "code", "completed_at"}},
        {"mutation_failed", {"kind", "request_id", "reason", "completed_at"}},
        {"evaluation_requested",
         {"kind", "request_id", "child_ulid", "parent_ulid", "code", "from_mutation_request_id", "started_at"}},
        {"evaluation_completed", {"kind", "request_id", "evaluation", "completed_at"}},
        {"evaluation_failed", {"kind", "request_id", "reason", "completed_at"}},
        {"step_completed", {"kind", "step"}},
    };
    return fields;
}

const std::map<std::string, std::vector<std::string>> &v3Fields()
{
    const std::vector<std::string> candidate{"kind", "step", "request_id", "parent_ulid"};
    const auto with = [&](std::initializer_list<std::string> more) {
        auto fields = candidate;
        fields.insert(fields.end(), more);
        return fields;
    };
    static const std::map<std::string, std::vector<std::string>> fields{
        {"search_initialized", {"kind", "root", "kernel_task", "seed_reference_code", "hardware"}},
        {"step_started", {"kind", "step", "parent_ulids", "selected_parent_scores"}},
        {"step_completed", {"kind", "step"}},
        {"mutation_requested", with({"started_at"})},
        {"mutation_completed", with({"code", "llm_usage", "completed_at"})},
        {"mutation_failed", with({"reason", "completed_at"})},
        {"forecast_requested", with({"code", "started_at"})},
        {"forecast_completed", with({"forecast", "llm_usage", "completed_at"})},
        {"forecast_failed", with({"reason", "completed_at"})},
        {"candidate_selected", with({"selection_score"})},
        {"candidate_deferred", with({"selection_score"})},
        {"evaluation_requested", with({"code", "started_at"})},
        {"evaluation_completed", with({"evaluation", "completed_at"})},
        {"evaluation_failed", with({"reason", "completed_at"})},
        {"mutations_drained", {"kind", "step", "parent_ulid"}},
        {"forecasts_drained", {"kind", "step", "parent_ulid"}},
        {"evaluations_drained", {"kind", "step", "parent_ulid"}},
    };
    return fields;
}

// The first record carries the synthetic marker after the published fields.
void checkFieldOrder(simdjson::dom::object object, std::vector<std::string> expected, bool first)
{
    if (first)
        expected.push_back("synthetic");
    QCOMPARE(keysOf(object), expected);
    if (first)
        QCOMPARE(bool(object["synthetic"]), true);
}

// A GPU-mode Evaluation: reward = geomean of the per-case speedups on success, null otherwise.
void checkEvaluation(simdjson::dom::element evaluation)
{
    QCOMPARE(keysOf(evaluation), (std::vector<std::string>{"observation", "reward"}));
    const simdjson::dom::element observation = evaluation["observation"];
    QCOMPARE(keysOf(observation), (std::vector<std::string>{"feedback", "per_case_results"}));
    const simdjson::dom::element feedback = observation["feedback"];
    const std::string kind = text(feedback, "kind");
    for (auto result : simdjson::dom::array(observation["per_case_results"])) {
        QCOMPARE(
            keysOf(result),
            (std::vector<std::string>{"correct", "runtime_ns", "ref_runtime_ns", "error_message", "runtime_error_name",
                                      "runtime_error", "traceback", "compilation_error", "failure_kind"}));
    }
    if (kind != "success") {
        QVERIFY(evaluation["reward"].is_null());
        static const std::map<std::string, std::vector<std::string>> failures{
            {"compile_failed", {"kind", "compilation_error"}},
            {"runtime_error", {"kind", "runtime_error_name", "runtime_error", "traceback"}},
            {"incorrect", {"kind", "error_message"}},
            {"infrastructure_failure", {"kind", "reason"}},
        };
        QVERIFY2(failures.contains(kind), kind.c_str());
        QCOMPARE(keysOf(feedback), failures.at(kind));
        return;
    }
    QCOMPARE(text(feedback, "aggregation_method"), std::string("geomean"));
    double logSum = 0.0;
    int cases = 0;
    for (auto speedup : simdjson::dom::array(feedback["per_case_speedups"])) {
        const auto keys = keysOf(speedup);
        QVERIFY(keys.size() > 3);
        QCOMPARE(std::vector<std::string>(keys.begin(), keys.begin() + 3),
                 (std::vector<std::string>{"speedup", "runtime_ns", "ref_runtime_ns"}));
        const std::set<std::string> shapes{"seqlen", "vocab_size", "num_tokens"};
        QVERIFY(shapes.contains(keys[3]));
        logSum += std::log(double(speedup["speedup"]));
        ++cases;
    }
    QVERIFY(cases == 3 || cases == 7);
    const double reward = double(evaluation["reward"]);
    QCOMPARE(reward, double(feedback["aggregated_speedup"]));
    QVERIFY(std::abs(reward - std::exp(logSum / cases)) < 1e-9 * reward);
}

void checkForecast(simdjson::dom::element forecast)
{
    QCOMPARE(keysOf(forecast),
             (std::vector<std::string>{"predicted_bin", "bin_probabilities", "reasoning", "raw_probability_sum"}));
    const auto bin = std::int64_t(forecast["predicted_bin"]);
    QVERIFY(bin >= 1 && bin <= 8);
    QCOMPARE(keysOf(forecast["bin_probabilities"]), (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8"}));
    double sum = 0.0;
    for (auto field : simdjson::dom::object(forecast["bin_probabilities"]))
        sum += double(field.value);
    QVERIFY(std::abs(sum - 1.0) <= 1e-6);
    QVERIFY(!text(forecast, "reasoning").empty());
}

} // namespace

class TestGenerator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindNames()
    {
        for (const auto kind :
             {SyntheticKind::PuctV2, SyntheticKind::PuctV3, SyntheticKind::EvalSet, SyntheticKind::Predictions})
            QCOMPARE(syntheticKindFromName(syntheticKindName(kind)), std::optional<SyntheticKind>(kind));
        QVERIFY(!syntheticKindFromName("puct-v4"));
    }

    void deterministic_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("count");
        QTest::newRow("puct-v2") << int(SyntheticKind::PuctV2) << 60;
        QTest::newRow("puct-v3") << int(SyntheticKind::PuctV3) << 30;
        QTest::newRow("eval-set") << int(SyntheticKind::EvalSet) << 40;
        QTest::newRow("predictions") << int(SyntheticKind::Predictions) << 10;
    }

    void deterministic()
    {
        QFETCH(int, kind);
        QFETCH(int, count);
        const auto first = generated(SyntheticKind(kind), count, 7);
        QVERIFY(!first.empty());
        QCOMPARE(generated(SyntheticKind(kind), count, 7), first);
        QVERIFY(generated(SyntheticKind(kind), count, 8) != first);
    }

    void kernelsStayWithinSize()
    {
        std::mt19937_64 random(3);
        for (const auto pack : kAllPacks) {
            checkCode(renderKernel(seedDesign(pack)));
            for (int lineage = 0; lineage < 40; ++lineage) {
                KernelDesign design = seedDesign(pack);
                design.flavour = std::uint32_t(random());
                for (int step = 0; step < 60; ++step) {
                    const std::string before = renderKernel(design);
                    const KernelEdit edit = mutateDesign(design, random);
                    QVERIFY(!edit.description.empty());
                    const std::string after = renderKernel(design);
                    checkCode(after);
                    QVERIFY(after != before);
                }
            }
        }
    }

    void puctV2()
    {
        constexpr std::int64_t kNodes = 300;
        const auto lines = splitLines(generated(SyntheticKind::PuctV2, kNodes, 11));
        simdjson::dom::parser parser;
        std::set<std::string> archiveKnown;           // every child ulid and the root
        std::map<std::string, int> mutationTerminals; // request_id -> terminal events
        std::set<std::string> completedMutations;
        std::set<std::string> mutationsEvaluated;
        std::map<std::string, int> evaluationTerminals;
        std::set<std::string> stepParents;
        std::string lastRequestTime;
        int openStep = -1;
        int steps = 0;
        std::int64_t nodes = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            simdjson::dom::element event;
            QVERIFY2(parser.parse(lines[i]).get(event) == simdjson::SUCCESS, lines[i].c_str());
            const std::string kind = text(event, "kind");
            QVERIFY2(v2Fields().contains(kind), kind.c_str());
            checkFieldOrder(event, v2Fields().at(kind), i == 0);
            QCOMPARE(kind == "search_initialized", i == 0);
            if (kind == "search_initialized") {
                const simdjson::dom::element root = event["root"];
                QCOMPARE(keysOf(root),
                         (std::vector<std::string>{"program_code", "ancestors", "evaluation", "ulid", "is_seed"}));
                QCOMPARE(bool(root["is_seed"]), true);
                QCOMPARE(simdjson::dom::array(root["ancestors"]).size(), std::size_t(0));
                checkEvaluation(root["evaluation"]);
                QVERIFY(!root["evaluation"]["reward"].is_null());
                checkCode(std::string_view(root["program_code"]));
                archiveKnown.insert(text(root, "ulid"));
                ++nodes;
            } else if (kind == "step_started") {
                QCOMPARE(openStep, -1);
                openStep = int(std::int64_t(event["step"]));
                QCOMPARE(openStep, steps);
                stepParents.clear();
                for (auto parent : simdjson::dom::array(event["parent_ulids"])) {
                    QVERIFY(archiveKnown.contains(std::string(std::string_view(parent))));
                    stepParents.insert(std::string(std::string_view(parent)));
                }
                QVERIFY(!stepParents.empty() && stepParents.size() <= 2);
            } else if (kind == "step_completed") {
                QCOMPARE(int(std::int64_t(event["step"])), openStep);
                openStep = -1;
                ++steps;
            } else {
                QVERIFY(openStep >= 0);
                const std::string id = text(event, "request_id");
                QVERIFY(isUlid(id));
                if (kind == "mutation_requested") {
                    QVERIFY(stepParents.contains(text(event, "parent_ulid")));
                    QVERIFY(mutationTerminals.emplace(id, 0).second);
                    QVERIFY(id.substr(0, 10) >= lastRequestTime);
                    lastRequestTime = id.substr(0, 10);
                } else if (kind == "mutation_completed" || kind == "mutation_failed") {
                    QVERIFY(mutationTerminals.contains(id));
                    ++mutationTerminals[id];
                    if (kind == "mutation_completed") {
                        checkCode(std::string_view(event["code"]));
                        completedMutations.insert(id);
                    }
                } else if (kind == "evaluation_requested") {
                    const std::string from = text(event, "from_mutation_request_id");
                    QVERIFY(completedMutations.contains(from));
                    QVERIFY(mutationsEvaluated.insert(from).second);
                    QVERIFY(stepParents.contains(text(event, "parent_ulid")));
                    QVERIFY(isUlid(text(event, "child_ulid")));
                    QVERIFY(id.substr(0, 10) >= lastRequestTime);
                    lastRequestTime = id.substr(0, 10);
                    QVERIFY(evaluationTerminals.emplace(id, 0).second);
                    archiveKnown.insert(text(event, "child_ulid"));
                    ++nodes;
                } else {
                    QVERIFY(evaluationTerminals.contains(id));
                    ++evaluationTerminals[id];
                    if (kind == "evaluation_completed")
                        checkEvaluation(event["evaluation"]);
                }
            }
        }
        QCOMPARE(openStep, -1);
        QCOMPARE(nodes, kNodes);
        QCOMPARE(mutationsEvaluated, completedMutations);
        for (const auto &[id, count] : mutationTerminals)
            QCOMPARE(count, 1);
        for (const auto &[id, count] : evaluationTerminals)
            QCOMPARE(count, 1);
        QVERIFY(steps >= int(kNodes / 8));
    }

    void puctV3()
    {
        constexpr std::int64_t kNodes = 150;
        const auto lines = splitLines(generated(SyntheticKind::PuctV3, kNodes, 5));
        simdjson::dom::parser parser;
        // Per candidate: what has happened so far, as the reducer's candidate states (spec §3.7).
        std::map<std::string, std::string> state;
        std::map<std::string, std::string> parentOf; // this step's candidates
        std::map<std::string, double> expectedBin;
        struct ParentPhase {
            bool mutationsDrained = false;
            bool forecastsDrained = false;
            bool evaluationsDrained = false;
            std::vector<std::pair<double, std::string>> choices; // (score, request_id) in file order
            int selected = 0;
        };
        std::map<std::string, ParentPhase> parents;
        std::string seedCode;
        int openStep = -1;
        std::int64_t nodes = 1;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            simdjson::dom::element event;
            QVERIFY2(parser.parse(lines[i]).get(event) == simdjson::SUCCESS, lines[i].c_str());
            const std::string kind = text(event, "kind");
            QVERIFY2(v3Fields().contains(kind), kind.c_str());
            checkFieldOrder(event, v3Fields().at(kind), i == 0);
            if (kind == "search_initialized") {
                seedCode = text(event, "seed_reference_code");
                QCOMPARE(text(event["root"], "program_code"), seedCode);
                QCOMPARE(text(event["hardware"], "device_name"), std::string("NVIDIA A100-SXM4-80GB"));
                QCOMPARE(std::int64_t(event["kernel_task"]["level_id"]), std::int64_t(0));
                continue;
            }
            if (kind == "step_started") {
                QCOMPARE(openStep, -1);
                openStep = int(std::int64_t(event["step"]));
                parents.clear();
                parentOf.clear();
                for (auto parent : simdjson::dom::array(event["parent_ulids"]))
                    parents[std::string(std::string_view(parent))] = {};
                QCOMPARE(simdjson::dom::array(event["selected_parent_scores"]).size(), parents.size());
                continue;
            }
            QCOMPARE(int(std::int64_t(event["step"])), openStep);
            if (kind == "step_completed") {
                for (const auto &[ulid, phase] : parents)
                    QVERIFY(phase.evaluationsDrained);
                openStep = -1;
                continue;
            }
            const std::string parent = text(event, "parent_ulid");
            QVERIFY(parents.contains(parent));
            ParentPhase &phase = parents[parent];
            const auto candidatesOfParent = [&] {
                std::vector<std::string> ids;
                for (const auto &[id, p] : parentOf) {
                    if (p == parent)
                        ids.push_back(id);
                }
                return ids;
            };
            if (kind == "mutations_drained") {
                for (const auto &id : candidatesOfParent())
                    QVERIFY2(state[id] != "mutating", id.c_str());
                phase.mutationsDrained = true;
                continue;
            }
            if (kind == "forecasts_drained") {
                QVERIFY(phase.mutationsDrained);
                for (const auto &id : candidatesOfParent())
                    QVERIFY(state[id] == "awaiting_selection" || state[id] == "mutation_failed"
                            || state[id] == "forecast_failed");
                phase.forecastsDrained = true;
                continue;
            }
            if (kind == "evaluations_drained") {
                QVERIFY(phase.forecastsDrained);
                for (const auto &id : candidatesOfParent())
                    QVERIFY(state[id] != "awaiting_eval" && state[id] != "evaluating");
                // Top k by expected bin index, ties by request_id.
                auto sorted = phase.choices;
                std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
                    return a.first != b.first ? a.first > b.first : a.second < b.second;
                });
                QCOMPARE(phase.choices, sorted);
                QCOMPARE(phase.selected, std::min(4, int(phase.choices.size())));
                phase.evaluationsDrained = true;
                continue;
            }
            const std::string id = text(event, "request_id");
            QVERIFY(isUlid(id));
            auto &current = state[id];
            if (kind == "mutation_requested") {
                QVERIFY(current.empty());
                QVERIFY(!phase.mutationsDrained);
                current = "mutating";
                parentOf[id] = parent;
                continue;
            }
            QCOMPARE(parentOf[id], parent);
            if (kind == "mutation_completed") {
                QCOMPARE(current, std::string("mutating"));
                QVERIFY(event["llm_usage"].is_null());
                checkCode(std::string_view(event["code"]));
                current = "awaiting_forecast";
            } else if (kind == "mutation_failed") {
                QCOMPARE(current, std::string("mutating"));
                current = "mutation_failed";
            } else if (kind == "forecast_requested") {
                QCOMPARE(current, std::string("awaiting_forecast"));
                current = "forecasting";
            } else if (kind == "forecast_completed") {
                QCOMPARE(current, std::string("forecasting"));
                checkForecast(event["forecast"]);
                double score = 0.0;
                int bin = 1;
                for (auto field : simdjson::dom::object(event["forecast"]["bin_probabilities"]))
                    score += bin++ * double(field.value);
                expectedBin[id] = score;
                current = "awaiting_selection";
            } else if (kind == "forecast_failed") {
                QCOMPARE(current, std::string("forecasting"));
                current = "forecast_failed";
            } else if (kind == "candidate_selected" || kind == "candidate_deferred") {
                QVERIFY(phase.forecastsDrained);
                QCOMPARE(current, std::string("awaiting_selection"));
                const double score = double(event["selection_score"]);
                QCOMPARE(score, expectedBin[id]);
                phase.choices.emplace_back(score, id);
                if (kind == "candidate_selected") {
                    QCOMPARE(int(phase.choices.size()), phase.selected + 1); // selected ones come first
                    ++phase.selected;
                    current = "awaiting_eval";
                } else {
                    current = "deferred";
                }
            } else if (kind == "evaluation_requested") {
                QCOMPARE(current, std::string("awaiting_eval"));
                current = "evaluating";
                ++nodes;
            } else {
                QCOMPARE(current, std::string("evaluating"));
                if (kind == "evaluation_completed")
                    checkEvaluation(event["evaluation"]);
                current = "settled";
            }
        }
        QCOMPARE(openStep, -1);
        QCOMPARE(nodes, kNodes);
        for (const auto &[id, current] : state) {
            const std::set<std::string> terminal{"settled", "deferred", "mutation_failed", "forecast_failed"};
            QVERIFY2(terminal.contains(current), (id + " " + current).c_str());
        }
    }

    void evalSet()
    {
        constexpr std::int64_t kRows = 120;
        const auto lines = splitLines(generated(SyntheticKind::EvalSet, kRows, 21));
        QCOMPARE(std::int64_t(lines.size()), kRows);
        simdjson::dom::parser parser;
        std::map<std::string, std::set<std::string>> anchors;
        std::set<std::string> ids;
        std::set<std::int64_t> bins;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            simdjson::dom::element row;
            QVERIFY(parser.parse(lines[i]).get(row) == simdjson::SUCCESS);
            checkFieldOrder(row,
                            {"source_search", "internal_experiment", "comparison_id", "pack", "anchor_code",
                             "candidate_code", "hardware", "aggregated_speedup", "true_bin", "source_id"},
                            i == 0);
            const std::string pack = text(row, "pack");
            const std::string id = text(row, "comparison_id");
            QVERIFY(id.starts_with(pack + "/"));
            QCOMPARE(id.size(), pack.size() + 1 + 12 + 2 + 12);
            QVERIFY(ids.insert(id).second);
            anchors[pack].insert(text(row, "anchor_code"));
            checkCode(std::string_view(row["anchor_code"]));
            checkCode(std::string_view(row["candidate_code"]));
            QCOMPARE(text(row, "hardware"), std::string("NVIDIA A100-SXM4-80GB"));
            const double speedup = double(row["aggregated_speedup"]);
            QCOMPARE(std::int64_t(row["true_bin"]), std::int64_t(speedupBinFor(speedup)));
            bins.insert(std::int64_t(row["true_bin"]));
            const std::string source = text(row, "source_id");
            QVERIFY(source.size() >= 32 && source.size() <= 43);
        }
        QCOMPARE(anchors.size(), std::size_t(3));
        for (const auto &[pack, codes] : anchors)
            QCOMPARE(codes.size(), std::size_t(1));
        QCOMPARE(bins.size(), std::size_t(8));
    }

    void predictionsJoinTheEvalSet()
    {
        constexpr std::int64_t kRows = 60;
        simdjson::dom::parser parser;
        std::map<std::string, std::string> packOf;
        for (const auto &line : splitLines(generated(SyntheticKind::EvalSet, kRows, 4))) {
            simdjson::dom::element row;
            QVERIFY(parser.parse(line).get(row) == simdjson::SUCCESS);
            packOf[text(row, "comparison_id")] = text(row, "pack");
        }
        const auto lines = splitLines(generated(SyntheticKind::Predictions, kRows, 4));
        QCOMPARE(std::int64_t(lines.size()), kRows * 7 * 3);
        std::map<std::string, std::set<std::pair<std::string, std::int64_t>>> seen; // label -> (id, repeat)
        int parseFailures = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            simdjson::dom::element row;
            QVERIFY(parser.parse(lines[i]).get(row) == simdjson::SUCCESS);
            checkFieldOrder(row,
                            {"comparison_id", "pack", "surrogate_label", "repeat", "predicted_bin", "bin_probabilities",
                             "reasoning", "raw_probability_sum", "parse_failed", "parse_error", "input_tokens",
                             "output_tokens", "elapsed_s"},
                            i == 0);
            const std::string id = text(row, "comparison_id");
            QVERIFY2(packOf.contains(id), id.c_str());
            QCOMPARE(text(row, "pack"), packOf[id]);
            const auto repeat = std::int64_t(row["repeat"]);
            QVERIFY(repeat >= 0 && repeat <= 2);
            QVERIFY(seen[text(row, "surrogate_label")].emplace(id, repeat).second);
            const auto probabilities = simdjson::dom::array(row["bin_probabilities"]);
            if (bool(row["parse_failed"])) {
                ++parseFailures;
                QVERIFY(row["predicted_bin"].is_null());
                QCOMPARE(probabilities.size(), std::size_t(0));
                QVERIFY(text(row, "parse_error").find(':') != std::string::npos);
                continue;
            }
            QVERIFY(row["parse_error"].is_null());
            QCOMPARE(probabilities.size(), std::size_t(8));
            double sum = 0.0;
            std::int64_t bin = 1;
            for (auto entry : probabilities) {
                QCOMPARE(keysOf(entry), (std::vector<std::string>{"bin", "p"}));
                QCOMPARE(std::int64_t(entry["bin"]), bin++);
                const double p = double(entry["p"]);
                QVERIFY(p >= 0.0 && p <= 1.0);
                sum += p;
            }
            QVERIFY(std::abs(sum - 1.0) <= 1e-6);
            QVERIFY(!text(row, "reasoning").empty());
        }
        QCOMPARE(seen.size(), std::size_t(7));
        for (const auto &[label, rows] : seen)
            QCOMPARE(std::int64_t(rows.size()), kRows * 3);
        QVERIFY(parseFailures < int(lines.size()) / 10);
    }
};

KFX_TEST_GUILESS_MAIN(TestGenerator)

} // namespace
} // namespace tst_generator

#include "tst_generator.moc"
