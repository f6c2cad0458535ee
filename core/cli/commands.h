#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kfx::cli {

// Each kfx-cli subcommand: takes the arguments after its name, writes to out/err, returns the exit code
// (0 success, 1 usage error, 2 input that could not be read).
using Arguments = std::vector<std::string>;

int runBin(const Arguments &args, std::ostream &out, std::ostream &err);
int runInspect(const Arguments &args, std::ostream &out, std::ostream &err);
int runMetrics(const Arguments &args, std::ostream &out, std::ostream &err);
int runGenerate(const Arguments &args, std::ostream &out, std::ostream &err);
int runReplay(const Arguments &args, std::ostream &out, std::ostream &err);
int runRenderPrompt(const Arguments &args, std::ostream &out, std::ostream &err);
int runForecast(const Arguments &args, std::ostream &out, std::ostream &err);
int runPull(const Arguments &args, std::ostream &out, std::ostream &err);
int runRecalibrate(const Arguments &args, std::ostream &out, std::ostream &err);
int runMonitor(const Arguments &args, std::ostream &out, std::ostream &err);
int runSearch(const Arguments &args, std::ostream &out, std::ostream &err);
int runMutations(const Arguments &args, std::ostream &out, std::ostream &err);
int runCorpus(const Arguments &args, std::ostream &out, std::ostream &err);

} // namespace kfx::cli
