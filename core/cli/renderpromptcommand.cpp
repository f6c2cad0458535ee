#include "commands.h"

#include "optionreader.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"
#include "surrogate/promptset.h"

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli render-prompt [--system FILE --user FILE | --defer] --query QUERY.json\n";

} // namespace

// Prints the rendered messages as {"system": ..., "user": ...} so a template can be compared byte for byte
// with what jinja2 renders from the same query.
int runRenderPrompt(const Arguments &args, std::ostream &out, std::ostream &err)
{
    std::string systemPath, userPath, queryPath;
    bool defer = false;
    OptionReader reader("kfx-cli render-prompt");
    reader.value("--system", &systemPath);
    reader.value("--user", &userPath);
    reader.value("--query", &queryPath);
    reader.flag("--defer", &defer);
    if (!reader.parse(args, err) || queryPath.empty() || systemPath.empty() != userPath.empty()) {
        err << kUsage;
        return 1;
    }
    simdjson::dom::parser parser;
    json::Element document;
    if (auto error = parser.load(queryPath).get(document)) {
        err << "kfx-cli render-prompt: " << queryPath << ": " << simdjson::error_message(error) << '\n';
        return 2;
    }
    try {
        const auto query = surrogate::readKernelRuntimeQuery(json::asObject(document, "query"));
        const auto prompts = systemPath.empty() ? surrogate::PromptSet::builtIn(defer)
                                                : surrogate::PromptSet::fromFiles(systemPath, userPath);
        const auto rendered = prompts.render(query);
        JsonWriter writer;
        writer.beginObject().field("system", rendered.system).field("user", rendered.user).endObject();
        out << writer.text() << '\n';
        return 0;
    } catch (const json::FieldError &error) {
        err << "kfx-cli render-prompt: " << queryPath << ": " << error.what() << '\n';
    } catch (const std::exception &error) {
        err << "kfx-cli render-prompt: " << error.what() << '\n';
    }
    return 2;
}

} // namespace kfx::cli
