// The H100 corpus as training data, on a cut of the real logs (tests/data/corpus: the first steps of the matmul,
// transpose and rms_norm searches, the rms_norm seed measured by both of its searches). Every expectation is
// computed here from the logs and from the metrics' definitions, never taken from kfx's own output.

#include "io/fileloader.h"
#include "metrics/confidencescore.h"
#include "metrics/scoringrules.h"
#include "model/speedupbin.h"
#include "search/canonicalkernel.h"
#include "surrogate/baselines.h"
#include "surrogate/corpus.h"
#include "surrogate/corpusevaluation.h"
#include "surrogate/embeddedmodel.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/kernelquery.h"
#include "surrogate/prequential.h"
#include "surrogate/pretrainedmodels.h"
#include "surrogate/searchawareforecaster.h"
#include "surrogate/searchawareprequential.h"
#include "surrogate/searchpairs.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "testmain.h"

namespace tst_corpus {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

const std::string kCorpusDir = KFX_TEST_DATA_DIR "/corpus";
const std::vector<std::string> kTaskRoots{KFX_RESOURCES_DIR "/demo/tasks", KFX_RESOURCES_DIR "/corpus/tasks",
                                          KFX_RESOURCES_DIR "/tasks"};

std::string fileText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

QByteArray kfxCli(const QStringList &arguments)
{
    QStringList all = arguments;
    for (const auto &root : kTaskRoots)
        all << QStringLiteral("--tasks") << QString::fromStdString(root);
    QProcess process;
    process.start(QStringLiteral(KFX_CLI_PATH), all);
    if (!process.waitForFinished(120000) || process.exitCode() != 0)
        qWarning() << process.readAllStandardError();
    return process.readAllStandardOutput();
}

// The code a log's kernel has without its first two lines (every fixture kernel starts with its kfx-variant
// line and its edit note).
std::string withoutFirstTwoLines(const std::string &code)
{
    const auto first = code.find('\n');
    return code.substr(code.find('\n', first + 1) + 1);
}

struct KernelRecord {
    std::vector<double> speedups;
    std::set<std::string> files;
    int failures = 0;
};

// The fixture's measured kernels by (task, code), read here with nothing but the log reader.
std::map<std::pair<std::string, std::string>, KernelRecord> measuredKernels()
{
    std::map<std::pair<std::string, std::string>, KernelRecord> kernels;
    for (const auto &entry : std::filesystem::directory_iterator(kCorpusDir)) {
        // Only the logs, as readCorpus takes them: opening the fixture in kfx leaves its workspace beside it.
        if (entry.path().extension() != ".jsonl")
            continue;
        const auto file = loadFile(entry.path().string());
        const auto &population = *file.population;
        // The baselines are v2 logs, which name no task: the fixture's file names start with it.
        const auto name = entry.path().filename().string();
        const auto task = name.substr(0, name.find('-'));
        for (std::size_t i = 0; i < population.size(); ++i) {
            const auto &node = population.node(i);
            if (!node.evaluation || node.evaluation->kind == OutcomeKind::Forecasted
                || node.evaluation->kind == OutcomeKind::NoFeedback)
                continue;
            const std::pair key{task, withoutFirstTwoLines(node.code)};
            auto &record = kernels[key];
            record.files.insert(name);
            if (node.evaluation->succeeded())
                record.speedups.push_back(node.evaluation->aggregatedSpeedup);
            else
                ++record.failures;
        }
    }
    return kernels;
}

std::string referenceOf(const std::string &task)
{
    for (const auto &root : kTaskRoots) {
        if (std::filesystem::exists(root + "/" + task + "/reference.cu"))
            return fileText(root + "/" + task + "/reference.cu");
    }
    return {};
}

BinProbabilities probabilities(const QJsonArray &array)
{
    BinProbabilities p{};
    for (int b = 0; b < 8; ++b)
        p[std::size_t(b)] = array.at(b).toDouble();
    return p;
}

int argmaxBin(const BinProbabilities &p)
{
    return int(std::max_element(p.begin(), p.end()) - p.begin()) + 1;
}

// The figures of spec §2.1 and §2.4, written out from their definitions.
struct Figures {
    double accuracy = 0, offByOne = 0, brier = 0, ece = 0, nll = 0, aurc = std::nan("");
};

Figures figuresOf(const std::vector<BinProbabilities> &forecasts, const std::vector<int> &declared,
                  const std::vector<int> &truth)
{
    Figures f;
    const double n = double(forecasts.size());
    std::array<double, 10> confidence{}, correct{}, count{};
    std::vector<std::pair<double, bool>> scored; // max probability, right bin
    for (std::size_t i = 0; i < forecasts.size(); ++i) {
        const auto &p = forecasts[i];
        const bool right = declared[i] == truth[i];
        f.accuracy += right / n;
        f.offByOne += (std::abs(declared[i] - truth[i]) <= 1) / n;
        double squares = 0;
        for (int b = 1; b <= 8; ++b)
            squares += std::pow(p[std::size_t(b - 1)] - (b == truth[i] ? 1.0 : 0.0), 2);
        f.brier += 0.5 * squares / n;
        f.nll += -std::log(std::max(p[std::size_t(truth[i] - 1)], 1e-12)) / n;
        const double declaredMass = p[std::size_t(declared[i] - 1)];
        const auto bucket = std::min(std::size_t(declaredMass * 10), std::size_t(9));
        confidence[bucket] += declaredMass;
        correct[bucket] += right;
        count[bucket] += 1;
        scored.emplace_back(*std::max_element(p.begin(), p.end()), right);
    }
    for (std::size_t b = 0; b < 10; ++b) {
        if (count[b] > 0)
            f.ece += count[b] / n * std::abs(confidence[b] / count[b] - correct[b] / count[b]);
    }
    // Trust every forecast at least as sure as a threshold; one point per distinct score; trapezoids over coverage.
    std::set<double, std::greater<>> thresholds;
    for (const auto &[score, right] : scored)
        thresholds.insert(score);
    if (thresholds.size() >= 2) {
        std::vector<std::pair<double, double>> curve; // coverage, risk (rising coverage)
        for (const auto threshold : thresholds) {
            double trusted = 0, wrong = 0;
            for (const auto &[score, right] : scored) {
                if (score >= threshold) {
                    ++trusted;
                    wrong += !right;
                }
            }
            curve.emplace_back(trusted / n, wrong / trusted);
        }
        f.aurc = 0;
        for (std::size_t k = 1; k < curve.size(); ++k)
            f.aurc += (curve[k].first - curve[k - 1].first) * (curve[k].second + curve[k - 1].second) / 2;
    }
    return f;
}

void compareFigures(const QJsonObject &row, const Figures &expected)
{
    const auto label = row.value(QStringLiteral("surrogate")).toString() + QLatin1Char(' ')
        + row.value(QStringLiteral("task")).toString();
    const auto near = [&](const char *key, double want) {
        const auto got = row.value(QLatin1String(key));
        if (std::isnan(want))
            QVERIFY2(got.isNull(), qPrintable(label + QLatin1Char(' ') + QLatin1String(key)));
        else
            QVERIFY2(std::abs(got.toDouble() - want) < 1e-9,
                     qPrintable(label + QLatin1Char(' ') + QLatin1String(key)
                                + QStringLiteral(": %1 vs %2").arg(got.toDouble()).arg(want)));
    };
    near("accuracy", expected.accuracy);
    near("off_by_one", expected.offByOne);
    near("brier", expected.brier);
    near("ece", expected.ece);
    near("nll", expected.nll);
    near("aurc", expected.aurc);
}

std::string fixtureTaskReference(const std::string &task)
{
    return readCorpus(kCorpusDir, {kTaskRoots}).referenceCode.at(task);
}

// The forecasters of the prequential walk, in its order.
constexpr std::array<std::string_view, 7> kForecasters{
    "embedded", kContinuedLabel, kSearchAwareLabel, kMajorityLabel, kAlwaysDeferLabel, kParentBinLabel, kNearestLabel};
std::size_t forecasterIndex(std::string_view label)
{
    return std::size_t(std::find(kForecasters.begin(), kForecasters.end(), label) - kForecasters.begin());
}

// A model that never saw matmul (the fixture's transpose and rms_norm pairs), quick to train.
std::shared_ptr<const EmbeddedModel> modelWithoutMatmul()
{
    const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
    std::vector<ComparisonPair> others;
    for (const auto &pair : corpus.pairs) {
        if (pair.pack != "matmul")
            others.push_back(pair);
    }
    TrainingOptions options;
    options.rounds = 8;
    return std::make_shared<const EmbeddedModel>(EmbeddedModel::train(trainingExamples(others), options));
}

// The fixture's matmul search (four steps of seven kernels), cut after `steps` completed steps when given.
std::shared_ptr<const Population> matmulSearch(const QTemporaryDir &dir, std::optional<int> steps = std::nullopt)
{
    std::istringstream lines(fileText(kCorpusDir + "/matmul-baseline.jsonl"));
    const auto path = dir.filePath(QStringLiteral("matmul-%1.jsonl").arg(steps.value_or(-1))).toStdString();
    std::ofstream out(path);
    int completed = 0;
    for (std::string line; std::getline(lines, line) && (!steps || completed < *steps);) {
        out << line << '\n';
        completed += line.find("\"step_completed\"") != std::string::npos;
    }
    out.close();
    return loadFile(path).population;
}

} // namespace

class TestCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stripsTheVariantHeader()
    {
        QCOMPARE(kernelWithoutVariantHeader("// kfx-variant: naive BX=32\n// changed BX from 16 to 32\nint k;\n"),
                 std::string("int k;\n"));
        QCOMPARE(kernelWithoutVariantHeader("# kfx-variant: triton_row_loop BLOCK=1024\n# seed: note\nimport torch\n"),
                 std::string("import torch\n"));
        // A kernel without the header keeps every line, its own leading comments included.
        QCOMPARE(kernelWithoutVariantHeader("// a comment\n// another\nint k;\n"),
                 std::string("// a comment\n// another\nint k;\n"));
        // The note is only dropped when it is a comment.
        QCOMPARE(kernelWithoutVariantHeader("// kfx-variant: x\nint k;\n"), std::string("int k;\n"));
    }

    void oneDistinctKernelIsOnePair()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        QCOMPARE(corpus.tasks, (std::vector<std::string>{"matmul", "rms_norm", "transpose"}));
        QCOMPARE(corpus.files.size(), std::size_t(4));

        const auto kernels = measuredKernels();
        std::size_t expectedPairs = 0, expectedSkipped = 0, measurements = 0, inTwoSearches = 0;
        for (const auto &[key, record] : kernels) {
            measurements += record.speedups.size() + std::size_t(record.failures);
            if (record.speedups.size() > std::size_t(record.failures)) {
                ++expectedPairs;
                inTwoSearches += record.files.size() > 1;
            } else {
                ++expectedSkipped;
            }
        }
        QCOMPARE(corpus.pairs.size(), expectedPairs);
        QCOMPARE(corpus.measurementCount, measurements);
        int skipped = 0;
        for (const auto &[reason, count] : corpus.skipped)
            skipped += count;
        QCOMPARE(std::size_t(skipped), expectedSkipped);
        QVERIFY(inTwoSearches >= 1); // the rms_norm seed, measured by both rms_norm searches

        std::set<std::pair<std::string, std::string>> seen;
        for (const auto &pair : corpus.pairs) {
            QVERIFY2(seen.insert({pair.pack, pair.candidateCode}).second, pair.id.c_str());
            QVERIFY(pair.candidateCode.find("kfx-variant") == std::string::npos);
            QCOMPARE(pair.referenceCode, referenceOf(pair.pack));
            QVERIFY(!pair.referenceCode.empty());
            QCOMPARE(pair.hardwareName, std::string("NVIDIA H100 80GB HBM3"));
            // The kept speedup is the lower median of the kernel's successful measurements.
            auto speedups = kernels.at({pair.pack, pair.candidateCode}).speedups;
            std::sort(speedups.begin(), speedups.end());
            QCOMPARE(pair.speedup, speedups[(speedups.size() - 1) / 2]);
            QCOMPARE(pair.trueBin, int(std::clamp(std::floor(2.0 * std::log2(pair.speedup)) + 4, 1.0, 8.0)));
        }
        // Pairs come grouped by task, in task order.
        QVERIFY(std::is_sorted(corpus.pairs.begin(), corpus.pairs.end(),
                               [](const auto &a, const auto &b) { return a.pack < b.pack; }));
    }

    void damagedInputNamesFileAndLine()
    {
        QTemporaryDir dir;
        const auto lines = fileText(kCorpusDir + "/matmul-baseline.jsonl");
        const auto cut = lines.find('\n', lines.find('\n') + 1) + 1; // after line 2
        std::ofstream(dir.filePath(QStringLiteral("matmul-baseline.jsonl")).toStdString())
            << lines.substr(0, cut) << "{\"kind\": \"evaluation_completed\", broken\n"
            << lines.substr(cut);
        try {
            readCorpus(dir.path().toStdString(), {kTaskRoots});
            QFAIL("a damaged log was read");
        } catch (const CorpusError &error) {
            QVERIFY2(std::string(error.what()).find("matmul-baseline.jsonl:3") != std::string::npos, error.what());
        }
        try {
            readCorpus(kCorpusDir, {{dir.path().toStdString()}});
            QFAIL("a task without reference was read");
        } catch (const CorpusError &error) {
            QVERIFY2(std::string(error.what()).find("no reference for task 'matmul'") != std::string::npos,
                     error.what());
        }
    }

    // corpus train's without-<task> models give corpus evaluate's held-out forecasts, and every figure
    // evaluate prints follows from those forecasts and the metrics' definitions.
    void heldOutFiguresFromSavedModels()
    {
        QTemporaryDir dir;
        const auto models = dir.filePath(QStringLiteral("h100"));
        kfxCli({QStringLiteral("corpus"), QStringLiteral("train"), QString::fromStdString(kCorpusDir),
                QStringLiteral("--out"), models});
        // The same input gives the same bytes.
        const auto again = dir.filePath(QStringLiteral("again"));
        kfxCli({QStringLiteral("corpus"), QStringLiteral("train"), QString::fromStdString(kCorpusDir),
                QStringLiteral("--out"), again});
        int files = 0;
        for (const auto &entry : std::filesystem::directory_iterator(models.toStdString())) {
            ++files;
            QVERIFY2(fileText(entry.path().string())
                         == fileText(again.toStdString() + '/' + entry.path().filename().string()),
                     entry.path().filename().c_str());
        }
        // manifest.json, all.kfxmodel, three without-<task>.kfxmodel and the parent-anchored forecasters of the same
        // tasks, which read back as they were written.
        QCOMPARE(files, 9);
        const auto pretrained = PretrainedModels::open(models.toStdString());
        for (const auto &task : {std::string("matmul"), std::string("rms_norm"), std::string("transpose")}) {
            const auto chosen = pretrained.modelFor(task);
            QVERIFY(chosen.parentAnchored);
            const auto bytes = chosen.parentAnchored->save();
            QCOMPARE(
                std::string(bytes.begin(), bytes.end()),
                fileText(
                    (models + QStringLiteral("/parent-anchored-without-%1.kfxmodel").arg(QString::fromStdString(task)))
                        .toStdString()));
        }
        const auto evaluation = QJsonDocument::fromJson(
                                    kfxCli({QStringLiteral("corpus"), QStringLiteral("evaluate"),
                                            QString::fromStdString(kCorpusDir), QStringLiteral("--json")}))
                                    .object();
        QVERIFY(!evaluation.isEmpty());
        const auto manifest = QJsonDocument::fromJson(QByteArray::fromStdString(fileText(
                                                          (models + QStringLiteral("/manifest.json")).toStdString())))
                                  .object();
        QCOMPARE(manifest.value(QStringLiteral("format")).toString(), QStringLiteral("kfx-pretrained/1"));
        QCOMPARE(manifest.value(QStringLiteral("hardware")).toString(), QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(manifest.value(QStringLiteral("held_out")), evaluation.value(QStringLiteral("held_out")));

        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        QCOMPARE(manifest.value(QStringLiteral("pairs")).toInt(), int(corpus.pairs.size()));
        std::map<std::string, BinProbabilities> heldOut;
        for (const auto &value : evaluation.value(QStringLiteral("forecasts")).toArray()) {
            const auto row = value.toObject();
            heldOut[row.value(QStringLiteral("comparison_id")).toString().toStdString()] = probabilities(
                row.value(QStringLiteral("p")).toArray());
        }
        QCOMPARE(heldOut.size(), corpus.pairs.size());

        const auto examples = trainingExamples(corpus.pairs);
        const auto modelsObject = manifest.value(QStringLiteral("models")).toObject();
        const auto without = modelsObject.value(QStringLiteral("without")).toObject();
        QVERIFY(std::filesystem::exists((models + QStringLiteral("/all.kfxmodel")).toStdString()));
        std::map<std::string, std::vector<std::size_t>> pairsOfTask;
        for (std::size_t i = 0; i < corpus.pairs.size(); ++i)
            pairsOfTask[corpus.pairs[i].pack].push_back(i);
        for (const auto &[task, indices] : pairsOfTask) {
            const auto file = models + QLatin1Char('/') + without.value(QString::fromStdString(task)).toString();
            const auto bytes = fileText(file.toStdString());
            const auto model = EmbeddedModel::load(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
            std::vector<FeatureRow> rows;
            for (const auto i : indices)
                rows.push_back(examples[i].features);
            const auto predicted = model.predict(rows);
            for (std::size_t k = 0; k < indices.size(); ++k)
                QCOMPARE(predicted[k], heldOut.at(corpus.pairs[indices[k]].id));
        }

        // The figures, per task and pooled, for the surrogate and the baselines (the parent-anchored forecaster,
        // the sixth, is checked in parentAnchoredForecastsHeldOut).
        std::map<std::pair<std::string, std::string>, QJsonObject> rows;
        for (const auto &value : evaluation.value(QStringLiteral("held_out")).toArray()) {
            const auto row = value.toObject();
            rows[{row.value(QStringLiteral("surrogate")).toString().toStdString(),
                  row.value(QStringLiteral("task")).toString().toStdString()}] = row;
        }
        QCOMPARE(rows.size(), std::size_t(6 * (pairsOfTask.size() + 1)));
        std::map<std::string, std::vector<BinProbabilities>> forecasts;
        std::map<std::string, std::vector<int>> declared, truth;
        for (const auto &[task, indices] : pairsOfTask) {
            std::array<int, 8> counts{};
            int training = 0;
            for (const auto &pair : corpus.pairs) {
                if (pair.pack != task) {
                    ++counts[std::size_t(pair.trueBin - 1)];
                    ++training;
                }
            }
            const int majority = int(std::max_element(counts.begin(), counts.end()) - counts.begin()) + 1;
            BinProbabilities oneHot{}, frequencies{};
            oneHot[std::size_t(majority - 1)] = 1.0;
            for (std::size_t b = 0; b < 8; ++b)
                frequencies[b] = double(counts[b]) / training;
            for (const auto i : indices) {
                const auto &p = heldOut.at(corpus.pairs[i].id);
                // The parent's bin (from the corpus's lineage), half the mass on it and half as the frequencies.
                auto parent = frequencies;
                if (const auto parentPair = corpus.lineage[i].parent) {
                    for (auto &mass : parent)
                        mass /= 2;
                    parent[std::size_t(corpus.pairs[*parentPair].trueBin - 1)] += 0.5;
                }
                for (const auto &[label, forecast, bin] :
                     {std::tuple{std::string("embedded"), p, argmaxBin(p)},
                      std::tuple{std::string("majority"), oneHot, majority},
                      std::tuple{std::string("always-defer"), frequencies, majority},
                      std::tuple{std::string("parent-bin"), parent, argmaxBin(parent)}}) {
                    for (const auto &key : {label + '/' + task, label + "/all"}) {
                        forecasts[key].push_back(forecast);
                        declared[key].push_back(bin);
                        truth[key].push_back(corpus.pairs[i].trueBin);
                    }
                }
            }
        }
        for (const auto &[key, list] : forecasts) {
            const auto slash = key.find('/');
            compareFigures(rows.at({key.substr(0, slash), key.substr(slash + 1)}),
                           figuresOf(list, declared[key], truth[key]));
        }
    }

    // A model for some tasks is calibrated out-of-task: on the forecasts of models that each never saw one of its
    // training tasks, rebuilt here from those definitions, and never on a row of the task left out.
    void calibrationIsFittedOnNestedForecasts()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        QVERIFY(corpus.tasks.size() >= 3);
        const auto heldOut = corpus.tasks.front();
        std::vector<TrainingExample> training;
        for (const auto &example : trainingExamples(corpus.pairs)) {
            if (example.group != heldOut)
                training.push_back(example);
        }
        const auto grid = corpusOptionGrid().first(1);
        const auto chosen = trainWithChosenOptions(training, grid);
        const std::set<std::string> trainingTasks(corpus.tasks.begin() + 1, corpus.tasks.end());
        QVERIFY(chosen.calibrationGroups == trainingTasks);

        std::vector<BinProbabilities> nested;
        std::vector<int> trueBins;
        for (const auto &task : trainingTasks) {
            std::vector<TrainingExample> others;
            std::vector<FeatureRow> rows;
            for (const auto &example : training) {
                if (example.group == task) {
                    rows.push_back(example.features);
                    trueBins.push_back(example.trueBin);
                } else {
                    others.push_back(example);
                }
            }
            for (const auto &p : EmbeddedModel::train(others, grid.front()).predict(rows, false))
                nested.push_back(p);
        }
        const auto &calibrator = chosen.model->calibrator();
        const auto expected = ProbabilityCalibrator::fit(calibrator.method(), nested, trueBins);
        QCOMPARE(calibrator.temperature(), expected.temperature());
        QVERIFY(calibrator.knots() == expected.knots());
        // The calibration replaced the in-task one: the model forecasts through it.
        const std::vector<FeatureRow> first{training.front().features};
        QCOMPARE(chosen.model->predict(first).front(), expected.apply(chosen.model->predict(first, false).front()));
    }

    // The baselines' forecasts, worked by hand.
    void baselinesByHand()
    {
        const std::vector<int> bins{4, 4, 5, 3};
        const auto prior = BinPrior::of(bins);
        QCOMPARE(prior.majorityBin, 4);
        QCOMPARE(prior.frequencies, (BinProbabilities{0, 0, 0.25, 0.5, 0.25, 0, 0, 0}));
        QCOMPARE(majorityForecast(prior).probabilities, (BinProbabilities{0, 0, 0, 1, 0, 0, 0, 0}));
        QCOMPARE(alwaysDeferForecast(prior).probabilities, prior.frequencies);
        // Half the mass on the measured bin, half spread as the prior.
        const auto parent = parentBinForecast(6, prior);
        QCOMPARE(parent.probabilities, (BinProbabilities{0, 0, 0.125, 0.25, 0.125, 0.5, 0, 0}));
        QCOMPARE(parent.predictedBin, 6);
        QCOMPARE(parent.source, std::string(kParentBinLabel));
        QCOMPARE(nearestMeasuredForecast(4, prior).probabilities,
                 (BinProbabilities{0, 0, 0.125, 0.75, 0.125, 0, 0, 0}));
        // Without a measured parent or an earlier kernel, the prior.
        QCOMPARE(parentBinForecast(std::nullopt, prior).probabilities, prior.frequencies);
        QCOMPARE(nearestMeasuredForecast(std::nullopt, prior).probabilities, prior.frequencies);

        // Bigrams of "a = b + 1 ;" and "a = b + 2 ;": a=, =b, b+ shared, +1, 1; and +2, 2; not: 3 of 7.
        const auto one = codeShingles("a = b + 1;\n");
        const auto two = codeShingles("a  =  b + 2;\n"); // layout is not code
        QCOMPARE(one.size(), std::size_t(5));
        QCOMPARE(jaccardSimilarity(one, two), 3.0 / 7.0);
        const auto far = codeShingles("x = y * 3;\n");
        const std::vector<const CodeShingles *> candidates{&far, &two, &one};
        QCOMPARE(nearestKernel(one, candidates), std::optional<std::size_t>(2));
        QCOMPARE(nearestKernel(one, std::span<const CodeShingles *const>()), std::nullopt);
    }

    // Anchoring on the parent (issue 25), worked by hand: an edit's speedup is the child's over its parent's, and
    // each edit bin's mass moves the parent's measured speedup as that bin's training edits moved theirs.
    void parentAnchoringByHand()
    {
        ComparisonPair parent;
        parent.candidateCode = SharedText("parent");
        parent.speedup = 2.0;
        parent.childNodeId = "p";
        ComparisonPair child;
        child.referenceCode = SharedText("reference");
        child.candidateCode = SharedText("child");
        child.speedup = 2.5;
        const auto edit = parentEditPair(parent, child);
        QCOMPARE(std::string_view(edit.referenceCode), std::string_view("parent"));
        QCOMPARE(std::string_view(edit.candidateCode), std::string_view("child"));
        QCOMPARE(edit.speedup, 1.25);
        QCOMPARE(edit.trueBin, 4); // 2·log2 1.25 = 0.64: [0, 1)
        QCOMPARE(edit.parentNodeId, std::string("p"));

        // Training edits of bin 4 moved their parents by 0.1 and 0.7 half-octaves; none was of bin 6.
        std::vector<ComparisonPair> training(2);
        training[0].speedup = std::exp2(0.05);
        training[1].speedup = std::exp2(0.35);
        const auto shifts = EditShifts::of(training);
        // A parent at 2^0.4 (0.8 half-octaves, bin 4): +0.1 stays in bin 4, +0.7 reaches bin 5; bin 6's middle
        // (2.5 half-octaves) takes it to 3.3, bin 7.
        BinProbabilities editBins{};
        editBins[3] = 0.6;
        editBins[5] = 0.4;
        QCOMPARE(shifts.childBins(editBins, std::exp2(0.4)), (BinProbabilities{0, 0, 0, 0.3, 0.3, 0, 0.4, 0}));
        // The ends are clamped, as the bins are.
        QCOMPARE(shifts.childBins(editBins, 100.0), (BinProbabilities{0, 0, 0, 0, 0, 0, 0, 1.0}));
        // Saved, they read back as they were; a damaged list or forecaster is refused, saying what is wrong.
        QCOMPARE(EditShifts::load(shifts.save()), shifts);
        QVERIFY_EXCEPTION_THROWN(EditShifts::load("0.1 x\n\n\n\n\n\n\n\n"), ModelError);
        QVERIFY_EXCEPTION_THROWN(EditShifts::load("0.1\n"), ModelError);
        const std::string cut = "kfx-parent-anchored/1\n" + shifts.save();
        QVERIFY_EXCEPTION_THROWN(ParentAnchoredForecaster::load(std::vector<std::uint8_t>(cut.begin(), cut.end())),
                                 ModelError);
        const std::string noModel = cut + "\nnot a model";
        QVERIFY_EXCEPTION_THROWN(
            ParentAnchoredForecaster::load(std::vector<std::uint8_t>(noModel.begin(), noModel.end())), ModelError);
    }

    // Leave one task out, a kernel with a measured parent is forecast by the edit model of the other tasks'
    // edits composed with its parent's speedup; a kernel without one (the seeds) keeps the surrogate's forecast.
    void parentAnchoredForecastsHeldOut()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid().first(1));
        const auto judged = leaveOneTaskOutForecasts(corpus, folds);
        const auto &anchored = judged.at(std::string(kParentAnchoredLabel));
        const auto &embedded = judged.at("embedded");
        int withParent = 0;
        int withoutParent = 0;
        for (const auto &fold : folds) {
            QCOMPARE(fold.parentAnchored.size(), fold.pairs.size());
            const auto &rows = anchored.at(fold.heldOutTask);
            for (std::size_t k = 0; k < fold.pairs.size(); ++k) {
                const bool hasParent = corpus.lineage[fold.pairs[k]].parent.has_value();
                QCOMPARE(fold.parentAnchored[k].has_value(), hasParent);
                (hasParent ? withParent : withoutParent) += 1;
                if (!hasParent)
                    QCOMPARE(rows[k].forecast.probabilities, embedded.at(fold.heldOutTask)[k].forecast.probabilities);
            }
        }
        QVERIFY(withParent > 0 && withoutParent > 0);
    }

    // On the fixture's matmul search, every judged kernel is a first measurement with a parent, its parent-bin
    // forecast is its parent's measured bin, and its truth is its own measurement (bin 0 when it failed), all read
    // here from the log.
    void prequentialBaselinesFromTheLog()
    {
        QTemporaryDir dir;
        const auto population = matmulSearch(dir);
        const std::vector<int> fourOnly{4};
        const auto prior = BinPrior::of(fourOnly);
        const auto kernels = prequentialKernels(*population, fixtureTaskReference("matmul"),
                                                {modelWithoutMatmul(), prior});
        std::set<std::string> measuredBefore;
        std::size_t expected = 0;
        int failed = 0;
        const auto binOf = [](const KernelNode &node) {
            return node.evaluation->succeeded()
                ? int(std::clamp(std::floor(2.0 * std::log2(node.evaluation->aggregatedSpeedup)) + 4, 1.0, 8.0))
                : 0;
        };
        for (std::size_t i = 0; i < population->size(); ++i) {
            const auto &node = population->node(i);
            if (!node.evaluation || node.evaluation->kind == OutcomeKind::NoFeedback)
                continue;
            if (!measuredBefore.insert(search::canonicalKernelCode(node.code)).second || node.parent == kNoNode)
                continue;
            QVERIFY(expected < kernels.size());
            const auto &kernel = kernels[expected++];
            QCOMPARE(kernel.node, i);
            QCOMPARE(kernel.trueBin, binOf(node));
            failed += kernel.trueBin == 0;
            QCOMPARE(kernel.forecasts.size(), kForecasters.size());
            for (std::size_t k = 0; k < kForecasters.size(); ++k)
                QCOMPARE(kernel.forecasts[k].source, std::string(kForecasters[k]));
            const auto &parentForecast = kernel.forecasts[forecasterIndex(kParentBinLabel)];
            const auto parentBin = binOf(population->node(node.parent));
            QCOMPARE(parentForecast.probabilities,
                     parentBin == 0 ? prior.frequencies : smoothedBinForecast(parentBin, prior, "").probabilities);
        }
        QCOMPARE(kernels.size(), expected);
        QCOMPARE(expected, std::size_t(28)); // every kernel the search measured after its seed, none twice
        QVERIFY(failed > 0);
    }

    // In search, the parent-anchored forecaster answers a kernel whose parent ran from the edit and the parent's
    // measured speedup (one whose parent failed, with the continued model's forecast); it comes last.
    void prequentialParentAnchoredFromTheParentsMeasurement()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid().first(1));
        QTemporaryDir dir;
        int anchored = 0;
        int parentFailed = 0;
        for (const auto &[task, population] :
             {std::pair{std::string("matmul"), matmulSearch(dir)},
              std::pair{
                  std::string("rms_norm"),
                  std::shared_ptr<const Population>(loadFile(kCorpusDir + "/rms_norm-selective.jsonl").population)}}) {
            const auto fold = std::find_if(folds.begin(), folds.end(),
                                           [&](const CorpusFold &f) { return f.heldOutTask == task; });
            QVERIFY(fold != folds.end() && fold->parentAnchoredModel);
            const auto reference = fixtureTaskReference(task);
            SearchForecasters forecasters{fold->chosen.model, fold->prior};
            forecasters.parentAnchored = fold->parentAnchoredModel;
            for (const auto &kernel : prequentialKernels(*population, reference, forecasters)) {
                QCOMPARE(kernel.forecasts.size(), kForecasters.size() + 1);
                const auto &row = kernel.forecasts.back();
                QCOMPARE(row.source, std::string(kParentAnchoredLabel));
                const auto parentNode = population->node(kernel.node).parent;
                const auto parent = searchPair(*population, parentNode, reference);
                if (population->node(parentNode).evaluation->succeeded()) {
                    const std::vector<KernelRuntimeQuery> edit{
                        editQuery(parent, searchPair(*population, kernel.node, reference))};
                    const std::vector<double> speedup{parent.speedup};
                    QCOMPARE(row.probabilities,
                             fold->parentAnchoredModel->forecast(edit, speedup).front().probabilities);
                    ++anchored;
                } else {
                    QCOMPARE(row.probabilities, kernel.forecasts[forecasterIndex(kContinuedLabel)].probabilities);
                    ++parentFailed;
                }
            }
        }
        // A search edits only kernels of its archive, which ran, so in these searches every parent ran.
        QVERIFY(anchored > 0);
        QCOMPARE(parentFailed, 0);
    }

    // A kernel is forecast from the measurements of earlier steps only: the search cut after step 2 gives its
    // kernels the same forecasts as the whole search. The test has teeth: for some of them, the most similar
    // kernel of the whole search (a later one) has another bin than the most similar earlier one.
    void prequentialNeverUsesALaterMeasurement()
    {
        QTemporaryDir dir;
        const auto whole = matmulSearch(dir);
        const auto cut = matmulSearch(dir, 2);
        const auto reference = fixtureTaskReference("matmul");
        const std::vector<int> fourOnly{4};
        const SearchForecasters forecasters{modelWithoutMatmul(), BinPrior::of(fourOnly)};
        const auto all = prequentialKernels(*whole, reference, forecasters);
        const auto early = prequentialKernels(*cut, reference, forecasters);
        QVERIFY(!early.empty() && early.size() < all.size());
        for (std::size_t k = 0; k < early.size(); ++k) {
            QCOMPARE(early[k].node, all[k].node);
            for (std::size_t f = 0; f < kForecasters.size(); ++f) {
                QCOMPARE(early[k].forecasts[f].probabilities, all[k].forecasts[f].probabilities);
                QCOMPARE(early[k].forecasts[f].failureProbability, all[k].forecasts[f].failureProbability);
            }
        }
        int futureWouldChange = 0;
        for (const auto &kernel : early) {
            const auto shingles = codeShingles(whole->node(kernel.node).code);
            std::vector<CodeShingles> others;
            std::vector<int> bins;
            for (std::size_t i = 0; i < whole->size(); ++i) {
                const auto &node = whole->node(i);
                if (i != kernel.node && node.evaluation && node.evaluation->succeeded()) {
                    others.push_back(codeShingles(node.code));
                    bins.push_back(speedupBinFor(node.evaluation->aggregatedSpeedup));
                }
            }
            std::vector<const CodeShingles *> pointers;
            for (const auto &other : others)
                pointers.push_back(&other);
            const auto withFuture = smoothedBinForecast(bins[*nearestKernel(shingles, pointers)], forecasters.prior,
                                                        kNearestLabel);
            futureWouldChange += withFuture.probabilities
                != kernel.forecasts[forecasterIndex(kNearestLabel)].probabilities;
        }
        QVERIFY(futureWouldChange > 0);
    }

    // A selective search logged its surrogate's forecast for each kernel it measured: that forecast is judged
    // beside kfx's, as it was logged; a baseline search logged none.
    void theSearchsOwnForecastIsJudgedToo()
    {
        const auto selective = loadFile(kCorpusDir + "/rms_norm-selective.jsonl").population;
        const std::vector<int> fourOnly{4};
        const SearchForecasters forecasters{modelWithoutMatmul(), BinPrior::of(fourOnly)};
        const auto kernels = prequentialKernels(*selective, fixtureTaskReference("rms_norm"), forecasters);
        QVERIFY(!kernels.empty());
        for (const auto &kernel : kernels) {
            QVERIFY(kernel.logged);
            QCOMPARE(kernel.logged->probabilities, selective->node(kernel.node).forecasts.front().probabilities);
            QCOMPARE(kernel.logged->source, std::string(kSearchLogLabel));
        }
        QTemporaryDir dir;
        for (const auto &kernel : prequentialKernels(*matmulSearch(dir), fixtureTaskReference("matmul"), forecasters))
            QVERIFY(!kernel.logged);
    }

    // The window's forecasts of an opened search (SearchAwarePrequentialSurrogate) are the search-aware forecaster
    // of the prequential evaluation, walked the same way: on the fixture's matmul baseline, which measured every
    // kernel at the step that proposed it, each judged kernel gets the evaluation's search-aware forecast exactly,
    // with every bin alike as the prior (as kfx-cli search has it); and cut after step 2, the search gives its
    // early kernels the same answers, so no answer uses a later measurement.
    void theWindowsSearchAwareForecastsAreTheEvaluations()
    {
        QTemporaryDir dir;
        const auto whole = matmulSearch(dir);
        const auto cut = matmulSearch(dir, 2);
        const auto reference = fixtureTaskReference("matmul");
        const auto model = modelWithoutMatmul();
        const auto judged = prequentialKernels(*whole, reference, {model, BinPrior::everyBinAlike()});
        QCOMPARE(judged.size(), std::size_t(28));
        const auto answers = [&](const Population &search, std::span<const PrequentialKernel> kernels) {
            SearchAwarePrequentialSurrogate surrogate(model, search, reference);
            std::vector<KernelRuntimeQuery> queries;
            for (const auto &kernel : kernels)
                queries.push_back(queryForPair(searchPair(*whole, kernel.node, reference)));
            std::vector<SurrogateResult> results(queries.size());
            surrogate.forecastBatch(queries, CancelFlag(),
                                    [&](std::size_t i, SurrogateResult result) { results[i] = std::move(result); });
            std::vector<Forecast> forecasts;
            for (const auto &result : results)
                forecasts.push_back(std::get<Forecast>(result.outcome));
            return forecasts;
        };
        const auto window = answers(*whole, judged);
        std::set<int> predicted;
        for (std::size_t k = 0; k < judged.size(); ++k) {
            const auto &evaluation = judged[k].forecasts[forecasterIndex(kSearchAwareLabel)];
            QCOMPARE(window[k].probabilities, evaluation.probabilities);
            QCOMPARE(window[k].failureProbability, evaluation.failureProbability);
            QCOMPARE(window[k].reasoning, evaluation.reasoning);
            predicted.insert(window[k].predictedBin);
        }
        QVERIFY(predicted.size() > 1);

        const auto early = prequentialKernels(*cut, reference, {model, BinPrior::everyBinAlike()});
        QVERIFY(!early.empty() && early.size() < judged.size());
        const auto fromCut = answers(*cut, early);
        for (std::size_t k = 0; k < early.size(); ++k)
            QCOMPARE(fromCut[k].probabilities, window[k].probabilities);
    }

    // Issue 25 on the real H100 logs of the fixture (four searches, three tasks, each task forecast by a model
    // that never saw it): walked in order, the search-aware forecaster's log loss is below the surrogate's and
    // every baseline's, pooled (not on every task: on rms_norm the nearest kernel's is lower, 0.82 against 0.92);
    // it is the only one that gives failure any mass, and fewer of the kernels it trusts fail than of those the
    // parent's bin trusts.
    void theSearchAwareForecasterHasTheLowestLogLossInSearch()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid().first(1));
        const auto judged = prequentialForecasts(corpus, folds).judged;
        const auto scores = scoresByTask(judged);
        const auto nllOf = [&](std::string_view surrogate, std::string_view task) {
            for (const auto &score : scores) {
                if (score.surrogate == surrogate && score.task == task)
                    return score.nll;
            }
            return std::numeric_limits<double>::quiet_NaN();
        };
        const double aware = nllOf(kSearchAwareLabel, kPooledTask);
        for (const auto other : kForecasters) {
            if (other != kSearchAwareLabel)
                QVERIFY2(aware < nllOf(other, kPooledTask),
                         qPrintable(QStringLiteral("%1 against %2's %3")
                                        .arg(QString::number(aware), QString::fromUtf8(other.data(), other.size()),
                                             QString::number(nllOf(other, kPooledTask)))));
        }
        int failureMassElsewhere = 0;
        const auto trustedFailures = [&](std::string_view surrogate) {
            int failures = 0;
            const auto &byTask = judged.find(std::string(surrogate))->second;
            for (const auto &[task, rows] : byTask) {
                for (const auto &row : rows) {
                    failureMassElsewhere += surrogate != kSearchAwareLabel && row.forecast.failureProbability != 0.0;
                    const double sure = metrics::confidence(metrics::ConfidenceScore::MaxProb, row.forecast);
                    failures += row.trueBin == 0 && sure >= 0.5;
                }
            }
            return failures;
        };
        QVERIFY(trustedFailures(kSearchAwareLabel) < trustedFailures(kParentBinLabel));
        QCOMPARE(failureMassElsewhere, 0);
    }

    // Stacking on grouped folds (issue 25): each task's search-aware forecasts are mixed as fitted on the other
    // tasks' searches alone. Walked again with that fit, a task's searches give the very forecasts the evaluation
    // scored; and the fit over every task is the one the evaluation reports for kfx to ship.
    void eachTaskIsMixedAsFittedWithoutIt()
    {
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});
        const auto folds = leaveOneTaskOut(corpus, corpusOptionGrid().first(1));
        const auto evaluation = prequentialForecasts(corpus, folds);
        std::map<std::string, std::vector<JudgedWalk>> walksOf;
        std::map<std::string, std::vector<Forecast>> rewalked;
        for (const auto &path : corpus.files) {
            const auto population = loadFile(path).population;
            const auto task = population->context.opName.empty() ? taskFromFileName(path) : population->context.opName;
            const auto fold = std::find_if(folds.begin(), folds.end(),
                                           [&](const CorpusFold &f) { return f.heldOutTask == task; });
            if (fold == folds.end())
                continue;
            SearchForecasters forecasters{fold->chosen.model, fold->prior, evaluation.mixingWithout.at(task),
                                          fold->parentAnchoredModel};
            auto &walk = walksOf[task].emplace_back();
            for (auto &kernel : prequentialKernels(*population, corpus.referenceCode.at(task), forecasters)) {
                walk.push_back(kernel.searchAware);
                rewalked[task].push_back(kernel.forecasts[forecasterIndex(kSearchAwareLabel)]);
            }
        }
        QVERIFY(walksOf.size() >= 2);
        std::vector<const JudgedWalk *> all;
        for (const auto &[task, walks] : walksOf) {
            std::vector<const JudgedWalk *> others;
            for (const auto &[other, otherWalks] : walksOf) {
                for (const auto &walk : otherWalks)
                    (other == task ? all : others).push_back(&walk);
            }
            const auto fitted = fitFactoredMixing(others);
            const auto &used = evaluation.mixingWithout.at(task);
            QCOMPARE(used.failure.initialLogWeights, fitted.failure.initialLogWeights);
            QCOMPARE(used.failure.temper, fitted.failure.temper);
            QCOMPARE(used.speed.initialLogWeights, fitted.speed.initialLogWeights);
            QCOMPARE(used.speed.temper, fitted.speed.temper);
            QCOMPARE(used.calibration.slope, fitted.calibration.slope);
            QCOMPARE(used.calibration.offset, fitted.calibration.offset);
            const auto &scored = evaluation.judged.at(std::string(kSearchAwareLabel)).at(task);
            QCOMPARE(scored.size(), rewalked[task].size());
            for (std::size_t k = 0; k < scored.size(); ++k)
                QCOMPARE(scored[k].forecast.probabilities, rewalked[task][k].probabilities);
        }
        const auto overAll = fitFactoredMixing(all);
        QCOMPARE(evaluation.mixingOverAll.failure.initialLogWeights, overAll.failure.initialLogWeights);
        QCOMPARE(evaluation.mixingOverAll.speed.initialLogWeights, overAll.speed.initialLogWeights);
    }

    // The gate's risk counts a trusted kernel that then failed as an error, and its coverage counts it too.
    void aTrustedFailingKernelIsAnError()
    {
        const auto sure = [](int bin) {
            Forecast forecast;
            forecast.probabilities[std::size_t(bin - 1)] = 1.0;
            forecast.predictedBin = bin;
            return forecast;
        };
        Forecast unsure;
        unsure.probabilities.fill(0.125);
        unsure.predictedBin = 4;
        // Trusted and right, trusted and failed, not trusted (ran), not trusted (failed).
        const std::vector<JudgedForecast> judged{{4, sure(4)}, {0, sure(5)}, {5, unsure}, {0, unsure}};
        const auto score = scoreForecasts("test", "all", judged);
        QCOMPARE(score.pairs, 2);
        QCOMPARE(score.failed, 2);
        QCOMPARE(score.coverage, 0.5);
        QCOMPARE(score.risk, 0.5);
        QCOMPARE(score.accuracy, 0.5); // of the two that ran
        // Always-defer trusts nothing, however sure its forecast.
        std::vector<JudgedForecast> deferred{{4, sure(4), true}};
        QCOMPARE(scoreForecasts("test", "all", deferred).coverage, 0.0);

        // On the real search: the parent's bin is trusted for every kernel (its mass on one bin is at least 0.5),
        // failed kernels included, and each of those is an error.
        QTemporaryDir dir;
        const std::vector<int> fourOnly{4};
        const auto kernels = prequentialKernels(*matmulSearch(dir), fixtureTaskReference("matmul"),
                                                {modelWithoutMatmul(), BinPrior::of(fourOnly)});
        std::vector<JudgedForecast> parent;
        int wrong = 0;
        for (const auto &kernel : kernels) {
            const auto &forecast = kernel.forecasts[forecasterIndex(kParentBinLabel)];
            parent.push_back({kernel.trueBin, forecast});
            wrong += forecast.predictedBin != kernel.trueBin;
        }
        const auto real = scoreForecasts(std::string(kParentBinLabel), "matmul", parent);
        QVERIFY(real.failed > 0);
        QCOMPARE(real.coverage, 1.0);
        QCOMPARE(real.risk, double(wrong) / double(kernels.size()));
    }

    // The exported rows read back as the published formats, through the loader and through kfx-cli inspect.
    void exportedRowsReadBack()
    {
        QTemporaryDir dir;
        const auto evalSet = dir.filePath(QStringLiteral("eval.jsonl"));
        const auto pool = dir.filePath(QStringLiteral("pool.jsonl"));
        kfxCli({QStringLiteral("corpus"), QStringLiteral("export"), QString::fromStdString(kCorpusDir),
                QStringLiteral("--eval-set"), evalSet, QStringLiteral("--training-pool"), pool});
        const auto corpus = readCorpus(kCorpusDir, {kTaskRoots});

        const auto rows = loadFile(evalSet.toStdString());
        QCOMPARE(rows.format, DataFormat::EvalSet);
        QVERIFY(rows.diagnostics.empty());
        QCOMPARE(rows.pairs.size(), corpus.pairs.size());
        for (std::size_t i = 0; i < rows.pairs.size(); ++i) {
            QCOMPARE(rows.pairs[i].id, corpus.pairs[i].id);
            QCOMPARE(rows.pairs[i].pack, corpus.pairs[i].pack);
            QCOMPARE(rows.pairs[i].referenceCode, corpus.pairs[i].referenceCode);
            QCOMPARE(rows.pairs[i].candidateCode, corpus.pairs[i].candidateCode);
            QCOMPARE(rows.pairs[i].speedup, corpus.pairs[i].speedup);
            QCOMPARE(rows.pairs[i].trueBin, corpus.pairs[i].trueBin);
        }

        const auto poolRows = loadFile(pool.toStdString());
        QCOMPARE(poolRows.format, DataFormat::RlPool);
        QVERIFY(poolRows.diagnostics.empty());
        std::map<std::string, const ComparisonPair *> pairById;
        for (const auto &pair : corpus.pairs)
            pairById[pair.id] = &pair;
        std::map<std::string, int> types;
        for (const auto &row : poolRows.pairs) {
            ++types[row.pairType];
            const auto pairId = row.id.substr(0, row.id.rfind('/'));
            const ComparisonPair &pair = *pairById.at(pairId);
            QCOMPARE(row.candidateCode, pair.candidateCode);
            QCOMPARE(row.trueBin, int(std::clamp(std::floor(2.0 * std::log2(row.speedup)) + 4, 1.0, 8.0)));
            if (row.pairType == "pair") {
                QCOMPARE(row.referenceCode, pair.referenceCode);
                QCOMPARE(row.speedup, pair.speedup);
                continue;
            }
            // Relative to its anchor, itself a measured kernel of the same task.
            const auto anchor = std::find_if(corpus.pairs.begin(), corpus.pairs.end(), [&](const ComparisonPair &p) {
                return p.pack == pair.pack && p.candidateCode == row.referenceCode;
            });
            QVERIFY(anchor != corpus.pairs.end());
            QVERIFY(std::abs(row.speedup * anchor->speedup / pair.speedup - 1.0) < 1e-12);
        }
        QCOMPARE(types["pair"], int(corpus.pairs.size()));
        QVERIFY(types["parent_edit"] > 0);
        QVERIFY(types["seed"] > 0);

        QProcess inspect;
        inspect.start(QStringLiteral(KFX_CLI_PATH), {QStringLiteral("inspect"), pool, QStringLiteral("--json")});
        QVERIFY(inspect.waitForFinished(60000));
        const auto summary = QJsonDocument::fromJson(inspect.readAllStandardOutput()).object();
        QCOMPARE(summary.value(QStringLiteral("format")).toString(), QStringLiteral("rl-pool"));
        QCOMPARE(summary.value(QStringLiteral("rows")).toInt(), int(poolRows.pairs.size()));
    }
};

KFX_TEST_GUILESS_MAIN(TestCorpus)

} // namespace
} // namespace tst_corpus

#include "tst_corpus.moc"
