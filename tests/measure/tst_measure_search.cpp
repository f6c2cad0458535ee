// The demo search's kernel lineages (resources/demo/search/<task>/lineage.json), checked without a GPU: every
// variant's file exists, its parent comes before it, every parent is a variant written to succeed, each step
// uses at most two children of a parent as later parents (kfx's replay, with k_per_parent 2, archives at most the
// best two; the driver reports at run time when a measured one missed), and NVRTC compiles every variant for sm_90
// except those written not to compile.
#include "check.h"
#include "io/jsonfields.h"
#include "measure/nvrtccompiler.h"
#include "measure/taskmanifest.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

using namespace kfx;
using namespace kfx::measure;

namespace {
std::string readFile(const std::filesystem::path &path)
{
    std::ifstream file(path);
    return std::string((std::istreambuf_iterator<char>(file)), {});
}
} // namespace

int main()
{
    const std::filesystem::path searchRoot = std::filesystem::path(KFX_DEMO_TASKS_DIR) / ".." / "search";
    const std::string cacheDirectory = (std::filesystem::temp_directory_path() / "kfx-measure-search-cache").string();
    const NvrtcCompiler compiler("sm_90", KernelImageCache(cacheDirectory));
    int variants = 0;
    int lineages = 0;
    for (const auto &entry : std::filesystem::directory_iterator(searchRoot)) {
        const auto lineagePath = entry.path() / "lineage.json";
        if (!std::filesystem::exists(lineagePath))
            continue;
        ++lineages;
        simdjson::dom::parser parser;
        simdjson::dom::element root;
        KFX_CHECK(parser.load(lineagePath.string()).get(root) == simdjson::SUCCESS, lineagePath.string());
        const auto lineage = json::asObject(root, "lineage");
        const TaskManifest task = loadTaskManifest((entry.path() / json::requiredString(lineage, "task")).string());
        std::map<std::string, std::string> expectOf;
        std::map<std::string, std::pair<int, std::string>> stepAndParentOf;
        std::map<std::pair<int, std::string>, std::set<std::string>> laterParentsByStepAndParent;
        for (const json::Element element : json::requiredArray(lineage, "variants")) {
            const auto variant = json::asObject(element, "variant");
            const std::string name(json::requiredString(variant, "name"));
            const std::string expect(json::requiredString(variant, "expect"));
            const std::string parent(json::optionalString(variant, "parent").value_or(""));
            KFX_CHECK(expectOf.empty() == parent.empty(), name + ": only the first variant is the seed");
            if (!parent.empty()) {
                KFX_CHECK(expectOf.contains(parent), name + ": parent " + parent + " listed before it");
                KFX_CHECK(expectOf[parent] == "success", name + ": parent " + parent + " is written to succeed");
                stepAndParentOf[name] = {int(json::requiredInteger(variant, "step")), parent};
                if (stepAndParentOf.contains(parent))
                    laterParentsByStepAndParent[stepAndParentOf[parent]].insert(parent);
            }
            expectOf[name] = expect;
            const auto path = entry.path() / (name + ".cu");
            KFX_CHECK(std::filesystem::exists(path), path.string() + " exists");
            const std::string source = readFile(path);
            try {
                launchRuleFor(task, source, name);
                compiler.compile(source, name);
                KFX_CHECK(expect != "compile_failed", name + " compiled but is meant to fail");
            } catch (const std::exception &error) {
                KFX_CHECK(expect == "compile_failed", name + " does not compile: " + error.what());
            }
            ++variants;
        }
        for (const auto &[key, parents] : laterParentsByStepAndParent)
            KFX_CHECK(parents.size() <= 2,
                      "step " + std::to_string(key.first) + ": " + std::to_string(parents.size()) + " children of "
                          + key.second + " are parents later; kfx archives two");
    }
    std::cout << lineages << " lineages, " << variants << " variants\n";
    KFX_CHECK(lineages >= 2 && variants >= 40, "at least 40 variants in at least two lineages");
    std::filesystem::remove_all(cacheDirectory);
    return kfx::test::finish();
}
