// Published rows that hold values no prediction or comparison can have (issue 27). A bin or repeat beyond int is
// refused naming its line: read as an int it became another bin or repeat, and a bin 2^32 + 1 in a prediction's
// list wrote outside the reader's array (SIGSEGV). A negative, NaN or infinite duration, token count or raw
// probability sum is replaced with a stated default, with a warning naming the file and line.
#include "check.h"

#include "io/fileloader.h"

#include <fstream>
#include <string>

using namespace kfx;

namespace {

std::string firstRow(const char *fixture)
{
    std::ifstream in(std::string(KFX_TEST_DATA_DIR "/rows/") + fixture, std::ios::binary);
    std::string line;
    std::getline(in, line);
    return line;
}

// The fixture's first row twice, the second with `from` replaced by `to`: the damaged row is line 2.
LoadedFile loadDamaged(const char *fixture, const std::string &from, const std::string &to)
{
    const auto good = firstRow(fixture);
    auto bad = good;
    const auto at = bad.find(from);
    KFX_CHECK(at != std::string::npos, std::string(fixture) + ": the replaced text " + from + " is in the first row");
    if (at != std::string::npos)
        bad.replace(at, from.size(), to);
    // The damaged row gets its own repeat number where keys must be unique, so that it is no repeat of line 1.
    const auto repeat = bad.find("\"repeat\":0");
    if (repeat != std::string::npos && from.find("repeat") == std::string::npos)
        bad.replace(repeat, 10, "\"repeat\":1");
    return loadText(good + "\n" + bad + "\n", "damaged.jsonl");
}

bool hasDiagnostic(const LoadedFile &out, bool warning, const std::string &part)
{
    for (const auto &diagnostic : out.diagnostics) {
        if (diagnostic.file == "damaged.jsonl" && diagnostic.line == 2 && diagnostic.isWarning() == warning
            && test::contains(diagnostic.message, part))
            return true;
    }
    return false;
}

void refused(const char *fixture, const std::string &from, const std::string &to, const std::string &message)
{
    const auto out = loadDamaged(fixture, from, to);
    const auto what = std::string(fixture) + " with " + to;
    KFX_CHECK(out.diagnostics.size() == 1, what + ": one diagnostic");
    KFX_CHECK(hasDiagnostic(out, false, message), what + ": an error on line 2 saying " + message);
    KFX_CHECK(out.predictions.size() == 1 && out.predictions[0].line == 1, what + ": only line 1 is loaded");
}

void bigIntegersAreRefused()
{
    refused("predictions.jsonl", "\"predicted_bin\":2", "\"predicted_bin\":4294967298",
            "predicted bin 4294967298 is not one of 1..8");
    refused("predictions.jsonl", "\"repeat\":0", "\"repeat\":4294967297", "4294967297 is too large for a repeat");
    refused("scored_eval.jsonl", "\"predicted_bin\":5", "\"predicted_bin\":4294967301",
            "predicted bin 4294967301 is not one of 1..8");
    // Last: before the fix this one wrote 4 GiB past the reader's array of eight and the process died.
    refused("predictions.jsonl", "{\"bin\":1,", "{\"bin\":4294967297,", "bin 4294967297 is not one of 1..8");
}

} // namespace

int main()
{
    bigIntegersAreRefused();
    return test::finish();
}
