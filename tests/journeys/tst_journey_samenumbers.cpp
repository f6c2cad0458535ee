// Issue 23's same-numbers journey: one search log, opened four ways, shows one set of figures. The demo's selective
// rms_norm search (H100 corpus, unpacked from the corpus's tar.xz as scripts/run unpacks it) is opened with its
// baseline, alone, reopened with the workspace the first opening wrote, and followed while its log grows. Each time
// the window forecasts it with the pretrained embedded surrogate (each kernel from the measurements before its step),
// and for each source the gate bar offers (the log's own forecasts, then the embedded model's) the gate's counts, its
// observed risk and the Calibration view's figures must be the same to the last digit.
// Before, a followed log never forecast the kernels appended to it, the figures depended on how it was opened, and
// the embedded model's forecasts took the place of the log's own.

#include "journeychecks.h"

#include "calibration/calibrationsummarymodel.h"
#include "calibration/calibrationview.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastrunner.h"
#include "io/fileloader.h"
#include "model/forecastsources.h"
#include "population/populationmodel.h"
#include "session/forecastsourcechoice.h"
#include "session/gatecandidates.h"

#include "guitest.h"

#include <QComboBox>
#include <QSettings>
#include <QTranslator>

#include "testmain.h"

namespace tst_journey_samenumbers {
namespace {

namespace {

// What a researcher would cite from the window, for each source of forecasts: the gate's counters and the
// Calibration view's rows.
struct Figures {
    struct OfSource {
        GateSession::Summary gate;
        QString calibration;
    };
    std::vector<OfSource> sources;

    QString text() const
    {
        QStringList parts;
        for (const auto &[gate, calibration] : sources)
            parts << QStringLiteral("%1 candidates, %2 trusted, %3 deferred; %4 of %5 trusted measured kernels wrong, "
                                    "%6 of them failed\n%7")
                         .arg(gate.candidates)
                         .arg(gate.trusted)
                         .arg(gate.deferred)
                         .arg(gate.trustedWrong)
                         .arg(gate.trustedMeasured)
                         .arg(gate.trustedFailed)
                         .arg(calibration);
        return parts.join(QStringLiteral("\n\n"));
    }
};

// Every cell of the Calibration view's summary, a row a line.
QString calibrationText(const CalibrationView &view)
{
    const auto *model = view.summaryModel();
    QStringList rows;
    for (int row = 0; row < model->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < model->columnCount(); ++column)
            cells << model->index(row, column).data().toString();
        rows << cells.join(QLatin1Char('\t'));
    }
    return rows.join(QLatin1Char('\n'));
}

// Candidates with code the window's embedded surrogate has not forecast (the log's own forecasts don't count).
int withoutEmbeddedForecast(const SearchWithForecasts &shown)
{
    const auto &population = *shown.search();
    const auto embedded = shown.forecastBy("embedded");
    int missing = 0;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        missing += gatecandidates::isCandidate(node) && !node.code.empty() && !embedded[i];
    }
    return missing;
}

// Waits until every candidate of the search shown has the embedded surrogate's forecast; then, for each source
// chosen in the gate bar as a person chooses it, until the Calibration view scores that source, and reads the
// figures.
bool settledFigures(MainWindow &window, Figures &figures)
{
    auto *gate = window.gateController();
    auto *runner = window.forecastController()->runner();
    const auto settled = [&] {
        const auto &shown = gate->shownSearch();
        return shown && !runner->isRunning() && withoutEmbeddedForecast(shown) == 0;
    };
    if (!QTest::qWaitFor(settled, 120000))
        return false;
    auto *box = window.findChild<QComboBox *>(QStringLiteral("forecastSourceBox"));
    if (!box || box->count() != 2)
        return false;
    figures = {};
    for (const std::string &source : {std::string(kfx::kSearchLogSource), std::string("embedded")}) {
        box->setCurrentIndex(box->findData(QString::fromStdString(source)));
        Q_EMIT box->activated(box->currentIndex());
        const auto label = QString::fromStdString(source);
        const auto other = QString::fromStdString(source == "embedded" ? std::string(kfx::kSearchLogSource)
                                                                       : std::string("embedded"));
        // The Calibration view scores the chosen source alone, once it has caught up with the choice.
        const auto scored = [&] {
            const auto text = calibrationText(*window.calibrationView());
            return text.contains(label) && !text.contains(other);
        };
        if (gate->forecastSources()->shown() != source || !QTest::qWaitFor(scored, 60000))
            return false;
        QString calibration;
        do {
            calibration = calibrationText(*window.calibrationView());
            QTest::qWait(300);
        } while (calibration != calibrationText(*window.calibrationView()));
        figures.sources.push_back({gate->session()->summary(), calibration});
    }
    return true;
}

} // namespace

class TestSameNumbersJourney : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_translator, QStringLiteral("kfx-journey-samenumbers")));
        QVERIFY(m_corpus.isValid());
        QVERIFY(journey::unpackCorpus(m_corpus.path()));
        QVERIFY(QFile::exists(m_corpus.filePath(kSelective)));
        QVERIFY(QFile::exists(m_corpus.filePath(kBaseline)));
        QSettings().setValue(QStringLiteral("gate/forecastOnOpen"), true);
        // The models kfx ships, as a user's kfx forecasts with them on opening (ctest runs tests without any).
        qputenv("KFX_PRETRAINED_DIR", KFX_PRETRAINED_MODELS_DIR);
    }

    // The reference figures: the demo as scripts/run opens it, the selective search shown beside its baseline.
    void openedWithItsBaseline()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.resize(journey::kSmallScreen);
        window.show();
        QVERIFY(journey::openAndWait(window, {copy(dir, kSelective), copy(dir, kBaseline)}));
        QCOMPARE(window.searchSelector()->currentIndex(), 0);
        // Nobody chose yet: the log carries its own forecasts, and those are what the window shows first.
        QCOMPARE(window.gateController()->forecastSources()->shown(), std::string(kfx::kSearchLogSource));
        QVERIFY(settledFigures(window, m_reference));
        QCOMPARE(int(m_reference.sources.size()), 2);
        qInfo("%s", qPrintable(m_reference.text()));
        // Figures worth comparing: under each source the gate trusts some kernels, some of them measured, and
        // Calibration scores them; the two sources' figures differ, so each is read from its own forecasts.
        for (const auto &source : m_reference.sources)
            QVERIFY2(source.gate.trusted > 50 && source.gate.trustedMeasured > 50, qPrintable(m_reference.text()));
        QVERIFY(m_reference.sources[0].calibration != m_reference.sources[1].calibration);

        // The opening's forecast run counts the embedded model's forecasts; shown the log's, its line says so.
        QVERIFY2(window.forecastController()->forecastStatus().contains(QStringLiteral("by embedded"))
                     && !window.forecastController()->forecastStatus().contains(QStringLiteral("Not shown")),
                 qPrintable(window.forecastController()->forecastStatus()));
        auto *box = window.findChild<QComboBox *>(QStringLiteral("forecastSourceBox"));
        box->setCurrentIndex(box->findData(QString::fromStdString(std::string(kfx::kSearchLogSource))));
        Q_EMIT box->activated(box->currentIndex());
        // It says so first, where the bar's shortening of a long line cannot reach.
        QVERIFY2(window.forecastController()->forecastStatus().startsWith(
                     QStringLiteral("Not shown (Forecasts by shows the search log's own): ")),
                 qPrintable(window.forecastController()->forecastStatus()));
    }

    // Alone, then reopened over the workspace that first opening wrote (its forecasts restored, not made again).
    void openedAloneAndReopened()
    {
        QVERIFY(!m_reference.sources.empty());
        QTemporaryDir dir;
        const auto log = copy(dir, kSelective);
        for (const auto *how : {"alone", "reopened"}) {
            MainWindow window;
            window.resize(journey::kSmallScreen);
            window.show();
            QVERIFY(journey::openAndWait(window, {log}));
            Figures figures;
            QVERIFY2(settledFigures(window, figures), how);
            QVERIFY2(figures.text() == m_reference.text(),
                     qPrintable(QStringLiteral("%1:\n%2\nagainst\n%3")
                                    .arg(QLatin1String(how), figures.text(), m_reference.text())));
        }
    }

    // Followed from 40 % of its log while the rest is appended: the appended kernels are forecast as they arrive.
    void followedWhileItGrows()
    {
        QVERIFY(!m_reference.sources.empty());
        QTemporaryDir dir;
        QFile source(m_corpus.filePath(kSelective));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const auto lines = source.readAll().split('\n');
        const auto log = dir.filePath(kSelective);
        const auto writeLines = [&](qsizetype from, qsizetype to, QIODevice::OpenMode mode) {
            QFile out(log);
            QVERIFY(out.open(mode));
            for (auto i = from; i < to; ++i)
                if (!lines[i].isEmpty())
                    out.write(lines[i] + '\n');
        };
        const auto before = lines.size() * 2 / 5;
        writeLines(0, before, QIODevice::WriteOnly);

        MainWindow window;
        window.resize(journey::kSmallScreen);
        window.show();
        QVERIFY(journey::openAndWait(window, {log}));
        Figures partial;
        QVERIFY(settledFigures(window, partial));
        QVERIFY2(partial.sources.at(0).gate.candidates < m_reference.sources.at(0).gate.candidates,
                 qPrintable(partial.text()));

        writeLines(before, lines.size(), QIODevice::Append);
        const auto whole = kfx::loadFile(QFile::encodeName(m_corpus.filePath(kSelective)).toStdString());
        QVERIFY(whole.population);
        QTRY_COMPARE_WITH_TIMEOUT(window.populationModel()->population()->size(), whole.population->size(), 60000);
        Figures followed;
        QVERIFY(settledFigures(window, followed));
        QCOMPARE(followed.text(), m_reference.text());
    }

private:
    static constexpr auto kSelective = QLatin1String("rms_norm-selective.jsonl");
    static constexpr auto kBaseline = QLatin1String("rms_norm-baseline.jsonl");

    QString copy(const QTemporaryDir &dir, QLatin1String name) const
    {
        const auto path = dir.filePath(name);
        return QFile::copy(m_corpus.filePath(name), path) ? path : QString();
    }

    QTranslator m_translator;
    QTemporaryDir m_corpus;
    Figures m_reference;
};

KFX_TEST_MAIN(TestSameNumbersJourney)

} // namespace
} // namespace tst_journey_samenumbers

#include "tst_journey_samenumbers.moc"
