#pragma once

#include "forecastrecords.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

// A search and the forecasts the window added to it, a batch per forecast run or workspace, held beside it. Every
// view shows one source's forecasts only (kfx::keepOnlyForecastsOf), so a copy of the search with every source's
// forecasts in it only served the forecast run; on the 80,000-kernel log that copy was 64 MB of the window's peak
// as the opening's forecasts arrived (README, "The forecasts beside the search").
class SearchWithForecasts {
public:
    using Batch = std::shared_ptr<const std::vector<forecastrecords::NodeForecast>>;

    SearchWithForecasts() = default;
    // `search`: as loaded, or with the window's measurements folded into a copy (the data files are never modified).
    // Finds the kernel of each forecast added: 80,000 lookups by id, so made where the search is composed, off the
    // GUI thread for a large search (ShownSearchComposer).
    SearchWithForecasts(std::shared_ptr<const kfx::Population> search, std::vector<Batch> added);

    // The search without the forecasts added: its kernels, its measurements and its log's own forecasts.
    const std::shared_ptr<const kfx::Population> &search() const { return m_search; }
    explicit operator bool() const { return m_search != nullptr; }
    // Whose forecasts there are: the search's own (kfx::forecastSources), then those added, in the order they came.
    const std::vector<std::string> &sources() const { return m_sources; }
    // Whether an added batch holds a forecast by `source`.
    bool adds(std::string_view source) const;
    // For each kernel of search(), whether `source` has forecast it.
    std::vector<bool> forecastBy(std::string_view source) const;
    // The search as `source` sees it: its forecasts only, the added ones appended in the order they came; search()
    // itself where that drops and adds nothing.
    std::shared_ptr<const kfx::Population> seenBy(std::string_view source) const;

private:
    std::shared_ptr<const kfx::Population> m_search;
    std::vector<Batch> m_added;
    std::vector<std::string> m_sources;
    // For each source of the forecasts added, whether it forecast each kernel of m_search.
    std::map<std::string, std::vector<bool>, std::less<>> m_addedBy;
};
