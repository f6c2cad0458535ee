#include "forecastchoices.h"

#include "model/comparisonpair.h"
#include "model/kernelnode.h"

#include <QCoreApplication>

namespace forecastchoices {
namespace {

QString label(const QString &source, int repeat)
{
    return QCoreApplication::translate("ForecastChoices", "%1 · repeat %2").arg(source).arg(repeat);
}

QString label(const kfx::Forecast &forecast)
{
    return label(forecast.source.empty() ? QCoreApplication::translate("ForecastChoices", "search log")
                                         : QString::fromStdString(forecast.source),
                 forecast.repeat);
}

} // namespace

std::vector<ForecastChoice> ofPredictions(const std::vector<const kfx::PredictionRow *> &rows)
{
    std::vector<ForecastChoice> choices;
    for (const auto *row : rows) {
        choices.push_back(
            {label(QString::fromStdString(row->surrogateLabel), row->repeat), row->forecast ? &*row->forecast : nullptr,
             row->parseError.empty() ? QCoreApplication::translate("ForecastChoices", "The answer could not be parsed.")
                                     : QString::fromStdString(row->parseError)});
    }
    return choices;
}

std::vector<ForecastChoice> ofNode(const kfx::KernelNode &node,
                                   const std::vector<const kfx::PredictionRow *> &predictions)
{
    auto choices = ofPredictions(predictions);
    for (const auto &forecast : node.forecasts)
        choices.push_back({label(forecast), &forecast, {}});
    if (node.evaluation && node.evaluation->trustedForecast)
        choices.push_back({QCoreApplication::translate("ForecastChoices", "%1 (trusted)")
                               .arg(label(*node.evaluation->trustedForecast)),
                           &*node.evaluation->trustedForecast,
                           {}});
    return choices;
}

} // namespace forecastchoices
