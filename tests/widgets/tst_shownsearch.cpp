// The search the window shows (issue 23): the file's search with the window's measurements folded into one copy,
// its forecasts held beside it, and the chosen source's view of it; made on a thread for a large search, where
// only the newest request is shown. Checked on the H100 corpus's rms_norm selective search.

#include "io/fileloader.h"
#include "model/forecastsources.h"
#include "session/gatecandidates.h"
#include "session/shownsearchcomposer.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

#include "testmain.h"

namespace tst_shownsearch {
namespace {

using Composed = std::vector<ShownSearch>;

std::shared_ptr<const kfx::Population> corpusSearch()
{
    auto loaded = kfx::loadFile(KFX_TEST_DATA_DIR "/corpus/rms_norm-selective.jsonl");
    return std::move(loaded.population);
}

// An embedded forecast of bin 5 for every candidate, as a forecast run hands them in.
auto embeddedForecasts(const kfx::Population &search)
{
    auto forecasts = std::make_shared<std::vector<forecastrecords::NodeForecast>>();
    for (std::size_t i = 0; i < search.size(); ++i) {
        if (!gatecandidates::isCandidate(search.node(i)))
            continue;
        kfx::Forecast forecast;
        forecast.probabilities[4] = 1.0;
        forecast.predictedBin = 5;
        forecast.source = std::string(forecastrecords::kEmbeddedSource);
        forecasts->emplace_back(search.node(i).id, forecast);
    }
    return std::shared_ptr<const std::vector<forecastrecords::NodeForecast>>(std::move(forecasts));
}

std::size_t countForecastsOf(const kfx::Population &search, std::string_view source)
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < search.size(); ++i) {
        const auto &forecasts = search.node(i).forecasts;
        count += std::count_if(forecasts.begin(), forecasts.end(),
                               [source](const kfx::Forecast &forecast) { return kfx::sourceOf(forecast) == source; });
    }
    return count;
}

// Records every search the composer emits, with whether compose() had returned.
struct Recorder {
    explicit Recorder(ShownSearchComposer &composer)
    {
        QObject::connect(&composer, &ShownSearchComposer::composed,
                         [this](const ShownSearch &search) { shown.push_back(search); });
    }
    Composed shown;
};

} // namespace

class TestShownSearch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void additionsJoinTheSearchAsEachSourceSeesIt()
    {
        const auto search = corpusSearch();
        QVERIFY(search && search->size() > 10);
        const auto forecasts = embeddedForecasts(*search);
        const auto candidates = forecasts->size();
        const auto logsOwn = countForecastsOf(*search, kfx::kSearchLogSource);
        QVERIFY(logsOwn > 0);
        // A deferred kernel measured from the window becomes a measured one.
        std::size_t deferred = 0;
        while (deferred < search->size() && search->node(deferred).status != kfx::NodeStatus::Deferred)
            ++deferred;
        QVERIFY(deferred < search->size());
        kfx::EvaluationOutcome outcome;
        outcome.kind = kfx::OutcomeKind::Success;
        outcome.reward = outcome.aggregatedSpeedup = 1.25;
        const auto measurements = std::make_shared<const std::vector<measurementrecords::NodeMeasurement>>(
            std::vector<measurementrecords::NodeMeasurement>{{search->node(deferred).id, outcome}});

        ShownSearchComposer composer;
        Recorder recorder(composer);
        composer.compose({search, {forecasts}, {measurements}, {}});
        QCOMPARE(recorder.shown.size(), std::size_t(1)); // a corpus search is shown before compose() returns
        const auto &shown = recorder.shown.front();
        const auto &measured = shown.everyForecast.search();
        QVERIFY(measured != search); // the file's search is never modified
        QCOMPARE(countForecastsOf(*search, forecastrecords::kEmbeddedSource), std::size_t(0));
        QCOMPARE(measured->node(deferred).status, kfx::NodeStatus::NotAdmitted);
        QCOMPARE(measured->node(deferred).evaluation->measuredSpeedup(), std::optional<double>(1.25));
        // The forecasts added are beside the search, and each source sees its own.
        QCOMPARE(countForecastsOf(*measured, forecastrecords::kEmbeddedSource), std::size_t(0));
        QCOMPARE(countForecastsOf(*shown.everyForecast.seenBy(forecastrecords::kEmbeddedSource),
                                  forecastrecords::kEmbeddedSource),
                 candidates);
        const auto forecastByTheWindow = shown.everyForecast.forecastBy(forecastrecords::kEmbeddedSource);
        QCOMPARE(std::size_t(std::count(forecastByTheWindow.begin(), forecastByTheWindow.end(), true)), candidates);
        QVERIFY(!forecastByTheWindow[search->roots().front()]); // the seed is never forecast
        // Nobody chose: the log's own forecasts are shown, the embedded ones added beside them.
        QCOMPARE(shown.everyForecast.sources(),
                 (std::vector<std::string>{std::string(kfx::kSearchLogSource),
                                           std::string(forecastrecords::kEmbeddedSource)}));
        QCOMPARE(shown.visibleSource, std::string(kfx::kSearchLogSource));
        QCOMPARE(countForecastsOf(*shown.visible, forecastrecords::kEmbeddedSource), std::size_t(0));
        QCOMPARE(countForecastsOf(*shown.visible, kfx::kSearchLogSource), logsOwn);
        QCOMPARE(shown.visible->node(deferred).status, kfx::NodeStatus::NotAdmitted);

        // A person's choice decides which forecasts every view sees.
        composer.compose({search, {forecasts}, {measurements}, std::string(forecastrecords::kEmbeddedSource)});
        QCOMPARE(recorder.shown.size(), std::size_t(2));
        const auto &chosen = recorder.shown.back();
        QCOMPARE(chosen.visibleSource, std::string(forecastrecords::kEmbeddedSource));
        QCOMPARE(countForecastsOf(*chosen.visible, forecastrecords::kEmbeddedSource), candidates);
        QCOMPARE(countForecastsOf(*chosen.visible, kfx::kSearchLogSource), std::size_t(0));
    }

    void nothingAddedShowsTheFilesOwnSearch()
    {
        const auto search = corpusSearch();
        ShownSearchComposer composer;
        Recorder recorder(composer);
        composer.compose({search, {}, {}, {}});
        QCOMPARE(recorder.shown.size(), std::size_t(1));
        QCOMPARE(recorder.shown.front().everyForecast.search(), search);
        QCOMPARE(recorder.shown.front().visible, search); // only the log's own: nothing to drop, nothing copied
    }

    // The embedded forecasts of the opening, while the log's own are shown: the views see the file's search, and
    // nothing is copied (a copy with every forecast in it was 64 MB of the 80,000-kernel log's peak).
    void anotherSourcesForecastsLeaveTheViewAsLoaded()
    {
        const auto search = corpusSearch();
        const auto forecasts = embeddedForecasts(*search);
        ShownSearchComposer composer;
        Recorder recorder(composer);
        composer.compose({search, {forecasts}, {}, {}});
        QCOMPARE(recorder.shown.size(), std::size_t(1));
        const auto &shown = recorder.shown.front();
        QCOMPARE(shown.everyForecast.search(), search);
        QVERIFY(shown.everyForecast.adds(forecastrecords::kEmbeddedSource));
        QCOMPARE(shown.visibleSource, std::string(kfx::kSearchLogSource));
        QCOMPARE(shown.visible, search);
    }

    // Past the composer's limit (0 here) a search is made on a thread; a request made meanwhile replaces it.
    void aLargeSearchIsMadeOnAThreadAndOnlyTheNewestIsShown()
    {
        const auto search = corpusSearch();
        const auto forecasts = embeddedForecasts(*search);
        ShownSearchComposer composer(nullptr, 0);
        Recorder recorder(composer);
        composer.compose({search, {}, {}, {}});
        composer.compose({search, {forecasts}, {}, {}});
        QVERIFY(recorder.shown.empty()); // the GUI thread goes on
        QTRY_COMPARE_WITH_TIMEOUT(recorder.shown.size(), std::size_t(1), 30000);
        QCOMPARE(countForecastsOf(*recorder.shown.front().everyForecast.seenBy(forecastrecords::kEmbeddedSource),
                                  forecastrecords::kEmbeddedSource),
                 forecasts->size());
        QTest::qWait(200);
        QCOMPARE(recorder.shown.size(), std::size_t(1)); // the first request's search never arrives
    }

    void aForgottenSearchIsNeverShown()
    {
        const auto search = corpusSearch();
        const auto forecasts = embeddedForecasts(*search);
        ShownSearchComposer composer(nullptr, 0);
        Recorder recorder(composer);
        composer.compose({search, {forecasts}, {}, {}});
        composer.forget(); // another search is shown meanwhile
        QTest::qWait(500);
        QVERIFY(recorder.shown.empty());
        composer.compose({search, {}, {}, {}});
        QTRY_COMPARE_WITH_TIMEOUT(recorder.shown.size(), std::size_t(1), 30000);
        QCOMPARE(recorder.shown.front().everyForecast.search(), search);
    }
};

KFX_TEST_MAIN(TestShownSearch)

} // namespace tst_shownsearch

#include "tst_shownsearch.moc"
