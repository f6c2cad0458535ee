// Issue 15's pretrained surrogate in the real window: a search of a corpus task (the H100 corpus's rms_norm
// baseline search, unpacked from the corpus's tar.xz) opened with no workspace is forecast at once, every
// candidate, by the pretrained model that never saw rms_norm (a stand-in here, learnt from the three demo
// searches, in the manifest format the shipped models use): no refusal, the Calibration view and the gate fed
// from those held-out forecasts. Then measurements arrive and the surrogate keeps learning: it continues from the
// pretrained model (its trees kept, more added) and the next forecast says so.

#include "journeychecks.h"

#include "calibration/calibrationsummarymodel.h"
#include "calibration/calibrationview.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastpanel.h"
#include "forecasting/forecastrunner.h"
#include "gate/gatesession.h"
#include "io/fileloader.h"
#include "model/forecastsources.h"
#include "population/populationmodel.h"
#include "session/forecastsourcechoice.h"
#include "session/gatecandidates.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/kernelquery.h"
#include "surrogate/pretrainedmodels.h"
#include "surrogate/searchawareprequential.h"
#include "surrogate/searchpairs.h"

#include "guitest.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QTranslator>

#include <algorithm>

#include "testmain.h"

namespace tst_journey_pretrained {
namespace {

namespace {

int candidatesWithoutForecast(const kfx::Population &population)
{
    return int(gatecandidates::candidatesWithoutForecast(population).size());
}

// A pretrained directory as helper scripts write it: one model that never saw rms_norm, and "all".
void writeStandInModels(const QString &directory, const QStringList &demoLogs)
{
    std::vector<kfx::ComparisonPair> pairs;
    for (const auto &log : demoLogs) {
        const auto path = QFile::encodeName(log).toStdString();
        const auto loaded = kfx::loadFile(path);
        auto measured = kfx::surrogate::measuredSearchPairs(*loaded.population, kfx::surrogate::taskFromFileName(path));
        pairs.insert(pairs.end(), measured.begin(), measured.end());
    }
    kfx::surrogate::TrainingOptions options;
    options.rounds = 10; // a small stand-in
    const auto model = kfx::surrogate::EmbeddedModel::train(kfx::surrogate::trainingExamples(pairs), options);
    const auto bytes = model.save();
    for (const auto *name : {"without-rms_norm.kfxmodel", "all.kfxmodel"}) {
        QFile file(QDir(directory).filePath(QLatin1String(name)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char *>(bytes.data()), qint64(bytes.size()));
    }
    QFile manifest(QDir(directory).filePath(QStringLiteral("manifest.json")));
    QVERIFY(manifest.open(QIODevice::WriteOnly));
    manifest.write(R"({"format": "kfx-pretrained/1", "hardware": "NVIDIA H100 80GB HBM3", "tasks": ["rms_norm"],
                       "models": {"all": "all.kfxmodel", "without": {"rms_norm": "without-rms_norm.kfxmodel"}}})");
}

} // namespace

class TestPretrainedJourney : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journey-pretrained")));
        QVERIFY(m_dir.isValid());
        QVERIFY(journey::unpackCorpus(m_dir.path()));
        m_log = m_dir.filePath(QStringLiteral("rms_norm-baseline.jsonl"));
        QVERIFY(QFile::exists(m_log));
        // Models named from outside (the shipped ones, to time the demo with them) are used as they are.
        if (qEnvironmentVariableIsEmpty("KFX_PRETRAINED_DIR")) {
            QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("pretrained")));
            QTemporaryDir demo;
            writeStandInModels(m_dir.filePath(QStringLiteral("pretrained")), journey::copyDemo(demo));
            qputenv("KFX_PRETRAINED_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("pretrained"))));
        }
        QSettings().setValue(QStringLiteral("gate/forecastOnOpen"), true);
    }

    void aCorpusTaskIsForecastOnOpeningAndKeepsLearning()
    {
        MainWindow window;
        window.resize(journey::kSmallScreen);
        window.show();
        auto *gate = window.gateController();
        auto *runner = window.forecastController()->runner();
        const auto shown = [&window] { return window.populationModel()->population(); };
        QVERIFY(journey::openAndWait(window, {m_log}));

        // Every candidate is forecast without anyone asking, by the model that never saw rms_norm.
        QTRY_VERIFY_WITH_TIMEOUT(!runner->isRunning() && candidatesWithoutForecast(*shown()) == 0, 60000);
        QVERIFY(journey::waitForForecasts(window));
        QVERIFY2(window.forecastController()->forecastStatus().contains(QStringLiteral("never saw this task")),
                 qPrintable(window.forecastController()->forecastStatus()));
        QVERIFY(window.forecastPanel()->notice().isEmpty()); // no refusal
        QCOMPARE(runner->trainings(), 0);
        QVERIFY(window.selectId(QString::fromStdString(shown()->node(shown()->size() - 1).id)));
        QVERIFY(window.forecastPanel()->currentForecast());
        QVERIFY(!window.forecastPanel()->rationale().isEmpty());
        // The gate judges them, and the Calibration view scores them against the search's measurements.
        const auto &summary = gate->session()->summary();
        QVERIFY(summary.trusted + summary.deferred > 50);
        QTRY_VERIFY(window.calibrationView()->summaryModel()->rowCount() > 0);

        // Measurements arrive (the window retrains on them as they land): the surrogate continues from the
        // pretrained model on the search's measured kernels, keeping its trees.
        const auto pretrained = kfx::surrogate::PretrainedModels::open(
                                    kfx::surrogate::PretrainedModels::defaultDirectory())
                                    .modelFor("rms_norm");
        const int pretrainedRounds = pretrained.model->rounds();
        QSignalSpy replaced(runner, &ForecastRunner::modelReplaced);
        window.forecastController()->retrainOnMeasurements();
        QVERIFY(replaced.wait(60000));
        QCOMPARE(runner->trainings(), 1);
        QCOMPARE(runner->embeddedModel()->rounds(), pretrainedRounds + kfx::surrogate::continuationOptions().rounds);
        // A kernel forecast now uses the model that kept learning, and says so.
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(window.selectId(QString::fromStdString(shown()->node(1).id)));
        QVERIFY(window.forecastController()->forecastSelected());
        QVERIFY(finished.wait(60000));
        QVERIFY2(window.forecastController()->forecastStatus().contains(QStringLiteral("pretrained, then trained on")),
                 qPrintable(window.forecastController()->forecastStatus()));
        QVERIFY(window.grab().save(QDir::current().filePath(QStringLiteral("screenshot-pretrained-forecasts.png"))));
    }

    // The selective search logged forecasts of its own (its model, learning from the search's measurements,
    // answered uniform ones before it had 20): the pretrained model's held-out forecasts join them on opening,
    // beside them and never in their place (issue 23). The gate and the Calibration view read the log's own until
    // the gate bar's "Forecasts by" box asks for the embedded model's.
    void aSearchsOwnForecastsAreJoinedByThePretrainedOnes()
    {
        MainWindow window;
        window.resize(journey::kSmallScreen);
        window.show();
        auto *gate = window.gateController();
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(journey::openAndWait(window, {m_dir.filePath(QStringLiteral("rms_norm-selective.jsonl"))}));
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QVERIFY2(window.forecastController()->forecastStatus().contains(QStringLiteral("never saw this task")),
                 qPrintable(window.forecastController()->forecastStatus()));
        const auto &search = *gate->shownSearch().search();
        const auto seenByEmbedded = gate->shownSearch().seenBy("embedded");
        int joined = 0;
        for (std::size_t i = 0; i < search.size(); ++i) {
            const auto &node = search.node(i);
            if (!gatecandidates::isCandidate(node) || node.code.empty())
                continue;
            // The pretrained surrogate explains its forecasts; the search's own logged none (or "no model yet").
            const auto &embedded = seenByEmbedded->node(i).forecasts;
            const bool logsOwn = std::any_of(node.forecasts.begin(), node.forecasts.end(), [](const kfx::Forecast &f) {
                return kfx::sourceOf(f) == kfx::kSearchLogSource;
            });
            joined += logsOwn && !embedded.empty() && !embedded.front().reasoning.empty()
                && !embedded.front().reasoning.starts_with("no model yet");
        }
        QVERIFY2(joined > 100, qPrintable(QString::number(joined)));

        // What the views read: one source at a time, the log's own first.
        const auto readsOnly = [&window](std::string_view source) {
            const auto shown = window.populationModel()->population();
            int candidates = 0;
            for (std::size_t i = 0; i < shown->size(); ++i) {
                const auto &node = shown->node(i);
                if (!gatecandidates::isCandidate(node) || node.code.empty())
                    continue;
                const auto *forecast = gatecandidates::forecastOf(node);
                if (!forecast || kfx::sourceOf(*forecast) != source)
                    return -1;
                ++candidates;
            }
            return candidates;
        };
        QVERIFY(readsOnly(kfx::kSearchLogSource) > 100);
        gate->forecastSources()->choose("embedded");
        QVERIFY(readsOnly("embedded") > 100);
        QTRY_VERIFY(window.calibrationView()->summaryModel()->rowCount() > 0);
    }

    // The window asks the pretrained model about the pair it learnt from: each kernel (without its variant header)
    // against the task's reference.cu, whose speedups the corpus logs state. Its opening forecasts are the pretrained
    // model's continued on the search's measurements before each kernel's step (prequential), inside the
    // search-aware forecaster as kfx-cli search's default has it, for exactly those pairs, and not for the pairs
    // against the search's seed.
    void theOpeningForecastsAreOfTheTaskReferencePairs()
    {
        QTemporaryDir fresh;
        const auto log = fresh.filePath(QStringLiteral("rms_norm-baseline.jsonl"));
        QVERIFY(QFile::copy(m_log, log));
        MainWindow window;
        window.resize(journey::kSmallScreen);
        window.show();
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QVERIFY(journey::openAndWait(window, {log}));
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        const auto shown = window.populationModel()->population();

        const auto loaded = kfx::loadFile(QFile::encodeName(log).toStdString());
        QVERIFY(loaded.population);
        QFile referenceFile(QStringLiteral(KFX_RESOURCES_DIR "/corpus/tasks/rms_norm/reference.cu"));
        QVERIFY(referenceFile.open(QIODevice::ReadOnly));
        const auto reference = referenceFile.readAll().toStdString();
        std::vector<std::size_t> nodes;
        std::vector<kfx::surrogate::KernelRuntimeQuery> againstTask;
        std::vector<kfx::surrogate::KernelRuntimeQuery> againstSeed;
        for (std::size_t i = 0; i < loaded.population->size(); ++i) {
            const auto &node = loaded.population->node(i);
            if (!gatecandidates::isCandidate(node) || node.code.empty())
                continue;
            nodes.push_back(i);
            againstTask.push_back(
                kfx::surrogate::queryForPair(kfx::surrogate::searchPair(*loaded.population, i, reference)));
            againstSeed.push_back(kfx::surrogate::queryForPair(kfx::surrogate::searchPair(*loaded.population, i)));
        }
        QVERIFY2(nodes.size() > 20, qPrintable(QString::number(nodes.size())));
        const auto pretrained = kfx::surrogate::PretrainedModels::open(
                                    kfx::surrogate::PretrainedModels::defaultDirectory())
                                    .modelFor("rms_norm");
        // Each kernel is forecast as kfx-cli search's default forecaster would have at its step: the search-aware
        // forecaster over the pretrained model continued on the measurements of the steps before its own.
        const auto answers = [&](const std::vector<kfx::surrogate::KernelRuntimeQuery> &queries) {
            kfx::surrogate::SearchAwarePrequentialSurrogate surrogate(pretrained.model, *loaded.population, reference);
            std::vector<kfx::surrogate::SurrogateResult> results(queries.size());
            surrogate.forecastBatch(
                queries, kfx::surrogate::CancelFlag(),
                [&](std::size_t index, kfx::surrogate::SurrogateResult result) { results[index] = std::move(result); });
            return results;
        };
        const auto expected = answers(againstTask);
        const auto seedPairs = answers(againstSeed);
        int differFromSeedPairs = 0;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            const auto &id = loaded.population->node(nodes[k]).id;
            const auto index = shown->find(id);
            QVERIFY(index);
            const auto *forecast = gatecandidates::forecastOf(shown->node(*index));
            QVERIFY2(forecast, id.c_str());
            const auto *wanted = std::get_if<kfx::Forecast>(&expected[k].outcome);
            const auto *fromSeed = std::get_if<kfx::Forecast>(&seedPairs[k].outcome);
            QVERIFY(wanted && fromSeed);
            bool differs = false;
            for (std::size_t bin = 0; bin < wanted->probabilities.size(); ++bin) {
                // The workspace keeps forecasts as JSON rows: equal to the digits a double prints with.
                QVERIFY2(std::abs(forecast->probabilities[bin] - wanted->probabilities[bin]) < 1e-9, id.c_str());
                differs |= std::abs(fromSeed->probabilities[bin] - wanted->probabilities[bin]) > 1e-6;
            }
            // The failure mass, which the gate reads, survives the workspace's rows.
            QVERIFY2(wanted->failureProbability > 0.0, id.c_str());
            QVERIFY2(std::abs(forecast->failureProbability - wanted->failureProbability) < 1e-9, id.c_str());
            differFromSeedPairs += differs;
        }
        QVERIFY2(differFromSeedPairs > 0, "the task-reference pairs must matter to this check");
    }

    // The demo as scripts/run opens it (both rms_norm searches): how long after the window appears the search
    // shown has every candidate forecast and the Calibration view has them. Issue 15 asks for 10 s on a 2-core
    // machine in a build without sanitizers: reported, not asserted, since CI machines are shared and slower.
    void theDemoIsForecastSoonAfterTheWindowAppears()
    {
        MainWindow window;
        window.resize(journey::kSmallScreen);
        auto *gate = window.gateController();
        QSignalSpy finished(window.forecastController(), &ForecastController::forecastFinished);
        QElapsedTimer clock;
        clock.start();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Fresh copies: the journeys above left workspaces (with their forecasts) beside the unpacked logs.
        QTemporaryDir fresh;
        QStringList logs;
        for (const auto *name : {"rms_norm-selective.jsonl", "rms_norm-baseline.jsonl"}) {
            logs << fresh.filePath(QLatin1String(name));
            QVERIFY(QFile::copy(m_dir.filePath(QLatin1String(name)), logs.back()));
        }
        QVERIFY(journey::openAndWait(window, logs));
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QTRY_VERIFY(window.calibrationView()->summaryModel()->rowCount() > 0);
        const auto elapsed = clock.elapsed();
        qInfo("demo: %d kernels forecast, calibration shown, %lld ms after the window appeared (%s)",
              int(window.populationModel()->population()->size()), static_cast<long long>(elapsed),
              qPrintable(window.forecastController()->forecastStatus()));
        QVERIFY(window.forecastController()->forecastStatus().contains(QStringLiteral("never saw this task")));
        const auto *summary = window.calibrationView()->summaryModel();
        for (int row = 0; row < summary->rowCount(); ++row) {
            const auto cell = [&](int column) { return summary->index(row, column).data().toString(); };
            qInfo("calibration: %s accuracy %s, Brier %s, ECE %s",
                  qPrintable(cell(CalibrationSummaryModel::SurrogateColumn)),
                  qPrintable(cell(CalibrationSummaryModel::AccuracyColumn)),
                  qPrintable(cell(CalibrationSummaryModel::BrierColumn)),
                  qPrintable(cell(CalibrationSummaryModel::EceColumn)));
        }
        const auto &gated = gate->session()->summary();
        qInfo("gate at its default threshold: %d of %d trusted, %d of %d measured trusted wrong (%d of them failed)",
              gated.trusted, gated.candidates, gated.trustedWrong, gated.trustedMeasured, gated.trustedFailed);
    }

private:
    QTranslator m_translator;
    QTemporaryDir m_dir;
    QString m_log;
};

KFX_TEST_MAIN(TestPretrainedJourney)

} // namespace
} // namespace tst_journey_pretrained

#include "tst_journey_pretrained.moc"
