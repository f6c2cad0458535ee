// The pretrained embedded surrogates (issue 15): the manifest's rule for which model a task gets, clear errors
// naming the file at fault, the directory override, continued training that keeps the base's trees, and, on the
// H100 corpus's real measurements, that a model which kept learning from a new task's measurements forecasts
// that task better than the pretrained model alone did.

#include "corpusarchive.h"
#include "io/fileloader.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/plantedpairs.h"
#include "surrogate/pretrainedmodels.h"
#include "surrogate/searchpairs.h"
#include "testutils.h"
#include "workspace/embeddedmodelstore.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "testmain.h"

namespace tst_pretrained {
namespace {

using namespace kfx;
using namespace kfx::surrogate;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &path, std::string_view text)
{
    std::ofstream(path, std::ios::binary) << text;
}

void writeModel(const fs::path &path, const EmbeddedModel &model)
{
    const auto bytes = model.save();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
}

// Default options but for the number of boosting rounds (small models keep the tests quick).
TrainingOptions withRounds(int rounds)
{
    TrainingOptions options;
    options.rounds = rounds;
    return options;
}

const char *kManifest = R"({"format": "kfx-pretrained/1", "hardware": "NVIDIA H100 80GB HBM3", "tasks": ["matmul"],
  "models": {"all": "all.kfxmodel", "without": {"matmul": "without-matmul.kfxmodel"}}})";

// Mean negative log-likelihood of the true bins and the share of argmax hits.
struct Score {
    double nll = 0.0;
    double accuracy = 0.0;
};

Score score(const EmbeddedModel &model, std::span<const TrainingExample> examples)
{
    std::vector<FeatureRow> rows;
    for (const auto &example : examples)
        rows.push_back(example.features);
    const auto distributions = model.predict(rows);
    Score s;
    for (std::size_t i = 0; i < examples.size(); ++i) {
        const auto &p = distributions[i];
        s.nll -= std::log(std::max(p[std::size_t(examples[i].trueBin - 1)], 1e-12));
        s.accuracy += int(std::max_element(p.begin(), p.end()) - p.begin()) + 1 == examples[i].trueBin;
    }
    s.nll /= double(examples.size());
    s.accuracy /= double(examples.size());
    return s;
}

std::vector<TrainingExample> corpusExamples(const fs::path &directory, std::initializer_list<std::string_view> files)
{
    std::vector<ComparisonPair> pairs;
    for (const auto file : files) {
        const auto path = (directory / file).string();
        const auto loaded = loadFile(path);
        if (!loaded.population)
            throw std::runtime_error(path + " is no search log");
        auto measured = measuredSearchPairs(*loaded.population, taskFromFileName(path));
        pairs.insert(pairs.end(), measured.begin(), measured.end());
    }
    return trainingExamples(pairs);
}

} // namespace

class TestPretrained : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        const auto examples = trainingExamples(plantedPairs(200, 5));
        m_model = std::make_shared<EmbeddedModel>(EmbeddedModel::train(examples, withRounds(5)));
        writeModel(m_root / "all.kfxmodel", *m_model);
        writeModel(m_root / "without-matmul.kfxmodel", *m_model);
        writeFile(m_root / "manifest.json", kManifest);
    }

    void choosesTheHeldOutModelForACorpusTask()
    {
        const auto models = PretrainedModels::open(m_root);
        QCOMPARE(models.hardware(), std::string("NVIDIA H100 80GB HBM3"));
        QVERIFY(models.hasTask("matmul"));
        const auto matmul = models.modelFor("matmul");
        QCOMPARE(matmul.name, std::string("without-matmul"));
        QVERIFY(matmul.heldOut);
        QCOMPARE(fs::path(matmul.file).filename().string(), std::string("without-matmul.kfxmodel"));
        QCOMPARE(matmul.model->contentHash(), m_model->contentHash());
        const auto other = models.modelFor("conv2d");
        QCOMPARE(other.name, std::string("all"));
        QVERIFY(!other.heldOut);
    }

    void badManifestsNameTheFile_data()
    {
        QTest::addColumn<QString>("manifest");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QStringLiteral("{") << QStringLiteral("manifest.json: not JSON");
        QTest::newRow("format") << QStringLiteral(R"({"format": "kfx-pretrained/9"})")
                                << QStringLiteral("format 'kfx-pretrained/9', expected kfx-pretrained/1");
        QTest::newRow("no models") << QStringLiteral(R"({"format": "kfx-pretrained/1", "tasks": []})")
                                   << QStringLiteral("manifest.json: ");
        QTest::newRow("task without fold") << QStringLiteral(
            R"({"format": "kfx-pretrained/1", "tasks": ["a"], "models": {"all": "x", "without": {}}})")
                                           << QStringLiteral("task a has no held-out model");
        QTest::newRow("escapes the directory") << QStringLiteral(
            R"({"format": "kfx-pretrained/1", "tasks": [], "models": {"all": "../x", "without": {}}})")
                                               << QStringLiteral("'../x' is not a file name");
    }

    void badManifestsNameTheFile()
    {
        QFETCH(QString, manifest);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        writeFile(root / "manifest.json", manifest.toStdString());
        try {
            PretrainedModels::open(root);
            QFAIL("a bad manifest was accepted");
        } catch (const PretrainedModelError &error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("manifest.json")), qPrintable(message));
        }
    }

    void badModelsNameTheirFile()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        writeFile(root / "manifest.json", kManifest);
        writeFile(root / "without-matmul.kfxmodel", "KFXEMB1\n{}\n");
        const auto models = PretrainedModels::open(root);
        for (const auto *task : {"matmul", "other"}) {
            try {
                models.modelFor(task);
                QFAIL("a missing or damaged model was accepted");
            } catch (const PretrainedModelError &error) {
                const QString message = QString::fromStdString(error.what());
                const auto file = std::string_view(task) == "matmul" ? "without-matmul.kfxmodel" : "all.kfxmodel";
                QVERIFY2(message.contains(QString::fromLatin1(file)), qPrintable(message));
            }
        }
    }

    void environmentChoosesTheDirectory()
    {
        qputenv("KFX_PRETRAINED_DIR", m_dir.path().toLocal8Bit());
        QCOMPARE(PretrainedModels::defaultDirectory(), m_root);
        QTemporaryDir empty;
        qputenv("KFX_PRETRAINED_DIR", empty.path().toLocal8Bit());
        QVERIFY(PretrainedModels::defaultDirectory().empty()); // chosen, but holds no models: none, not another
        qunsetenv("KFX_PRETRAINED_DIR");
    }

    void continuedTrainingKeepsTheBaseTrees()
    {
        const auto examples = trainingExamples(plantedPairs(60, 11));
        const auto continued = EmbeddedModel::continueTraining(*m_model, examples, withRounds(3));
        QCOMPARE(m_model->rounds(), 5);
        QCOMPARE(continued.rounds(), 8);
        QVERIFY(continued.contentHash() != m_model->contentHash());
        KFX_VERIFY_THROWS(ModelError, EmbeddedModel::continueTraining(*m_model, std::span(examples).first(10), {}));
    }

    // The workspace keeps a model tied to what it learnt from: continuing another pretrained model, or learning
    // from scratch, on the same kernels is another model.
    void aContinuedModelIsTiedToItsBase()
    {
        const auto examples = trainingExamples(plantedPairs(30, 12));
        const auto scratch = workspace::EmbeddedModelStore::trainingHash(examples);
        const auto continued = workspace::EmbeddedModelStore::trainingHash(examples, m_model->contentHash());
        QVERIFY(continued != scratch);
        QVERIFY(continued != workspace::EmbeddedModelStore::trainingHash(examples, "another model"));
        QCOMPARE(continued, workspace::EmbeddedModelStore::trainingHash(examples, m_model->contentHash()));
    }

    // Real data: pretrained on two CUDA tasks of the H100 corpus, then learning from one search of a fourth
    // (rms_norm's selective search), judged on the other search of that task (its baseline) which neither saw.
    void learningFromANewTaskBeatsThePretrainedModelOnIt()
    {
        QTemporaryDir corpus;
        const auto unpacked = corpusarchive::unpack(QStringLiteral(KFX_CORPUS_ARCHIVE), corpus.path());
        QVERIFY2(unpacked.isEmpty(), qPrintable(unpacked));
        const fs::path root = corpus.path().toStdString();
        const auto base = EmbeddedModel::train(
            corpusExamples(root,
                           {"layer_norm-selective.jsonl", "layer_norm-baseline.jsonl", "transpose-selective.jsonl",
                            "transpose-baseline.jsonl"}),
            withRounds(20));
        const auto arrived = corpusExamples(root, {"rms_norm-selective.jsonl"});
        const auto heldOut = corpusExamples(root, {"rms_norm-baseline.jsonl"});
        QVERIFY(arrived.size() >= 20);
        QVERIFY(heldOut.size() >= 50);
        const auto continued = EmbeddedModel::continueTraining(base, arrived, continuationOptions());
        const auto before = score(base, heldOut);
        const auto after = score(continued, heldOut);
        qInfo("rms_norm baseline search, %zu kernels: pretrained NLL %.3f accuracy %.3f; kept learning from %zu: NLL "
              "%.3f accuracy %.3f",
              heldOut.size(), before.nll, before.accuracy, arrived.size(), after.nll, after.accuracy);
        QVERIFY(after.nll < before.nll);
        QVERIFY(after.accuracy > before.accuracy);
    }

private:
    QTemporaryDir m_dir;
    fs::path m_root;
    std::shared_ptr<EmbeddedModel> m_model;
};

KFX_TEST_GUILESS_MAIN(TestPretrained)

} // namespace
} // namespace tst_pretrained

#include "tst_pretrained.moc"
