// Issue 27's hostile-server probe (tests/probe/results-2026-11-30-servers.txt): a dataset viewer that named its
// config after the token kfx had sent it had kfx print the token and write it into the file's name and the cache
// folder's; one whose split's name held a newline and a terminal's escape sequence had kfx make a file of that name
// and print it; one that echoed the token into a row had kfx write it into the file and the cache. All three are
// refused now, without the token or the name being shown, and nothing is written under such a name. And an error
// body that echoed the token \u-escaped, cut to its first 200 bytes before it was redacted, showed the token's
// first 33 characters in the retry note and the error.
#include "check.h"
#include "hubfixtures.h"

#include "hub/datasetpull.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using kfx::test::contains;
namespace fs = std::filesystem;

namespace {

const std::string kToken = "hf_TestTokenNamesAConfig0123456789";

struct Pulled {
    kfx::hub::PullResult result;
    std::vector<std::string> names; // of every file and folder the pull left under its folder
    bool tokenInAFile = false;
};

Pulled pullNaming(const fs::path &dir, const std::string &config, const std::string &split,
                  const std::string &candidateCode = {})
{
    fs::remove_all(dir);
    fs::create_directories(dir / "out");
    auto table = hubfixture::evalSet(3);
    if (!candidateCode.empty()) {
        for (std::size_t column = 0; column < table.columns.size(); ++column) {
            if (table.columns[column] == "candidate_code")
                table.rows[1][column] = hubfixture::text(candidateCode);
        }
    }
    std::vector<ScriptedReply> script{hubfixture::ok(hubfixture::splits("probe/names", {{config, split}}))};
    for (auto &page : hubfixture::allPages(table))
        script.push_back(std::move(page));
    ScriptedChatServer server(script, hubfixture::failure(500, "the test's script ran out"));
    kfx::hub::PullSettings settings;
    settings.endpoint = server.url();
    settings.dataset = "probe/names";
    settings.token = kToken;
    settings.cacheRoot = dir / "cache";
    settings.out = dir / "out";
    settings.maxAttempts = 1;
    settings.timeoutSeconds = 10.0;
    Pulled pulled;
    pulled.result = kfx::hub::DatasetPull(settings).run({});
    for (const auto &entry : fs::recursive_directory_iterator(dir)) {
        pulled.names.push_back(entry.path().filename().string());
        if (entry.is_regular_file()) {
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            pulled.tokenInAFile = pulled.tokenInAFile || contains(text.str(), kToken);
        }
    }
    return pulled;
}

bool hasControlCharacter(const std::string &text)
{
    for (const unsigned char c : text) {
        if (c < 0x20 || c == 0x7f)
            return true;
    }
    return false;
}

void refused(const std::string &what, const Pulled &pulled, const std::string &why)
{
    KFX_CHECK(!pulled.result.ok, what + ": the pull was refused");
    KFX_CHECK(contains(pulled.result.error, why), what + ": says why: " + pulled.result.error);
    KFX_CHECK(!contains(pulled.result.error, kToken), what + ": the message holds the token: " + pulled.result.error);
    KFX_CHECK(!hasControlCharacter(pulled.result.error), what + ": the message holds control characters");
    KFX_CHECK(!pulled.tokenInAFile, what + ": a file the pull wrote holds the token");
    for (const auto &name : pulled.names) {
        KFX_CHECK(!contains(name, kToken), what + ": a file or folder is named after the token: " + name);
        KFX_CHECK(!hasControlCharacter(name), what + ": a file or folder's name holds control characters");
    }
}

std::string unicodeEscaped(const std::string &text)
{
    std::string out;
    char escape[8];
    for (const unsigned char c : text) {
        std::snprintf(escape, sizeof escape, "\\u%04x", c);
        out += escape;
    }
    return out;
}

void echoCutShortShowsNoPartOfTheToken(const fs::path &dir)
{
    fs::remove_all(dir);
    ScriptedChatServer server({}, {500, "!" + unicodeEscaped(kToken) + " was not accepted", {}, 0, false});
    kfx::hub::PullSettings settings;
    settings.endpoint = server.url();
    settings.dataset = "probe/names";
    settings.token = kToken;
    settings.cacheRoot = dir / "cache";
    settings.out = dir;
    settings.maxAttempts = 2;
    settings.firstBackoffSeconds = 0.01;
    settings.timeoutSeconds = 10.0;
    std::vector<std::string> said;
    const auto result = kfx::hub::DatasetPull(settings).run(
        [&](const kfx::hub::PullProgress &progress) { said.push_back(progress.note); });
    said.push_back(result.error);
    KFX_CHECK(!result.ok && contains(result.error, "HTTP 500"), "the pull fails on the 500s: " + result.error);
    const auto start = unicodeEscaped(kToken.substr(0, 8));
    for (const auto &text : said)
        KFX_CHECK(!contains(text, start), "a part of the token is shown, escaped: " + text);
}

} // namespace

int main()
{
    const auto dir = fs::temp_directory_path() / ("tst_hubnames-" + std::to_string(::getpid()));
    const auto plain = pullNaming(dir, "combined", "eval");
    KFX_CHECK(plain.result.ok, "the fixture pulls with plain names: " + plain.result.error);

    refused("a config named after the token", pullNaming(dir, kToken, "eval"), "after the token it was sent");
    refused("a config whose name holds the token", pullNaming(dir, "x-" + kToken + "-y", "eval"),
            "after the token it was sent");
    refused("a split with a newline and an escape sequence", pullNaming(dir, "combined", "eval\n\x1b[31mred"),
            "control characters");
    refused("a config with a carriage return", pullNaming(dir, "comb\rined", "eval"), "control characters");
    refused("a row holding the token", pullNaming(dir, "combined", "eval", "def custom_kernel(data):  # " + kToken),
            "holds the token kfx sent the server");
    echoCutShortShowsNoPartOfTheToken(dir);
    fs::remove_all(dir);
    return kfx::test::finish();
}
