// The LLM surrogate against a real HTTP server on 127.0.0.1 replaying scripted chat completions, and the
// reference's tool-argument rules (spec §1.6, §1.7) on their own.

#include "scriptedchatserver.h"
#include "surrogate/chatprotocol.h"
#include "surrogate/forecastcache.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/resultcodec.h"
#include "surrogate/secretredactor.h"
#include "surrogate/surrogatejob.h"
#include "surrogate/toolcallparser.h"
#include "testutils.h"
#include "workspace/workspaceforecastcache.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <limits>
#include <simdjson.h>

#include "testmain.h"

namespace tst_llmsurrogate {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

KernelRuntimeQuery query(int i = 0)
{
    KernelRuntimeQuery q;
    q.task.opName = "trimul";
    q.reference = {"reference", "import torch\n", std::nullopt};
    q.candidate = {"candidate", "@triton.jit\ndef k(): pass # " + std::to_string(i), std::nullopt};
    return q;
}

LlmSettings settingsFor(const ScriptedChatServer &server)
{
    LlmSettings settings;
    settings.endpoint = server.url();
    settings.model = "scripted-model";
    settings.timeoutSeconds = 5.0;
    settings.retries = 2;
    settings.concurrency = 4;
    settings.backoffSeconds = 0.05;
    return settings;
}

std::vector<SurrogateResult> run(const LlmSettings &settings, std::vector<KernelRuntimeQuery> queries)
{
    LlmSurrogate llm(settings, PromptSet::builtIn(settings.allowDeferral));
    SurrogateJob job(llm, std::move(queries));
    return job.results();
}

ScriptedReply ok(std::string body)
{
    return {200, std::move(body), {}, 0, false};
}

const ScriptedReply kValid = ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}}));

std::string failureOf(const SurrogateResult &result)
{
    const auto *failure = std::get_if<SurrogateFailure>(&result.outcome);
    return failure ? failure->reason : std::string();
}

std::string arguments(std::string_view replaceFrom, std::string_view replaceTo)
{
    auto text = kValidEstimateArguments;
    const auto at = text.find(replaceFrom);
    return at == std::string::npos ? text : text.replace(at, replaceFrom.size(), replaceTo);
}

} // namespace

class TestLlmSurrogate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // pydantic's lax validation as the spec records it, then renormalisation keeping the raw sum.
    void parsesArgumentsLikeTheReference_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("valid") << QString::fromStdString(kValidEstimateArguments) << true;
        QTest::newRow("bin 6.0") << QString::fromStdString(arguments("\"predicted_bin\":6", "\"predicted_bin\":6.0"))
                                 << true;
        QTest::newRow("bin as string") << QString::fromStdString(
            arguments("\"predicted_bin\":6", "\"predicted_bin\":\"6\""))
                                       << false;
        QTest::newRow("bin 9") << QString::fromStdString(arguments("\"predicted_bin\":6", "\"predicted_bin\":9"))
                               << false;
        QTest::newRow("bin 0") << QString::fromStdString(arguments("\"predicted_bin\":6", "\"predicted_bin\":0"))
                               << false;
        QTest::newRow("p as string") << QString::fromStdString(
            arguments("\"p_minor_speedup\":0.2", "\"p_minor_speedup\":\"0.2\""))
                                     << true;
        QTest::newRow("p as bool") << QString::fromStdString(
            arguments("\"p_extreme_speedup\":0.05", "\"p_extreme_speedup\":true"))
                                   << true;
        QTest::newRow("p null") << QString::fromStdString(
            arguments("\"p_minor_speedup\":0.2", "\"p_minor_speedup\":null"))
                                << false;
        QTest::newRow("p above 1") << QString::fromStdString(
            arguments("\"p_minor_speedup\":0.2", "\"p_minor_speedup\":1.0000001"))
                                   << false;
        QTest::newRow("p negative") << QString::fromStdString(
            arguments("\"p_minor_speedup\":0.2", "\"p_minor_speedup\":-0.2"))
                                    << false;
        QTest::newRow("p missing") << QString::fromStdString(arguments("\"p_minor_speedup\":0.2,", "")) << false;
        QTest::newRow("extra key") << QString::fromStdString(arguments("{", "{\"confidence\":\"high\",")) << true;
        QTest::newRow("blank reasoning") << QString::fromStdString(
            arguments("\"reasoning\":\"Warp", "\"reasoning\":\" \",\"x\":\""))
                                         << true;
        QTest::newRow("empty reasoning") << QString::fromStdString(
            arguments("\"reasoning\":\"Warp", "\"reasoning\":\"\",\"x\":\""))
                                         << false;
        // Beyond int's range: converting it to int was undefined behaviour (fuzz_chat_reply, UBSan).
        QTest::newRow("bin 1.7e63") << QString::fromStdString(
            arguments("\"predicted_bin\":6",
                      "\"predicted_bin\":1777777777777777777777777777777777777777777777777777777777777777.0"))
                                    << false;
        QTest::newRow("bin -1e300") << QString::fromStdString(
            arguments("\"predicted_bin\":6", "\"predicted_bin\":-1e300"))
                                    << false;
        QTest::newRow("not json") << QStringLiteral("{\"predicted_bin\": 6,") << false;
        QTest::newRow("not an object") << QStringLiteral("[1,2]") << false;
    }

    void parsesArgumentsLikeTheReference()
    {
        QFETCH(QString, json);
        QFETCH(bool, accepted);
        const auto parsed = parseEstimateArguments(json.toStdString());
        QCOMPARE(std::holds_alternative<Forecast>(parsed), accepted);
    }

    void renormalisesKeepingTheRawSum()
    {
        const auto doubled = R"({"predicted_bin":2,"p_severe_slowdown":0.5,"p_significant_slowdown":1.0,)"
                             R"("p_moderate_slowdown":0.5,"p_minor_slowdown":0,"p_minor_speedup":0,)"
                             R"("p_significant_speedup":0,"p_high_speedup":0,"p_extreme_speedup":0,"reasoning":"r"})";
        const auto forecast = std::get<Forecast>(parseEstimateArguments(doubled));
        QCOMPARE(forecast.rawProbabilitySum, 2.0);
        QCOMPARE(forecast.probabilityOf(2), 0.5);
        QCOMPARE(forecast.probabilityOf(1), 0.25);
        std::string allZero = R"({"predicted_bin":2,"p_severe_slowdown":0,"p_significant_slowdown":0,)"
                              R"("p_moderate_slowdown":0,"p_minor_slowdown":0,"p_minor_speedup":0,)"
                              R"("p_significant_speedup":0,"p_high_speedup":0,"p_extreme_speedup":0,"reasoning":"r"})";
        const auto error = std::get<ParseError>(parseEstimateArguments(allZero));
        QVERIFY(error.message.starts_with("cannot renormalize"));
    }

    // A sum of 8e-320 says nothing about the bins; dividing by it would invent a distribution.
    void rejectsProbabilitySumsBelowTheFloor()
    {
        const auto onlyBinOne = [](const std::string &p) {
            return R"({"predicted_bin":1,"p_severe_slowdown":)" + p
                + R"(,"p_significant_slowdown":0,"p_moderate_slowdown":0,"p_minor_slowdown":0,)"
                  R"("p_minor_speedup":0,"p_significant_speedup":0,"p_high_speedup":0,"p_extreme_speedup":0,)"
                  R"("reasoning":"r"})";
        };
        for (const char *tiny : {"8e-320", "1e-300", "9.99e-7"}) {
            const auto parsed = parseEstimateArguments(onlyBinOne(tiny));
            QVERIFY2(std::holds_alternative<ParseError>(parsed), tiny);
            QVERIFY(std::get<ParseError>(parsed).message.starts_with("cannot renormalize"));
        }
        const auto atTheFloor = parseEstimateArguments(onlyBinOne("1e-6"));
        QVERIFY(std::holds_alternative<Forecast>(atTheFloor));
        QCOMPARE(std::get<Forecast>(atTheFloor).probabilityOf(1), 1.0);
    }

    void appliesTheToolCallRules()
    {
        const ToolCall predict{"submit_kernel_runtime_estimate", kValidEstimateArguments};
        const ToolCall defer{"defer_to_real_evaluator", R"({"reason":"depends on the cache"})"};
        const ToolCall other{"search_web", "{}"};
        QVERIFY(std::get<ParseError>(parsePredictCalls({})).message.starts_with("model did not call any tool"));
        QVERIFY(std::holds_alternative<Forecast>(parsePredictCalls(std::vector{other, predict})));
        QVERIFY(std::get<ParseError>(parsePredictCalls(std::vector{other})).message.find("unexpected tool")
                != std::string::npos);
        QVERIFY(std::get<ParseError>(parsePredictOrDeferCalls({})).message.starts_with("model called no tool"));
        QVERIFY(std::get<ParseError>(parsePredictOrDeferCalls(std::vector{predict, defer}))
                    .message.starts_with("model called multiple tools"));
        QCOMPARE(std::get<Deferral>(parsePredictOrDeferCalls(std::vector{defer})).reason,
                 std::string("depends on the cache"));
        QVERIFY(std::holds_alternative<ParseError>(
            parsePredictOrDeferCalls(std::vector{ToolCall{"defer_to_real_evaluator", R"({"reason":""})"}})));
        QVERIFY(std::holds_alternative<ParseError>(parsePredictOrDeferCalls(std::vector{other})));
    }

    void forecastsWithReasoningAndSendsTheForcedTool()
    {
        ScriptedChatServer server(
            {ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}},
                                        "The shuffle removes two barriers."))},
            kValid);
        ::setenv("KFX_TEST_SCRIPTED_KEY", "sk-test-123", 1);
        auto settings = settingsFor(server);
        settings.apiKeyEnv = "KFX_TEST_SCRIPTED_KEY";
        const auto results = run(settings, {query()});
        const auto &forecast = std::get<Forecast>(results[0].outcome);
        QCOMPARE(forecast.predictedBin, 6);
        QCOMPARE(forecast.reasoning, std::string("Warp shuffles replace a shared-memory reduction."));
        QCOMPARE(results[0].rationale, std::string("The shuffle removes two barriers."));
        QCOMPARE(results[0].usage->inputTokens, std::int64_t(1200));
        QCOMPARE(results[0].attempts, 1);

        const auto requests = server.requests();
        QCOMPARE(requests.size(), std::size_t(1));
        QVERIFY(requests[0].head.starts_with("POST /v1/chat/completions HTTP/1.1"));
        QVERIFY(requests[0].head.find("Authorization: Bearer sk-test-123") != std::string::npos);
        simdjson::dom::parser parser;
        const auto body = parser.parse(requests[0].body).value();
        QCOMPARE(std::string(body["model"].get_string().value()), std::string("scripted-model"));
        QCOMPARE(std::string(body["tool_choice"]["function"]["name"].get_string().value()),
                 std::string("submit_kernel_runtime_estimate"));
        QCOMPARE(body["tools"].get_array().value().size(), std::size_t(1));
        const auto parameters = body["tools"].at(0)["function"]["parameters"];
        QCOMPARE(parameters["required"].get_array().value().size(), std::size_t(10));
        QCOMPARE(std::string(body["messages"].at(1)["role"].get_string().value()), std::string("user"));
    }

    void deferVariantRequiresOneOfTwoTools()
    {
        ScriptedChatServer server(
            {ok(chatCompletionWithTools({{"defer_to_real_evaluator", R"({"reason":"Autotuning decides it."})"}})),
             ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments},
                                         {"defer_to_real_evaluator", R"({"reason":"both"})"}})),
             ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments},
                                         {"defer_to_real_evaluator", R"({"reason":"both"})"}}))},
            kValid);
        auto settings = settingsFor(server);
        settings.allowDeferral = true;
        settings.concurrency = 1; // replies in order of the queries
        const auto results = run(settings, {query(0), query(1)});
        QCOMPARE(std::get<Deferral>(results[0].outcome).reason, std::string("Autotuning decides it."));
        QVERIFY(failureOf(results[1]).find("model called multiple tools") != std::string::npos);
        simdjson::dom::parser parser;
        const auto body = parser.parse(server.requests()[0].body).value();
        QCOMPARE(std::string(body["tool_choice"].get_string().value()), std::string("required"));
        QCOMPARE(body["tools"].get_array().value().size(), std::size_t(2));
    }

    void retriesAParseFailureOnce()
    {
        ScriptedChatServer server(
            {ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", "{\"predicted_bin\": 6,"}})), kValid},
            kValid);
        const auto results = run(settingsFor(server), {query()});
        QVERIFY(std::holds_alternative<Forecast>(results[0].outcome));
        QCOMPARE(results[0].attempts, 2);

        ScriptedChatServer twice({ok(chatCompletionWithTools({})), ok(chatCompletionWithTools({})), kValid}, kValid);
        const auto failed = run(settingsFor(twice), {query()});
        const auto reason = failureOf(failed[0]);
        QVERIFY2(reason.find("attempt 1: model did not call any tool") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("attempt 2: model did not call any tool") != std::string::npos, reason.c_str());
        QCOMPARE(twice.requests().size(), std::size_t(2));
    }

    // Answers are kept in the workspace under (surrogate, model, prompt template hash, query hash): a second run
    // over the same queries, in a later session, sends nothing; a query repeated within a run is sent once; a
    // failure is not kept, so it is asked again; another model or another prompt is another key.
    void cachedAnswersAreNeverAskedTwice()
    {
        QTemporaryDir dir;
        const auto path = dir.filePath(QStringLiteral("search.kfx-workspace")).toStdString();
        ScriptedChatServer server(
            {kValid, kValid, kValid, {500, "{}", {}, 0, false}, {500, "{}", {}, 0, false}, {500, "{}", {}, 0, false}},
            kValid);
        auto settings = settingsFor(server);
        settings.concurrency = 1; // the script's order is the queries' order
        settings.retries = 2;
        const std::vector<KernelRuntimeQuery> queries{query(0), query(1), query(0), query(2), query(3)};
        const auto runOnce = [&](const LlmSettings &with, const PromptSet &prompts) {
            workspace::Workspace workspace(path);
            workspace::WorkspaceForecastCache cache(workspace);
            LlmSurrogate llm(with, prompts);
            CachePlan plan(llm, queries, &cache);
            SurrogateJob job(llm, plan.toAsk());
            const auto cached = plan.cachedCount();
            return std::pair{cached, plan.complete(job.results())};
        };
        const auto [cachedFirst, first] = runOnce(settings, PromptSet::builtIn(false));
        QCOMPARE(cachedFirst, std::size_t(0));
        // query(0) twice in the batch: asked once. query(3) hits three 500s (three attempts) and fails.
        QCOMPARE(server.requests().size(), std::size_t(3 + 3));
        QCOMPARE(first.size(), queries.size());
        QCOMPARE(std::get<Forecast>(first[2].outcome).predictedBin, std::get<Forecast>(first[0].outcome).predictedBin);
        QVERIFY(std::holds_alternative<SurrogateFailure>(first[4].outcome));

        const auto [cachedSecond, second] = runOnce(settings, PromptSet::builtIn(false));
        QCOMPARE(cachedSecond, std::size_t(4));
        QCOMPARE(server.requests().size(), std::size_t(7)); // only the failed query went out again
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(std::get<Forecast>(second[i].outcome).probabilities,
                     std::get<Forecast>(first[i].outcome).probabilities);
            QCOMPARE(second[i].rationale, first[i].rationale);
        }
        QVERIFY(std::holds_alternative<Forecast>(second[4].outcome));

        auto otherModel = settings;
        otherModel.model = "another-model";
        runOnce(otherModel, PromptSet::builtIn(false));
        QCOMPARE(server.requests().size(), std::size_t(7 + 4));
        runOnce(settings, PromptSet::builtIn(true)); // the predict-or-defer prompts hash differently
        QCOMPARE(server.requests().size(), std::size_t(11 + 4));
        QCOMPARE(workspace::Workspace(path).cachedResultCount(), std::int64_t(4 * 3));
    }

    void encodesResultsExactly()
    {
        SurrogateResult forecast;
        auto made = makeForecast({0.1, 0.2, 0.3, 0.1, 0.1, 0.1, 0.05, 0.05}, 3, "because", 1.25);
        forecast.outcome = std::get<Forecast>(made);
        std::get<Forecast>(forecast.outcome).usage = TokenUsage{10, 20};
        forecast.rationale = "thinking \"aloud\"\n";
        forecast.usage = TokenUsage{11, 21};
        forecast.attempts = 2;
        forecast.elapsedSeconds = 0.1 + 0.2;
        const auto decoded = decodeResult(encodeResult(forecast));
        QVERIFY(decoded);
        const auto &a = std::get<Forecast>(forecast.outcome);
        const auto &b = std::get<Forecast>(decoded->outcome);
        QCOMPARE(b.probabilities, a.probabilities);
        QCOMPARE(b.predictedBin, 3);
        QCOMPARE(b.rawProbabilitySum, a.rawProbabilitySum);
        QCOMPARE(b.usage->outputTokens, std::int64_t(20));
        QCOMPARE(decoded->rationale, forecast.rationale);
        QCOMPARE(decoded->usage->inputTokens, std::int64_t(11));
        QCOMPARE(decoded->elapsedSeconds, 0.1 + 0.2);
        QCOMPARE(b.failureProbability, 0.0);
        QVERIFY(encodeResult(forecast).find("p_fail") == std::string::npos); // entries without it read as before

        // Issue 25: a forecaster that gives failure mass keeps it through the cache, and a mass that is no
        // probability is a damaged entry.
        std::get<Forecast>(forecast.outcome).failureProbability = 0.375;
        const auto withFailure = encodeResult(forecast);
        QCOMPARE(std::get<Forecast>(decodeResult(withFailure)->outcome).failureProbability, 0.375);
        auto damaged = withFailure;
        damaged.replace(damaged.find("0.375"), 5, "1.375");
        QVERIFY(!decodeResult(damaged));

        SurrogateResult deferral;
        deferral.outcome = Deferral{"autotuning decides"};
        QCOMPARE(std::get<Deferral>(decodeResult(encodeResult(deferral))->outcome).reason,
                 std::string("autotuning decides"));
        QVERIFY(!isCacheable(failedResult("timeout")));
        QVERIFY(!decodeResult("{\"format\":99}"));
        QVERIFY(!decodeResult("not json"));
    }

    void rejectsBodiesThatAreNotCompletions()
    {
        ScriptedChatServer server({ok("not json at all"), ok(R"({"error":{"message":"model overloaded"}})")}, kValid);
        const auto results = run(settingsFor(server), {query()});
        const auto reason = failureOf(results[0]);
        QVERIFY2(reason.find("response is not valid JSON") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("model overloaded") != std::string::npos, reason.c_str());
    }

    void honoursRetryAfterOn429()
    {
        ScriptedChatServer server({{429, R"({"error":{"message":"slow down"}})", {"Retry-After: 1"}, 0, false}},
                                  kValid);
        const auto started = std::chrono::steady_clock::now();
        const auto results = run(settingsFor(server), {query()});
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        QVERIFY(std::holds_alternative<Forecast>(results[0].outcome));
        QCOMPARE(results[0].attempts, 2);
        QVERIFY2(waited >= 0.9, qPrintable(QString::number(waited)));
    }

    void retriesServerErrorsThenGivesUp()
    {
        const ScriptedReply error500{500, "internal", {}, 0, false};
        ScriptedChatServer recovers({error500, error500}, kValid);
        QVERIFY(std::holds_alternative<Forecast>(run(settingsFor(recovers), {query()})[0].outcome));

        ScriptedChatServer broken({}, error500);
        const auto results = run(settingsFor(broken), {query()});
        const auto reason = failureOf(results[0]);
        QVERIFY2(reason.find("attempt 3: HTTP 500: internal") != std::string::npos, reason.c_str());
        QCOMPARE(results[0].attempts, 3);
        QCOMPARE(broken.requests().size(), std::size_t(3));

        ScriptedChatServer unauthorised({}, {401, "bad key", {}, 0, false});
        QVERIFY(failureOf(run(settingsFor(unauthorised), {query()})[0]).find("HTTP 401") != std::string::npos);
        QCOMPARE(unauthorised.requests().size(), std::size_t(1)); // a client error is not retried
    }

    void timesOutSlowResponses()
    {
        ScriptedChatServer server({}, {200, chatCompletionWithTools({}), {}, 3000, false});
        auto settings = settingsFor(server);
        settings.timeoutSeconds = 0.3;
        settings.retries = 1;
        const auto results = run(settings, {query()});
        const auto reason = failureOf(results[0]);
        QVERIFY2(reason.find("attempt 1: timed out") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("attempt 2: timed out") != std::string::npos, reason.c_str());
    }

    void survivesDroppedConnections()
    {
        ScriptedChatServer server({{200, {}, {}, 0, true}}, kValid);
        const auto results = run(settingsFor(server), {query()});
        QVERIFY2(std::holds_alternative<Forecast>(results[0].outcome), failureOf(results[0]).c_str());
        QCOMPARE(results[0].attempts, 2);
    }

    void keepsConnectionsAliveWithinTheConcurrencyLimit()
    {
        ScriptedChatServer server({}, {200, kValid.body, {}, 20, false});
        std::vector<KernelRuntimeQuery> queries;
        for (int i = 0; i < 24; ++i)
            queries.push_back(query(i));
        const auto results = run(settingsFor(server), queries);
        for (const auto &result : results)
            QVERIFY(std::holds_alternative<Forecast>(result.outcome));
        QVERIFY(server.peakInFlight() <= 4);
        QVERIFY(server.peakInFlight() >= 2);
        QVERIFY2(server.connections() <= 8, qPrintable(QString::number(server.connections())));
    }

    void cancelsWhatIsInFlight()
    {
        ScriptedChatServer server({}, {200, kValid.body, {}, 5000, false});
        LlmSurrogate llm(settingsFor(server), PromptSet::builtIn(false));
        SurrogateJob job(llm, {query(0), query(1)});
        QTest::qWait(200);
        const auto started = std::chrono::steady_clock::now();
        job.cancel();
        const auto results = job.results();
        QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));
        for (const auto &result : results)
            QCOMPARE(failureOf(result), std::string(kCancelledReason));
    }

    // A timeout that rounds to 0 ms would make curl wait forever; it is refused before anything is sent.
    void refusesATimeoutThatWouldSwitchItOff()
    {
        ScriptedChatServer server({}, {200, kValid.body, {}, 1500, false});
        auto settings = settingsFor(server);
        settings.timeoutSeconds = 0.0004;
        const auto reason = failureOf(run(settings, {query()})[0]);
        QVERIFY2(reason.find("timeout") != std::string::npos, reason.c_str());
        QCOMPARE(server.requests().size(), std::size_t(0));
    }

    // Over the cap the transfer stops: whether the server announces the size or streams it in chunks.
    void refusesResponsesOverTheSizeCap_data()
    {
        QTest::addColumn<bool>("chunked");
        QTest::newRow("Content-Length") << false;
        QTest::newRow("chunked") << true;
    }
    void refusesResponsesOverTheSizeCap()
    {
        QFETCH(bool, chunked);
        ScriptedReply huge{200, std::string(64 * 1024, 'x'), {}, 0, false};
        huge.bodyRepeats = 17 * 16; // 17 MiB, above the 16 MiB default
        huge.chunked = chunked;
        ScriptedChatServer server({}, huge);
        auto settings = settingsFor(server);
        const auto reason = failureOf(run(settings, {query()})[0]);
        QVERIFY2(reason.find("response larger than 16 MiB") != std::string::npos, reason.c_str());
        QCOMPARE(server.requests().size(), std::size_t(1)); // the same answer would come again: not retried
    }

    // A server that echoes the request's headers in its error, or a model that repeats the key, never puts the
    // key into what kfx reports.
    void redactsTheKeyWhereverItComesBack()
    {
        const std::string key = "sk-live-0123456789abcdef";
        ::setenv("KFX_TEST_ECHOED_KEY", key.c_str(), 1);
        ScriptedReply echo500{500, "upstream failed for request ", {}, 0, false};
        echo500.echoRequestHead = true;
        ScriptedReply echo401{401, "not authorised: ", {}, 0, false};
        echo401.echoRequestHead = true;
        const auto leaky = ok(chatCompletionWithTools({{"submit_kernel_runtime_estimate", kValidEstimateArguments}},
                                                      "I was called with Bearer " + key));
        auto settings = [](const ScriptedChatServer &server) {
            auto with = settingsFor(server);
            with.apiKeyEnv = "KFX_TEST_ECHOED_KEY";
            return with;
        };
        ScriptedChatServer server({echo500, echo401}, kValid);
        const auto reason = failureOf(run(settings(server), {query()})[0]);
        QVERIFY2(reason.find("attempt 2: HTTP 401") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find(key.substr(0, 12)) == std::string::npos, reason.c_str());
        QVERIFY2(reason.find("Authorization: ***") != std::string::npos, reason.c_str());
        ScriptedChatServer model({leaky}, kValid);
        QCOMPARE(run(settings(model), {query()})[0].rationale, std::string("I was called with Bearer ***"));
        QVERIFY(server.requests()[0].head.find(key) != std::string::npos); // it did go out, in the header
    }

    void redactsCredentialHeaders_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("redacted");
        QTest::newRow("echoed head") << QStringLiteral("POST /v1\r\nAuthorization: Bearer abc.def\r\nHost: h")
                                     << QStringLiteral("POST /v1\r\nAuthorization: ***\r\nHost: h");
        QTest::newRow("JSON") << QStringLiteral(R"({"headers":{"api-key": "abc", "x": 1}})")
                              << QStringLiteral(R"({"headers":{"api-key": "***", "x": 1}})");
        QTest::newRow("escaped JSON") << QStringLiteral("{\\\"Authorization\\\":\\\"Bearer k\\\"}")
                                      << QStringLiteral("{\\\"Authorization\\\":\\\"***\\\"}");
        QTest::newRow("x-api-key") << QStringLiteral("X-Api-Key: k1") << QStringLiteral("X-Api-Key: ***");
        QTest::newRow("query") << QStringLiteral("GET /?api_key=k2&x=1") << QStringLiteral("GET /?api_key=***&x=1");
        QTest::newRow("the key anywhere")
            << QStringLiteral("bad key sk-1, or sk-1") << QStringLiteral("bad key ***, or ***");
        QTest::newRow("prose") << QStringLiteral("authorization failed") << QStringLiteral("authorization failed");
    }
    void redactsCredentialHeaders()
    {
        QFETCH(QString, text);
        QFETCH(QString, redacted);
        const SecretRedactor redactor({"sk-1", ""});
        QCOMPARE(QString::fromStdString(redactor.redact(text.toStdString())), redacted);
    }

    // Each failure says what kind it is, so a run can count them (kfx-cli forecast does).
    void labelsFailuresByKind()
    {
        const auto kindOf = [](const SurrogateResult &result) {
            return std::get<SurrogateFailure>(result.outcome).kind;
        };
        ScriptedChatServer stalled({}, {200, kValid.body, {}, 3000, false});
        auto settings = settingsFor(stalled);
        settings.timeoutSeconds = 0.2;
        settings.retries = 0;
        QCOMPARE(kindOf(run(settings, {query()})[0]), FailureKind::Timeout);

        ScriptedChatServer refusing({}, {403, "no", {}, 0, false});
        QCOMPARE(kindOf(run(settingsFor(refusing), {query()})[0]), FailureKind::HttpStatus);

        ScriptedChatServer chatty({}, ok(chatCompletionWithTools({})));
        QCOMPARE(kindOf(run(settingsFor(chatty), {query()})[0]), FailureKind::Parse);
        settings = settingsFor(chatty);
        settings.maxResponseBytes = 100;
        QCOMPARE(kindOf(run(settings, {query()})[0]), FailureKind::TooLarge);
        QCOMPARE(failureOf(run(settings, {query()})[0]), std::string("attempt 1: response larger than 100 bytes"));
        settings.totalTimeoutSeconds = std::numeric_limits<double>::infinity();
        QCOMPARE(kindOf(run(settings, {query()})[0]), FailureKind::Setup);
    }

    // Every curl option is checked: one curl refuses (a URL over its 8 MB limit) fails the query, naming the
    // option, instead of sending the request without it.
    void reportsAnOptionCurlRefuses()
    {
        LlmSettings settings;
        settings.endpoint = "http://127.0.0.1:9/" + std::string(9'000'000, 'a');
        settings.model = "m";
        settings.retries = 3;
        const auto result = run(settings, {query()})[0];
        QVERIFY2(failureOf(result).find("cannot set CURLOPT_URL") != std::string::npos, failureOf(result).c_str());
        QCOMPARE(std::get<SurrogateFailure>(result.outcome).kind, FailureKind::Setup);
        QCOMPARE(result.attempts, 1); // asking again cannot help
    }

    // With every retry allowed, a stalled server still cannot hold a query past its total budget, and the
    // defaults bound a query to 5 minutes, not 50.
    void boundsAQueryByItsTotalBudget()
    {
        QVERIFY(LlmSettings().totalTimeoutSeconds <= 300.0);
        QVERIFY(!settingsProblem(LlmSettings()));
        ScriptedChatServer stalled({}, {200, kValid.body, {}, 10000, false});
        auto settings = settingsFor(stalled);
        settings.timeoutSeconds = 0.3;
        settings.retries = 100;
        settings.totalTimeoutSeconds = 1.0;
        QElapsedTimer timer;
        timer.start();
        const auto result = run(settings, {query()})[0];
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(failureOf(result).ends_with("timed out; total time budget of 1 s spent"), failureOf(result).c_str());
        QVERIFY(result.attempts >= 3);
    }

    // The budget starts with a query's first request, not when it joins the queue behind others.
    void startsTheBudgetWhenTheQueryIsSent()
    {
        ScriptedChatServer slow({}, {200, kValid.body, {}, 500, false});
        auto settings = settingsFor(slow);
        settings.concurrency = 1;
        settings.totalTimeoutSeconds = 1.0; // the third query waits about 1 s before it is sent
        for (const auto &result : run(settings, {query(0), query(1), query(2)}))
            QVERIFY2(std::holds_alternative<Forecast>(result.outcome), failureOf(result).c_str());
    }

    void reportsAMissingKeyVariable()
    {
        ScriptedChatServer server({}, kValid);
        auto settings = settingsFor(server);
        settings.apiKeyEnv = "KFX_TEST_NO_SUCH_VARIABLE";
        ::unsetenv("KFX_TEST_NO_SUCH_VARIABLE");
        QCOMPARE(failureOf(run(settings, {query()})[0]),
                 std::string("environment variable KFX_TEST_NO_SUCH_VARIABLE is not set"));
        QCOMPARE(server.requests().size(), std::size_t(0));
    }
};

KFX_TEST_GUILESS_MAIN(TestLlmSurrogate)

} // namespace
} // namespace tst_llmsurrogate

#include "tst_llmsurrogate.moc"
