// Open from Hugging Face (issue 16), headless: kfx's pull of the five published datasets from a dataset viewer
// on 127.0.0.1 that serves its documented shape, with the trouble a real one gives (429, a 500 mid-way, cells cut
// short, a dataset that does not exist, a config with no rows, a download interrupted and resumed), and every
// file it writes read back by kfx's own readers.

#include "hub/datasetpull.h"
#include "hubfixtures.h"
#include "io/fileloader.h"
#include "model/speedupbin.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "testmain.h"

namespace tst_hubpull {
namespace {

using namespace kfx;
namespace fixture = hubfixture;

namespace {

struct PullRun {
    hub::PullResult result;
    std::vector<ReceivedRequest> requests;
    std::vector<hub::PullProgress> progress;
};

class TestHubPull : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    mutable int m_caches = 0;

    hub::PullSettings settings(const std::string &endpoint, const std::string &dataset) const
    {
        hub::PullSettings settings;
        settings.endpoint = endpoint;
        settings.dataset = dataset;
        // A cache of its own for each pull a test starts afresh; the resume tests reuse one on purpose.
        settings.cacheRoot = QDir(m_dir.path()).filePath(QStringLiteral("cache-%1").arg(++m_caches)).toStdString();
        settings.out = m_dir.path().toStdString();
        settings.firstBackoffSeconds = 0.01;
        settings.maxAttempts = 4;
        settings.timeoutSeconds = 10.0;
        return settings;
    }

    static PullRun pull(const ScriptedChatServer &server, hub::PullSettings settings, std::stop_source stop = {})
    {
        PullRun run;
        run.result = hub::DatasetPull(std::move(settings))
                         .run([&](const hub::PullProgress &progress) { run.progress.push_back(progress); },
                              stop.get_token());
        run.requests = server.requests();
        return run;
    }

    // The request line's target, e.g. "/v1/rows?dataset=...&offset=100&length=100".
    static std::string target(const ReceivedRequest &request)
    {
        const auto start = request.head.find(' ') + 1;
        return request.head.substr(start, request.head.find(' ', start) - start);
    }

    static ScriptedReply fallback() { return fixture::failure(500, "the test's script ran out"); }

private Q_SLOTS:
    void eachPublishedFormatOpensInKfx_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("rows");
        QTest::newRow("eval set, 3 pages") << 0 << 250;
        QTest::newRow("predictions, 2 pages") << 1 << 102;
        QTest::newRow("training pool, 1 page") << 2 << 100;
        QTest::newRow("discovery pairs") << 3 << 37;
        QTest::newRow("search events, 2 pages") << 4 << 1 + 6 * 20;
    }

    void eachPublishedFormatOpensInKfx()
    {
        QFETCH(int, kind);
        QFETCH(int, rows);
        const auto published = hub::kPublishedDatasets[std::size_t(kind)];
        const std::string config = kind == 4 ? "cross_entropy__e0091" : "combined";
        const std::string split = std::vector<std::string>{"eval", "predictions", "train", "pairs", "events"}[kind];
        const fixture::Table table = kind == 0 ? fixture::evalSet(rows)
            : kind == 1                        ? fixture::predictions(rows)
            : kind == 2                        ? fixture::trainingPool(rows)
            : kind == 3                        ? fixture::discoveryPairs(rows)
                                               : fixture::searchEvents((rows - 1) / 6);
        std::vector<ScriptedReply> script{fixture::ok(fixture::splits(
            std::string(published.id),
            kind == 4 ? std::vector<std::pair<std::string, std::string>>{{config, split}}
                      : std::vector<std::pair<std::string, std::string>>{{"trimul", split}, {config, split}}))};
        for (auto &page : fixture::allPages(table))
            script.push_back(std::move(page));
        ScriptedChatServer server(script, fallback());

        const auto run = pull(server, settings(server.url(), std::string(published.id)));
        QVERIFY2(run.result.ok, run.result.error.c_str());
        QCOMPARE(run.result.config, config); // "combined" where there is one, else the only per-search config
        QCOMPARE(run.result.split, split);
        QCOMPARE(run.result.format.value(), published.format);
        QCOMPARE(run.result.rows, std::int64_t(rows));
        const std::size_t pages = (std::size_t(rows) + 99) / 100;
        QCOMPARE(run.requests.size(), 1 + pages);
        for (std::size_t page = 0; page < pages; ++page) {
            const auto asked = target(run.requests[1 + page]);
            QVERIFY2(asked.find("config=" + config + "&split=" + split + "&offset=" + std::to_string(page * 100)
                                + "&length=100")
                         != std::string::npos,
                     asked.c_str());
        }
        QCOMPARE(run.progress.back().rowsDone, std::int64_t(rows));
        QCOMPARE(run.progress.back().rowsTotal, std::int64_t(rows));
        QCOMPARE(QFileInfo(QString::fromStdString(run.result.out.string())).fileName().toStdString(),
                 hub::defaultFileName(published.id, config, split));

        const auto loaded = loadFile(run.result.out.string());
        QVERIFY(loaded.readable);
        QVERIFY2(loaded.diagnostics.empty(),
                 (loaded.diagnostics.empty() ? std::string() : loaded.diagnostics.front().message).c_str());
        switch (kind) {
        case 0:
        case 2:
        case 3:
            QCOMPARE(loaded.format,
                     kind == 0       ? DataFormat::EvalSet
                         : kind == 2 ? DataFormat::RlPool
                                     : DataFormat::DiscoveryPairs);
            QCOMPARE(loaded.pairs.size(), std::size_t(rows));
            for (int i = 0; i < rows; ++i) {
                QCOMPARE(loaded.pairs[std::size_t(i)].speedup, fixture::kBinSpeedups[i % 8]);
                QCOMPARE(loaded.pairs[std::size_t(i)].candidateCode,
                         fixture::kernel(kind == 3 ? "child" : "candidate", i));
            }
            break;
        case 1:
            QCOMPARE(loaded.format, DataFormat::Predictions);
            QCOMPARE(loaded.predictions.size(), std::size_t(rows));
            QCOMPARE(loaded.predictions.back().repeat, (rows - 1) % 3);
            QCOMPARE(loaded.predictions.back().forecast->predictedBin, 5);
            QCOMPARE(loaded.predictions.back().forecast->probabilityOf(5), 0.6);
            break;
        default:
            QCOMPARE(loaded.format, DataFormat::HfPuctV2);
            QCOMPARE(loaded.population->size(), std::size_t(1 + (rows - 1) / 6));
            break;
        }
    }

    void retriesA429AndA500MidWay()
    {
        const auto table = fixture::evalSet(150);
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server(
            {fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})),
             fixture::failure(429, "rate limited", {"Retry-After: 0"}), fixture::ok(fixture::rowsPage(table, 0, 100)),
             fixture::failure(500, "internal error"), fixture::ok(fixture::rowsPage(table, 100, 100))},
            fallback());
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY2(run.result.ok, run.result.error.c_str());
        QCOMPARE(run.result.retries, 2);
        QCOMPARE(run.requests.size(), std::size_t(5));
        QVERIFY(target(run.requests[2]).find("offset=0&") != std::string::npos); // the 429's page, asked again
        QVERIFY(target(run.requests[4]).find("offset=100&") != std::string::npos);
        const auto note = std::find_if(run.progress.begin(), run.progress.end(),
                                       [](const auto &progress) { return !progress.note.empty(); });
        QVERIFY(note != run.progress.end());
        QVERIFY2(note->note.find("HTTP 429: rate limited") != std::string::npos, note->note.c_str());
        QCOMPARE(loadFile(run.result.out.string()).pairs.size(), std::size_t(150));
    }

    void givesUpAfterTheLastAttempt()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}}))},
                                  fixture::failure(503, "viewer unavailable"));
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY(!run.result.ok);
        QCOMPARE(run.requests.size(), std::size_t(1 + 4)); // maxAttempts
        QVERIFY2(run.result.error.find("HTTP 503: viewer unavailable, still after 4 attempts") != std::string::npos,
                 run.result.error.c_str());
        QCOMPARE(run.result.retries, 3);
    }

    void truncatedRowIsFetchedAgainAlone()
    {
        const auto table = fixture::evalSet(20);
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})),
                                   fixture::ok(fixture::rowsPage(table, 0, 100, {3, 17})),
                                   fixture::ok(fixture::rowsPage(table, 3, 1)),
                                   fixture::ok(fixture::rowsPage(table, 17, 1))},
                                  fallback());
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY2(run.result.ok, run.result.error.c_str());
        QCOMPARE(run.result.refetchedRows, 2);
        QVERIFY(target(run.requests[2]).find("offset=3&length=1") != std::string::npos);
        QVERIFY(target(run.requests[3]).find("offset=17&length=1") != std::string::npos);
        const auto loaded = loadFile(run.result.out.string());
        QCOMPARE(loaded.pairs.size(), std::size_t(20));
        QCOMPARE(loaded.pairs[3].sourceId, "binfiller/x/3");
        QCOMPARE(loaded.pairs[17].sourceId, "binfiller/x/17");
    }

    void rowTruncatedEvenAloneIsRefused()
    {
        const auto table = fixture::evalSet(20);
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})),
                                   fixture::ok(fixture::rowsPage(table, 0, 100, {5})),
                                   fixture::ok(fixture::rowsPage(table, 5, 1, {5}))},
                                  fallback());
        auto request = settings(server.url(), dataset);
        request.out = QDir(m_dir.path()).filePath(QStringLiteral("refused.jsonl")).toStdString();
        const auto run = pull(server, request);
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("row 5 has cells the server truncates even alone (source_id)")
                     != std::string::npos,
                 run.result.error.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(request.out.string())));
    }

    // A server that changed its row total on every page sent the pull back to row 0 for ever (1,328 requests in
    // a minute, issue 27): a total that changes within one pull stops it, naming both.
    void totalChangingMidPullStops()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})),
                                   fixture::ok(fixture::rowsPage(fixture::evalSet(150), 0, 100)),
                                   fixture::ok(fixture::rowsPage(fixture::evalSet(160), 100, 100)),
                                   fixture::ok(fixture::rowsPage(fixture::evalSet(170), 0, 100)),
                                   fixture::ok(fixture::rowsPage(fixture::evalSet(180), 100, 100))},
                                  fallback());
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("row total went from 150 to 160 during the pull (at row 100)")
                     != std::string::npos,
                 run.result.error.c_str());
        QCOMPARE(run.requests.size(), std::size_t(3));
    }

    // A page of 100 rows that says the split has 50 was written out whole as a split of 50.
    void pageContradictingItsTotalIsRefused()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        auto page = fixture::rowsPage(fixture::evalSet(150), 0, 100);
        const std::string total = "\"num_rows_total\":150";
        page.replace(page.find(total), total.size(), "\"num_rows_total\":50");
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})), fixture::ok(page)},
                                  fallback());
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("the page at row 0 holds 100 rows, which does not fit its total of 50")
                     != std::string::npos,
                 run.result.error.c_str());
    }

    // A page larger than the client takes is as large when asked again: one request, not one per attempt.
    void pageOverTheSizeLimitIsNotRetried()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedReply huge = fixture::ok(fixture::rowsPage(fixture::evalSet(150), 0, 100));
        huge.bodyRepeats = 17 * 1024 * 1024 / huge.body.size() + 1; // past the client's 16 MiB
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})), huge}, huge);
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("response larger than 16 MiB") != std::string::npos, run.result.error.c_str());
        QCOMPARE(run.requests.size(), std::size_t(2));
        QCOMPARE(run.result.retries, 0);
    }

    void pagesAndRequestsAreCapped()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        const auto table = fixture::evalSet(450);
        auto script = fixture::allPages(table);
        script.insert(script.begin(), fixture::ok(fixture::splits(dataset, {{"combined", "eval"}})));
        {
            ScriptedChatServer server(script, fallback());
            auto capped = settings(server.url(), dataset);
            capped.maxRequests = 3;
            const auto run = pull(server, capped);
            QVERIFY(!run.result.ok);
            QVERIFY2(run.result.error.find("stopped after 3 requests") != std::string::npos, run.result.error.c_str());
            QCOMPARE(run.requests.size(), std::size_t(3));
        }
        ScriptedChatServer server(script, fallback());
        auto capped = settings(server.url(), dataset);
        capped.maxPages = 4;
        const auto run = pull(server, capped);
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("has 450 rows, more than kfx pulls (4 pages of 100)") != std::string::npos,
                 run.result.error.c_str());
        QCOMPARE(run.requests.size(), std::size_t(2));
    }

    void datasetThatDoesNotExist()
    {
        const std::string dataset = "codezakh/no-such-dataset";
        ScriptedChatServer server({fixture::failure(404, "The dataset does not exist.")}, fallback());
        const auto run = pull(server, settings(server.url(), dataset));
        QVERIFY(!run.result.ok);
        QCOMPARE(run.requests.size(), std::size_t(1));
        QVERIFY(target(run.requests[0]).ends_with("/splits?dataset=codezakh%2Fno-such-dataset"));
        QCOMPARE(run.result.error,
                 "dataset codezakh/no-such-dataset was not found at " + server.url()
                     + " (The dataset does not exist.)");
    }

    void configWithNoRows()
    {
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"fp8_quant", "eval"}})),
                                   fixture::ok(fixture::rowsPage(fixture::evalSet(0), 0, 100))},
                                  fallback());
        auto request = settings(server.url(), dataset);
        request.config = "fp8_quant";
        const auto run = pull(server, request);
        QVERIFY(!run.result.ok);
        QCOMPARE(run.result.error, "config 'fp8_quant', split 'eval' of " + dataset + " has no rows");
    }

    void partialSplitIsRefused()
    {
        const std::string dataset = "codezakh/gpu-forecasters-puct-search-events";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"trimul__e0090", "events"}})),
                                   fixture::ok(fixture::rowsPage(fixture::searchEvents(3), 0, 100, {}, true))},
                                  fallback());
        auto request = settings(server.url(), dataset);
        request.out = QDir(m_dir.path()).filePath(QStringLiteral("partial.jsonl")).toStdString();
        const auto run = pull(server, request);
        QVERIFY(!run.result.ok);
        QVERIFY2(run.result.error.find("serves only the start of this split") != std::string::npos,
                 run.result.error.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(request.out.string())));
    }

    void unknownConfigNamesThoseThereAre()
    {
        const std::string dataset = "codezakh/gpu-forecasters-discovery-pairs";
        ScriptedChatServer server(
            {fixture::ok(fixture::splits(dataset, {{"gpu_mode", "pairs"}, {"kernelbench_l3", "pairs"}}))}, fallback());
        auto request = settings(server.url(), dataset);
        request.config = "kernelbench_l2";
        const auto run = pull(server, request);
        QCOMPARE(run.result.error,
                 "dataset " + dataset + " has no config 'kernelbench_l2'; it has: gpu_mode, kernelbench_l3");
        // With neither asked nor "combined" offered, the choice is the user's.
        ScriptedChatServer again(
            {fixture::ok(fixture::splits(dataset, {{"gpu_mode", "pairs"}, {"kernelbench_l3", "pairs"}}))}, fallback());
        QCOMPARE(pull(again, settings(again.url(), dataset)).result.error,
                 "dataset " + dataset + " has several configs; choose one of: gpu_mode, kernelbench_l3");
    }

    void interruptedDownloadResumes()
    {
        const auto table = fixture::evalSet(350);
        const std::string dataset = "codezakh/gpu-forecasters-eval-set";
        const auto splits = fixture::ok(fixture::splits(dataset, {{"combined", "eval"}}));
        auto request = settings({}, dataset);
        request.out = QDir(m_dir.path()).filePath(QStringLiteral("resumed.jsonl")).toStdString();
        {
            // Stopped (as Cancel or Ctrl+C would) once two pages are in.
            ScriptedChatServer server({splits, fixture::ok(fixture::rowsPage(table, 0, 100)),
                                       fixture::ok(fixture::rowsPage(table, 100, 100))},
                                      fixture::ok(fixture::rowsPage(table, 200, 100)));
            request.endpoint = server.url();
            std::stop_source stop;
            const auto result = hub::DatasetPull(request).run(
                [&](const hub::PullProgress &progress) {
                    if (progress.rowsDone >= 200)
                        stop.request_stop();
                },
                stop.get_token());
            QVERIFY(result.cancelled);
            QVERIFY(!QFile::exists(QString::fromStdString(request.out.string())));
        }
        ScriptedChatServer server(
            {splits, fixture::ok(fixture::rowsPage(table, 200, 100)), fixture::ok(fixture::rowsPage(table, 300, 100))},
            fallback());
        request.endpoint = server.url();
        const auto run = pull(server, request);
        QVERIFY2(run.result.ok, run.result.error.c_str());
        QCOMPARE(run.result.rowsFromCache, std::int64_t(200));
        QCOMPARE(run.requests.size(), std::size_t(3));
        QVERIFY(target(run.requests[1]).find("offset=200&") != std::string::npos);
        const auto loaded = loadFile(run.result.out.string());
        QCOMPARE(loaded.pairs.size(), std::size_t(350));
        for (std::size_t i = 0; i < loaded.pairs.size(); ++i)
            QCOMPARE(loaded.pairs[i].id, "trimul/cmp" + std::to_string(i));
    }

    void changedDataIsFetchedAfresh()
    {
        const std::string dataset = "codezakh/gpu-forecasters-rl-training-pool";
        const auto splits = fixture::ok(fixture::splits(dataset, {{"combined", "train"}}));
        const auto before = fixture::trainingPool(150), after = fixture::trainingPool(160);
        auto request = settings({}, dataset);
        {
            ScriptedChatServer server({splits, fixture::ok(fixture::rowsPage(before, 0, 100))},
                                      fixture::failure(400, "stop here"));
            request.endpoint = server.url();
            QVERIFY(!pull(server, request).result.ok);
        }
        // The cache holds rows 0-99 of 150; the split now has 160 rows: page 100 of the new data is not
        // appended to page 0 of the old.
        ScriptedChatServer server({splits, fixture::ok(fixture::rowsPage(after, 100, 100)),
                                   fixture::ok(fixture::rowsPage(after, 0, 100)),
                                   fixture::ok(fixture::rowsPage(after, 100, 100))},
                                  fallback());
        request.endpoint = server.url();
        const auto run = pull(server, request);
        QVERIFY2(run.result.ok, run.result.error.c_str());
        QCOMPARE(run.result.rowsFromCache, std::int64_t(0));
        QCOMPARE(loadFile(run.result.out.string()).pairs.size(), std::size_t(160));
    }

    void tokenIsSentButNeverWrittenOrShown()
    {
        const std::string dataset = "codezakh/gated";
        const std::string token = "hf_SecretTokenThatMustNotLeak";
        // The server echoes the request's headers, Authorization among them, into its error.
        ScriptedReply echo = fixture::failure(400, "bad request: ");
        echo.body = "{\"error\":\"bad request\"} ";
        echo.echoRequestHead = true;
        ScriptedChatServer server(
            {fixture::ok(fixture::splits(dataset, {{"combined", "train"}})), echo, fixture::failure(401, "denied")},
            fallback());
        auto request = settings(server.url(), dataset);
        request.token = token;
        const auto run = pull(server, request);
        QVERIFY(!run.result.ok);
        QVERIFY(run.requests[1].head.find("Authorization: Bearer " + token) != std::string::npos);
        QVERIFY2(run.result.error.find(token) == std::string::npos, run.result.error.c_str());
        QVERIFY2(run.result.error.find("HTTP 400") != std::string::npos, run.result.error.c_str());
        QDirIterator files(m_dir.path(), QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile file(files.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(QByteArray::fromStdString(token)), qPrintable(file.fileName()));
        }
        ScriptedChatServer refusing({fixture::failure(401, "Unauthorized")}, fallback());
        request.endpoint = refusing.url();
        QCOMPARE(pull(refusing, request).result.error,
                 "dataset " + dataset + " needs a token that may read it: set HF_TOKEN (HTTP 401)");
    }

    void cliPullsAndReportsErrors()
    {
        const auto table = fixture::discoveryPairs(120);
        const std::string dataset = "codezakh/gpu-forecasters-discovery-pairs";
        ScriptedChatServer server({fixture::ok(fixture::splits(dataset, {{"gpu_mode", "pairs"}})),
                                   fixture::ok(fixture::rowsPage(table, 0, 100)), fixture::failure(502, "bad gateway"),
                                   fixture::ok(fixture::rowsPage(table, 100, 100))},
                                  fixture::failure(404, "The dataset does not exist."));
        const auto out = QDir(m_dir.path()).filePath(QStringLiteral("cli-pairs.jsonl"));
        auto environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), QDir(m_dir.path()).filePath(QStringLiteral("xdg")));
        QProcess cli;
        cli.setProcessEnvironment(environment);
        const auto endpoint = QString::fromStdString(server.url());
        cli.start(QStringLiteral(KFX_CLI_PATH),
                  {QStringLiteral("pull"), QString::fromStdString(dataset), QStringLiteral("--out"), out,
                   QStringLiteral("--endpoint"), endpoint});
        QVERIFY(cli.waitForFinished(60000));
        const auto err = cli.readAllStandardError();
        QVERIFY2(cli.exitCode() == 0, err.constData());
        QVERIFY2(err.contains("kfx-cli pull: 100 of 120 rows\n"), err.constData());
        QVERIFY2(err.contains("HTTP 502: bad gateway; retrying in 1 s (attempt 2 of 6)"), err.constData());
        QVERIFY2(err.contains("kfx-cli pull: 120 of 120 rows\n"), err.constData());
        const auto stdoutText = cli.readAllStandardOutput();
        QVERIFY2(stdoutText.contains("wrote 120 rows of discovery pairs (config 'gpu_mode', split 'pairs')"),
                 stdoutText.constData());
        QVERIFY2(stdoutText.contains("kfx reads it as discovery-pairs: 120 records"), stdoutText.constData());
        QCOMPARE(loadFile(out.toStdString()).pairs.size(), std::size_t(120));
        QVERIFY(QDir(QDir(m_dir.path()).filePath(QStringLiteral("xdg/kfx/hub"))).exists());

        cli.start(QStringLiteral(KFX_CLI_PATH),
                  {QStringLiteral("pull"), QStringLiteral("codezakh/nothing"), QStringLiteral("--endpoint"), endpoint});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 2);
        QCOMPARE(cli.readAllStandardError().toStdString(),
                 "kfx-cli pull: dataset codezakh/nothing was not found at " + server.url()
                     + " (The dataset does not exist.)\n");

        cli.start(QStringLiteral(KFX_CLI_PATH), {QStringLiteral("pull")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY(cli.readAllStandardError().startsWith("usage: kfx-cli pull DATASET"));
    }
};

} // namespace

KFX_TEST_GUILESS_MAIN(TestHubPull)

} // namespace
} // namespace tst_hubpull

#include "tst_hubpull.moc"
