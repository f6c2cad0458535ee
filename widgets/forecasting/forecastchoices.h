#pragma once

#include "forecastpanel.h"

#include <vector>

namespace kfx {
struct KernelNode;
struct PredictionRow;
} // namespace kfx

// The forecasts the panel offers for what the list shows, each labelled with its source and repeat.
namespace forecastchoices {

// Of a loaded prediction file's rows for one pair or node; a row whose answer could not be parsed says why.
std::vector<ForecastChoice> ofPredictions(const std::vector<const kfx::PredictionRow *> &rows);
// Of a search's node: the loaded predictions for it, then the log's own forecasts and the one the search trusted.
// The panel still shows the search's own forecast first; the loaded ones come before it in the list.
std::vector<ForecastChoice> ofNode(const kfx::KernelNode &node,
                                   const std::vector<const kfx::PredictionRow *> &predictions);

} // namespace forecastchoices
