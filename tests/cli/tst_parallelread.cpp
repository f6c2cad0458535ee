// A log parsed on several threads (issue 23) reads exactly as on one: every split of the file into chunks and every
// thread count hands the replay the same records, with the same line numbers, in the same order, so the population
// and every diagnostic are the same. A damaged line deep in the file is named by its file and line whatever the
// chunk it fell into.
#include "check.h"

#include "generate/syntheticgenerator.h"
#include "io/fileloader.h"

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace kfx;

namespace {

// One thread and one chunk for the whole text: the order the file was read in before it was split.
const ParseSplit kWhole{1, std::size_t(1) << 30};
// Chunks cut at arbitrary places; the last is the default's.
const std::vector<ParseSplit> kSplits{{3, 97}, {2, 4096}, {4, 10'000}, {2, ParseSplit{}.chunkBytes}};
// One-byte chunks put every line in a chunk of its own and leave most chunks empty: for the small logs only.
const ParseSplit kOneByte{2, 1};

std::string describe(const ParseSplit &split)
{
    return std::to_string(split.threads) + " threads, chunks of " + std::to_string(split.chunkBytes) + " bytes";
}

std::string readWhole(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string generatedV3(int nodes)
{
    std::ostringstream out;
    generate::SyntheticGenerator(23).write(generate::SyntheticKind::PuctV3, nodes, out);
    return out.str();
}

// Every record the visitor was handed, with its line, as minified JSON; then every diagnostic.
std::string visits(const std::string &text, const ParseSplit &split)
{
    JsonLinesFile file;
    file.setText(text, "log.jsonl");
    file.setParseSplit(split);
    std::string out;
    Diagnostics diagnostics;
    file.forEachObject(
        [&](const json::Object &object, std::int64_t line) {
            out += std::to_string(line) + " " + simdjson::minify(object) + "\n";
            return true;
        },
        diagnostics);
    for (const auto &diagnostic : diagnostics)
        out += diagnostic.file + ":" + std::to_string(diagnostic.line) + ": " + diagnostic.message + "\n";
    out += "complete " + std::to_string(file.completeBytes()) + " damaged " + std::to_string(file.damagedLines())
        + " truncated " + std::to_string(file.truncatedTail()) + "\n";
    return out;
}

std::string optionalNumber(std::optional<double> value)
{
    return value ? std::to_string(*value) : "-";
}

// What a replay made of the text: every node's fields, the PUCT state, the counts and every diagnostic.
std::string replayed(const std::string &text, DataFormat format, const ParseSplit &split)
{
    JsonLinesFile file;
    file.setText(text, "log.jsonl");
    file.setParseSplit(split);
    LoadedFile loaded;
    readSearchLog(file, format, {}, loaded);
    std::ostringstream out;
    const auto &population = *loaded.population;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        out << node.id << " parent " << node.parent << " children " << node.children.size() << " code "
            << std::hash<std::string>{}(node.code) << " language " << int(node.language) << " step " << node.step
            << " status " << nodeStatusName(node.status) << " failure " << int(node.failureStage) << " "
            << node.failureReason << " reward " << optionalNumber(node.reward()) << " cached " << node.cached
            << " forecasts " << node.forecasts.size() << " score " << optionalNumber(node.selectionScore) << " archive "
            << node.inArchive << node.everInArchive << " line " << node.firstLine << "\n";
        for (const auto &forecast : node.forecasts)
            out << "  forecast " << forecast.predictedBin << " " << forecast.failureProbability << "\n";
    }
    for (auto index : population.archive)
        out << "archive " << index << "\n";
    for (std::size_t i = 0; i < population.size(); ++i) {
        if (auto visits = population.visitCounts.find(i); visits != population.visitCounts.end())
            out << "n " << i << " " << visits->second << "\n";
        if (auto best = population.bestChildRewards.find(i); best != population.bestChildRewards.end())
            out << "m " << i << " " << best->second << "\n";
    }
    const auto &counters = population.counters;
    out << "T " << population.globalExpansionCount << " steps " << population.steps.size() << " completed "
        << counters.stepsCompleted << " evaluations " << counters.evaluationsCompleted << " "
        << counters.evaluationsCorrect << " " << counters.evaluationFailures << " forecasts "
        << counters.forecastsCompleted << " " << counters.forecastsFailed << " selected " << counters.selected
        << " deferred " << counters.deferred << " rows " << loaded.rows << "\n";
    for (const auto &diagnostic : loaded.diagnostics)
        out << diagnostic.file << ":" << diagnostic.line << ": " << diagnostic.message << "\n";
    return out.str();
}

void sameWhateverTheSplit(const std::string &name, const std::string &text, DataFormat format,
                          const std::vector<ParseSplit> &splits)
{
    const auto records = visits(text, kWhole);
    const auto population = replayed(text, format, kWhole);
    KFX_CHECK(!population.empty() && records.size() > text.size() / 2, name + ": the log is read");
    for (const auto &split : splits) {
        KFX_CHECK(visits(text, split) == records, name + ": the same records on " + describe(split));
        KFX_CHECK(replayed(text, format, split) == population, name + ": the same population on " + describe(split));
    }
}

std::vector<std::string> linesOf(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

bool reports(const Diagnostics &diagnostics, std::int64_t line, const std::string &part)
{
    for (const auto &diagnostic : diagnostics) {
        if (diagnostic.file == "damaged.jsonl" && diagnostic.line == line && test::contains(diagnostic.message, part))
            return true;
    }
    return false;
}

// A generated log with a line cut in two deep inside it, a line that is an array, a blank line and an unfinished
// last line: each is reported on its own line, and the lines after the damage still load.
void damagedLinesKeepTheirNumbers()
{
    auto lines = linesOf(generatedV3(60));
    const std::size_t cut = lines.size() * 3 / 4;
    lines[cut] = lines[cut].substr(0, lines[cut].size() / 2);
    lines[cut + 10] = "[1, 2]";
    lines[cut + 20] = "   ";
    std::string text;
    for (const auto &line : lines)
        text += line + "\n";
    text += "{\"kind\": \"step_sta";
    const auto last = std::int64_t(lines.size()) + 1;

    std::string first;
    for (const auto &split : kSplits) {
        JsonLinesFile file;
        file.setText(text, "damaged.jsonl");
        file.setParseSplit(split);
        LoadedFile loaded;
        readSearchLog(file, DataFormat::PuctV3, {}, loaded);
        const auto &diagnostics = loaded.diagnostics;
        const auto on = " on " + describe(split);
        KFX_CHECK(reports(diagnostics, std::int64_t(cut) + 1, "invalid JSON"), "the cut line is named" + on);
        KFX_CHECK(reports(diagnostics, std::int64_t(cut) + 11, "expected a JSON object, found an array"),
                  "the array is named" + on);
        KFX_CHECK(reports(diagnostics, last, "the last line is unfinished"), "the unfinished line is named" + on);
        KFX_CHECK(file.truncatedTail() && file.damagedLines() >= 3, "three lines damaged, the tail cut" + on);
        KFX_CHECK(file.completeBytes() == text.size() - std::string_view("{\"kind\": \"step_sta").size(),
                  "a follower resumes at the unfinished line" + on);
        KFX_CHECK(loaded.population && loaded.population->counters.stepsCompleted > 0, "the rest loads" + on);
        const auto population = replayed(text, DataFormat::PuctV3, split);
        if (first.empty())
            first = population;
        KFX_CHECK(population == first, "the same population and diagnostics" + on);
    }
}

// A reader that stops at the first record (format detection) gets line 1 whatever the threads, and stops them.
void firstRecordOnly()
{
    const auto text = generatedV3(60);
    for (const auto &split : kSplits) {
        JsonLinesFile file;
        file.setText(text, "log.jsonl");
        file.setParseSplit(split);
        std::int64_t seen = 0;
        std::int64_t calls = 0;
        KFX_CHECK(file.firstObject([&](const json::Object &, std::int64_t line) {
            seen = line;
            ++calls;
            return false;
        }),
                  "a first record on " + describe(split));
        KFX_CHECK(seen == 1 && calls == 1, "only line 1 is visited on " + describe(split));
    }
}

} // namespace

int main()
{
    sameWhateverTheSplit("generated v3", generatedV3(100), DataFormat::PuctV3, kSplits);
    for (const char *log : {"rms_norm-selective.jsonl", "rms_norm-baseline.jsonl"}) {
        const auto path = std::string(KFX_TEST_DATA_DIR "/corpus/") + log;
        const auto text = readWhole(path);
        JsonLinesFile file;
        file.setText(text, path);
        DataFormat format = DataFormat::Unknown;
        file.firstObject([&](const json::Object &record, std::int64_t) {
            format = detectFormat(record);
            return false;
        });
        auto splits = kSplits;
        splits.push_back(kOneByte);
        sameWhateverTheSplit(log, text, format, splits);
    }
    damagedLinesKeepTheirNumbers();
    firstRecordOnly();
    return test::finish();
}
