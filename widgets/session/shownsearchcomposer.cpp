#include "shownsearchcomposer.h"

#include "forecastsourcechoice.h"
#include "model/forecastsources.h"

#include <algorithm>

namespace {

// Whether what the window added changes the search as `source` sees it: measurements always do, forecasts only
// when they are that source's.
bool addsToTheView(const ShownSearchComposer::Parts &parts, std::string_view source)
{
    return !parts.measurements.empty()
        || std::any_of(parts.forecasts.begin(), parts.forecasts.end(), [source](const auto &batch) {
               return std::any_of(batch->begin(), batch->end(),
                                  [source](const auto &forecast) { return kfx::sourceOf(forecast.second) == source; });
           });
}

} // namespace

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
    ShownSearch shown;
    shown.withEveryForecast = parts.search;
    if (parts.search && (!parts.forecasts.empty() || !parts.measurements.empty())) {
        // One copy for all of them: measurements after forecasts, each batch in the order it came.
        auto copy = std::make_shared<kfx::Population>(*parts.search);
        for (const auto &batch : parts.forecasts)
            forecastrecords::addForecasts(*copy, *batch);
        for (const auto &batch : parts.measurements)
            measurementrecords::applyMeasurements(*copy, *batch);
        shown.withEveryForecast = std::move(copy);
    }
    if (!shown.withEveryForecast)
        return shown;
    shown.sources = kfx::forecastSources(*shown.withEveryForecast);
    shown.visibleSource = ForecastSourceChoice::shownOf(shown.sources, parts.chosenSource);
    // Where nothing added is of the source shown, the search as loaded is seen the same way: on opening, the
    // embedded forecasts arrive while the log's own are shown, and a second copy of 80,000 kernels (0.14 times the
    // file at the window's peak) would only drop them again.
    shown.visible = kfx::keepOnlyForecastsOf(
        addsToTheView(parts, shown.visibleSource) ? shown.withEveryForecast : parts.search, shown.visibleSource);
    return shown;
}
