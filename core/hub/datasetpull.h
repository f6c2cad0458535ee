#pragma once

#include "pagecache.h"
#include "publishedrows.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

namespace kfx::hub {

inline constexpr std::string_view kDefaultEndpoint = "https://datasets-server.huggingface.co";
// The variable a Hub token is read from for gated or private datasets; the token is sent, never stored.
inline constexpr std::string_view kTokenVariable = "HF_TOKEN";

std::string tokenFromEnvironment();

// "gpu-forecasters-eval-set-combined-eval.jsonl": the dataset's name without its owner, config and split.
std::string defaultFileName(std::string_view dataset, std::string_view config, std::string_view split);

struct PullSettings {
    std::string endpoint{kDefaultEndpoint};
    std::string dataset;
    std::string config; // empty: "combined" where the dataset has it, else its only config
    std::string split;  // empty: the config's only split
    std::string token;
    std::filesystem::path cacheRoot = PageCache::defaultRoot();
    // The file written; empty, or an existing folder: defaultFileName() in the current folder or that one.
    std::filesystem::path out;
    int pageRows = 100; // the rows API's largest page
    // Per request: 429, 5xx and lost connections are retried this many times in all, waiting firstBackoff,
    // then twice that, and so on up to longestBackoff (or the server's Retry-After, within the same bound).
    int maxAttempts = 6;
    double firstBackoffSeconds = 1.0;
    double longestBackoffSeconds = 60.0;
    double timeoutSeconds = 60.0;
    // Bounds on one pull, whatever a server answers: a split of more pages than maxPages is refused before its
    // rows are fetched, and the pull stops after maxRequests requests (retries and rows fetched alone
    // included). The published datasets need a few hundred pages at most.
    std::int64_t maxPages = 10000;
    int maxRequests = 20000;
};

struct PullProgress {
    std::int64_t rowsDone = 0;
    std::int64_t rowsTotal = 0; // 0 until the first page has said
    std::string note;           // a retry under way, with its reason
};

struct PullResult {
    bool ok = false;
    bool cancelled = false;
    std::string error; // what went wrong, never holding the token
    std::string config;
    std::string split;
    std::filesystem::path out;
    std::optional<RowFormat> format;
    std::int64_t rows = 0;
    std::int64_t rowsFromCache = 0; // written from pages an earlier run had fetched
    int retries = 0;
    int refetchedRows = 0; // rows fetched again alone because the server had truncated cells in their page
};

// Downloads one split of a dataset through the dataset viewer's rows API, page by page into the cache, then
// writes it to `out` as the JSON lines kfx opens. A row whose cells the server truncated is fetched again on
// its own; if it is still truncated the pull fails naming the row, rather than writing a cut-off row.
class DatasetPull {
public:
    using ProgressCallback = std::function<void(const PullProgress &)>;

    explicit DatasetPull(PullSettings settings);

    // Blocks until done, failed or `stop` is requested; `progress` is called on this thread.
    PullResult run(const ProgressCallback &progress, std::stop_token stop = {});

private:
    PullSettings m_settings;
};

} // namespace kfx::hub
