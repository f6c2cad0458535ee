#pragma once

class CalibrationView;
class ComparisonView;
class ForecastController;
class ForecastPanel;
class GateController;
class LineageTreeView;
class MeasureController;
class PopulationModel;
class ReplayController;
class SearchController;

// The controllers never include one another; what one makes, another hears of through the connections made here.
struct Controllers {
    GateController *gate;
    ForecastController *forecast;
    ReplayController *replay;
    SearchController *search;
    MeasureController *measure;
};

// The window's views the controllers act on.
struct Views {
    LineageTreeView *tree;
    PopulationModel *treeModel;
    ComparisonView *comparison;
    CalibrationView *calibration;
    ForecastPanel *forecastPanel;
};

// Connects the controllers to each other and to the window's views: the gate judges the search the tree shows and
// the tree shows it extended; forecasts and measurements join it; the replay follows the gate; the gate's settings
// reach the seed simulation and the risk–coverage chart's cursor; the gate's decision stands above the comparison of
// the kernel it shows.
void connectControllers(const Controllers &controllers, const Views &views);
