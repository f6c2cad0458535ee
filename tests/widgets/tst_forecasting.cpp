// Forecasting from the window: the embedded surrogate, trained on the search's own measured kernels, forecasts
// every kernel that had none, off the GUI thread; the forecasts carry the surrogate's name, live in the
// workspace (the log is untouched) and come back with it. Too few measured kernels are said, not crashed on.

#include "forecasting/forecastrunner.h"
#include "forecasting/llmsettingsdialog.h"
#include "gate/gatecontroller.h"
#include "gate/gatemarks.h"
#include "gate/gatesession.h"
#include "model/speedupbin.h"
#include "populationmodel.h"

#include "gatefixture.h"

#include <QCryptographicHash>
#include <QTemporaryDir>
#include <QTest>

namespace {

int candidatesWithoutForecast(const kfx::Population &population)
{
    int count = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (GateMarks::isCandidate(node) && !node.code.empty() && !GateMarks::forecastOf(node))
            ++count;
    }
    return count;
}

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

} // namespace

class TestForecasting : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { gatetest::setUpApplication(m_translator); }

    void forecastsKernelsWithoutAForecast()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 300));
        const auto hashBefore = fileHash(log);
        {
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            auto *gate = window.gateController();
            const int missing = candidatesWithoutForecast(*window.populationModel()->population());
            QVERIFY(missing > 100);

            QSignalSpy progress(gate->forecastRunner(), &ForecastRunner::progressChanged);
            QSignalSpy finished(gate, &GateController::forecastFinished);
            QVERIFY(gate->forecastMissing());
            QVERIFY(gate->forecastRunner()->isRunning());
            QVERIFY(finished.wait(120000));
            QVERIFY2(!gate->forecastRunner()->isRunning(), qPrintable(gate->forecastStatus()));
            QVERIFY(!progress.isEmpty());

            const auto &population = *window.populationModel()->population();
            QCOMPARE(candidatesWithoutForecast(population), 0);
            int embedded = 0;
            for (std::size_t i = 0; i < population.size(); ++i) {
                const auto *forecast = GateMarks::forecastOf(population.node(i));
                if (forecast && forecast->source == "embedded") {
                    ++embedded;
                    QVERIFY(kfx::isForecastBin(forecast->predictedBin));
                    QVERIFY(!forecast->reasoning.empty());
                }
            }
            QCOMPARE(embedded, missing);
            QVERIFY(gate->forecastStatus().contains(QStringLiteral("by embedded")));
            QCOMPARE(gate->session()->workspace()->forecasts().size(), std::size_t(missing));
            // The gate judges the new forecasts at once.
            QVERIFY(gate->session()->summary().trusted + gate->session()->summary().deferred > 0);
            QCOMPARE(candidatesWithoutForecast(*gate->session()->population()), 0);
        }
        QCOMPARE(fileHash(log), hashBefore);
        {
            // Reopened, the workspace brings the forecasts back onto the same kernels.
            MainWindow window;
            QVERIFY(gatetest::load(window, log));
            QTRY_COMPARE(candidatesWithoutForecast(*window.populationModel()->population()), 0);
        }
    }

    void cancelKeepsTheWindowUsable()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 200));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        QSignalSpy finished(gate, &GateController::forecastFinished);
        QVERIFY(gate->forecastMissing());
        gate->forecastRunner()->cancel();
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QVERIFY(!gate->forecastRunner()->isRunning());
        QVERIFY(gate->forecastStatus().contains(QStringLiteral("ancelled")));
    }

    void tooFewMeasuredKernelsAreSaid()
    {
        QTemporaryDir dir;
        const auto log = dir.filePath(QStringLiteral("events.jsonl"));
        gatetest::writeFile(log, gatetest::generatedLog(kfx::generate::SyntheticKind::PuctV2, 8));
        MainWindow window;
        QVERIFY(gatetest::load(window, log));
        auto *gate = window.gateController();
        QVERIFY(!gate->forecastMissing());
        QVERIFY2(gate->forecastStatus().contains(QStringLiteral("at least 20")), qPrintable(gate->forecastStatus()));
    }

    void llmSettingsKeepTheVariableNameOnly()
    {
        kfx::surrogate::LlmSettings settings;
        settings.endpoint = "http://127.0.0.1:9/v1";
        settings.model = "gpt-oss-20b";
        settings.apiKeyEnv = "KFX_TEST_API_KEY";
        settings.concurrency = 3;
        LlmSettingsDialog::save(settings);
        const auto loaded = LlmSettingsDialog::load();
        QCOMPARE(loaded.endpoint, settings.endpoint);
        QCOMPARE(loaded.apiKeyEnv, settings.apiKeyEnv);
        QCOMPARE(loaded.concurrency, 3);
        QVERIFY(LlmSettingsDialog::isConfigured(loaded));
        LlmSettingsDialog dialog;
        QCOMPARE(dialog.settings().model, settings.model);
    }

private:
    QTranslator m_translator;
};

QTEST_MAIN(TestForecasting)
#include "tst_forecasting.moc"
