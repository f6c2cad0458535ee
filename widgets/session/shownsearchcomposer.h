#pragma once

#include "common/newestonthread.h"
#include "forecastrecords.h"
#include "measurementrecords.h"
#include "searchwithforecasts.h"

#include <QObject>

#include <memory>
#include <string>
#include <utility>
#include <vector>

// The search as the window shows it.
struct ShownSearch {
    // The file's search with the window's measurements folded into a copy of it, and the forecasts the window added
    // beside it.
    SearchWithForecasts everyForecast;
    // The search as `visibleSource` sees it (SearchWithForecasts::seenBy), as every view shows it.
    std::string visibleSource;
    std::shared_ptr<const kfx::Population> visible;
};

// Makes the ShownSearch. On an 80,000-kernel search its copies took 1.6 to 2.7 s of the GUI thread at each
// forecast arrival (README, "The 80k-node window again"), so past kSynchronousNodes kernels they are made on a
// thread (NewestOnThread): only the newest request's search is emitted. Up to it composed() is emitted before
// compose() returns, so a small search changes at once, as it always did.
class ShownSearchComposer : public QObject {
    Q_OBJECT
public:
    // About 0.1 s of copying at -O2.
    static constexpr std::size_t kSynchronousNodes = 10000;

    // What the window added, a batch per forecast run or workspace: a request shares them with the thread.
    template<typename Record>
    using Batches = std::vector<std::shared_ptr<const std::vector<Record>>>;
    struct Parts {
        std::shared_ptr<const kfx::Population> search; // as loaded, or as the followed log now stands
        Batches<forecastrecords::NodeForecast> forecasts;
        Batches<measurementrecords::NodeMeasurement> measurements;
        std::string chosenSource; // ForecastSourceChoice::chosenSource()
    };

    // Up to `synchronousNodes` kernels a search is made before compose() returns.
    explicit ShownSearchComposer(QObject *parent = nullptr, std::size_t synchronousNodes = kSynchronousNodes);

    void compose(Parts parts);
    // Whether a search is being made on the thread; composed() is still to come.
    bool isComposing() const { return m_thread.isBusy(); }
    // A search being made or waiting to be goes unshown: what it was made from is no longer shown.
    void forget();

    static ShownSearch make(const Parts &parts);

Q_SIGNALS:
    void composed(const ShownSearch &search);

private:
    std::size_t m_synchronousNodes;
    NewestOnThread m_thread; // last: waits for a search being made, which then goes unshown
};
