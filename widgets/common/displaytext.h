#pragma once

#include "metrics/confidencescore.h"

#include <QString>

// How every view writes a speedup and a duration, so that a number reads the same in the tree, the forecast panel,
// the measurement queue and the comparison header. Numbers follow the locale.

// "1.93×"
QString speedupText(double speedup);
// "812 µs", "1.20 ms", "640 ns": three significant digits at most.
QString durationText(double nanoseconds);
// "[1.41×, 2.00×)": the speedups a forecast bin spans, as measured (truth) or as labelled to the model; infinite
// ends as ∞. Empty for what is no forecast bin.
QString binIntervalText(int bin, bool truth);
// "significant speedup": the speedup bin's name (the reference's enum name in words), in the user's language.
QString binDescription(int bin);
// "Max probability": the gate's confidence score by name, in the user's language.
QString confidenceScoreText(kfx::metrics::ConfidenceScore score);
