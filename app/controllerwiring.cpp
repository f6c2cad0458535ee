#include "controllerwiring.h"

#include "calibration/calibrationview.h"
#include "comparison/comparisonview.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastpanel.h"
#include "gate/gatecontroller.h"
#include "gate/gateoverriderow.h"
#include "gate/gatesession.h"
#include "measure/measurecontroller.h"
#include "population/lineagetreeview.h"
#include "population/populationmodel.h"
#include "replay/replaycontroller.h"
#include "replay/replayview.h"
#include "search/searchcontroller.h"
#include "search/trustsettings.h"

void connectControllers(const Controllers &controllers, const Views &views)
{
    auto *gate = controllers.gate;
    auto *forecast = controllers.forecast;
    auto *gateSession = gate->session();
    auto *comparison = views.comparison;
    auto *calibration = views.calibration;

    // The gate judges what the tree shows, and the tree shows it with the window's forecasts and measurements and
    // the gate's marks.
    QObject::connect(views.treeModel, &QAbstractItemModel::modelReset, gate,
                     [gate, model = views.treeModel] { gate->treeShows(model->population()); });
    QObject::connect(gate, &GateController::searchExtended, views.tree, &LineageTreeView::showExtendedSearch);
    QObject::connect(gateSession, &GateSession::decisionsChanged, views.treeModel,
                     [gateSession, model = views.treeModel] { model->setGateDecisions(gateSession->decisions()); });

    // Forecasting follows the search the gate shows, and hands its forecasts back to be shown (a run stops when the
    // session leaves the search, before its workspace closes).
    QObject::connect(gate, &GateController::shownSearchChanged, forecast, &ForecastController::setShownSearch);
    QObject::connect(gate, &GateController::searchReadyToForecast, forecast,
                     &ForecastController::forecastWhatTheWindowHasNot);
    QObject::connect(forecast, &ForecastController::forecastsMade, gate, &GateController::addForecasts);
    QObject::connect(gate, &GateController::forecastsShown, forecast, &ForecastController::onForecastsShown);
    QObject::connect(forecast, &ForecastController::forecastNotice, views.forecastPanel, &ForecastPanel::setNotice);
    // GPU measurements join the search shown; the embedded surrogate then learns from them.
    QObject::connect(controllers.measure, &MeasureController::measurementsMade, gate, &GateController::addMeasurements);
    QObject::connect(gate, &GateController::measurementsShown, forecast, &ForecastController::retrainOnMeasurements);

    // The replay replays the search the gate judges, with the gate's settings and the person's overrides, so that its
    // gate-driven policies decide as the tree's marks do.
    const auto replayGate = [gateSession, replay = controllers.replay->view()] {
        replay->setSource(gateSession->population(), gateSession->settings().gate, gateSession->overrides());
    };
    for (const auto gateChanged :
         {&GateSession::populationChanged, &GateSession::settingsChanged, &GateSession::overridesChanged})
        QObject::connect(gateSession, gateChanged, controllers.replay, replayGate);

    // The seed simulation trusts forecasts as the gate on screen does, and the risk–coverage chart's cursor stands
    // where the gate cuts.
    const auto followGate = [gateSession, search = controllers.search, calibration] {
        const auto &settings = gateSession->settings();
        search->setTrust(TrustSettings::ofGate(settings));
        calibration->setGateCursor(settings.gate.score, settings.gate.threshold);
    };
    QObject::connect(gateSession, &GateSession::settingsChanged, calibration, followGate);
    followGate();

    // The gate's decision and Trust / Defer / Auto above the comparison of the kernel it shows.
    auto *overrideRow = gate->overrideRow();
    comparison->setHeaderWidget(overrideRow);
    QObject::connect(comparison, &ComparisonView::nodeShown, overrideRow, [comparison, overrideRow] {
        overrideRow->setNode(comparison->population(), comparison->currentNode());
    });
}
