#pragma once

#include "dataformat.h"
#include "model/comparisonpair.h"
#include "model/diagnostic.h"
#include "model/population.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kfx {

// One row of the HF search-events `_summaries` split.
struct SearchSummaryRow {
    std::string sourceSearch;
    std::string internalExperiment;
    int steps = 0;
    int evaluations = 0;
    int correct = 0;
    std::optional<double> bestSpeedup;
    int archiveSizeFinal = 0;
    std::string configSnapshotJson; // the original summary file, as compact JSON
    std::int64_t line = 0;
};

// One case of a TriMul leaderboard baseline.
struct LeaderboardCase {
    int caseIndex = 0;
    bool nomask = false;
    bool correct = false;
    std::optional<double> runtimeNs;
    std::string failureKind;
};

// A TriMul leaderboard baseline (spec §3.9).
struct LeaderboardEntry {
    std::string name;
    std::string leaderboardId;
    std::string sourceSha256;
    std::string measuredAt;
    std::optional<double> publishedGeomeanUs;
    std::vector<LeaderboardCase> cases;
    // Geomean of runtime_ns over the cases, only when every case is correct (the reference's ranking).
    std::optional<double> rankingGeomeanNs() const;
};

// Settings a search log does not record but its replay needs (spec §3.6.3): the paper used 2 and 1000.
struct ReplayOptions {
    int kPerParent = 2;
    int archiveCapacity = 1000;
};

// What one file held, whatever its format. Exactly one of the content members is filled, by format.
struct LoadedFile {
    std::string path;
    DataFormat format = DataFormat::Unknown;
    Diagnostics diagnostics;
    bool readable = false; // false when the file could not be opened at all
    bool truncatedTail = false;
    std::size_t rows = 0; // non-blank lines (or entries) that were read as records
    // How many bytes were read: a log still being written is followed from here, not from its size when the
    // window gets round to following it (by then a live search may have written its last line).
    std::size_t bytesRead = 0;
    // Lines that could not be loaded (not JSON, not an object, a refused record, a cut-off last line): whatever
    // is computed from this file rests on partial data when there are any.
    std::size_t damagedLines = 0;
    bool partial() const { return damagedLines > 0; }

    std::shared_ptr<Population> population; // search logs
    std::vector<ComparisonPair> pairs;      // eval set, discovery, RL pool, scored comparisons, eval dataset
    std::vector<PredictionRow> predictions; // predictions and scored comparisons
    std::vector<SearchSummaryRow> summaries;
    std::optional<LeaderboardEntry> leaderboard;
};

} // namespace kfx
