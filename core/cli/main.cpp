// kfx-cli: the headless face of Kernel Forecast Explorer, for scripts and for checking figures.

#include "commands.h"

#include "kfx-config.h"

#include <iostream>
#include <string_view>

namespace {

constexpr std::string_view kUsage = R"(usage: kfx-cli COMMAND [ARGS]

Commands:
  inspect FILE [--k-per-parent K] [--archive-capacity C] [--json]
                   read any published GPU-Forecasters file and summarise it
  metrics --eval EVAL.jsonl --predictions PRED.jsonl [--predictions ...] [--pack P] [--buckets N] --json
                   calibration, selective prediction and top-k recovery per surrogate
  bin S [S ...]    print the ground-truth speedup bin of each speedup
  generate --kind puct-v2|puct-v3|eval-set|predictions --nodes N --seed S --out FILE [--shift-family-halfway]
                   write synthetic data in the published formats (a search may move to a kernel family its
                   surrogate reads badly halfway through)
  replay FILE [--predictions PRED] [--policy P,...|all] [--k K] [--budget B] [--seed S] [--score S] [--threshold T] --json
                   replay a v2 search under surrogate policies (standard random surrogate gate compound oracle)
                   with its measurements as the GPU; prints {"file","format","steps","forecasts","k","policies":
                   {NAME: {"evaluations","final_best","trusted","dropped","steps","expansions","oracle_matches",
                   "oracle_match_rate","stopped","off_path_from_step","series":[{"evaluations","best"}...]}}}: best
                   measured speedup vs GPU evaluations, and why a policy spent no more (recorded_search_ended,
                   budget_spent, off_the_recorded_path from that step, no_forecasts)
  replay FILE --frontier [--predictions PRED] [--score S] [--threshold T] [--coverage C] [--alpha A] [--delta D] --json
                   the GPU-budget frontier: {"frontier": {measure_all|threshold|coverage|certified: {"threshold",
                   "points":[{"evaluations","best","trusted","wrong","risk"}...]}}}
  render-prompt [--system FILE --user FILE | --defer] --query QUERY.json
                   print a prompt template rendered for a query as {"system": ..., "user": ...}
  forecast --surrogate embedded|llm [...] FILE --json
                   forecast every pair with the embedded model or an OpenAI-compatible LLM (see forecast --help)
  pull DATASET [--config C] [--split S] [--out FILE] [--endpoint URL]
                   download a published dataset from the Hugging Face Hub as JSON lines (token: HF_TOKEN)
  recalibrate --eval EVAL.jsonl --predictions PRED.jsonl --method temperature|isotonic|histogram
              --split pack:NAME|random:SEED:FRACTION --out FILE [--json]
                   fit a recalibration per surrogate on the split, write the other rows recalibrated as
                   LABEL (recalibrated) predictions, print the fits and NLL before/after as JSON
  monitor SEARCH.jsonl [--calibrate F | --threshold T] [--alpha A] [--delta D] [--correction C] [--p-value P] [--json]
                   certify a gate on the first F of a search's measured forecasts (Learn-then-Test: bonferroni,
                   holm, fixed-sequence; clopper-pearson or hoeffding-bentkus p-values), replay the rest through
                   the online risk monitor and print where it alarms
  search (--pool DIR | --llm URL --model M) --mode standard|selective --budget-measurements N --log OUT.jsonl
         [--baseline] [--workers N] [--launch-prefix P] [--seed S] [--resume] [--json] ...
                   run a live PUCT search, measured by kfx-measure workers, writing its log as it goes; with
                   --baseline also the standard search on the same budget (kfx-cli search --help for all options)
  mutations check DIR [--out OUTDIR]
                   validate a template-mutations directory (mutations.json, a stand-in for the LLM mutator) and
                   write each template at its first and last knob values and with each of its bugs
  corpus evaluate|train|export DIR [...]
                   a directory of measured search logs as the embedded surrogate's training data: leave-one-task-out
                   figures against the majority and always-defer baselines, the pretrained models, the pairs as
                   eval-set and training-pool rows (kfx-cli corpus --help)
)";

constexpr std::string_view kVersionUsage = "  --version        print the version\n";

void printUsage(std::ostream &out)
{
    out << kUsage << kVersionUsage;
}

struct Command {
    std::string_view name;
    int (*run)(const kfx::cli::Arguments &, std::ostream &, std::ostream &);
};

constexpr Command kCommands[] = {
    {"inspect", kfx::cli::runInspect},   {"bin", kfx::cli::runBin},
    {"metrics", kfx::cli::runMetrics},   {"generate", kfx::cli::runGenerate},
    {"replay", kfx::cli::runReplay},     {"render-prompt", kfx::cli::runRenderPrompt},
    {"forecast", kfx::cli::runForecast}, {"recalibrate", kfx::cli::runRecalibrate},
    {"pull", kfx::cli::runPull},         {"monitor", kfx::cli::runMonitor},
    {"search", kfx::cli::runSearch},     {"mutations", kfx::cli::runMutations},
    {"corpus", kfx::cli::runCorpus},
};

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2 || std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h") {
        printUsage(std::cout);
        return argc < 2 ? 1 : 0;
    }
    const std::string_view name = argv[1];
    if (name == "--version") {
        std::cout << "kfx-cli " << KFX_VERSION_STRING << '\n';
        return 0;
    }
    const kfx::cli::Arguments args(argv + 2, argv + argc);
    for (const auto &command : kCommands) {
        if (command.name == name)
            return command.run(args, std::cout, std::cerr);
    }
    if (name == "report") {
        // The charts are the window's widgets: the report moved there, so that kfx-cli needs no Qt.
        std::cerr << "kfx-cli: the calibration report is written by the window's program: kfx --report "
                     "--eval E --predictions P --out DIR\n";
        return 1;
    }
    std::cerr << "kfx-cli: unknown command '" << name << "'\n\n";
    printUsage(std::cerr);
    return 1;
}
