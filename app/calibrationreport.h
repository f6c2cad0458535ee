#pragma once

#include <ostream>
#include <string>
#include <vector>

// kfx --report: the Calibration view's charts (PNG and SVG) and metrics.json, byte for byte as kfx-cli metrics
// --json writes it, into a directory, without a display. It lives with the window because the charts are its
// widgets; kfx-cli stays free of Qt. `args` are those after --report; returns the exit code (0 written, 1 usage,
// 2 input or output that failed), messages to `out` (the files written) and `err`.
int writeCalibrationReport(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);
