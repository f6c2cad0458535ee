// The data model against the spec's vectors: speedup bins (§1.1), forecasts and renormalisation (§1.3, §2.7),
// and every evaluation outcome (§3.5).

#include "io/fileloader.h"
#include "io/recordjson.h"
#include "model/forecast.h"
#include "model/forecastsources.h"
#include "model/language.h"
#include "model/speedupbin.h"

#include "testutils.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "testmain.h"

namespace tst_model {
namespace {

using namespace kfx;

namespace {

EvaluationOutcome evaluationFrom(const char *jsonText)
{
    static simdjson::dom::parser parser; // evaluations are consumed before the next parse
    return json::readEvaluation(parser.parse(std::string_view(jsonText)).get_object().value());
}

} // namespace

class TestModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void binEdges_data()
    {
        QTest::addColumn<double>("speedup");
        QTest::addColumn<int>("bin");
        // Spec §1.1 floating-point edge vectors, then the values pinned by the reference's tests.
        const std::pair<double, int> vectors[] = {
            {0.25, 1}, {0.3535533905932738, 1}, {0.4999999, 1}, {0.5, 2}, {0.7071067811865475, 2},
            {0.7071067811865476, 3}, {0.9999999, 3}, {1.0, 4}, {1.414213562373095, 4}, {1.4142135623730951, 5},
            {1.9999999, 5}, {2.0, 6}, {2.82842712474619, 6}, {2.8284271247461903, 7}, {3.9999999, 7}, {4.0, 8},
            {10.2, 8}, {1.5, 5}, {3.0, 7}, {5.0, 8}, {0.4, 1}, {0.6, 2}, {0.8, 3}, {0.001, 1}, {10000.0, 8},
            {0.350631, 1}, {std::numeric_limits<double>::max(), 8}, {std::numeric_limits<double>::denorm_min(), 1},
            {std::numeric_limits<double>::infinity(), 8}};
        for (const auto &[speedup, bin] : vectors)
            QTest::addRow("S=%.17g", speedup) << speedup << bin;
    }
    void binEdges()
    {
        QFETCH(double, speedup);
        QFETCH(int, bin);
        QCOMPARE(speedupBinFor(speedup), bin);
        // The bin's formula interval must contain the speedup, whatever the labels say.
        const auto interval = truthInterval(bin);
        QVERIFY(speedup >= interval.low || bin == kFirstBin);
        QVERIFY(speedup < interval.high || bin == kLastBin);
    }

    void nonPositiveSpeedupIsAnError()
    {
        for (double speedup : {0.0, -1.0, std::nan("")}) {
            KFX_VERIFY_THROWS(std::domain_error, speedupBinFor(speedup));
            QVERIFY(!trySpeedupBinFor(speedup));
        }
    }

    void labelsDifferFromTruth()
    {
        // Bin 5 is told to the model as (1.0, 1.41] but means [1.4142, 2.0) (spec §8, surprise 1).
        QCOMPARE(labelInterval(5).low, 1.0);
        QCOMPARE(labelInterval(5).high, 1.41);
        QCOMPARE(truthInterval(5).low, std::sqrt(2.0));
        QCOMPARE(truthInterval(5).high, 2.0);
        QCOMPARE(truthInterval(1).low, 0.0);
        QVERIFY(std::isinf(truthInterval(8).high));
        QCOMPARE(binLabel(5), std::string_view("minor speedup (1.0x–1.41x)"));
        QCOMPARE(binName(8), std::string_view("EXTREME_SPEEDUP"));
        QCOMPARE(binProbabilityField(1), std::string_view("p_severe_slowdown"));
        KFX_VERIFY_THROWS(std::out_of_range, truthInterval(0));
    }

    void renormalisationKeepsRawSum()
    {
        // Spec §2.7 renormalisation vector.
        const BinProbabilities raw{0, 0, .07, .55, .10, .03, 0, 0};
        auto made = makeForecast(raw, 4, "r");
        QVERIFY(std::holds_alternative<Forecast>(made));
        const auto &forecast = std::get<Forecast>(made);
        QCOMPARE(forecast.rawProbabilitySum, 0.7500000000000001);
        const BinProbabilities expected{0, 0, 0.09333333333333332, 0.7333333333333333, 0.13333333333333333,
                                        0.039999999999999994, 0, 0};
        for (int i = 0; i < kBinCount; ++i)
            QCOMPARE(forecast.probabilities[i], expected[i]);
    }

    void renormalisationPreservesRatios()
    {
        const BinProbabilities raw{0, 0, 0, 0, .60, .30, .20, 0};
        const auto forecast = std::get<Forecast>(makeForecast(raw, 5, "r"));
        QVERIFY(std::abs(forecast.rawProbabilitySum - 1.10) < 1e-12);
        QVERIFY(std::abs(forecast.probabilityOf(5) / forecast.probabilityOf(6) - 2.0) < 1e-12);
    }

    void normalisedForecastKeptBitForBit()
    {
        const BinProbabilities given{0.0, 0.0, 0.05, 0.1, 0.6, 0.2, 0.05, 0.0};
        const auto forecast = std::get<Forecast>(makeForecast(given, 5, "x", 1.0));
        QCOMPARE(forecast.probabilities, given);
        QCOMPARE(forecast.expectedBinIndex(), 5.1);
        // The declared bin need not be the argmax (spec §1.3).
        QVERIFY(std::holds_alternative<Forecast>(makeForecast(given, 2, "x")));
    }

    void invalidForecasts_data()
    {
        QTest::addColumn<int>("predictedBin");
        QTest::addColumn<double>("p1");
        QTest::addColumn<QString>("message");
        QTest::newRow("all zero") << 5 << 0.0 << QStringLiteral("renormalize");
        QTest::newRow("negative") << 5 << -0.05 << QStringLiteral("not a finite non-negative");
        QTest::newRow("nan") << 5 << std::nan("") << QStringLiteral("not a finite non-negative");
        QTest::newRow("failure bin") << 0 << 1.0 << QStringLiteral("not one of 1..8");
        QTest::newRow("bin 9") << 9 << 1.0 << QStringLiteral("not one of 1..8");
    }
    void invalidForecasts()
    {
        QFETCH(int, predictedBin);
        QFETCH(double, p1);
        QFETCH(QString, message);
        const BinProbabilities raw{p1, 0, 0, 0, 0, 0, 0, 0};
        auto made = makeForecast(raw, predictedBin, "x");
        QVERIFY(std::holds_alternative<ForecastError>(made));
        QVERIFY2(QString::fromStdString(std::get<ForecastError>(made).message).contains(message),
                 std::get<ForecastError>(made).message.c_str());
    }

    void forecastJson()
    {
        simdjson::dom::parser parser;
        auto object = parser
                          .parse(std::string_view(R"({"predicted_bin":5,"bin_probabilities":{"1":0.0,"2":0.0,"3":0.05,)"
                                                  R"("4":0.1,"5":0.6,"6":0.2,"7":0.05,"8":0.0},"reasoning":"x",)"
                                                  R"("raw_probability_sum":1.0})"))
                          .get_object()
                          .value();
        const auto forecast = json::readForecast(object);
        QCOMPARE(forecast.predictedBin, 5);
        QCOMPARE(forecast.probabilityOf(5), 0.6);
        QCOMPARE(forecast.reasoning, std::string("x"));

        auto missingBin = parser.parse(std::string_view(R"({"predicted_bin":5,"bin_probabilities":{"1":1.0}})"))
                              .get_object()
                              .value();
        KFX_VERIFY_THROWS(json::FieldError, json::readForecast(missingBin));
    }

    void everyOutcomeKind()
    {
        auto success = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"success","aggregated_speedup":1.9,"aggregation_method":"geomean",)"
            R"("per_case_speedups":[{"speedup":1.9,"runtime_ns":526.3,"ref_runtime_ns":1000.0,"vocab_size":32000}]},)"
            R"("per_case_results":[]},"reward":1.9})");
        QCOMPARE(success.kind, OutcomeKind::Success);
        QCOMPARE(*success.measuredSpeedup(), 1.9);
        QCOMPARE(success.cases.at(0).shape.at(0).first, std::string("vocab_size"));
        QCOMPARE(success.cases.at(0).shape.at(0).second, std::string("32000"));

        auto compile = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"compile_failed","compilation_error":"nvcc: bad"}},"reward":null})");
        QCOMPARE(compile.kind, OutcomeKind::CompileFailed);
        QCOMPARE(compile.message, std::string("nvcc: bad"));
        QVERIFY(!compile.reward);

        auto runtime = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"runtime_error","runtime_error_name":"RuntimeError",)"
            R"("runtime_error":"CUDA error","traceback":"tb"}},"reward":null})");
        QCOMPARE(runtime.kind, OutcomeKind::RuntimeError);
        QCOMPARE(runtime.errorName, std::string("RuntimeError"));
        QCOMPARE(runtime.traceback, std::string("tb"));

        auto incorrect = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"incorrect","error_message":"mismatch at [3]"}},"reward":null})");
        QCOMPARE(incorrect.kind, OutcomeKind::Incorrect);
        QCOMPARE(incorrect.message, std::string("mismatch at [3]"));

        auto infrastructure = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"infrastructure_failure","reason":"modal call failed"}},"reward":null})");
        QCOMPARE(infrastructure.kind, OutcomeKind::InfrastructureFailure);
        QCOMPARE(infrastructure.message, std::string("modal call failed"));

        auto none = evaluationFrom(R"({"observation":{"value":null},"reward":1.0})");
        QCOMPARE(none.kind, OutcomeKind::NoFeedback);
        QCOMPARE(*none.reward, 1.0);

        KFX_VERIFY_THROWS(json::FieldError,
                                 evaluationFrom(R"({"observation":{"feedback":{"kind":"exploded"}},"reward":null})"));
        KFX_VERIFY_THROWS(json::FieldError,
                                 evaluationFrom(R"({"observation":{"feedback":{"kind":"incorrect"}},"reward":null})"));
    }

    void kernelBenchOutcomes()
    {
        auto success = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"success","runtime_us":2.0,"ref_runtime_us":5.0,"speedup":2.5}},"reward":2.5})");
        QVERIFY(success.kernelBench);
        QCOMPARE(*success.measuredSpeedup(), 2.5);
        QCOMPARE(success.refRuntimeUs, 5.0);

        auto incorrect = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"incorrect","correctness_issue":"Output mismatch",)"
            R"("max_difference":["0.5","0.25"],"avg_difference":["0.01"]}},"reward":null})");
        QVERIFY(incorrect.kernelBench);
        QCOMPARE(incorrect.maxDifference.size(), std::size_t(2));

        auto runtime = evaluationFrom(
            R"({"observation":{"feedback":{"kind":"runtime_error","runtime_error_name":"E","runtime_error":"m",)"
            R"("runtime_error_traceback":"tb"}},"reward":null})");
        QVERIFY(runtime.kernelBench);
        QCOMPARE(runtime.traceback, std::string("tb"));
    }

    void compoundObservations()
    {
        auto trusted = evaluationFrom(
            R"({"observation":{"kind":"forecast","estimate":{"predicted_bin":5,"bin_probabilities":{"1":0,"2":0,)"
            R"("3":0,"4":0,"5":1,"6":0,"7":0,"8":0},"reasoning":"r","raw_probability_sum":1.0},)"
            R"("expected_speedup":1.2968395546510096},"reward":1.2968395546510096})");
        QCOMPARE(trusted.kind, OutcomeKind::Forecasted);
        QCOMPARE(trusted.trustedForecast->predictedBin, 5);

        auto real = evaluationFrom(
            R"({"observation":{"kind":"real","inner":{"feedback":{"kind":"success","aggregated_speedup":2.0,)"
            R"("aggregation_method":"geomean","per_case_speedups":[]},"per_case_results":[]},)"
            R"("deferral_reason":"unsure about bank conflicts"},"reward":2.0})");
        QCOMPARE(real.kind, OutcomeKind::Success);
        QCOMPARE(*real.deferralReason, std::string("unsure about bank conflicts"));
    }

    void languageDetection()
    {
        QCOMPARE(detectKernelLanguage("import triton\n@triton.jit\ndef k(): pass"), KernelLanguage::Triton);
        QCOMPARE(detectKernelLanguage("__global__ void k(float *x) {}"), KernelLanguage::CudaCpp);
        QCOMPARE(detectKernelLanguage("from torch.utils.cpp_extension import load_inline\nsrc = '__global__'"),
                 KernelLanguage::CudaCpp);
        QCOMPARE(detectKernelLanguage("import torch\ndef custom_kernel(x): return x * 2"), KernelLanguage::PyTorch);
        QCOMPARE(detectKernelLanguage("0101"), KernelLanguage::Other);
    }

    // Issue 23: the selective rms_norm search of the H100 corpus carries its own forecasts (the log's
    // forecast_completed events); the window adds the embedded model's to some kernels. Each source sees only its
    // own, the log's own come first, and a source that already is all there is costs no copy.
    void eachSourceSeesItsOwnForecasts()
    {
        const auto loaded = loadFile(KFX_TEST_DATA_DIR "/corpus/rms_norm-selective.jsonl");
        QVERIFY(loaded.population);
        const auto logsOwn = loaded.population;
        QCOMPARE(forecastSources(*logsOwn), std::vector<std::string>{std::string(kSearchLogSource)});
        QCOMPARE(keepOnlyForecastsOf(logsOwn, kSearchLogSource), logsOwn);

        auto both = std::make_shared<Population>(*logsOwn);
        int logForecasts = 0;
        int added = 0;
        for (std::size_t i = 0; i < both->size(); ++i) {
            auto &node = both->node(i);
            logForecasts += int(node.forecasts.size());
            if (node.forecasts.empty() || i % 2 == 0)
                continue;
            auto embedded = node.forecasts.front();
            embedded.source = "embedded";
            node.forecasts.push_back(embedded);
            ++added;
        }
        QVERIFY2(logForecasts >= 16 && added > 0, qPrintable(QString::number(logForecasts)));
        QCOMPARE(forecastSources(*both), (std::vector<std::string>{std::string(kSearchLogSource), "embedded"}));
        QCOMPARE(defaultForecastSource(*both), std::string(kSearchLogSource));

        const auto count = [](const Population &population, std::string_view source) {
            int n = 0;
            for (std::size_t i = 0; i < population.size(); ++i) {
                for (const auto &forecast : population.node(i).forecasts) {
                    if (sourceOf(forecast) != source)
                        return -1;
                    ++n;
                }
            }
            return n;
        };
        const auto logView = keepOnlyForecastsOf(both, kSearchLogSource);
        QCOMPARE(count(*logView, kSearchLogSource), logForecasts);
        const auto embeddedView = keepOnlyForecastsOf(both, "embedded");
        QCOMPARE(count(*embeddedView, "embedded"), added);
        // A source nobody has yet (an LLM asked for, not answered) shows no forecast at all, never another's.
        QCOMPARE(count(*keepOnlyForecastsOf(both, "llm:gpt-oss-20b"), "llm:gpt-oss-20b"), 0);
        // The views are copies: what they dropped is still in the search.
        QCOMPARE(count(*both, kSearchLogSource), -1);
    }
};

KFX_TEST_GUILESS_MAIN(TestModel)

} // namespace
} // namespace tst_model

#include "tst_model.moc"
