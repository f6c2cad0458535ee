// kfx-cli corpus: a directory of measured search logs as the embedded surrogate's training data. evaluate scores
// it prequentially and leave-one-task-out against four baselines, train writes the pretrained models the app ships,
// export writes the measured pairs in the published row formats.
#include "commands.h"
#include "optionreader.h"

#include "io/jsonwriter.h"
#include "search/landscapepairs.h"
#include "surrogate/corpus.h"
#include "surrogate/corpusevaluation.h"
#include "surrogate/corpusexport.h"
#include "surrogate/prequential.h"
#include "surrogate/searchawareforecaster.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace kfx::cli {

namespace {

namespace fs = std::filesystem;
using namespace kfx::surrogate;

constexpr std::string_view kUsage =
    R"(usage: kfx-cli corpus evaluate DIR [--tasks ROOT]... [--landscapes LDIR --pools PROOT] [--protocol P]
                                     [--json | --markdown]
       kfx-cli corpus train DIR --out OUTDIR [--tasks ROOT]... [--landscapes LDIR --pools PROOT] [--corpus NAME]
       kfx-cli corpus export DIR [--eval-set EVAL.jsonl] [--training-pool POOL.jsonl] [--tasks ROOT]...
  DIR: search logs (*.jsonl); each distinct kernel of a task is one pair against the task's reference code.
  --tasks: a directory holding one directory per task (task.json or reference.py); default
           resources/demo/tasks, resources/corpus/tasks and resources/tasks.
  --landscapes: measured landscapes (LDIR/<task>.jsonl.xz, e.g. resources/landscape) whose successful knob
           settings train the models beside the corpus's pairs, rendered from PROOT/<task>/mutations.json (e.g.
           resources/corpus); they are never scored, and a model trained without a task never sees its landscape.
  evaluate: accuracy, off-by-one, Brier, ECE and NLL of the kernels that ran, and the gate's risk (a trusted
            kernel that failed counts as wrong) and coverage at the default threshold and AURC, of the embedded
            surrogate and of four baselines (majority bin, always-defer, the parent's bin, the nearest kernel
            measured before), per task and pooled (--markdown: as the README's tables).
  --protocol: prequential (each search walked in order, each kernel forecast from what was measured before it
              in that search, the surrogate trained without its task; "search-log" is the forecast a selective
              search logged for the kernel at the time), leave-one-task-out (the corpus's
              distinct kernels, the surrogate trained without their task), or both (the default).
  train: OUTDIR/all.kfxmodel (every pair), OUTDIR/without-<task>.kfxmodel (every task but one) and
         OUTDIR/manifest.json (kfx-pretrained/1, with the held-out figures); --corpus names the corpus there.
         Prints the held-out figures as the README's table.
)";

constexpr std::string_view kDefaultCorpusName = "resources/corpus/searches-h100.tar.xz";

struct CorpusArguments {
    std::string action;
    std::string directory;
    std::vector<std::string> taskRoots;
    std::string out, corpusName = std::string(kDefaultCorpusName), evalSet, trainingPool;
    std::string landscapes, pools;
    std::string protocol = "both";
    bool json = false;
    bool markdown = false;
};

constexpr std::string_view kPrequential = "prequential";
constexpr std::string_view kLeaveOneTaskOut = "leave-one-task-out";

std::optional<CorpusArguments> parseArguments(const Arguments &args, std::ostream &err)
{
    CorpusArguments arguments;
    OptionReader reader("kfx-cli corpus");
    reader.repeated("--tasks", &arguments.taskRoots);
    reader.value("--out", &arguments.out);
    reader.value("--corpus", &arguments.corpusName);
    reader.value("--eval-set", &arguments.evalSet);
    reader.value("--training-pool", &arguments.trainingPool);
    reader.value("--protocol", &arguments.protocol);
    reader.value("--landscapes", &arguments.landscapes);
    reader.value("--pools", &arguments.pools);
    reader.flag("--json", &arguments.json);
    reader.flag("--markdown", &arguments.markdown);
    std::vector<std::string> positional;
    if (!reader.parse(args, err, &positional))
        return std::nullopt;
    if (positional.size() != 2) {
        err << kUsage;
        return std::nullopt;
    }
    if (arguments.protocol != kPrequential && arguments.protocol != kLeaveOneTaskOut && arguments.protocol != "both") {
        err << "kfx-cli corpus: --protocol is prequential, leave-one-task-out or both, not '" << arguments.protocol
            << "'\n";
        return std::nullopt;
    }
    if (arguments.landscapes.empty() != arguments.pools.empty()) {
        err << "kfx-cli corpus: --landscapes and --pools go together (the landscapes' kernels are rendered from "
               "the pools' templates)\n";
        return std::nullopt;
    }
    arguments.action = positional[0];
    arguments.directory = positional[1];
    if (arguments.taskRoots.empty())
        arguments.taskRoots = {"resources/demo/tasks", "resources/corpus/tasks", "resources/tasks"};
    return arguments;
}

std::string describeOptions(const TrainingOptions &options)
{
    char text[96];
    std::snprintf(text, sizeof text, "rounds %d, depth %d, learning rate %g", options.rounds, options.maxDepth,
                  options.learningRate);
    return text;
}

void writeOptions(JsonWriter &writer, const ChosenModel &chosen)
{
    writer.key("options")
        .beginObject()
        .field("rounds", chosen.options.rounds)
        .field("max_depth", chosen.options.maxDepth)
        .field("learning_rate", chosen.options.learningRate)
        .field("seed", std::int64_t(chosen.options.seed))
        .endObject();
    writer.key("grid_brier").beginArray();
    for (const auto brier : chosen.gridBrier)
        writer.value(brier);
    writer.endArray();
    // Out-of-task calibration is fitted on a nested forecast of every training pair, in-task on a held-out share.
    const bool outOfTask = !chosen.calibrationGroups.empty();
    writer.field("calibration", chosen.model->calibrator().methodName())
        .field("calibration_out_of_task", outOfTask)
        .field("training_pairs", std::int64_t(chosen.report.trainingRows))
        .field("calibration_pairs",
               std::int64_t(outOfTask ? chosen.report.trainingRows + chosen.report.calibrationRows
                                      : chosen.report.calibrationRows));
}

void writeScores(JsonWriter &writer, std::string_view key, std::span<const HeldOutScores> scores)
{
    writer.key(key).beginArray();
    for (const auto &score : scores) {
        writer.beginObject()
            .field("surrogate", score.surrogate)
            .field("task", score.task)
            .field("pairs", score.pairs)
            .field("failed", score.failed)
            .field("accuracy", score.accuracy)
            .field("off_by_one", score.offByOne)
            .field("brier", score.brier)
            .field("ece", score.ece)
            .field("nll", score.nll)
            .field("aurc", score.aurc)
            .field("risk", score.risk)
            .field("coverage", score.coverage)
            .endObject();
    }
    writer.endArray();
}

// The corpus as read, with the landscapes' training-only pairs in it when --landscapes names them.
struct CorpusInput {
    Corpus corpus;
    std::string landscapes;                           // the directory; empty when none
    std::map<std::string, int> landscapePairsPerTask; // the pairs added from each task's landscape
    int landscapeKernelsInCorpus = 0;                 // successes a corpus search measured too, not added again
};

CorpusInput readInput(const CorpusArguments &arguments)
{
    CorpusInput input{readCorpus(arguments.directory, {arguments.taskRoots}), arguments.landscapes, {}, 0};
    if (!arguments.landscapes.empty()) {
        auto added = search::landscapeTrainingPairs(input.corpus, arguments.landscapes, arguments.pools);
        input.corpus.trainingOnlyPairs = std::move(added.pairs);
        input.landscapePairsPerTask = std::move(added.perTask);
        input.landscapeKernelsInCorpus = added.alreadyInCorpus;
    }
    return input;
}

void writeCorpusCounts(JsonWriter &writer, const CorpusInput &input)
{
    const auto &corpus = input.corpus;
    writer.field("logs", std::int64_t(corpus.files.size()))
        .field("measurements", std::int64_t(corpus.measurementCount))
        .field("pairs", std::int64_t(corpus.pairs.size()));
    writer.key("skipped").beginObject();
    for (const auto &[reason, count] : corpus.skipped)
        writer.field(reason, count);
    writer.endObject();
    if (input.landscapes.empty())
        return;
    writer.key("landscapes")
        .beginObject()
        .field("directory", input.landscapes)
        .field("training_only_pairs", std::int64_t(corpus.trainingOnlyPairs.size()))
        .field("already_in_corpus", input.landscapeKernelsInCorpus);
    writer.key("per_task").beginObject();
    for (const auto &[task, count] : input.landscapePairsPerTask)
        writer.field(task, count);
    writer.endObject().endObject();
}

void writeFolds(JsonWriter &writer, std::span<const CorpusFold> folds)
{
    writer.key("folds").beginArray();
    for (const auto &fold : folds) {
        writer.beginObject().field("held_out", fold.heldOutTask).field("pairs", std::int64_t(fold.pairs.size()));
        writeOptions(writer, fold.chosen);
        writer.field("majority_bin", fold.prior.majorityBin).endObject();
    }
    writer.endArray();
}

std::string describeMixing(const SearchAwareMixing &mixing)
{
    std::ostringstream text;
    text << "initial log weights";
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        text << ' ' << searchAwareComponentName(SearchAwareComponent(c)) << ' ' << mixing.initialLogWeights[c];
    text << ", temper " << mixing.temper;
    return text.str();
}

std::string describeMixing(const FactoredMixing &mixing)
{
    std::ostringstream calibration;
    calibration << "; its failure probability's log odds calibrated by slope " << mixing.calibration.slope
                << ", offset " << mixing.calibration.offset;
    return "whether a kernel runs: " + describeMixing(mixing.failure) + calibration.str()
        + "; its bin if it does: " + describeMixing(mixing.speed);
}

void writeMixing(JsonWriter &writer, const SearchAwareMixing &mixing)
{
    writer.beginObject().key("initial_log_weights").beginObject();
    for (std::size_t c = 0; c < kSearchAwareComponents; ++c)
        writer.field(searchAwareComponentName(SearchAwareComponent(c)), mixing.initialLogWeights[c]);
    writer.endObject().field("temper", mixing.temper).endObject();
}

void writeMixing(JsonWriter &writer, const FactoredMixing &mixing)
{
    writer.beginObject().key("failure");
    writeMixing(writer, mixing.failure);
    writer.key("failure_calibration")
        .beginObject()
        .field("slope", mixing.calibration.slope)
        .field("offset", mixing.calibration.offset)
        .endObject();
    writer.key("speed");
    writeMixing(writer, mixing.speed);
    writer.endObject();
}

// How the search-aware forecaster's mixing was fitted: over every task, and without each task, whose forecasts the
// prequential table scores.
void writeMixings(JsonWriter &writer, const PrequentialEvaluation &evaluation)
{
    writer.key("search_aware_mixing").beginObject().key("all");
    writeMixing(writer, evaluation.mixingOverAll);
    writer.key("without").beginObject();
    for (const auto &[task, mixing] : evaluation.mixingWithout) {
        writer.key(task);
        writeMixing(writer, mixing);
    }
    writer.endObject().endObject();
}

void printCorpusCounts(const CorpusInput &input, std::span<const CorpusFold> folds, std::ostream &out)
{
    const auto &corpus = input.corpus;
    out << corpus.files.size() << " logs, " << corpus.measurementCount << " measurements, " << corpus.pairs.size()
        << " distinct measured kernels over " << corpus.tasks.size() << " tasks";
    for (const auto &[reason, count] : corpus.skipped)
        out << "; " << count << " failed kernels skipped (" << reason << ')';
    if (!input.landscapes.empty())
        out << "; " << corpus.trainingOnlyPairs.size() << " knob settings of " << input.landscapes
            << " train beside them, never scored (" << input.landscapeKernelsInCorpus << " more are corpus kernels)";
    out << "\n\nFolds (options chosen by leave-one-task-out within the training tasks, lowest mean Brier):\n";
    for (const auto &fold : folds) {
        out << "  without " << fold.heldOutTask << ": " << describeOptions(fold.chosen.options) << "; "
            << fold.chosen.model->calibrator().methodName() << " calibration; majority bin " << fold.prior.majorityBin
            << '\n';
    }
}

void printScores(std::string_view title, std::span<const HeldOutScores> scores, std::ostream &out)
{
    out << '\n'
        << title
        << "\n\nsurrogate       task               kernels failed  accuracy  off-by-one  Brier   ECE     NLL     risk"
           "    coverage  AURC\n";
    for (const auto &score : scores) {
        char line[200];
        std::snprintf(line, sizeof line,
                      "%-15s %-18s %7d %6d  %8.3f  %10.3f  %6.3f  %6.3f  %6.3f  %6.3f  %8.3f  %6.3f\n",
                      score.surrogate.c_str(), score.task.c_str(), score.pairs, score.failed, score.accuracy,
                      score.offByOne, score.brier, score.ece, score.nll, score.risk, score.coverage, score.aurc);
        out << line;
    }
}

std::string figure(double value)
{
    if (std::isnan(value))
        return "—";
    char text[16];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

// The parent-anchored forecasters' files: "parent-anchored-all.kfxmodel", "parent-anchored-without-<task>.kfxmodel".
constexpr std::string_view kAnchoredPrefix = "parent-anchored-";

// The forecasters of the tables, the surrogates first; a protocol shows those it has.
constexpr std::array<std::string_view, 9> kForecasters{kSearchAwareLabel,    "embedded",      kContinuedLabel,
                                                       kParentAnchoredLabel, kSearchLogLabel, kMajorityLabel,
                                                       kAlwaysDeferLabel,    kParentBinLabel, kNearestLabel};

std::vector<std::string_view> forecastersIn(std::span<const HeldOutScores> scores)
{
    std::vector<std::string_view> present;
    for (const auto label : kForecasters) {
        if (std::any_of(scores.begin(), scores.end(), [&](const HeldOutScores &s) { return s.surrogate == label; }))
            present.push_back(label);
    }
    return present;
}

// "(embedded / majority / ...)": the order of a markdown table's figures.
std::string forecasterOrder(std::span<const HeldOutScores> scores)
{
    std::string order = "(";
    for (const auto label : forecastersIn(scores))
        order.append(order.size() > 1 ? " / " : "").append(label);
    return order + ")";
}

// The README's table: per task, then pooled, each figure as forecasterOrder() lists them.
void printMarkdownTable(std::span<const HeldOutScores> scores, std::ostream &out)
{
    std::map<std::pair<std::string_view, std::string_view>, const HeldOutScores *> byKey;
    std::vector<std::string_view> tasks;
    for (const auto &score : scores) {
        byKey[{score.surrogate, score.task}] = &score;
        if (score.task != kPooledTask && std::find(tasks.begin(), tasks.end(), score.task) == tasks.end())
            tasks.push_back(score.task);
    }
    const auto forecasters = forecastersIn(scores);
    out << "| task | kernels | failed | accuracy | off-by-one | Brier | ECE | NLL | risk | coverage | AURC |\n"
           "|---|---:|---:|---|---|---|---|---|---|---|---|\n";
    tasks.push_back(kPooledTask);
    for (const auto task : tasks) {
        const auto &first = *byKey.at({forecasters.front(), task});
        out << "| " << (task == kPooledTask ? std::string("**pooled**") : std::string(task)) << " | " << first.pairs
            << " | " << first.failed;
        for (const auto member :
             {&HeldOutScores::accuracy, &HeldOutScores::offByOne, &HeldOutScores::brier, &HeldOutScores::ece,
              &HeldOutScores::nll, &HeldOutScores::risk, &HeldOutScores::coverage, &HeldOutScores::aurc}) {
            out << " |";
            for (std::size_t k = 0; k < forecasters.size(); ++k)
                out << (k == 0 ? " " : " / ") << figure(byKey.at({forecasters[k], task})->*member);
        }
        out << " |\n";
    }
}

void saveBytes(const std::vector<std::uint8_t> &bytes, const fs::path &path)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    if (!file)
        throw std::runtime_error("cannot write " + path.string());
}

// The hardware the pairs were measured on (the most frequent name; the corpus comes from one machine).
std::string corpusHardware(const Corpus &corpus)
{
    std::map<std::string, int> counts;
    for (const auto &pair : corpus.pairs)
        ++counts[pair.hardwareName];
    std::string most;
    for (const auto &[name, count] : counts) {
        if (most.empty() || count > counts[most])
            most = name;
    }
    return most;
}

int train(const CorpusArguments &arguments, const CorpusInput &input, std::ostream &out)
{
    const auto &corpus = input.corpus;
    if (arguments.out.empty())
        throw std::invalid_argument("corpus train needs --out OUTDIR");
    const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid());
    const auto whole = trainOnWholeCorpus(corpus, corpusOptionGrid());
    const fs::path directory(arguments.out);
    fs::create_directories(directory);
    saveBytes(whole.model->save(), directory / "all.kfxmodel");
    for (const auto &fold : folds)
        saveBytes(fold.chosen.model->save(), directory / ("without-" + fold.heldOutTask + ".kfxmodel"));
    // The parent-anchored forecasters beside them, where there are edits enough to train one.
    const auto wholeAnchored = parentAnchoredOnWholeCorpus(corpus, corpusOptionGrid());
    std::map<std::string, std::string> anchoredFiles;
    if (wholeAnchored) {
        anchoredFiles["all"] = std::string(kAnchoredPrefix) + "all.kfxmodel";
        saveBytes(wholeAnchored->save(), directory / anchoredFiles["all"]);
        for (const auto &fold : folds) {
            if (!fold.parentAnchoredModel)
                continue;
            auto &file = anchoredFiles[fold.heldOutTask] = std::string(kAnchoredPrefix) + "without-" + fold.heldOutTask
                + ".kfxmodel";
            saveBytes(fold.parentAnchoredModel->save(), directory / file);
        }
    }

    JsonWriter writer;
    writer.beginObject()
        .field("format", "kfx-pretrained/1")
        .field("hardware", corpusHardware(corpus))
        .field("corpus", arguments.corpusName);
    writer.key("tasks").beginArray();
    for (const auto &task : corpus.tasks)
        writer.value(task);
    writer.endArray();
    writeCorpusCounts(writer, input);
    writer.key("models").beginObject().field("all", "all.kfxmodel").key("without").beginObject();
    for (const auto &task : corpus.tasks)
        writer.field(task, "without-" + task + ".kfxmodel");
    writer.endObject().endObject();
    if (!anchoredFiles.empty()) {
        writer.key("parent_anchored").beginObject().field("all", anchoredFiles["all"]).key("without").beginObject();
        for (const auto &task : corpus.tasks) {
            if (anchoredFiles.contains(task))
                writer.field(task, anchoredFiles[task]);
        }
        writer.endObject().endObject();
    }
    writer.key("all").beginObject();
    writeOptions(writer, whole);
    writer.endObject();
    writeFolds(writer, folds);
    const auto scores = heldOutScores(corpus, folds);
    writeScores(writer, "held_out", scores);
    writer.endObject();
    std::ofstream manifest(directory / "manifest.json", std::ios::trunc);
    manifest << writer.text() << '\n';
    if (!manifest)
        throw std::runtime_error("cannot write " + (directory / "manifest.json").string());
    out << "wrote all.kfxmodel, " << folds.size() << " without-<task>.kfxmodel files, " << anchoredFiles.size()
        << " parent-anchored forecasters and manifest.json to " << directory.string() << " (" << corpus.pairs.size()
        << " pairs, " << corpus.trainingOnlyPairs.size() << " landscape pairs, " << corpus.tasks.size()
        << " tasks); all: " << describeOptions(whole.options) << ", " << whole.model->calibrator().methodName()
        << " calibration\n\nHeld out " << forecasterOrder(scores) << ":\n\n";
    printMarkdownTable(scores, out);
    return 0;
}

int evaluate(const CorpusArguments &arguments, const CorpusInput &input, std::ostream &out)
{
    const auto &corpus = input.corpus;
    // The surrogate of both protocols is the one trained without the kernel's task.
    const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid());
    const bool prequential = arguments.protocol != kLeaveOneTaskOut;
    const bool outOfTask = arguments.protocol != kPrequential;
    const auto walked = prequential ? prequentialForecasts(corpus, folds) : PrequentialEvaluation{};
    const auto inSearch = prequential ? scoresByTask(walked.judged) : std::vector<HeldOutScores>{};
    const auto heldOut = outOfTask ? heldOutScores(corpus, folds) : std::vector<HeldOutScores>{};
    const std::array<std::pair<std::string, const std::vector<HeldOutScores> *>, 2> tables{
        {{"Prequential: each search in order, each kernel forecast from what the search measured before it "
              + forecasterOrder(inSearch) + ":",
          &inSearch},
         {"Leave one task out: the corpus's distinct kernels " + forecasterOrder(heldOut) + ":", &heldOut}}};
    if (!arguments.json) {
        if (!arguments.markdown)
            printCorpusCounts(input, folds, out);
        for (const auto &[title, scores] : tables) {
            if (scores->empty())
                continue;
            if (arguments.markdown) {
                out << '\n' << title << "\n\n";
                printMarkdownTable(*scores, out);
            } else {
                printScores(title, *scores, out);
            }
        }
        if (prequential)
            out << "\nThe search-aware forecaster's mixing, fitted on every task's searches: "
                << describeMixing(walked.mixingOverAll)
                << " (each task's forecasts above are mixed as fitted without that task's searches)\n";
        return 0;
    }
    JsonWriter writer;
    writer.beginObject().field("directory", arguments.directory).field("protocol", arguments.protocol);
    writeCorpusCounts(writer, input);
    writeFolds(writer, folds);
    if (prequential) {
        writeScores(writer, "prequential", inSearch);
        writeMixings(writer, walked);
    }
    if (outOfTask) {
        writeScores(writer, "held_out", heldOut);
        // The held-out forecasts themselves, so that a fold model loaded elsewhere can be checked against them.
        writer.key("forecasts").beginArray();
        for (const auto &fold : folds) {
            for (std::size_t k = 0; k < fold.pairs.size(); ++k) {
                const auto &forecast = std::get<Forecast>(fold.forecasts[k].outcome);
                writer.beginObject().field("comparison_id", corpus.pairs[fold.pairs[k]].id).key("p").beginArray();
                for (const auto p : forecast.probabilities)
                    writer.value(p);
                writer.endArray().endObject();
            }
        }
        writer.endArray();
    }
    writer.endObject();
    out << writer.text() << '\n';
    return 0;
}

int exportRows(const CorpusArguments &arguments, const CorpusInput &input, std::ostream &out)
{
    const auto &corpus = input.corpus;
    if (arguments.evalSet.empty() && arguments.trainingPool.empty())
        throw std::invalid_argument("corpus export needs --eval-set FILE or --training-pool FILE");
    const auto write = [](const std::string &path, auto writeRows) {
        std::ofstream file(path, std::ios::trunc);
        const auto rows = writeRows(file);
        if (!file)
            throw std::runtime_error("cannot write " + path);
        return rows;
    };
    if (!arguments.evalSet.empty()) {
        const auto rows = write(arguments.evalSet, [&](std::ostream &file) { return writeEvalSetRows(corpus, file); });
        out << "wrote " << rows << " eval-set rows to " << arguments.evalSet << '\n';
    }
    if (!arguments.trainingPool.empty()) {
        const auto rows = write(arguments.trainingPool,
                                [&](std::ostream &file) { return writeTrainingPoolRows(corpus, file); });
        out << "wrote " << rows << " training-pool rows to " << arguments.trainingPool << '\n';
    }
    return 0;
}

} // namespace

int runCorpus(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto arguments = parseArguments(args, err);
    if (!arguments)
        return 1;
    const std::map<std::string_view, int (*)(const CorpusArguments &, const CorpusInput &, std::ostream &)> actions{
        {"evaluate", evaluate}, {"train", train}, {"export", exportRows}};
    const auto action = actions.find(arguments->action);
    if (action == actions.end()) {
        err << "kfx-cli corpus: unknown action '" << arguments->action << "'\n" << kUsage;
        return 1;
    }
    try {
        return action->second(*arguments, readInput(*arguments), out);
    } catch (const std::invalid_argument &error) {
        err << "kfx-cli corpus: " << error.what() << '\n';
        return 1;
    } catch (const std::exception &error) {
        err << "kfx-cli corpus: " << error.what() << '\n';
        return 2;
    }
}

} // namespace kfx::cli
