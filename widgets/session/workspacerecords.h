#pragma once

#include "forecastrecords.h"
#include "measurementrecords.h"
#include "workspace/workspace.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

// What a workspace keeps of its search (the window's forecasts and measurements), as stored: fetched where the
// workspace is open, and read (parsed) where it costs the GUI thread nothing, by the ShownSearchComposer that joins
// them to the search. Reopening an 80,000-kernel search, reading them took 100-210 ms of the GUI thread before the
// window was usable (README, "The forecasts beside the search").
struct StoredSearchRecords {
    std::vector<kfx::workspace::StoredRecord> forecasts;
    std::vector<kfx::workspace::StoredRecord> measurements;
};

// What could not be read of one kind of the workspace's records: how many, and the first one's kernel and fault.
struct UnreadableRecords {
    int count = 0;
    QString firstNode;
    QString firstFault;
};

// The records as the window holds them, a batch a kind (null where there are none), with what was left out.
struct ReadSearchRecords {
    std::shared_ptr<const std::vector<forecastrecords::NodeForecast>> forecasts;
    std::shared_ptr<const std::vector<measurementrecords::NodeMeasurement>> measurements;
    UnreadableRecords unreadableForecasts;
    UnreadableRecords unreadableMeasurements;
    // Why a kind could not be read at all; empty when it could.
    std::string forecastsError;
    std::string measurementsError;
};

// Reads every record; one that cannot be read is left out and counted. Past a few thousand records a kind, the
// second half is read on a thread of its own.
ReadSearchRecords readSearchRecords(const StoredSearchRecords &stored);
