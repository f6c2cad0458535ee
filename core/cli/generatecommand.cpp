#include "commands.h"

#include "generate/syntheticgenerator.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>
#include <system_error>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli generate --kind puct-v2|puct-v3|eval-set|predictions --nodes N --seed S --out FILE\n"
    "                        [--shift-family-halfway]   (searches: a new kernel family the surrogate reads badly)\n";

// Far beyond any real search; keeps a typo from filling the disk.
constexpr std::int64_t kMaxNodes = 10'000'000;

struct GenerateOptions {
    generate::SyntheticKind kind = generate::SyntheticKind::PuctV2;
    std::int64_t nodes = 0;
    std::uint64_t seed = 0;
    std::string outPath;
    generate::SearchVariation variation;
};

template<typename Number>
std::optional<Number> parseNumber(std::string_view text)
{
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Returns the options, or nothing after writing what is wrong to `err`.
std::optional<GenerateOptions> parseOptions(const Arguments &args, std::ostream &err)
{
    GenerateOptions options;
    bool haveKind = false;
    bool haveNodes = false;
    bool haveSeed = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view flag = args[i];
        if (flag == "--shift-family-halfway") {
            options.variation.familyShiftHalfway = true;
            continue;
        }
        if (i + 1 >= args.size()) {
            err << "kfx-cli generate: " << flag << " needs a value\n" << kUsage;
            return std::nullopt;
        }
        const std::string_view value = args[++i];
        if (flag == "--kind") {
            const auto kind = generate::syntheticKindFromName(value);
            if (!kind) {
                err << "kfx-cli generate: unknown kind '" << value << "'\n" << kUsage;
                return std::nullopt;
            }
            options.kind = *kind;
            haveKind = true;
        } else if (flag == "--nodes") {
            const auto nodes = parseNumber<std::int64_t>(value);
            if (!nodes || *nodes < 1 || *nodes > kMaxNodes) {
                err << "kfx-cli generate: --nodes must be a whole number from 1 to " << kMaxNodes << ", not '" << value
                    << "'\n";
                return std::nullopt;
            }
            options.nodes = *nodes;
            haveNodes = true;
        } else if (flag == "--seed") {
            const auto seed = parseNumber<std::uint64_t>(value);
            if (!seed) {
                err << "kfx-cli generate: --seed must be a non-negative whole number, not '" << value << "'\n";
                return std::nullopt;
            }
            options.seed = *seed;
            haveSeed = true;
        } else if (flag == "--out") {
            options.outPath = std::string(value);
        } else {
            err << "kfx-cli generate: unknown option '" << flag << "'\n" << kUsage;
            return std::nullopt;
        }
    }
    if (!haveKind || !haveNodes || !haveSeed || options.outPath.empty()) {
        err << "kfx-cli generate: --kind, --nodes, --seed and --out are all required\n" << kUsage;
        return std::nullopt;
    }
    if (options.variation.familyShiftHalfway && options.kind != generate::SyntheticKind::PuctV2
        && options.kind != generate::SyntheticKind::PuctV3) {
        err << "kfx-cli generate: --shift-family-halfway applies to searches (puct-v2, puct-v3) only\n";
        return std::nullopt;
    }
    return options;
}

std::string sizeText(std::uintmax_t bytes)
{
    char buffer[32];
    if (bytes >= 1'000'000)
        std::snprintf(buffer, sizeof buffer, "%.1f MB", double(bytes) / 1e6);
    else
        std::snprintf(buffer, sizeof buffer, "%.1f KB", double(bytes) / 1e3);
    return buffer;
}

} // namespace

int runGenerate(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto options = parseOptions(args, err);
    if (!options)
        return 1;

    // Written beside the target and renamed over it, so a reader never sees half a file.
    const std::filesystem::path target(options->outPath);
    std::filesystem::path temporary = target;
    temporary += ".tmp";
    generate::SyntheticSummary summary;
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) {
            err << "kfx-cli generate: cannot write " << temporary.string() << '\n';
            return 2;
        }
        summary =
            generate::SyntheticGenerator(options->seed, options->variation).write(options->kind, options->nodes, file);
        file.flush();
        if (!file) {
            err << "kfx-cli generate: writing " << temporary.string() << " failed\n";
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return 2;
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, target, error);
    if (error) {
        err << "kfx-cli generate: cannot move " << temporary.string() << " to " << target.string() << ": "
            << error.message() << '\n';
        std::filesystem::remove(temporary, error);
        return 2;
    }
    const auto bytes = std::filesystem::file_size(target, error);
    const bool rows = options->kind == generate::SyntheticKind::EvalSet
        || options->kind == generate::SyntheticKind::Predictions;
    out << "wrote " << (rows ? summary.records : summary.nodes) << (rows ? " rows" : " nodes") << " ("
        << generate::syntheticKindName(options->kind) << ", " << sizeText(error ? 0 : bytes) << ") to "
        << target.string() << '\n';
    return 0;
}

} // namespace kfx::cli
