#include "datasetpull.h"

#include "hubreplies.h"
#include "surrogate/httpclient.h"
#include "surrogate/secretredactor.h"

#include <curl/curl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

namespace kfx::hub {

namespace {

class PullError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Cancelled {};

std::string queryValue(std::string_view text)
{
    // A null handle is allowed since curl 7.82 (Debian 12 has 7.88).
    char *escaped = curl_easy_escape(nullptr, text.data(), int(text.size()));
    if (!escaped)
        throw PullError("cannot encode '" + std::string(text) + "' for a URL");
    std::string value(escaped);
    curl_free(escaped);
    return value;
}

std::string joined(const std::vector<std::string> &names)
{
    std::string text;
    for (const auto &name : names)
        text.append(text.empty() ? "" : ", ").append(name);
    return text;
}

std::string secondsText(double seconds)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g s", seconds);
    return text;
}

struct Reply {
    long status = 0;
    std::string body;
};

// What a reply that is not a page says went wrong: the server's own "error" text where it gave one. The body is
// redacted before it is cut short: a token the server echoed, cut in the middle, is no longer one the redactor
// knows, and its first part was shown (issue 27's hostile-server probe).
std::string describe(const surrogate::HttpResponse &response, const surrogate::SecretRedactor &redactor)
{
    if (response.status == 0)
        return "no reply (" + redactor.redact(response.transportError) + ")";
    std::string text = "HTTP " + std::to_string(response.status);
    if (auto message = parseErrorMessage(response.body))
        return text + ": " + redactor.redact(*message);
    constexpr std::size_t kShownBytes = 200;
    return response.body.empty() ? text : text + ": " + redactor.redact(response.body).substr(0, kShownBytes);
}

// One pull, from listing the splits to renaming the finished file into place.
class Puller {
public:
    Puller(const PullSettings &settings, const DatasetPull::ProgressCallback &progress, std::stop_token stop,
           PullResult &result)
        : m_settings(settings)
        , m_progress(progress)
        , m_stop(std::move(stop))
        , m_result(result)
        , m_redactor({settings.token})
    {
    }

    std::string redact(std::string_view text) const { return m_redactor.redact(text); }

    void run()
    {
        resolveSplit();
        PageCache cache(m_settings.cacheRoot, {m_settings.dataset, m_result.config, m_result.split});
        auto shape = cache.shape();
        std::int64_t offset = 0;
        if (shape) {
            m_current.rowsTotal = shape->totalRows;
            for (auto held = cache.page(0); held && offset < shape->totalRows; held = cache.page(offset))
                offset += std::int64_t(held->size());
            m_result.rowsFromCache = offset;
            report(offset);
        }
        // The shape every page of this run gave: a server that changes its total from page to page sent the
        // pull back to the top for ever (issue 27), so only the pages of an earlier run may differ from it.
        std::optional<SplitShape> served;
        while (!shape || offset < shape->totalRows) {
            const auto page = fetchPage(offset, m_settings.pageRows);
            const SplitShape now{page.columns, page.totalRows};
            if (now.totalRows == 0)
                throw PullError(splitName() + " has no rows");
            if (served && *served != now)
                throw PullError(splitName() + ": the server's row total went from " + std::to_string(served->totalRows)
                                + " to " + std::to_string(now.totalRows)
                                + (served->columns != now.columns ? " and its columns changed" : "")
                                + " during the pull (at row " + std::to_string(offset) + "); try again later");
            served = now;
            checkTotal(page, offset);
            if (page.partial)
                throw PullError(splitName() + ": the dataset viewer serves only the start of this split (\"partial\": "
                                + "true), and kfx does not write part of a split as if it were all of it");
            formatOf(now.columns);
            if (shape != now) {
                // The data changed since the pages held were fetched (or none were): start from the top.
                cache.setShape(now);
                shape = now;
                m_current.rowsTotal = now.totalRows;
                m_result.rowsFromCache = 0;
                if (offset != 0) {
                    offset = 0;
                    continue;
                }
            }
            const auto lines = checkedLines(page, offset);
            cache.storePage(offset, lines);
            offset += std::int64_t(lines.size());
            report(offset);
        }
        m_result.format = formatOf(shape->columns);
        m_result.out = m_settings.out;
        if (m_result.out.empty() || std::filesystem::is_directory(m_result.out))
            m_result.out /= defaultFileName(m_settings.dataset, m_result.config, m_result.split);
        writeOut(cache, shape->totalRows);
    }

private:
    std::string splitName() const
    {
        return "config '" + m_result.config + "', split '" + m_result.split + "' of " + m_settings.dataset;
    }

    // A total the page itself contradicts, or one too large to pull, stops the pull rather than shaping it.
    void checkTotal(const RowsPage &page, std::int64_t offset) const
    {
        const auto total = std::to_string(page.totalRows);
        if (page.totalRows < 0 || std::int64_t(page.rows.size()) > m_settings.pageRows
            || offset + std::int64_t(page.rows.size()) > page.totalRows)
            throw PullError(splitName() + ": the page at row " + std::to_string(offset) + " holds "
                            + std::to_string(page.rows.size()) + " rows, which does not fit its total of " + total);
        const auto pages = page.totalRows / m_settings.pageRows + (page.totalRows % m_settings.pageRows != 0);
        if (pages > m_settings.maxPages)
            throw PullError(splitName() + " has " + total + " rows, more than kfx pulls ("
                            + std::to_string(m_settings.maxPages) + " pages of " + std::to_string(m_settings.pageRows)
                            + ")");
    }

    RowFormat formatOf(const std::vector<std::string> &columns) const
    {
        if (auto format = rowFormatOf(columns))
            return *format;
        throw PullError(splitName() + ": " + whyNoRowFormat(columns));
    }

    void report(std::int64_t rowsDone, std::string note = {})
    {
        m_current.rowsDone = rowsDone;
        m_current.note = redact(note);
        if (m_progress)
            m_progress(m_current);
    }

    void resolveSplit()
    {
        const auto reply = get("/splits?dataset=" + queryValue(m_settings.dataset), "listing the splits");
        if (reply.status == 404)
            throw PullError("dataset " + m_settings.dataset + " was not found at " + m_settings.endpoint + " ("
                            + parseErrorMessage(reply.body).value_or("HTTP 404") + ")");
        if (reply.status == 401 || reply.status == 403)
            throw PullError("dataset " + m_settings.dataset + " needs a token that may read it: set "
                            + std::string(kTokenVariable) + " (HTTP " + std::to_string(reply.status) + ")");
        if (reply.status != 200)
            throw PullError("listing the splits of " + m_settings.dataset + ": HTTP " + std::to_string(reply.status)
                            + " " + parseErrorMessage(reply.body).value_or(""));
        const auto splits = parseSplits(reply.body);
        std::vector<std::string> configs;
        for (const auto &entry : splits) {
            if (std::find(configs.begin(), configs.end(), entry.config) == configs.end())
                configs.push_back(entry.config);
        }
        m_result.config = chosen(m_settings.config, configs, "combined", "dataset " + m_settings.dataset, "config");
        std::vector<std::string> splitsOfConfig;
        for (const auto &entry : splits) {
            if (entry.config == m_result.config)
                splitsOfConfig.push_back(entry.split);
        }
        m_result.split = chosen(m_settings.split, splitsOfConfig, {},
                                "config '" + m_result.config + "' of " + m_settings.dataset, "split");
        checkName("config", m_result.config);
        checkName("split", m_result.split);
    }

    // A config's or split's name is the server's text, which kfx prints and makes the file's name of (and its
    // cache folder's): one that holds the token kfx sent (a server that echoes it back) or control characters (a
    // newline, a terminal's escape sequence) is refused without being shown (issue 27's hostile-server probe).
    void checkName(const std::string &kind, const std::string &name) const
    {
        if (!m_settings.token.empty() && redact(name) != surrogate::SecretRedactor().redact(name))
            throw PullError("the server names a " + kind + " of " + m_settings.dataset
                            + " after the token it was sent (" + std::string(kTokenVariable)
                            + "); kfx does not write or show that name");
        if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
            throw PullError("the server names a " + kind + " of " + m_settings.dataset
                            + " with control characters; kfx does not write or show that name");
    }

    // The one asked for when it exists; when none was asked for, `preferred` or the only one there is.
    static std::string chosen(const std::string &asked, const std::vector<std::string> &available,
                              const std::string &preferred, const std::string &owner, const std::string &kind)
    {
        const auto has = [&](const std::string &name) {
            return std::find(available.begin(), available.end(), name) != available.end();
        };
        if (available.empty())
            throw PullError(owner + " lists no " + kind + "s");
        if (!asked.empty() && has(asked))
            return asked;
        if (!asked.empty())
            throw PullError(owner + " has no " + kind + " '" + asked + "'; it has: " + joined(available));
        if (!preferred.empty() && has(preferred))
            return preferred;
        if (available.size() == 1)
            return available.front();
        throw PullError(owner + " has several " + kind + "s; choose one of: " + joined(available));
    }

    RowsPage fetchPage(std::int64_t offset, int length)
    {
        const std::string query = "/rows?dataset=" + queryValue(m_settings.dataset)
            + "&config=" + queryValue(m_result.config) + "&split=" + queryValue(m_result.split)
            + "&offset=" + std::to_string(offset) + "&length=" + std::to_string(length);
        const auto reply = get(query, "rows " + std::to_string(offset) + "+");
        if (reply.status != 200)
            throw PullError(splitName() + ", rows from " + std::to_string(offset) + ": HTTP "
                            + std::to_string(reply.status) + ": "
                            + parseErrorMessage(reply.body).value_or("no error message"));
        try {
            return parseRowsPage(reply.body);
        } catch (const ReplyShapeError &error) {
            throw PullError(splitName() + ", rows from " + std::to_string(offset) + ": " + error.what());
        }
    }

    std::vector<std::string> checkedLines(const RowsPage &page, std::int64_t offset)
    {
        if (page.rows.empty())
            throw PullError(splitName() + ": the page at row " + std::to_string(offset) + " of "
                            + std::to_string(page.totalRows) + " held no rows");
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < page.rows.size(); ++i) {
            const auto expected = offset + std::int64_t(i);
            if (page.rows[i].index != expected)
                throw PullError(splitName() + ": row " + std::to_string(page.rows[i].index) + " came where row "
                                + std::to_string(expected) + " belongs");
            lines.push_back(page.rows[i].truncatedCells.empty() ? page.rows[i].json : wholeRow(expected));
            // A row that holds the token kfx sent: the server echoed it into the data, and the file would keep it.
            if (!m_settings.token.empty() && redact(lines.back()) != surrogate::SecretRedactor().redact(lines.back()))
                throw PullError(splitName() + ": row " + std::to_string(expected)
                                + " holds the token kfx sent the server (" + std::string(kTokenVariable)
                                + "); kfx does not write it");
        }
        return lines;
    }

    // The server cuts long cells short to keep a page within its size limit; alone, a row usually fits.
    std::string wholeRow(std::int64_t index)
    {
        ++m_result.refetchedRows;
        const auto alone = fetchPage(index, 1);
        if (alone.rows.size() != 1 || alone.rows.front().index != index)
            throw PullError(splitName() + ": row " + std::to_string(index) + " did not come back when asked alone");
        if (const auto &cut = alone.rows.front().truncatedCells; !cut.empty())
            throw PullError(splitName() + ": row " + std::to_string(index) + " has cells the server truncates even "
                            + "alone (" + joined(cut) + "); kfx does not write cut-off rows");
        return alone.rows.front().json;
    }

    void writeOut(const PageCache &cache, std::int64_t totalRows)
    {
        const auto temporary = std::filesystem::path(m_result.out).concat(".part");
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            if (!out)
                throw PullError("cannot write " + temporary.string());
            for (std::int64_t offset = 0; offset < totalRows;) {
                const auto lines = cache.page(offset);
                if (!lines || lines->empty())
                    throw PullError("the cache in " + cache.directory().string() + " lost the page at row "
                                    + std::to_string(offset) + "; run the pull again");
                for (const auto &line : *lines)
                    out << line << '\n';
                offset += std::int64_t(lines->size());
            }
            out.flush();
            if (!out)
                throw PullError("cannot write " + temporary.string());
        }
        std::filesystem::rename(temporary, m_result.out);
        m_result.rows = totalRows;
    }

    // A 200's body, or the reply of a status not worth retrying (4xx); 429, 5xx and lost connections are
    // retried with exponential back-off until the attempts run out. A reply over the client's size limit is
    // not: the same page is as large the next time.
    Reply get(const std::string &pathAndQuery, const std::string &what)
    {
        for (int attempt = 1;; ++attempt) {
            const auto response = once(m_settings.endpoint + pathAndQuery);
            if (response.error == surrogate::TransferError::TooLarge)
                throw PullError(what + " of " + m_settings.dataset + ": " + describe(response, m_redactor));
            const bool retryable = response.status == 0 || response.status == 429 || response.status >= 500;
            if (!retryable)
                return {response.status, response.body};
            if (attempt >= m_settings.maxAttempts)
                throw PullError(what + " of " + m_settings.dataset + ": " + describe(response, m_redactor)
                                + ", still after " + std::to_string(attempt) + " attempts");
            double delay = std::min(m_settings.longestBackoffSeconds,
                                    m_settings.firstBackoffSeconds * std::exp2(double(attempt - 1)));
            if (response.retryAfterSeconds)
                delay = std::min(m_settings.longestBackoffSeconds, *response.retryAfterSeconds);
            ++m_result.retries;
            report(m_current.rowsDone,
                   describe(response, m_redactor) + "; retrying in " + secondsText(delay) + " (attempt "
                       + std::to_string(attempt + 1) + " of " + std::to_string(m_settings.maxAttempts) + ")");
            waitFor(delay);
        }
    }

    surrogate::HttpResponse once(const std::string &url)
    {
        if (m_stop.stop_requested())
            throw Cancelled{};
        if (++m_requests > m_settings.maxRequests)
            throw PullError("the pull of " + m_settings.dataset + " stopped after "
                            + std::to_string(m_settings.maxRequests) + " requests without finishing");
        surrogate::HttpRequest request;
        request.url = url;
        request.get = true;
        request.timeoutSeconds = m_settings.timeoutSeconds;
        if (!m_settings.token.empty())
            request.headers.push_back("Authorization: Bearer " + m_settings.token);
        auto promise = std::make_shared<std::promise<surrogate::HttpResponse>>();
        auto future = promise->get_future();
        m_client.submit(std::move(request),
                        [promise](surrogate::HttpResponse response) { promise->set_value(std::move(response)); });
        while (future.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
            if (m_stop.stop_requested())
                throw Cancelled{}; // the client, destroyed with this pull, abandons the transfer
        }
        return future.get();
    }

    void waitFor(double seconds)
    {
        const auto until = std::chrono::steady_clock::now()
            + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
        while (std::chrono::steady_clock::now() < until) {
            if (m_stop.stop_requested())
                throw Cancelled{};
            std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
                std::chrono::milliseconds(50), until - std::chrono::steady_clock::now()));
        }
    }

    const PullSettings &m_settings;
    const DatasetPull::ProgressCallback &m_progress;
    std::stop_token m_stop;
    PullResult &m_result;
    surrogate::SecretRedactor m_redactor;
    PullProgress m_current;
    int m_requests = 0;
    surrogate::HttpClient m_client{1};
};

} // namespace

std::string tokenFromEnvironment()
{
    const char *token = std::getenv(std::string(kTokenVariable).c_str());
    return token ? token : "";
}

std::string defaultFileName(std::string_view dataset, std::string_view config, std::string_view split)
{
    const auto slash = dataset.rfind('/');
    std::string name(slash == std::string_view::npos ? dataset : dataset.substr(slash + 1));
    name.append("-").append(config).append("-").append(split).append(".jsonl");
    // A config or split name is the server's text: keep it to one harmless file name.
    std::replace_if(
        name.begin(), name.end(), [](char c) { return c == '/' || c == '\\' || c == '\0'; }, '_');
    return name;
}

DatasetPull::DatasetPull(PullSettings settings) : m_settings(std::move(settings)) {}

PullResult DatasetPull::run(const ProgressCallback &progress, std::stop_token stop)
{
    PullResult result;
    Puller puller(m_settings, progress, std::move(stop), result);
    try {
        puller.run();
        result.ok = true;
    } catch (const Cancelled &) {
        result.cancelled = true;
        result.error = "cancelled";
    } catch (const std::exception &error) {
        result.error = puller.redact(error.what());
    }
    return result;
}

} // namespace kfx::hub
