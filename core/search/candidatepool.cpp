#include "mutationsource.h"

#include "searchlogwriter.h"
#include "specfile.h"

#include <filesystem>
#include <unordered_set>

namespace kfx::search {

namespace fs = std::filesystem;

CandidatePool::CandidatePool(const std::string &directory) : m_directory(directory)
{
    const SpecFile spec(fs::path(directory) / "pool.json", "kfx-pool/1");
    auto load = [&](std::string_view name, std::string_view where) {
        const std::string file(name);
        if (file.empty() || file.find('/') != std::string::npos || file.starts_with('.'))
            throw spec.error(std::string(where) + ": \"" + file + "\" is not a file name in the pool's directory");
        if (!m_files.contains(file)) {
            auto code = readSpecText(fs::path(directory) / file);
            if (auto [it, inserted] = m_fileByCode.emplace(code, file); !inserted)
                throw spec.error(file + " has the same code as " + it->second
                                 + "; a parent is recognised by its code, so every file must differ");
            m_files.emplace(file, std::move(code));
        }
        return file;
    };
    try {
        const auto &object = spec.root();
        m_seedFile = load(json::requiredString(object, "seed"), "\"seed\"");
        for (auto [parent, list] : json::requiredObject(object, "variants")) {
            const auto where = "\"variants\": \"" + std::string(parent) + "\"";
            auto &variants = m_variants[load(parent, where)];
            simdjson::dom::array files;
            if (list.get_array().get(files))
                throw spec.error(where + ": expected a list of file names");
            for (auto element : files)
                variants.push_back(load(json::asString(element, where), where));
        }
    } catch (const json::FieldError &error) {
        throw spec.error(error.what());
    }
    m_task = spec.taskDirectory();
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
