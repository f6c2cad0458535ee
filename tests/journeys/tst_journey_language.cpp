// kfx in German and in Simplified Chinese: View → Language remembers the choice and asks for a restart; a start in
// either language shows the bundled demo with every dock in that language, numbers in its format, nothing left in
// English that the catalogue translates, and every dock fitting a 1366x768 screen with no text clipped. Each dock
// is left as a screenshot (journey-language-<language>-<dock>.png) to look at.

#include "journeychecks.h"

#include "calibration/qtcharts.h"
#include "catalogue.h"
#include "common/displaytext.h"
#include "forecasting/rationaletext.h"
#include "gate/gatecontroller.h"
#include "languagechooser.h"
#include "model/speedupbin.h"
#include "population/populationfilterbar.h"
#include "surrogate/kernelfeatures.h"
#include "surrogate/searchawareforecaster.h"

#include "guitest.h"

#include <QAbstractItemView>
#include <QAction>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QTranslator>

#include "testmain.h"

namespace tst_journey_language {
namespace {

namespace {

const QString kLanguageKey = QStringLiteral("View/language");

// Every text the window shows in words: labels, buttons, menu titles and entries, dock titles, column headers.
QStringList shownTexts(const MainWindow &window)
{
    QStringList texts;
    for (const auto *label : window.findChildren<QLabel *>())
        texts << label->text();
    for (const auto *button : window.findChildren<QAbstractButton *>())
        texts << button->text();
    for (const auto *dock : window.findChildren<QDockWidget *>())
        texts << dock->windowTitle();
    for (const auto *action : window.menuBar()->actions()) {
        texts << action->text();
        if (action->menu()) {
            for (const auto *entry : action->menu()->actions())
                texts << entry->text();
        }
    }
    for (const auto *view : window.findChildren<QAbstractItemView *>()) {
        if (!view->model())
            continue;
        for (int column = 0; column < view->model()->columnCount(); ++column)
            texts << view->model()->headerData(column, Qt::Horizontal).toString();
    }
    return texts;
}

// The numbers the visible charts print on their axes (Qt Charts draws each label as a text item of its scene).
QStringList chartNumbers(const MainWindow &window)
{
    static const QRegularExpression number(QStringLiteral("^[-−]?[0-9][0-9.,]*×?$"));
    QStringList numbers;
    for (const auto *view : window.findChildren<QChartView *>()) {
        if (!view->isVisible() || !view->scene())
            continue;
        for (const auto *item : view->scene()->items()) {
            QString text;
            if (const auto *rich = qgraphicsitem_cast<const QGraphicsTextItem *>(item))
                text = rich->toPlainText();
            else if (const auto *simple = qgraphicsitem_cast<const QGraphicsSimpleTextItem *>(item))
                text = simple->text();
            if (item->isVisible() && number.match(text).hasMatch())
                numbers << text;
        }
    }
    return numbers;
}

} // namespace

class TestLanguageJourney : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(guitest::setUpApplication(m_english, QStringLiteral("kfx-journey-language")));
        // Each test installs the catalogues a start in its language would.
        QApplication::removeTranslator(&m_english);
        QSettings().remove(kLanguageKey);
    }

    void cleanup()
    {
        QSettings().remove(kLanguageKey);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // View → Language → Deutsch is remembered for the next start, which a message says; System forgets it.
    void chooseInTheMenu()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *system = window.findChild<QAction *>(QStringLiteral("language-system"));
        auto *german = window.findChild<QAction *>(QStringLiteral("language-de"));
        auto *chinese = window.findChild<QAction *>(QStringLiteral("language-zh_CN"));
        QVERIFY(system && german && chinese && window.findChild<QAction *>(QStringLiteral("language-en")));
        QVERIFY(system->isChecked());
        QCOMPARE(german->text(), QStringLiteral("Deutsch"));
        QCOMPARE(chinese->text(), QStringLiteral("中文"));

        german->trigger();
        QVERIFY(german->isChecked() && !system->isChecked());
        QCOMPARE(QSettings().value(kLanguageKey).toString(), QStringLiteral("de"));
        QCOMPARE(LanguageChooser::chosenLanguage(), QStringLiteral("de"));
        auto *message = window.findChild<QMessageBox *>(QStringLiteral("languageRestartMessage"));
        QVERIFY(message);
        QTRY_VERIFY(message->isVisible());
        message->close();

        system->trigger();
        QVERIFY(system->isChecked());
        QCOMPARE(LanguageChooser::chosenLanguage(), QString());
    }

    // The bins' names the views show are core's enum names in words, so that a translation starts from them.
    void binNamesAreCoresInWords()
    {
        for (int bin = 0; bin <= 8; ++bin) {
            const auto name = kfx::binName(bin);
            QCOMPARE(
                binDescription(bin),
                QString::fromUtf8(name.data(), int(name.size())).toLower().replace(QLatin1Char('_'), QLatin1Char(' ')));
        }
    }

    void rationalesInTheLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("opening");
        QTest::newRow("de") << QStringLiteral("de")
                            << QStringLiteral("Bin 4 (leichte Verlangsamung (0,71x–1,0x)) mit p=0,38. Dafür: ");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                               << QStringLiteral("区间 4（轻微减速 (0.71x–1.0x)），p=0.38. 支持：");
    }

    // Every reason the embedded model gives and a search-aware forecast's rationale, as core/ writes them, are said
    // in the window's language: they were English in a German window.
    void rationalesInTheLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QString, opening);
        QSettings().setValue(kLanguageKey, language);
        QTranslator kfxCatalogue;
        QTranslator qtCatalogue;
        LanguageChooser::installCatalogues(kfxCatalogue, qtCatalogue);

        using namespace kfx::surrogate;
        const auto bin = QString::fromUtf8(kfx::binLabel(4).data());
        for (std::size_t group = 0; group < kTraitCount + kPairFeatureCount; ++group) {
            for (const auto &[before, after] :
                 {std::pair{0.0f, 2.0f}, {1.0f, 3.0f}, {3.0f, 1.0f}, {2.0f, 0.0f}, {0.0f, 0.0f}, {2.0f, 2.0f}}) {
                FeatureRow row{};
                if (group < kTraitCount) {
                    row[referenceColumn(Trait(group))] = before;
                    row[candidateColumn(Trait(group))] = after;
                } else {
                    row[pairColumn(PairFeature(group - kTraitCount))] = after;
                }
                const auto reason = QString::fromStdString(describeGroup(row, group));
                const auto rationale = QStringLiteral(
                                           "Bin 4 (%1) at p=0.38. For it: %2; 12 lines added. Against it: %2.")
                                           .arg(bin, reason);
                const auto shown = translatedRationale(rationale);
                QVERIFY2(shown.startsWith(opening) && !shown.contains(reason),
                         qPrintable(rationale + QStringLiteral(" → ") + shown));
            }
        }

        SearchAwareForecaster forecaster(BinPrior::everyBinAlike());
        // The same edit (2 → 3) made to another parent.
        const auto parent = codeShingles("x = torch.relu(y) * 2");
        const auto otherParent = codeShingles("w = torch.relu(y) * 2");
        forecaster.remember(0, parent, std::nullopt, 4);
        forecaster.remember(1, codeShingles("x = torch.relu(y) * 3"), MeasuredParent{4, &parent}, kfx::kFailureBin);
        const auto forecast = forecaster.forecast(codeShingles("w = torch.relu(y) * 3"),
                                                  MeasuredParent{4, &otherParent}, nullptr);
        const auto rationale = QString::fromStdString(forecast.forecast.reasoning);
        QVERIFY2(rationale.startsWith(QStringLiteral("The parent measured bin 4. Nearest measured: #"))
                     && rationale.contains(QStringLiteral("Similar earlier edits: 1 of 1 failed")),
                 qPrintable(rationale));
        const auto shown = translatedRationale(rationale);
        QVERIFY2(!shown.contains(QStringLiteral("parent")) && !shown.contains(QStringLiteral("Weights"))
                     && !shown.contains(QStringLiteral("edits")),
                 qPrintable(shown));
        // Where the forecast is anchored on the parent's speedup, the rationale says where edits like it went.
        kfx::Forecast editsElsewhere;
        editsElsewhere.probabilities[4] = 1.0;
        editsElsewhere.predictedBin = 5;
        const auto anchored = QString::fromStdString(
            forecaster
                .forecast(codeShingles("w = torch.relu(y) * 3"), MeasuredParent{4, &otherParent}, nullptr,
                          &editsElsewhere)
                .forecast.reasoning);
        QVERIFY2(anchored.contains(QStringLiteral("Edits like this one, on other tasks, would take it to bin 5 (100 %).")),
                 qPrintable(anchored));
        const auto anchoredShown = translatedRationale(anchored);
        QVERIFY2(!anchoredShown.contains(QStringLiteral("Edits like")) && !anchoredShown.contains(QStringLiteral("parent")),
                 qPrintable(anchoredShown));

        // An LLM's own words are shown as written, not half translated.
        const auto llm = QStringLiteral("Bin 4 (%1) at p=0.38. The kernel fuses two loads.").arg(bin);
        QCOMPARE(translatedRationale(llm), llm);
        QApplication::removeTranslator(&kfxCatalogue);
        QApplication::removeTranslator(&qtCatalogue);
    }

    void everyDockInTheLanguage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QLocale::Language>("localeLanguage");
        QTest::addColumn<QString>("thousandAndAHalf");
        // The published number formats: German groups thousands with a dot and writes a decimal comma, Chinese
        // as English does.
        QTest::newRow("de") << QStringLiteral("de") << QLocale::German << QStringLiteral("1.234,5");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QLocale::Chinese << QStringLiteral("1,234.5");
    }

    void everyDockInTheLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QLocale::Language, localeLanguage);
        QFETCH(QString, thousandAndAHalf);

        QSettings().setValue(kLanguageKey, language);
        QTranslator kfxCatalogue;
        QTranslator qtCatalogue;
        LanguageChooser::installCatalogues(kfxCatalogue, qtCatalogue);
        QVERIFY(!kfxCatalogue.isEmpty());
        QCOMPARE(QLocale().language(), localeLanguage);
        QCOMPARE(QLocale().toString(1234.5, 'f', 1), thousandAndAHalf);

        // Which texts are English ones the catalogue has another word for.
        QSet<QString> untranslated;
        const auto catalogue = catalogue::readCatalogue(
            QStringLiteral(KFX_SOURCE_DIR "/translations/kfx_%1.ts").arg(language));
        QVERIFY(!catalogue.isEmpty());
        for (const auto &message : catalogue) {
            if (!message.numerus && message.translations.value(0) != message.source)
                untranslated.insert(message.source);
        }

        QTemporaryDir dir;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(journey::openAndWait(window, journey::copyDemo(dir)));
            QVERIFY(journey::waitForForecasts(window));
            // The filters stay whole where their words are wider than the pane: they scroll sideways, and the
            // scroll bar no longer covers their last row (issue 23: German lost "Surrogat-Fehlgriffe" under it).
            const auto *filters = window.findChild<PopulationFilterBar *>();
            QVERIFY(filters);
            QVERIFY2(filters->parentWidget()->height() >= filters->minimumSizeHint().height(),
                     qPrintable(QStringLiteral("%1 of %2 pixels")
                                    .arg(filters->parentWidget()->height())
                                    .arg(filters->minimumSizeHint().height())));
            auto docks = window.findChildren<QDockWidget *>();
            QVERIFY(docks.size() >= 4);
            for (auto *dock : std::as_const(docks))
                dock->hide();
            const QSize room(journey::kSmallScreen.width(), journey::kSmallScreen.height() - journey::kDesktopChrome);
            qsizetype charted = 0;
            for (auto *dock : std::as_const(docks)) {
                dock->show();
                QCoreApplication::processEvents();
                const auto problems = journey::fitProblems(window, journey::kSmallScreen);
                const auto clipped = journey::clippedTexts(window);
                // Saved before the checks, so that a failure can be looked at.
                QVERIFY(
                    window.grab().save(QStringLiteral("journey-language-%1-%2.png").arg(language, dock->objectName())));
                QVERIFY2(problems.isEmpty(),
                         qPrintable(dock->objectName() + QLatin1String(": ") + problems.join(QLatin1Char('\n'))));
                QVERIFY2(clipped.isEmpty(),
                         qPrintable(dock->objectName() + QLatin1String(": ") + clipped.join(QLatin1Char('\n'))));
                QCOMPARE(window.size(), room);
                // A chart's axis writes its decimals as the text around it does ("2,00" in German, never "2.00").
                if (QLocale().decimalPoint() != QLatin1Char('.')) {
                    static const QRegularExpression pointDecimal(QStringLiteral("[0-9]\\.[0-9]{1,2}(×)?$"));
                    const auto numbers = chartNumbers(window);
                    for (const auto &text : numbers)
                        QVERIFY2(!pointDecimal.match(text).hasMatch(),
                                 qPrintable(dock->objectName() + QLatin1String(": ") + numbers.join(QLatin1Char(' '))));
                    charted += numbers.size();
                }
                dock->hide();
            }

            // German writes decimal commas: the docks' charts were read, not skipped.
            QVERIFY(QLocale().decimalPoint() == QLatin1Char('.') || charted > 0);

            QStringList english;
            for (const auto &text : shownTexts(window)) {
                if (untranslated.contains(text))
                    english << text;
            }
            english.removeDuplicates();
            QVERIFY2(english.isEmpty(),
                     qPrintable(QStringLiteral("shown in English: ") + english.join(QStringLiteral(" | "))));
        }
        QApplication::removeTranslator(&kfxCatalogue);
        QApplication::removeTranslator(&qtCatalogue);
    }

private:
    QTranslator m_english;
};

KFX_TEST_MAIN(TestLanguageJourney)

} // namespace
} // namespace tst_journey_language

#include "tst_journey_language.moc"
