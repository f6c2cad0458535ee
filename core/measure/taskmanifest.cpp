#include "taskmanifest.h"

#include "io/confinedpath.h"
#include "io/jsonfields.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace kfx::measure {

namespace {
namespace fs = std::filesystem;

// Runs `parse`, prefixing any field or expression error with where in the document it happened.
template<typename Parse>
auto inContext(const std::string &context, Parse parse)
{
    try {
        return parse();
    } catch (const json::FieldError &error) {
        throw json::FieldError(context + ": " + error.what());
    } catch (const ExpressionError &error) {
        throw json::FieldError(context + ": " + error.what());
    }
}

std::string expressionText(const json::Element &element, const std::string &what)
{
    std::int64_t number = 0;
    if (element.get(number) == simdjson::SUCCESS)
        return std::to_string(number);
    return std::string(json::asString(element, what));
}

// "grid": [x, y, z] with one to three dimensions, each an integer or an expression; missing ones are 1.
std::array<std::string, 3> dimensions(const json::Object &object, std::string_view key, bool required)
{
    std::array<std::string, 3> result{"1", "1", "1"};
    const auto array = required ? std::optional(json::requiredArray(object, key)) : json::optionalArray(object, key);
    if (!array)
        return result;
    const std::size_t count = array->size();
    if (count < 1 || count > 3)
        throw json::FieldError("\"" + std::string(key) + "\": expected one to three dimensions");
    std::size_t index = 0;
    for (const json::Element element : *array) {
        result[index] = expressionText(element, "\"" + std::string(key) + "\"[" + std::to_string(index) + "]");
        ++index;
    }
    return result;
}

LaunchRule parseLaunch(const json::Object &object)
{
    LaunchRule rule;
    rule.grid = dimensions(object, "grid", true);
    rule.block = dimensions(object, "block", true);
    if (const auto shared = json::optionalField(object, "shared_bytes"))
        rule.sharedBytes = expressionText(*shared, "\"shared_bytes\"");
    return rule;
}

BufferInit parseInit(const json::Object &object)
{
    BufferInit init;
    const std::string_view distribution = json::requiredString(object, "distribution");
    if (distribution == "uniform") {
        init.distribution = BufferInit::Distribution::Uniform;
        init.first = json::optionalNumber(object, "low").value_or(-1.0);
        init.second = json::optionalNumber(object, "high").value_or(1.0);
        if (!(init.first < init.second))
            throw json::FieldError("uniform: \"low\" must be below \"high\"");
    } else if (distribution == "normal") {
        init.distribution = BufferInit::Distribution::Normal;
        init.first = json::optionalNumber(object, "mean").value_or(0.0);
        init.second = json::optionalNumber(object, "stddev").value_or(1.0);
        if (!(init.second > 0.0))
            throw json::FieldError("normal: \"stddev\" must be positive");
    } else {
        throw json::FieldError("\"distribution\": expected \"uniform\" or \"normal\", found \""
                               + std::string(distribution) + "\"");
    }
    return init;
}

KernelParameter parseParameter(const json::Object &object)
{
    KernelParameter parameter;
    parameter.name = std::string(json::requiredString(object, "name"));
    const std::string_view kind = json::requiredString(object, "kind");
    if (kind == "input" || kind == "output") {
        parameter.kind = kind == "input" ? KernelParameter::Kind::Input : KernelParameter::Kind::Output;
        parameter.expression = expressionText(json::requiredField(object, "elements"), "\"elements\"");
        if (parameter.kind == KernelParameter::Kind::Input)
            parameter.init = inContext("\"init\"", [&] { return parseInit(json::requiredObject(object, "init")); });
    } else if (kind == "int") {
        parameter.kind = KernelParameter::Kind::Int;
        const auto value = json::optionalField(object, "value");
        parameter.expression = value ? expressionText(*value, "\"value\"") : parameter.name;
    } else {
        throw json::FieldError("\"kind\": expected \"input\", \"output\" or \"int\", found \"" + std::string(kind)
                               + "\"");
    }
    return parameter;
}

SizeVariables parseCase(const json::Object &object)
{
    SizeVariables sizes;
    for (const auto field : object)
        sizes.emplace(std::string(field.key), json::asInteger(field.value, "\"" + std::string(field.key) + "\""));
    return sizes;
}

// The worker reads and compiles the files a manifest names, so a manifest may only name files of its own task.
fs::path pathInTask(const std::string &directory, std::string_view field, std::string_view value)
{
    try {
        return io::resolveInside(directory, value);
    } catch (const io::ConfinedPathError &error) {
        throw json::FieldError("\"" + std::string(field) + "\": " + error.what());
    }
}

TaskManifest parseManifest(const json::Object &root, const std::string &directory)
{
    TaskManifest task;
    task.directory = directory;
    const std::string_view format = json::requiredString(root, "format");
    if (format != kTaskFormat)
        throw json::FieldError("\"format\": expected \"" + std::string(kTaskFormat) + "\", found \""
                               + std::string(format) + "\"");
    task.name = std::string(json::requiredString(root, "name"));
    task.entryPoint = std::string(json::requiredString(root, "entry_point"));
    const fs::path reference = pathInTask(directory, "reference", json::requiredString(root, "reference"));
    if (!fs::is_regular_file(reference))
        throw json::FieldError("\"reference\": no file " + reference.string());
    task.referencePath = reference.string();
    task.seed = static_cast<std::uint64_t>(json::optionalInteger(root, "seed").value_or(42));

    std::set<std::string, std::less<>> names;
    std::size_t index = 0;
    for (const json::Element element : json::requiredArray(root, "parameters")) {
        const std::string context = "parameters[" + std::to_string(index++) + "]";
        task.parameters.push_back(inContext(context, [&] { return parseParameter(json::asObject(element, context)); }));
        if (!names.insert(task.parameters.back().name).second)
            throw json::FieldError(context + ": a second parameter named \"" + task.parameters.back().name + "\"");
    }
    if (std::none_of(task.parameters.begin(), task.parameters.end(),
                     [](const KernelParameter &p) { return p.kind == KernelParameter::Kind::Output; }))
        throw json::FieldError("\"parameters\": no output buffer to check");

    task.launch = inContext("\"launch\"", [&] { return parseLaunch(json::requiredObject(root, "launch")); });

    const json::Object tolerance = json::requiredObject(root, "tolerance");
    task.tolerance.atol = json::requiredNumber(tolerance, "atol");
    task.tolerance.rtol = json::requiredNumber(tolerance, "rtol");
    if (task.tolerance.atol < 0.0 || task.tolerance.rtol < 0.0)
        throw json::FieldError("\"tolerance\": atol and rtol must not be negative");

    index = 0;
    for (const json::Element element : json::requiredArray(root, "cases")) {
        const std::string context = "cases[" + std::to_string(index++) + "]";
        task.cases.push_back(inContext(context, [&] { return parseCase(json::asObject(element, context)); }));
        inContext(context, [&] { return resolveCase(task, task.launch, task.cases.back()); });
    }
    if (task.cases.empty())
        throw json::FieldError("\"cases\": expected at least one case");
    return task;
}
} // namespace

TaskManifest loadTaskManifest(const std::string &directory)
{
    const std::string path = (fs::path(directory) / kTaskFileName).string();
    simdjson::padded_string text;
    if (simdjson::padded_string::load(path).get(text) != simdjson::SUCCESS)
        throw ManifestError(path + ": cannot read the file");
    simdjson::dom::parser parser;
    json::Element root;
    if (const auto error = parser.parse(text).get(root); error != simdjson::SUCCESS)
        throw ManifestError(path + ": not valid JSON (" + simdjson::error_message(error) + ")");
    try {
        return parseManifest(json::asObject(root, "the document"), directory);
    } catch (const json::FieldError &error) {
        throw ManifestError(path + ": " + error.what());
    }
}

LaunchRule launchRuleFor(const TaskManifest &task, std::string_view source, std::string_view label)
{
    static constexpr std::string_view marker = "// kfx-launch:";
    const std::size_t at = source.find(marker);
    if (at == std::string_view::npos)
        return task.launch;
    const std::size_t begin = at + marker.size();
    const std::size_t end = source.find('\n', begin);
    const simdjson::padded_string line(source.substr(begin, end == std::string_view::npos ? end : end - begin));
    simdjson::dom::parser parser;
    json::Element element;
    if (const auto error = parser.parse(line).get(element); error != simdjson::SUCCESS)
        throw ManifestError(std::string(label) + ": kfx-launch is not valid JSON (" + simdjson::error_message(error)
                            + ")");
    try {
        const LaunchRule rule = parseLaunch(json::asObject(element, "kfx-launch"));
        std::size_t index = 0;
        for (const SizeVariables &sizes : task.cases)
            inContext("case " + std::to_string(index++), [&] { return resolveCase(task, rule, sizes); });
        return rule;
    } catch (const json::FieldError &error) {
        throw ManifestError(std::string(label) + ": kfx-launch: " + error.what());
    }
}

ResolvedCase resolveCase(const TaskManifest &task, const LaunchRule &launch, const SizeVariables &sizes)
{
    const auto positive = [&](const std::string &expression, const std::string &what) {
        const std::int64_t value = evaluateSizeExpression(expression, sizes);
        if (value <= 0)
            throw ExpressionError(what + " \"" + expression + "\" is " + std::to_string(value) + ", not positive");
        return value;
    };
    ResolvedCase resolved;
    for (std::size_t axis = 0; axis < 3; ++axis) {
        resolved.grid[axis] = positive(launch.grid[axis], "grid");
        resolved.block[axis] = positive(launch.block[axis], "block");
    }
    resolved.sharedBytes = evaluateSizeExpression(launch.sharedBytes, sizes);
    if (resolved.sharedBytes < 0)
        throw ExpressionError("shared_bytes \"" + launch.sharedBytes + "\" is negative");
    for (const KernelParameter &parameter : task.parameters) {
        const bool buffer = parameter.kind != KernelParameter::Kind::Int;
        resolved.arguments.push_back({parameter.kind,
                                      buffer ? positive(parameter.expression, parameter.name)
                                             : evaluateSizeExpression(parameter.expression, sizes)});
    }
    return resolved;
}

} // namespace kfx::measure
