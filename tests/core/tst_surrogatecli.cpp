// kfx-cli forecast and render-prompt from the outside: prediction rows that kfx-cli metrics scores, for the
// embedded model (grouped cross-validation) and for an LLM served by a scripted server on 127.0.0.1.

#include "io/jsonwriter.h"
#include "scriptedchatserver.h"
#include "surrogate/plantedpairs.h"
#include "testutils.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <simdjson.h>

#include "testmain.h"

namespace tst_surrogatecli {
namespace {

using namespace kfx;

namespace {

struct Output {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Output kfxCli(const QStringList &arguments,
              const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(KFX_CLI_PATH), arguments);
    Output output;
    if (!process.waitForFinished(120000))
        return output;
    output.exitCode = process.exitCode();
    output.out = process.readAllStandardOutput();
    output.err = process.readAllStandardError();
    return output;
}

// Planted pairs as eval-set rows (spec §3.1 a).
QString writeEvalSet(const QTemporaryDir &dir, std::size_t count)
{
    const auto path = dir.filePath(QStringLiteral("eval.jsonl"));
    std::ofstream out(path.toStdString());
    for (const auto &pair : surrogate::plantedPairs(count, 21)) {
        JsonWriter writer;
        writer.beginObject().field("source_search", "planted").field("internal_experiment", "planted");
        writer.field("comparison_id", pair.id).field("pack", pair.pack).field("anchor_code", pair.referenceCode);
        writer.field("candidate_code", pair.candidateCode).field("hardware", pair.hardwareName);
        writer.field("aggregated_speedup", pair.speedup).field("true_bin", pair.trueBin);
        writer.field("source_id", pair.sourceId).endObject();
        out << writer.text() << '\n';
    }
    return path;
}

QString save(const QTemporaryDir &dir, const QString &name, const QByteArray &data)
{
    const auto path = dir.filePath(name);
    std::ofstream(path.toStdString()) << data.toStdString();
    return path;
}

simdjson::dom::element metricsOf(simdjson::dom::parser &parser, const QByteArray &json, std::string_view label)
{
    return parser.parse(json.toStdString()).value()["surrogates"][label].value();
}

const ScriptedReply kValidReply{
    200, chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}}), {}, 0, false};

// forecast --surrogate llm against `server` for `pairs` planted pairs, one request at a time, with `extra` options.
Output forecastWithLlm(const QTemporaryDir &dir, const ScriptedChatServer &server, std::size_t pairs,
                       const QStringList &extra,
                       const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QStringList arguments{QStringLiteral("forecast"),   QStringLiteral("--surrogate"),        QStringLiteral("llm"),
                          QStringLiteral("--endpoint"), QString::fromStdString(server.url()), QStringLiteral("--model"),
                          QStringLiteral("scripted"),   QStringLiteral("--concurrency"),      QStringLiteral("1"),
                          writeEvalSet(dir, pairs)};
    return kfxCli(arguments + extra + QStringList{QStringLiteral("--json")}, environment);
}

} // namespace

class TestSurrogateCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void embeddedForecastsAreScoredByMetrics()
    {
        QTemporaryDir dir;
        const auto eval = writeEvalSet(dir, 600);
        const auto forecast = kfxCli({QStringLiteral("forecast"), QStringLiteral("--surrogate"),
                                      QStringLiteral("embedded"), eval, QStringLiteral("--json")});
        QCOMPARE(forecast.exitCode, 0);
        QCOMPARE(forecast.out.count('\n'), 600);
        const auto predictions = save(dir, QStringLiteral("pred.jsonl"), forecast.out);
        const auto metrics = kfxCli({QStringLiteral("metrics"), QStringLiteral("--eval"), eval,
                                     QStringLiteral("--predictions"), predictions, QStringLiteral("--json")});
        QCOMPARE(metrics.exitCode, 0);
        simdjson::dom::parser parser;
        const auto scores = metricsOf(parser, metrics.out, "embedded");
        QCOMPARE(scores["n_parsed"].get_int64().value(), std::int64_t(600));
        QVERIFY(scores["accuracy"].get_double().value() > 0.2); // the majority bin holds about 0.17
    }

    // --cross-fit continues the given model on the pairs outside each pair's fold (tst_crossfitted checks the
    // folds themselves): every pair is answered, the continued models answer differently from the model alone,
    // and without a model to continue, or with fewer than two folds, it says so.
    void crossFittingContinuesTheGivenModel()
    {
        QTemporaryDir dir;
        const auto eval = writeEvalSet(dir, 200);
        const auto model = dir.filePath(QStringLiteral("base.kfxmodel"));
        const QStringList embedded{QStringLiteral("forecast"), QStringLiteral("--surrogate"),
                                   QStringLiteral("embedded")};
        const auto plain = kfxCli(
            embedded
            + QStringList{QStringLiteral("--train"), QStringLiteral(KFX_DEMO_DIR "/matmul-search.jsonl"),
                          QStringLiteral("--train"), QStringLiteral(KFX_DEMO_DIR "/layer_norm-search.jsonl"),
                          QStringLiteral("--train"), QStringLiteral(KFX_DEMO_DIR "/row_softmax-search.jsonl"),
                          QStringLiteral("--save-model"), model, eval, QStringLiteral("--json")});
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
        const auto crossFitted = kfxCli(embedded
                                        + QStringList{QStringLiteral("--load-model"), model,
                                                      QStringLiteral("--cross-fit"), QStringLiteral("4"), eval,
                                                      QStringLiteral("--json")});
        QVERIFY2(crossFitted.exitCode == 0, crossFitted.err.constData());
        QCOMPARE(crossFitted.out.count('\n'), 200);
        QVERIFY(crossFitted.out != plain.out);
        const auto noModel = kfxCli(embedded + QStringList{QStringLiteral("--cross-fit"), QStringLiteral("4"), eval});
        QVERIFY(noModel.exitCode != 0);
        QVERIFY2(noModel.err.contains("--load-model or --train"), noModel.err.constData());
        const auto oneFold = kfxCli(embedded
                                    + QStringList{QStringLiteral("--load-model"), model, QStringLiteral("--cross-fit"),
                                                  QStringLiteral("1"), eval});
        QVERIFY(oneFold.exitCode != 0);
        QVERIFY2(oneFold.err.contains("at least 2"), oneFold.err.constData());
    }

    // The real demo searches (three tasks measured on an H100; their logs name no task): every measured kernel is
    // forecast by a model that never saw its task, the task taken from the file name.
    void forecastsSearchLogsLeavingOneTaskOut()
    {
        QStringList arguments{QStringLiteral("forecast"), QStringLiteral("--surrogate"), QStringLiteral("embedded")};
        for (const char *task : {"matmul", "layer_norm", "row_softmax"})
            arguments << QStringLiteral(KFX_DEMO_DIR "/%1-search.jsonl").arg(QLatin1String(task));
        arguments << QStringLiteral("--json");
        const auto forecast = kfxCli(arguments);
        QVERIFY2(forecast.exitCode == 0, forecast.err.constData());
        std::map<std::string, int> perTask;
        simdjson::dom::parser parser;
        for (const auto &line : forecast.out.split('\n')) {
            if (line.isEmpty())
                continue;
            const auto row = parser.parse(line.toStdString()).value();
            QVERIFY(!row["parse_failed"].get_bool().value());
            ++perTask[std::string(row["pack"].get_string().value())];
        }
        QCOMPARE(perTask.size(), std::size_t(3));
        for (const auto &[task, count] : perTask)
            QVERIFY2(count >= 10, task.c_str()); // 11 to 16 measured candidates per search
    }

    // A parse failure is retried once: one bad answer is recovered, two are recorded as a failure. One pair per
    // run, so the outcome cannot depend on the order the client schedules retries in.
    void llmForecastsRecordFailures_data()
    {
        QTest::addColumn<int>("badReplies");
        QTest::addColumn<int>("parsed");
        QTest::newRow("recovered by the retry") << 1 << 1;
        QTest::newRow("failed twice") << 2 << 0;
    }
    void llmForecastsRecordFailures()
    {
        QFETCH(int, badReplies);
        QFETCH(int, parsed);
        QTemporaryDir dir;
        const auto eval = writeEvalSet(dir, 1);
        const ScriptedReply noTool{200, chatCompletionWithTools({}), {}, 0, false};
        ScriptedChatServer server(
            std::vector<ScriptedReply>(std::size_t(badReplies), noTool),
            {200,
             chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}}),
             {},
             0,
             false});
        const auto forecast = kfxCli({QStringLiteral("forecast"), QStringLiteral("--surrogate"), QStringLiteral("llm"),
                                      QStringLiteral("--endpoint"), QString::fromStdString(server.url()),
                                      QStringLiteral("--model"), QStringLiteral("scripted"),
                                      QStringLiteral("--concurrency"), QStringLiteral("1"), eval,
                                      QStringLiteral("--json")});
        QCOMPARE(forecast.exitCode, parsed == 0 ? 3 : 0); // no forecast at all is the command's failure
        if (parsed == 0)
            QVERIFY2(forecast.err.contains("model did not call any tool"), forecast.err.constData());
        const auto predictions = save(dir, QStringLiteral("pred.jsonl"), forecast.out);
        const auto metrics = kfxCli({QStringLiteral("metrics"), QStringLiteral("--eval"), eval,
                                     QStringLiteral("--predictions"), predictions, QStringLiteral("--json")});
        simdjson::dom::parser parser;
        const auto scores = metricsOf(parser, metrics.out, "scripted");
        QCOMPARE(scores["n_total"].get_int64().value(), std::int64_t(1));
        QCOMPARE(scores["n_parsed"].get_int64().value(), std::int64_t(parsed));
    }

    // Each of these used to pass and leave curl without a timeout (0 ms, or a value out of range).
    void refusesTimeoutsThatSwitchItOff_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        for (const char *value : {"0.0004", "nan", "inf", "1e300", "-1", "0", "3601", "ten"})
            QTest::newRow(value) << QStringLiteral("--timeout") << QString::fromLatin1(value);
        for (const char *value : {"nan", "inf", "0.01", "1e9"})
            QTest::newRow((std::string("total ") + value).c_str())
                << QStringLiteral("--total-timeout") << QString::fromLatin1(value);
    }
    void refusesTimeoutsThatSwitchItOff()
    {
        QFETCH(QString, option);
        QFETCH(QString, value);
        QTemporaryDir dir;
        ScriptedChatServer server({}, kValidReply);
        const auto forecast = forecastWithLlm(dir, server, 1, {option, value});
        QCOMPARE(forecast.exitCode, 1);
        QVERIFY2(forecast.err.contains(option.toUtf8() + " must be"), forecast.err.constData());
        QCOMPARE(server.requests().size(), std::size_t(0));
    }

    // Every request failed: the command says so by its exit status, with the failures counted by kind.
    void exitsNonZeroWhenNoForecastSucceeded()
    {
        QTemporaryDir dir;
        const ScriptedReply noTool{200, chatCompletionWithTools({}), {}, 0, false};
        ScriptedChatServer server({{500, "overloaded", {}, 0, false}, noTool, noTool}, kValidReply);
        const auto failed = forecastWithLlm(dir, server, 2, {QStringLiteral("--retries"), QStringLiteral("0")});
        QCOMPARE(failed.exitCode, 3);
        QVERIFY2(failed.err.contains("0 forecasts, 2 without a forecast (http status 1, parse 1)"),
                 failed.err.constData());
        QCOMPARE(failed.out.count('\n'), 2); // the failures are still rows

        ScriptedChatServer half({{500, "overloaded", {}, 0, false}}, kValidReply);
        const auto partly = forecastWithLlm(dir, half, 2, {QStringLiteral("--retries"), QStringLiteral("0")});
        QCOMPARE(partly.exitCode, 0);
        QVERIFY2(partly.err.contains("1 forecasts, 1 without a forecast (http status 1)"), partly.err.constData());
    }

    // A stalled server cannot hold one query longer than the total budget, however many retries are allowed.
    void boundsEachQueryByTheTotalBudget()
    {
        QTemporaryDir dir;
        ScriptedChatServer stalled({}, {200, kValidReply.body, {}, 20000, false});
        QElapsedTimer timer;
        timer.start();
        const auto forecast = forecastWithLlm(dir, stalled, 1,
                                              {QStringLiteral("--timeout"), QStringLiteral("0.5"),
                                               QStringLiteral("--retries"), QStringLiteral("20"),
                                               QStringLiteral("--total-timeout"), QStringLiteral("1.2")});
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(forecast.exitCode, 3);
        QVERIFY2(forecast.err.contains("total time budget of 1.2 s spent"), forecast.err.constData());
        QVERIFY2(forecast.err.contains("(timeout 1)"), forecast.err.constData());
    }

    void capsTheResponseSize()
    {
        QTemporaryDir dir;
        ScriptedReply huge{200, std::string(64 * 1024, ' '), {}, 0, false};
        huge.bodyRepeats = 2 * 16; // 2 MiB
        huge.chunked = true;
        ScriptedChatServer server({}, huge);
        const auto forecast = forecastWithLlm(dir, server, 1,
                                              {QStringLiteral("--max-response-mib"), QStringLiteral("1")});
        QCOMPARE(forecast.exitCode, 3);
        QVERIFY2(forecast.out.contains("response larger than 1 MiB"), forecast.out.constData());
        QVERIFY2(forecast.err.contains("(too large 1)"), forecast.err.constData());
    }

    // The key reaches the server and nothing else: not the rows on stdout, not the messages on stderr.
    // Issue 27, nothing lost: an LLM run writes each row once it and the rows before it are answered, so a run
    // killed half-way has written the rows of what was answered (before, every row waited for the last answer).
    void llmRowsAreWrittenAsTheyCome()
    {
        QTemporaryDir dir;
        auto slow = kValidReply;
        slow.delayMs = 400; // one at a time: 8 pairs take over 3 s
        ScriptedChatServer server({}, slow);
        QProcess process;
        process.start(QStringLiteral(KFX_CLI_PATH),
                      {QStringLiteral("forecast"), QStringLiteral("--surrogate"), QStringLiteral("llm"),
                       QStringLiteral("--endpoint"), QString::fromStdString(server.url()), QStringLiteral("--model"),
                       QStringLiteral("scripted"), QStringLiteral("--concurrency"), QStringLiteral("1"),
                       writeEvalSet(dir, 8), QStringLiteral("--json")});
        QVERIFY(process.waitForStarted());
        QByteArray rows;
        QElapsedTimer waited;
        waited.start();
        while (rows.count('\n') < 2 && waited.elapsed() < 30000) {
            process.waitForReadyRead(100);
            rows += process.readAllStandardOutput();
        }
        QVERIFY2(rows.count('\n') >= 2, rows.constData());
        QCOMPARE(process.state(), QProcess::Running); // rows came before the run ended
        process.kill();
        QVERIFY(process.waitForFinished());
        rows += process.readAllStandardOutput();
        const auto lines = rows.split('\n');
        const auto pairs = surrogate::plantedPairs(8, 21);
        simdjson::dom::parser parser;
        int whole = 0;
        for (const auto &line : lines) {
            if (line.isEmpty())
                continue;
            const auto row = parser.parse(line.toStdString()).value();
            QCOMPARE(std::string(row["comparison_id"].get_string().value()), pairs[std::size_t(whole)].id);
            QCOMPARE(row["parse_failed"].get_bool().value(), false);
            ++whole;
        }
        QVERIFY(whole >= 2 && whole < 8);
        QVERIFY(rows.endsWith('\n')); // a row is written whole or not at all
    }

    void neverWritesTheKey()
    {
        QTemporaryDir dir;
        const QString key = QStringLiteral("sk-proj-AbCdEf0123456789");
        ScriptedReply echo{401, "invalid credentials in ", {}, 0, false};
        echo.echoRequestHead = true;
        ScriptedChatServer server({}, echo);
        auto environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("KFX_TEST_CLI_KEY"), key);
        const auto forecast = forecastWithLlm(
            dir, server, 2, {QStringLiteral("--api-key-env"), QStringLiteral("KFX_TEST_CLI_KEY")}, environment);
        QCOMPARE(forecast.exitCode, 3);
        QVERIFY(server.requests()[0].head.find(key.toStdString()) != std::string::npos);
        QVERIFY2(!forecast.out.contains(key.left(10).toUtf8()), forecast.out.constData());
        QVERIFY2(!forecast.err.contains(key.left(10).toUtf8()), forecast.err.constData());
        QVERIFY2(forecast.out.contains("Authorization: ***"), forecast.out.constData());
    }

    void rendersPromptsAsJson()
    {
        const auto rendered = kfxCli({QStringLiteral("render-prompt"), QStringLiteral("--query"),
                                      QStringLiteral(KFX_TEST_DATA_DIR "/surrogate/query-a100.json")});
        QCOMPARE(rendered.exitCode, 0);
        simdjson::dom::parser parser;
        const auto document = parser.parse(rendered.out.toStdString()).value();
        const std::string user(document["user"].get_string().value());
        QVERIFY(user.find("| Compute capability | 8.0 |\n| Global memory | 80.0 GB |") != std::string::npos);
        QVERIFY(std::string(document["system"].get_string().value()).find("≤ 0.25×") != std::string::npos);
        QCOMPARE(
            kfxCli({QStringLiteral("render-prompt"), QStringLiteral("--query"), QStringLiteral("/nonexistent.json")})
                .exitCode,
            2);
        QCOMPARE(kfxCli({QStringLiteral("render-prompt"), QStringLiteral("--system"), QStringLiteral("x")}).exitCode,
                 1);
    }
};

KFX_TEST_GUILESS_MAIN(TestSurrogateCli)

} // namespace
} // namespace tst_surrogatecli

#include "tst_surrogatecli.moc"
