#include "commands.h"
#include "optionreader.h"

#include "hub/datasetpull.h"
#include "io/fileloader.h"

namespace kfx::cli {

namespace {

constexpr std::string_view kPullUsage =
    "usage: kfx-cli pull DATASET [--config C] [--split S] [--out FILE] [--endpoint URL]\n"
    "  downloads one split of a published dataset through the Hugging Face dataset viewer's rows API into\n"
    "  JSON lines that kfx opens (a token for gated datasets is read from HF_TOKEN)\n";

// The written file read back by kfx's own readers, so a pull that produced something kfx cannot open fails here.
int checkReadable(const std::filesystem::path &path, std::ostream &out, std::ostream &err)
{
    const auto loaded = loadFile(path.string());
    for (const auto &diagnostic : loaded.diagnostics)
        err << diagnostic.file << ':' << diagnostic.line << ": " << diagnostic.message << '\n';
    if (!loaded.readable || loaded.partial()) {
        err << "kfx-cli pull: " << path.string() << " was written but kfx cannot read all of it\n";
        return 2;
    }
    out << "kfx reads it as " << dataFormatName(loaded.format) << ": " << loaded.rows << " records\n";
    return 0;
}

} // namespace

int runPull(const Arguments &args, std::ostream &out, std::ostream &err)
{
    hub::PullSettings settings;
    std::string outPath;
    OptionReader options("kfx-cli pull");
    options.value("--config", &settings.config);
    options.value("--split", &settings.split);
    options.value("--out", &outPath);
    options.value("--endpoint", &settings.endpoint);
    std::vector<std::string> positional;
    if (!options.parse(args, err, &positional) || positional.size() != 1) {
        err << kPullUsage;
        return 1;
    }
    settings.dataset = positional.front();
    settings.out = outPath;
    settings.token = hub::tokenFromEnvironment();
    const auto result = hub::DatasetPull(std::move(settings)).run([&err](const hub::PullProgress &progress) {
        err << "kfx-cli pull: " << progress.rowsDone << " of " << progress.rowsTotal << " rows";
        if (!progress.note.empty())
            err << " (" << progress.note << ')';
        err << '\n';
    });
    if (!result.ok) {
        err << "kfx-cli pull: " << result.error << '\n';
        return 2;
    }
    out << "wrote " << result.rows << " rows of " << hub::rowFormatName(*result.format) << " (config '" << result.config
        << "', split '" << result.split << "') to " << result.out.string() << "; " << result.rowsFromCache
        << " from the cache, " << result.retries << " retries, " << result.refetchedRows
        << " truncated rows fetched again\n";
    return checkReadable(result.out, out, err);
}

} // namespace kfx::cli
