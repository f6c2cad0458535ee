// Cross-fitted forecasts (issue 15's demo): on real H100 measurements, no kernel's forecast depends on its own
// measurement or on its template family's (issue 24: folds by family, not at random), each answer is the base
// model continued on the other folds only, and too few measurements to leave every fold 20 examples is refused.
// The window's prequential forecasts learn from the measurements of earlier steps only.

#include "corpusarchive.h"
#include "io/fileloader.h"
#include "search/canonicalkernel.h"
#include "surrogate/crossfittedsurrogate.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/kernelfamily.h"
#include "surrogate/prequential.h"
#include "surrogate/searchpairs.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <map>

#include "testmain.h"

namespace tst_crossfitted {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

constexpr int kFolds = 4;

std::vector<ComparisonPair> logPairs(const std::string &path)
{
    const auto loaded = loadFile(path);
    if (!loaded.population)
        throw std::runtime_error(path + " is no search log");
    return measuredSearchPairs(*loaded.population, taskFromFileName(path));
}

TrainingOptions quick()
{
    TrainingOptions options;
    options.rounds = 8;
    return options;
}

std::vector<KernelRuntimeQuery> queriesFor(std::span<const ComparisonPair> pairs)
{
    std::vector<KernelRuntimeQuery> queries;
    for (const auto &pair : pairs)
        queries.push_back(queryForPair(pair));
    return queries;
}

std::vector<Forecast> forecastAll(Surrogate &surrogate, std::span<const KernelRuntimeQuery> queries)
{
    std::vector<Forecast> forecasts(queries.size());
    CancelFlag cancel;
    surrogate.forecastBatch(queries, cancel, [&](std::size_t index, SurrogateResult result) {
        forecasts[index] = std::get<Forecast>(result.outcome);
    });
    return forecasts;
}

} // namespace

class TestCrossFitted : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // The base learnt from a cut of two other tasks' logs; the search is the corpus's whole rms_norm
        // selective search (120 measurements), taken from the shipped archive.
        const std::string cut = KFX_TEST_DATA_DIR "/corpus/";
        auto basePairs = logPairs(cut + "matmul-baseline.jsonl");
        const auto transpose = logPairs(cut + "transpose-baseline.jsonl");
        basePairs.insert(basePairs.end(), transpose.begin(), transpose.end());
        m_base = std::make_shared<const EmbeddedModel>(EmbeddedModel::train(trainingExamples(basePairs), quick()));
        const auto unpacked = corpusarchive::unpack(QStringLiteral(KFX_CORPUS_ARCHIVE), m_dir.path(),
                                                    {QStringLiteral("*/rms_norm-selective.jsonl")});
        QVERIFY2(unpacked.isEmpty(), qPrintable(unpacked));
        m_pairs = logPairs(m_dir.filePath(QStringLiteral("rms_norm-selective.jsonl")).toStdString());
        m_examples = trainingExamples(m_pairs);
        QVERIFY(m_examples.size() >= 40);
    }

    // The family key drops numbers only: a changed constant keeps the family, a changed statement does not.
    void twoKernelsDifferingOnlyInAConstantShareAFold()
    {
        const std::string code = m_pairs.front().candidateCode;
        const std::string unroll = "#pragma unroll 1\n";
        const auto at = code.find(unroll);
        QVERIFY2(at != std::string::npos, code.c_str());
        auto twin = code;
        twin.replace(at, unroll.size(), "#pragma unroll 4\n");
        QCOMPARE(kernelFamilyKey(twin), kernelFamilyKey(code));
        QVERIFY(kernelFamilyKey(code + "\nint extra;\n") != kernelFamilyKey(code));
        // float4 and x2 are names, not numbers.
        QVERIFY(kernelFamilyKey("float4 v;") != kernelFamilyKey("float2 v;"));
        for (const int folds : {2, 4, 5, 7})
            QCOMPARE(CrossFittedSurrogate::foldOf(twin, folds), CrossFittedSurrogate::foldOf(code, folds));
    }

    // The search holds twins (kernels whose code differs only in constants): one's measurement never moves the
    // other's forecast. Folds by features put twins apart (a block size is a feature), and this moved.
    void aTwinsMeasurementDoesNotMoveItsForecast()
    {
        const auto queries = queriesFor(m_pairs);
        CrossFittedSurrogate surrogate(m_base, m_pairs, kFolds, quick());
        const auto forecasts = forecastAll(surrogate, queries);
        int twins = 0;
        for (std::size_t a = 0; a < m_pairs.size() && twins < 3; ++a) {
            for (std::size_t b = 0; b < m_pairs.size(); ++b) {
                if (a == b || m_pairs[a].candidateCode == m_pairs[b].candidateCode
                    || kernelFamilyKey(m_pairs[a].candidateCode) != kernelFamilyKey(m_pairs[b].candidateCode)
                    || m_examples[a].features == m_examples[b].features)
                    continue;
                auto changed = m_pairs;
                changed[b].trueBin = changed[b].trueBin == 8 ? 1 : changed[b].trueBin + 1;
                CrossFittedSurrogate other(m_base, changed, kFolds, quick());
                QCOMPARE(forecastAll(other, std::span(queries).subspan(a, 1))[0].probabilities,
                         forecasts[a].probabilities);
                ++twins;
                break;
            }
        }
        QCOMPARE(twins, 3);
    }

    void aKernelsOwnMeasurementDoesNotMoveItsForecast()
    {
        const auto queries = queriesFor(m_pairs);
        CrossFittedSurrogate surrogate(m_base, m_pairs, kFolds, quick());
        const auto forecasts = forecastAll(surrogate, queries);
        // Give one kernel (and only it) a different measured bin: its forecast must not move.
        for (const std::size_t probe : {std::size_t(0), m_pairs.size() / 2, m_pairs.size() - 1}) {
            auto changed = m_pairs;
            changed[probe].trueBin = changed[probe].trueBin == 8 ? 1 : changed[probe].trueBin + 1;
            CrossFittedSurrogate other(m_base, changed, kFolds, quick());
            const auto again = forecastAll(other, std::span(queries).subspan(probe, 1));
            QCOMPARE(again[0].probabilities, forecasts[probe].probabilities);
        }
    }

    void eachAnswerIsTheBaseContinuedOnTheOtherFolds()
    {
        const auto queries = queriesFor(m_pairs);
        CrossFittedSurrogate surrogate(m_base, m_pairs, kFolds, quick());
        const auto forecasts = forecastAll(surrogate, queries);
        const auto rows = batchFeatures(queries);
        int holdingKernels = 0;
        for (int fold = 0; fold < kFolds; ++fold) {
            std::vector<TrainingExample> others;
            for (std::size_t i = 0; i < m_pairs.size(); ++i) {
                if (CrossFittedSurrogate::foldOf(m_pairs[i].candidateCode, kFolds) != fold)
                    others.push_back(m_examples[i]);
            }
            holdingKernels += others.size() < m_examples.size();
            const auto model = EmbeddedModel::continueTraining(*m_base, others, quick());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                if (CrossFittedSurrogate::foldOf(queries[i].candidate.code, kFolds) != fold)
                    continue;
                const auto expected = model.predict(std::span(&rows[i], 1));
                QCOMPARE(forecasts[i].probabilities, expected[0]);
            }
        }
        // A search holds few families (rms_norm's 120 kernels, a handful of templates), so a fold may hold none.
        QVERIFY(holdingKernels >= 2);
    }

    void tooFewMeasurementsAreRefused()
    {
        const std::vector<ComparisonPair> few(m_pairs.begin(), m_pairs.begin() + 22);
        QVERIFY_EXCEPTION_THROWN(CrossFittedSurrogate(m_base, few, kFolds, quick()), ModelError);
    }

    // The window's opening forecasts of a completed search (issue 24): a kernel first proposed at step s is the base
    // continued on the measurements of the steps before s, and nothing after them. Checked against those earlier
    // measurements counted here by step, for kernels early, midway and late in the search.
    void prequentialForecastsLearnOnlyFromEarlierSteps()
    {
        const auto loaded = loadFile(m_dir.filePath(QStringLiteral("rms_norm-selective.jsonl")).toStdString());
        QVERIFY(loaded.population);
        const auto &population = *loaded.population;
        PrequentialSurrogate surrogate(m_base, population, {});
        const auto measured = measuredSearchPairs(population);
        const auto stepOf = [&](const std::string &id) { return population.node(*population.find(id)).step; };
        std::map<std::string, int> firstStep;
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            if (!node.code.empty())
                firstStep.try_emplace(search::canonicalKernelCode(node.code), node.step);
        }
        int checked = 0;
        std::size_t mostKnown = 0;
        for (std::size_t i = 0; i < population.size(); i += 7) {
            const auto &node = population.node(i);
            if (node.status == NodeStatus::Seed || node.code.empty())
                continue;
            std::vector<ComparisonPair> earlier;
            for (const auto &pair : measured) {
                if (stepOf(pair.id) < firstStep.at(search::canonicalKernelCode(node.code)))
                    earlier.push_back(pair);
            }
            QCOMPARE(surrogate.measurementsBefore(node.code), earlier.size());
            const auto query = queryForPair(searchPair(population, i));
            const auto answer = forecastAll(surrogate, std::span(&query, 1))[0];
            EmbeddedSurrogate byHand(continuedModel(m_base, earlier));
            const auto expected = forecastAll(byHand, std::span(&query, 1))[0];
            QCOMPARE(answer.probabilities, expected.probabilities);
            mostKnown = std::max(mostKnown, earlier.size());
            ++checked;
        }
        QVERIFY(checked > 10);
        // Late kernels learnt from most of the search; none from all of it, the last step's own included.
        QVERIFY(mostKnown >= EmbeddedModel::kMinimumExamples && mostKnown < measured.size());
    }

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const EmbeddedModel> m_base;
    std::vector<ComparisonPair> m_pairs;
    std::vector<TrainingExample> m_examples;
};

KFX_TEST_GUILESS_MAIN(TestCrossFitted)

} // namespace
} // namespace tst_crossfitted

#include "tst_crossfitted.moc"
