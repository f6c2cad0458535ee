#include "shownsearchcomposer.h"

#include "forecastsourcechoice.h"

ShownSearchComposer::ShownSearchComposer(QObject *parent, std::size_t synchronousNodes)
    : QObject(parent)
    , m_synchronousNodes(synchronousNodes)
    , m_thread(this)
{
}

void ShownSearchComposer::compose(Parts parts)
{
    if (!parts.search || parts.search->size() <= m_synchronousNodes) {
        m_thread.forget();
        Q_EMIT composed(make(parts));
        return;
    }
    m_thread.run([this, parts = std::move(parts)]() -> NewestOnThread::Delivery {
        return [this, search = make(parts)] { Q_EMIT composed(search); };
    });
}

void ShownSearchComposer::forget()
{
    m_thread.forget();
}

ShownSearch ShownSearchComposer::make(const Parts &parts)
{
    auto search = parts.search;
    if (search && !parts.measurements.empty()) {
        // One copy for all of them, each batch in the order it came.
        auto copy = std::make_shared<kfx::Population>(*search);
        for (const auto &batch : parts.measurements)
            measurementrecords::applyMeasurements(*copy, *batch);
        search = std::move(copy);
    }
    ShownSearch shown;
    shown.everyForecast = SearchWithForecasts(std::move(search), parts.forecasts);
    if (!shown.everyForecast)
        return shown;
    shown.visibleSource = ForecastSourceChoice::shownOf(shown.everyForecast.sources(), parts.chosenSource);
    // On opening, the embedded forecasts arrive while the log's own are shown: the views see the search as loaded,
    // and nothing is copied.
    shown.visible = shown.everyForecast.seenBy(shown.visibleSource);
    return shown;
}
