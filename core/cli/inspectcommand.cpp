#include "commands.h"
#include "metricsio.h"

#include "io/fileloader.h"
#include "io/jsonwriter.h"
#include "search/puct.h"

#include <charconv>
#include <optional>

namespace kfx::cli {

namespace {

struct InspectOptions {
    std::string path;
    ReplayOptions replay;
    bool json = false;
};

std::optional<int> parseCount(const std::string &text)
{
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

std::optional<InspectOptions> parseOptions(const Arguments &args, std::ostream &err)
{
    InspectOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const auto &arg = args[i];
        if (arg == "--json") {
            options.json = true;
        } else if (arg == "--k-per-parent" || arg == "--archive-capacity") {
            auto value = i + 1 < args.size() ? parseCount(args[++i]) : std::nullopt;
            if (!value) {
                err << "kfx-cli inspect: " << arg << " needs a whole number >= 0\n";
                return std::nullopt;
            }
            (arg == "--k-per-parent" ? options.replay.kPerParent : options.replay.archiveCapacity) = *value;
        } else if (arg.starts_with("--") || !options.path.empty()) {
            err << "kfx-cli inspect: unexpected argument '" << arg << "'\n";
            return std::nullopt;
        } else {
            options.path = arg;
        }
    }
    if (options.path.empty()) {
        err << "usage: kfx-cli inspect FILE [--k-per-parent K] [--archive-capacity C] [--json]\n";
        return std::nullopt;
    }
    return options;
}

template<typename Map, typename Value>
void writeIdMap(JsonWriter &writer, std::string_view name, const Population &population, const Map &map,
                Value (*convert)(typename Map::mapped_type))
{
    // Keyed by node order so the output is stable from run to run.
    std::vector<std::size_t> keys;
    for (const auto &entry : map)
        keys.push_back(entry.first);
    std::sort(keys.begin(), keys.end());
    writer.key(name).beginObject();
    for (auto index : keys)
        writer.field(population.node(index).id, convert(map.at(index)));
    writer.endObject();
}

void writeSearchSummary(JsonWriter &writer, const LoadedFile &loaded)
{
    const auto &population = *loaded.population;
    const bool v3 = loaded.format == DataFormat::PuctV3 || loaded.format == DataFormat::HfPuctV3;
    const auto &counters = population.counters;
    writer.field("nodes", std::int64_t(population.size()));
    writer.key("archive").beginArray();
    for (auto index : population.archive)
        writer.value(population.node(index).id);
    writer.endArray();
    const auto best = population.bestArchiveNode();
    writer.key("best_reward");
    best ? writer.value(*population.node(*best).reward()) : writer.null();
    writer.key("best_node");
    best ? writer.value(population.node(*best).id) : writer.null();
    // v2's summary reports the replay's current step; v3's counts step_completed events.
    writer.field("steps_completed", v3 ? counters.stepsCompleted : population.currentStep);
    writer.field("evaluations_completed", counters.evaluationsCompleted);
    writer.field("evaluations_correct", counters.evaluationsCorrect);
    writer.field("evaluation_failures", counters.evaluationFailures);
    writer.field("mutation_failures", counters.mutationFailures);
    if (v3) {
        writer.field("forecasts_completed", counters.forecastsCompleted);
        writer.field("forecasts_failed", counters.forecastsFailed);
        writer.field("selected", counters.selected);
        writer.field("deferred", counters.deferred);
    }
    writeIdMap<decltype(population.visitCounts), std::int64_t>(
        writer, "visit_counts", population, population.visitCounts, [](int n) { return std::int64_t(n); });
    writeIdMap<decltype(population.bestChildRewards), double>(writer, "best_child_rewards", population,
                                                              population.bestChildRewards, [](double m) { return m; });
    writer.field("global_expansion_count", population.globalExpansionCount);
    writer.key("puct_scores").beginObject();
    for (const auto &scored : puct::scoreArchive(population))
        writer.field(population.node(scored.node).id, scored.score);
    writer.endObject();
}

void writeJson(std::ostream &out, const LoadedFile &loaded)
{
    JsonWriter writer;
    writer.beginObject();
    writer.field("format", dataFormatName(loaded.format));
    if (loaded.population)
        writeSearchSummary(writer, loaded);
    else
        writer.field("rows", std::int64_t(loaded.rows));
    writer.key("errors").beginArray();
    for (const auto &diagnostic : loaded.diagnostics) {
        if (!diagnostic.isWarning())
            writer.beginObject().field("line", diagnostic.line).field("message", diagnostic.message).endObject();
    }
    writer.endArray();
    LoadNotes notes;
    notes.add(loaded);
    writeLoadNotes(writer, notes);
    writer.endObject();
    out << writer.text() << '\n';
}

void writeText(std::ostream &out, const LoadedFile &loaded)
{
    out << loaded.path << ": " << dataFormatName(loaded.format);
    if (loaded.population) {
        const auto &population = *loaded.population;
        out << ", " << population.size() << " nodes, archive " << population.archive.size() << ", "
            << population.counters.stepsCompleted << " steps completed";
        if (auto best = population.bestArchiveNode())
            out << ", best reward " << *population.node(*best).reward() << " (" << population.node(*best).id << ")";
    } else {
        out << ", " << loaded.rows << " rows";
    }
    if (loaded.partial())
        out << "; partial: " << loaded.damagedLines << (loaded.damagedLines == 1 ? " line" : " lines")
            << " could not be loaded";
    out << '\n';
    for (const auto &diagnostic : loaded.diagnostics)
        printDiagnostic(out, diagnostic);
}

} // namespace

int runInspect(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto options = parseOptions(args, err);
    if (!options)
        return 1;
    const auto loaded = loadFile(options->path, options->replay);
    if (!loaded.readable) {
        for (const auto &diagnostic : loaded.diagnostics)
            printDiagnostic(err, diagnostic);
        if (options->json)
            writeJson(out, loaded);
        return 2;
    }
    options->json ? writeJson(out, loaded) : writeText(out, loaded);
    return 0;
}

} // namespace kfx::cli
