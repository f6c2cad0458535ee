#include "mutationsource.h"

#include "io/jsonfields.h"
#include "searchlogwriter.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_set>

namespace kfx::search {

namespace {

namespace fs = std::filesystem;

std::string readText(const fs::path &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw PoolError(path.string() + ": cannot read");
    std::ostringstream content;
    content << file.rdbuf();
    return content.str();
}

} // namespace

CandidatePool::CandidatePool(const std::string &directory) : m_directory(directory)
{
    const fs::path manifest = fs::path(directory) / "pool.json";
    const simdjson::padded_string text(readText(manifest));
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (auto error = parser.parse(text).get(root))
        throw PoolError(manifest.string() + ": not JSON: " + simdjson::error_message(error));
    auto load = [&](std::string_view name, std::string_view where) {
        const std::string file(name);
        if (file.empty() || file.find('/') != std::string::npos || file.starts_with('.'))
            throw PoolError(manifest.string() + ": " + std::string(where) + ": \"" + file
                            + "\" is not a file name in the pool's directory");
        if (!m_files.contains(file)) {
            auto code = readText(fs::path(directory) / file);
            if (auto [it, inserted] = m_fileByCode.emplace(code, file); !inserted)
                throw PoolError(manifest.string() + ": " + file + " has the same code as " + it->second
                                + "; a parent is recognised by its code, so every file must differ");
            m_files.emplace(file, std::move(code));
        }
        return file;
    };
    try {
        const auto object = json::asObject(root, "pool");
        if (json::requiredString(object, "format") != "kfx-pool/1")
            throw PoolError(manifest.string() + ": \"format\": expected \"kfx-pool/1\"");
        m_task = fs::weakly_canonical(fs::path(directory) / std::string(json::requiredString(object, "task")));
        m_seedFile = load(json::requiredString(object, "seed"), "\"seed\"");
        for (auto [parent, list] : json::requiredObject(object, "variants")) {
            const auto where = "\"variants\": \"" + std::string(parent) + "\"";
            auto &variants = m_variants[load(parent, where)];
            simdjson::dom::array files;
            if (list.get_array().get(files))
                throw PoolError(manifest.string() + ": " + where + ": expected a list of file names");
            for (auto element : files)
                variants.push_back(load(json::asString(element, where), where));
        }
    } catch (const json::FieldError &error) {
        throw PoolError(manifest.string() + ": " + error.what());
    }
    // The three task layouts kfx-measure reads (core/measure/TASKS.md).
    const fs::path task(m_task);
    if (!fs::is_regular_file(task / "task.json") && !fs::is_regular_file(task / "task.yml")
        && !fs::is_regular_file(task / "problem.py") && !(task.extension() == ".py" && fs::is_regular_file(task)))
        throw PoolError(manifest.string() + ": \"task\": " + m_task
                        + " is no task (no task.json, task.yml or problem.py)");
}

std::string CandidatePool::label() const
{
    return "candidate pool (a stand-in for an LLM mutator): " + m_directory;
}

MutationResult CandidatePool::mutate(const MutationContext &context)
{
    const auto &parent = context.population.node(context.parent);
    const auto file = m_fileByCode.find(parent.code);
    if (file == m_fileByCode.end())
        return {std::nullopt,
                "the candidate pool has no variants for parent " + parent.id
                    + " (its code is none of the pool's files)"};
    std::unordered_set<std::string_view> used;
    for (auto child : parent.children)
        used.insert(context.population.node(child).code);
    std::vector<const std::string *> unused;
    if (auto variants = m_variants.find(file->second); variants != m_variants.end()) {
        for (const auto &variant : variants->second) {
            if (!used.contains(m_files.at(variant)))
                unused.push_back(&m_files.at(variant));
        }
    }
    if (unused.empty())
        return {std::nullopt, "the candidate pool has no unused variant of " + file->second + " left"};
    const auto draw = mix(context.seed ^ mix(std::uint64_t(context.step) * 1000003ULL + std::uint64_t(context.slot)));
    return {*unused[draw % unused.size()], {}};
}

} // namespace kfx::search
