#include "searchpairs.h"

#include "io/confinedpath.h"
#include "io/jsonfields.h"
#include "model/speedupbin.h"

#include <fstream>
#include <sstream>

namespace kfx::surrogate {

namespace {

namespace fs = std::filesystem;

bool isCommentLine(std::string_view line)
{
    const auto start = line.find_first_not_of(" \t");
    return start != std::string_view::npos && (line.substr(start).starts_with("//") || line[start] == '#');
}

std::string fileText(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw TaskReferenceError(path.string() + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The code a search's candidates are measured against: the log's stated reference, else its seed's code.
SharedText referenceCode(const Population &population, std::size_t node)
{
    if (!population.context.seedReferenceCode.empty())
        return population.context.seedReferenceCode;
    auto root = node;
    while (population.node(root).parent != kNoNode)
        root = population.node(root).parent;
    return population.node(root).code;
}

// The length of the kfx-variant header that `code` starts with; 0 where it has none.
std::size_t variantHeaderLength(std::string_view code)
{
    std::size_t start = 0;
    const auto firstEnd = code.find('\n');
    const auto first = code.substr(0, firstEnd);
    if (isCommentLine(first) && first.find("kfx-variant:") != std::string_view::npos && firstEnd != code.npos) {
        start = firstEnd + 1;
        const auto secondEnd = code.find('\n', start);
        if (isCommentLine(code.substr(start, secondEnd - start)))
            start = secondEnd == code.npos ? code.size() : secondEnd + 1;
    }
    return start;
}

} // namespace

fs::path taskFileInside(const fs::path &taskDirectory, std::string_view name, const std::string &namedBy)
{
    fs::path inside;
    try {
        inside = io::resolveInside(taskDirectory, name);
    } catch (const io::ConfinedPathError &error) {
        throw TaskReferenceError(namedBy + ": " + error.what());
    }
    // status() follows no further link (resolveInside resolved them) and opens nothing, so a FIFO is not waited on.
    std::error_code error;
    const auto status = fs::status(inside, error);
    if (fs::exists(status) && !fs::is_regular_file(status))
        throw TaskReferenceError(namedBy + ": \"" + std::string(name) + "\" is not a regular file");
    return inside;
}

std::string kernelWithoutVariantHeader(std::string_view code)
{
    return std::string(code.substr(variantHeaderLength(code)));
}

SharedText sharedKernelWithoutVariantHeader(const SharedText &code)
{
    const auto header = variantHeaderLength(code);
    return header == 0 ? code : SharedText(code.str().substr(header));
}

std::optional<fs::path> taskReferenceFile(const fs::path &taskDirectory)
{
    const auto manifest = taskDirectory / "task.json";
    // Any entry of that name, a link or a FIFO too, is the task's manifest, and only inside the task is it read.
    std::error_code missing;
    if (fs::exists(fs::symlink_status(manifest, missing))) {
        simdjson::dom::parser parser;
        const auto text = simdjson::padded_string(
            fileText(taskFileInside(taskDirectory, "task.json", manifest.string())));
        simdjson::dom::element root;
        if (parser.parse(text).get(root) != simdjson::SUCCESS)
            throw TaskReferenceError(manifest.string() + ": not JSON");
        std::string_view reference;
        try {
            reference = json::requiredString(json::asObject(root, "task"), "reference");
        } catch (const json::FieldError &error) {
            throw TaskReferenceError(manifest.string() + ": " + error.what());
        }
        return taskFileInside(taskDirectory, reference, manifest.string() + ": \"reference\"");
    }
    if (fs::exists(fs::symlink_status(taskDirectory / "reference.py", missing)))
        return taskFileInside(taskDirectory, "reference.py", (taskDirectory / "reference.py").string());
    return std::nullopt;
}

std::string taskReferenceCode(const fs::path &taskDirectory)
{
    const auto file = taskReferenceFile(taskDirectory);
    return file ? fileText(*file) : std::string();
}

ComparisonPair searchPair(const Population &population, std::size_t node, const SharedText &taskReference)
{
    const auto &kernel = population.node(node);
    ComparisonPair pair;
    pair.origin = PairOrigin::DiscoveryPair;
    pair.id = kernel.id;
    pair.pack = population.context.opName.empty() ? std::string("search") : population.context.opName;
    pair.referenceCode = taskReference.empty() ? referenceCode(population, node) : taskReference;
    pair.candidateCode = sharedKernelWithoutVariantHeader(kernel.code);
    pair.hardware = population.context.hardware;
    if (pair.hardware)
        pair.hardwareName = pair.hardware->deviceName;
    if (const auto speedup = kernel.evaluation ? kernel.evaluation->measuredSpeedup() : std::nullopt) {
        pair.speedup = *speedup;
        pair.trueBin = trySpeedupBinFor(*speedup).value_or(0);
    }
    pair.childNodeId = kernel.id;
    if (kernel.parent != kNoNode)
        pair.parentNodeId = population.node(kernel.parent).id;
    return pair;
}

std::vector<ComparisonPair> measuredSearchPairs(const Population &population, std::string_view task,
                                                const SharedText &taskReference)
{
    std::vector<ComparisonPair> pairs;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == NodeStatus::Seed || node.code.empty())
            continue;
        auto pair = searchPair(population, i, taskReference);
        if (population.context.opName.empty() && !task.empty())
            pair.pack = task;
        if (pair.trueBin != 0)
            pairs.push_back(std::move(pair));
    }
    return pairs;
}

std::string taskFromFileName(std::string_view path)
{
    auto name = fs::path(path).filename().string();
    const auto strip = [&name](std::string_view suffix) {
        if (name.size() > suffix.size() && name.ends_with(suffix)) {
            name.resize(name.size() - suffix.size());
            return true;
        }
        return false;
    };
    for (const std::string_view suffix : {".jsonl", ".json", ".events"})
        strip(suffix);
    // The search's role (a corpus holds a selective search and its baseline per task), then its search seed.
    for (const std::string_view suffix : {"-search", "_search", "-selective", "-baseline"}) {
        if (strip(suffix))
            break;
    }
    const auto seed = name.rfind("-seed");
    if (seed != std::string::npos && seed > 0 && seed + 5 < name.size()
        && name.find_first_not_of("0123456789", seed + 5) == std::string::npos)
        name.resize(seed);
    return name;
}

} // namespace kfx::surrogate
