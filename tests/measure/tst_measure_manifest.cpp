// Task manifests (good and each kind of bad), size expressions, launch overrides, seeded inputs, output
// comparison, sample statistics and the protocol's request and result lines. No GPU, no CUDA.
#include "check.h"
#include "demotasks.h"
#include "measure/inputgenerator.h"
#include "measure/outputcomparison.h"
#include "measure/protocol.h"
#include "measure/samplestatistics.h"
#include "measure/taskmanifest.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

using namespace kfx;
using namespace kfx::measure;
using kfx::test::contains;

namespace {
namespace fs = std::filesystem;

const std::string kGoodManifest = R"json({
  "format": "kfx-task/1", "name": "scale", "reference": "reference.cu", "entry_point": "scale",
  "parameters": [
    {"name": "x", "kind": "input", "elements": "n", "init": {"distribution": "uniform", "low": -1, "high": 1}},
    {"name": "y", "kind": "output", "elements": "n"},
    {"name": "n", "kind": "int"},
    {"name": "half", "kind": "int", "value": "n / 2"}
  ],
  "launch": {"grid": ["cdiv(n, 256)"], "block": [256], "shared_bytes": 0},
  "cases": [{"n": 1000}, {"n": 4096}],
  "tolerance": {"atol": 1e-6, "rtol": 1e-5}
})json";

// A task directory in the build tree holding `manifest`, with or without its reference file.
std::string writeTask(const std::string &name, const std::string &manifest, bool withReference = true)
{
    const fs::path directory = fs::temp_directory_path() / ("kfx-measure-manifest-" + name);
    fs::remove_all(directory);
    fs::create_directories(directory);
    std::ofstream(directory / "task.json") << manifest;
    if (withReference)
        std::ofstream(directory / "reference.cu") << "extern \"C\" __global__ void scale() {}\n";
    return directory.string();
}

std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    const std::size_t at = text.find(from);
    KFX_CHECK(at != std::string::npos, "test setup: '" + from + "' not in the good manifest");
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

// The manifest must be refused with a message naming the file and containing `expected`.
void expectRejected(const std::string &name, const std::string &manifest, const std::string &expected,
                    bool withReference = true)
{
    const std::string directory = writeTask(name, manifest, withReference);
    try {
        loadTaskManifest(directory);
        KFX_CHECK(false, name + ": accepted, expected an error containing '" + expected + "'");
    } catch (const ManifestError &error) {
        const std::string message = error.what();
        KFX_CHECK(contains(message, directory + "/task.json"), name + ": message does not name the file: " + message);
        KFX_CHECK(contains(message, expected), name + ": '" + message + "' does not say '" + expected + "'");
    }
}

void testGoodManifest()
{
    const TaskManifest task = loadTaskManifest(writeTask("good", kGoodManifest));
    KFX_CHECK(task.name == "scale" && task.entryPoint == "scale", "name and entry point");
    KFX_CHECK(task.parameters.size() == 4 && task.cases.size() == 2, "parameters and cases");
    KFX_CHECK(task.seed == 42, "the default seed");
    KFX_CHECK(task.parameters[0].init.distribution == BufferInit::Distribution::Uniform, "uniform init");
    const ResolvedCase resolved = resolveCase(task, task.launch, task.cases[0]);
    KFX_CHECK(resolved.grid[0] == 4 && resolved.grid[1] == 1 && resolved.block[0] == 256, "grid from cdiv(1000, 256)");
    KFX_CHECK(resolved.arguments[0].value == 1000 && resolved.arguments[3].value == 500, "elements and int values");
}

void testBadManifests()
{
    expectRejected("invalid-json", "{\"format\": ", "not valid JSON");
    expectRejected("no-file", "", "not valid JSON");
    expectRejected("format", replaced(kGoodManifest, "kfx-task/1", "kfx-task/9"), "\"format\"");
    expectRejected("missing-entry", replaced(kGoodManifest, "\"entry_point\": \"scale\",", ""), "\"entry_point\"");
    expectRejected("no-reference", kGoodManifest, "\"reference\": no file", false);
    expectRejected("kind", replaced(kGoodManifest, "\"kind\": \"output\"", "\"kind\": \"inout\""),
                   "parameters[1]: \"kind\"");
    expectRejected("init", replaced(kGoodManifest, "\"uniform\"", "\"cauchy\""), "parameters[0]: \"init\"");
    expectRejected("uniform-range", replaced(kGoodManifest, "\"high\": 1", "\"high\": -2"), "\"low\" must be below");
    expectRejected("duplicate", replaced(kGoodManifest, "\"name\": \"half\"", "\"name\": \"n\""),
                   "a second parameter named \"n\"");
    expectRejected("no-output",
                   replaced(kGoodManifest, "\"kind\": \"output\"",
                            "\"kind\": \"input\", \"init\": {\"distribution\": \"normal\"}"),
                   "no output buffer");
    expectRejected("unknown-size", replaced(kGoodManifest, "\"elements\": \"n\"}", "\"elements\": \"rows\"}"),
                   "unknown size 'rows'");
    expectRejected("bad-syntax", replaced(kGoodManifest, "cdiv(n, 256)", "cdiv(n 256)"), "expected ','");
    expectRejected("dimensions", replaced(kGoodManifest, "\"block\": [256]", "\"block\": [1, 2, 3, 4]"),
                   "one to three dimensions");
    expectRejected("zero-grid", replaced(kGoodManifest, "cdiv(n, 256)", "n / 5000"), "not positive");
    expectRejected("tolerance", replaced(kGoodManifest, "\"atol\": 1e-6", "\"atol\": -1"), "must not be negative");
    expectRejected("no-cases", replaced(kGoodManifest, "[{\"n\": 1000}, {\"n\": 4096}]", "[]"), "at least one case");
    expectRejected("case-type", replaced(kGoodManifest, "{\"n\": 1000}", "{\"n\": \"big\"}"), "cases[0]");
}

// The worker reads and compiles whatever `reference` names, so it must stay inside the task directory.
void testReferenceConfinedToTask()
{
    expectRejected("absolute-reference", replaced(kGoodManifest, "\"reference.cu\"", "\"/etc/passwd\""),
                   "\"reference\": \"/etc/passwd\" is an absolute path");
    expectRejected("escaping-reference", replaced(kGoodManifest, "\"reference.cu\"", "\"../../../../etc/hostname\""),
                   "\"reference\": \"../../../../etc/hostname\" is outside the directory");

    const fs::path outside = fs::temp_directory_path() / "kfx-measure-manifest-outside.cu";
    std::ofstream(outside) << "extern \"C\" __global__ void scale() {}\n";
    const std::string linked = writeTask("symlink-reference", replaced(kGoodManifest, "reference.cu", "linked.cu"));
    fs::create_symlink(outside, fs::path(linked) / "linked.cu");
    try {
        loadTaskManifest(linked);
        KFX_CHECK(false, "a reference linked to a file outside the task directory was accepted");
    } catch (const ManifestError &error) {
        KFX_CHECK(contains(error.what(), "\"reference\": \"linked.cu\" is outside the directory"),
                  std::string("symlink out of the task: ") + error.what());
    }

    // A relative path into a subdirectory (through a `..` that stays inside) is fine, and comes back resolved.
    const std::string nested = writeTask("nested-reference",
                                         replaced(kGoodManifest, "\"reference.cu\"", "\"kernels/../kernels/ref.cu\""));
    fs::create_directories(fs::path(nested) / "kernels");
    std::ofstream(fs::path(nested) / "kernels" / "ref.cu") << "extern \"C\" __global__ void scale() {}\n";
    const TaskManifest task = loadTaskManifest(nested);
    KFX_CHECK(task.referencePath == fs::canonical(fs::path(nested) / "kernels" / "ref.cu").string(),
              "a nested reference resolves to its canonical path: " + task.referencePath);
}

void testDemoTasksLoad()
{
    const auto directories = kfx::test::demoTaskDirectories();
    KFX_CHECK(directories.size() >= 3, "three demo tasks");
    for (const std::string &directory : directories) {
        try {
            const TaskManifest task = loadTaskManifest(directory);
            for (const auto &candidate : kfx::test::demoCandidates(directory)) {
                std::ifstream file(candidate.path);
                const std::string source((std::istreambuf_iterator<char>(file)), {});
                KFX_CHECK(!source.empty(), candidate.path + " is missing");
                launchRuleFor(task, source, candidate.path); // throws when its kfx-launch line is wrong
            }
        } catch (const std::exception &error) {
            KFX_CHECK(false, directory + ": " + error.what());
        }
    }
}

void testLaunchOverride()
{
    const TaskManifest task = loadTaskManifest(writeTask("override", kGoodManifest));
    const LaunchRule rule = launchRuleFor(task, "// kfx-launch: {\"grid\": [\"cdiv(n, 64)\", 2], \"block\": [64]}\n",
                                          "c.cu");
    const ResolvedCase resolved = resolveCase(task, rule, task.cases[1]);
    KFX_CHECK(resolved.grid[0] == 64 && resolved.grid[1] == 2 && resolved.block[0] == 64, "override applied");
    KFX_CHECK(launchRuleFor(task, "no override here", "c.cu").block[0] == "256", "the task's rule otherwise");
    try {
        launchRuleFor(task, "// kfx-launch: {\"grid\": [\"m\"], \"block\": [64]}", "c.cu");
        KFX_CHECK(false, "an override naming an unknown size was accepted");
    } catch (const ManifestError &error) {
        KFX_CHECK(contains(error.what(), "c.cu: kfx-launch: case 0") && contains(error.what(), "unknown size 'm'"),
                  std::string("override message: ") + error.what());
    }
}

void testExpressions()
{
    const SizeVariables sizes{{"rows", 10}, {"cols", 7}};
    KFX_CHECK(evaluateSizeExpression("rows * cols + 1", sizes) == 71, "precedence");
    KFX_CHECK(evaluateSizeExpression("(rows + cols) * 2", sizes) == 34, "parentheses");
    KFX_CHECK(evaluateSizeExpression("cdiv(rows, 3) + max(rows, cols) - min(2, cols) + rows % 3", sizes) == 13,
              "functions");
    for (const std::string bad : {"rows / 0", "rows +", "foo(1, 2)", "3 3", ""}) {
        try {
            evaluateSizeExpression(bad, sizes);
            KFX_CHECK(false, "'" + bad + "' evaluated");
        } catch (const ExpressionError &) {
        }
    }
}

void testInputsAndComparison()
{
    const BufferInit normal{BufferInit::Distribution::Normal, 1.0, 2.0};
    const auto first = generateInput(normal, 100001, bufferSeed(42, 0, 0));
    KFX_CHECK(first == generateInput(normal, 100001, bufferSeed(42, 0, 0)), "the same seed gives the same data");
    KFX_CHECK(first != generateInput(normal, 100001, bufferSeed(42, 1, 0)), "another case gives other data");
    double sum = 0.0;
    for (float value : first)
        sum += value;
    KFX_CHECK(std::abs(sum / double(first.size()) - 1.0) < 0.05, "normal mean near 1");
    const auto uniform = generateInput({BufferInit::Distribution::Uniform, -1.0, 1.0}, 1000, 7);
    KFX_CHECK(std::all_of(uniform.begin(), uniform.end(), [](float v) { return v >= -1.0f && v <= 1.0f; }),
              "uniform within its range");

    const Tolerance tolerance{1e-3, 1e-2};
    KFX_CHECK(compareOutputs({1.0f, 100.0f}, {1.0005f, 100.5f}, tolerance).passed(), "within atol + rtol * |ref|");
    const OutputComparison wrong = compareOutputs({1.0f, 2.0f, 3.0f}, {1.0f, 2.5f, NAN}, tolerance);
    KFX_CHECK(wrong.mismatches == 2 && wrong.worstIndex == 2, "NaN (an unwritten element) is the worst mismatch");
    KFX_CHECK(contains(wrong.describe("y", 3, tolerance), "2 of 3 elements of y differ; worst at index 2"),
              wrong.describe("y", 3, tolerance));
}

void testStatistics()
{
    // Spec §5.1's aggregation vectors.
    KFX_CHECK(std::abs(geometricMean({2.0, 8.0}) - 4.0) < 1e-12, "geomean([2,8]) = 4");
    KFX_CHECK(std::abs(geometricMean({1.5, 2.0, 3.0}) - std::cbrt(9.0)) < 1e-12, "geomean([1.5,2,3]) = 9^(1/3)");
    const SampleStatistics statistics = summarize({4.0, 1.0, 3.0, 2.0});
    KFX_CHECK(statistics.mean == 2.5 && statistics.median == 2.5 && statistics.min == 1.0 && statistics.max == 4.0,
              "mean, median, min, max");
    KFX_CHECK(std::abs(statistics.stddev - std::sqrt(5.0 / 3.0)) < 1e-12, "sample standard deviation (n - 1)");
    KFX_CHECK(!referenceProtocolDone({1.0, 1.0}, 1e9), "at least three samples");
    KFX_CHECK(referenceProtocolDone({1.0, 1.0, 1.0}, 1e9), "stops once the standard error is below 0.1%");
    KFX_CHECK(!referenceProtocolDone({1.0, 2.0, 3.0}, 1e9), "goes on while noisy");
    KFX_CHECK(referenceProtocolDone({100.0, 200.0, 300.0}, 500.0), "stops at the time budget");
    std::vector<double> noisy;
    for (int i = 0; i < 100; ++i)
        noisy.push_back(double(i % 7 + 1));
    KFX_CHECK(!referenceProtocolDone({noisy.begin(), noisy.end() - 1}, 1e12) && referenceProtocolDone(noisy, 1e12),
              "stops at 100 samples");
}

void testProtocol()
{
    MeasureOptions options;
    options.taskDirectory = "/tasks/softmax";
    options.candidatePath = "c.cu";
    options.timing = TimingProtocol::Robust;
    options.timeBudgetMs = 250;
    const Request request = parseRequest(measureRequest("7", options));
    KFX_CHECK(request.type == RequestType::Measure && request.id == "7", "measure round trip");
    KFX_CHECK(request.measure.taskDirectory == "/tasks/softmax" && request.measure.candidatePath == "c.cu"
                  && request.measure.timing == TimingProtocol::Robust && request.measure.timeBudgetMs == 250,
              "measure options survive");
    KFX_CHECK(parseRequest(cancelRequest("8", "7")).cancelTarget == "7", "cancel names its target");
    KFX_CHECK(parseRequest(deviceInfoRequest("9")).type == RequestType::DeviceInfo, "device_info");
    KFX_CHECK(parseRequest(shutdownRequest("10")).type == RequestType::Shutdown, "shutdown");
    for (const std::string bad :
         {R"({"protocol":2,"id":"x","type":"shutdown"})", R"({"protocol":1,"id":"x","type":"nap"})",
          R"({"protocol":1,"id":"x","type":"measure","task":"t"})", "[1]", "{"}) {
        try {
            parseRequest(bad);
            KFX_CHECK(false, "accepted " + bad);
        } catch (const ProtocolError &) {
        }
    }
    try {
        parseRequest(R"({"protocol":1,"id":"x","type":"measure","task":"t","candidate":"a","timing":"fast"})");
    } catch (const ProtocolError &error) {
        KFX_CHECK(error.id() == "x", "a protocol error keeps the request's id");
    }

    const EvaluationOutcome success = outcomeFromResult(
        R"({"protocol":1,"id":"1","type":"result","kind":"success","aggregated_speedup":2.0,"aggregation_method":"geomean",)"
        R"("cases":[{"sizes":{"n":4},"speedup":2.0,"runtime_ns":5.0,"ref_runtime_ns":10.0}]})");
    KFX_CHECK(success.kind == OutcomeKind::Success && success.reward == 2.0 && success.cases.size() == 1
                  && success.cases[0].shape[0].first == "n",
              "a success result becomes an outcome with its cases");
    const EvaluationOutcome timeout = outcomeFromResult(
        R"({"protocol":1,"id":"1","type":"result","kind":"timeout","runtime_error_name":"Timeout","runtime_error":"slow"})");
    KFX_CHECK(timeout.kind == OutcomeKind::RuntimeError && timeout.errorName == "Timeout",
              "a timeout is a runtime error");
    const ResponseHeader header = parseResponseHeader(progressLine("5", "timing candidate", 1, 3));
    KFX_CHECK(header.id == "5" && !header.isResult, "progress lines are routed by id and are not results");
}

// Sizes that do not fit in 64 bits (found by fuzz_task_manifest) are the manifest's error naming the
// expression, whichever operation overflows; the largest values that fit still evaluate.
void testExpressionOverflow()
{
    const SizeVariables sizes{{"huge", std::numeric_limits<std::int64_t>::max()}};
    KFX_CHECK(evaluateSizeExpression("9223372036854775807", sizes) == std::numeric_limits<std::int64_t>::max(),
              "the largest literal");
    KFX_CHECK(evaluateSizeExpression("-huge - 1", sizes) == std::numeric_limits<std::int64_t>::min(),
              "the most negative value");
    for (const std::string overflowing :
         {"68888888888888888888", "9223372036854775808", "4294967296 * 4294967296", "huge + 1", "-huge - 2",
          "(-huge - 1) / -1", "(-huge - 1) % -1", "-(-huge - 1)", "cdiv(huge, 2)"}) {
        try {
            evaluateSizeExpression(overflowing, sizes);
            KFX_CHECK(false, "'" + overflowing + "' evaluated");
        } catch (const ExpressionError &error) {
            KFX_CHECK(contains(error.what(), "\"" + overflowing + "\"") && contains(error.what(), "64-bit"),
                      std::string("the overflow message: ") + error.what());
        }
    }
    expectRejected("size-overflow",
                   replaced(kGoodManifest, "\"elements\": \"n\"}", "\"elements\": \"n * 4294967296 * 4294967296\"}"),
                   "does not fit in a 64-bit integer");
}
} // namespace

int main()
{
    testGoodManifest();
    testBadManifests();
    testReferenceConfinedToTask();
    testDemoTasksLoad();
    testLaunchOverride();
    testExpressions();
    testExpressionOverflow();
    testInputsAndComparison();
    testStatistics();
    testProtocol();
    return kfx::test::finish();
}
