#pragma once

#include "jsonlinesfile.h"
#include "loadedfile.h"

#include <string>

namespace kfx {

// Tells the format from the content of the first record (spec §3): event kinds, HF column names, row fields.
DataFormat detectFormat(const json::Object &firstRecord);

// Reads any file kfx knows, detecting its format. Never throws for bad data: every problem is a diagnostic
// and the rest loads. `readable` is false only when the file itself could not be read or recognised.
LoadedFile loadFile(const std::string &path, const ReplayOptions &options = {});
// The same over text already in memory; `label` names it in diagnostics.
LoadedFile loadText(std::string_view text, const std::string &label, const ReplayOptions &options = {});

// The per-format readers loadFile() dispatches to, over an opened file.
void readSearchLog(JsonLinesFile &file, DataFormat format, const ReplayOptions &options, LoadedFile &out);
void readRows(JsonLinesFile &file, DataFormat format, LoadedFile &out);
void readLeaderboard(const json::Object &document, LoadedFile &out);
// One row of the predictions format held as text, as a workspace keeps the forecasts kfx made. Throws
// json::FieldError naming the field at fault, or saying the JSON is invalid.
PredictionRow readPredictionRowText(std::string_view row);

} // namespace kfx
