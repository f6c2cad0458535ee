#pragma once

#include "model/comparisonpair.h"
#include "model/population.h"

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// A task directory whose reference cannot be read: the message names the file.
class TaskReferenceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A logged kernel without the two comment lines the corpus's mutator writes first (`kfx-variant: …` and the
// edit note): what is left is the kernel itself, the same text in every search that measured it. The note can
// state measured speedups (the seed's does), so no model may see it.
std::string kernelWithoutVariantHeader(std::string_view code);
// The same, sharing the text where there is no header to drop.
SharedText sharedKernelWithoutVariantHeader(const SharedText &code);
// A file of the task that kfx reads and may send to a model: `name` resolved inside `taskDirectory`
// (io::resolveInside: `..` and symbolic links followed) that, where it exists, is a regular file, since reading a
// FIFO or a device named there would block or never end (issue 27). Throws TaskReferenceError, `namedBy` (the
// file and the entry that named it) first, otherwise. A path that leads nowhere is returned, for the caller to
// report in its own words.
std::filesystem::path taskFileInside(const std::filesystem::path &taskDirectory, std::string_view name,
                                     const std::string &namedBy);
// The reference file a task directory names: task.json's "reference" (kfx-task/1), else reference.py (GPU MODE);
// nothing when the directory holds neither. Throws TaskReferenceError, naming the file that names it, when
// task.json or the reference leads outside the directory or is no regular file (taskFileInside): its text would
// go to a model, perhaps an LLM server.
std::optional<std::filesystem::path> taskReferenceFile(const std::filesystem::path &taskDirectory);
// That file's text; empty when the directory names no reference.
std::string taskReferenceCode(const std::filesystem::path &taskDirectory);

// The comparison a surrogate is asked about for one kernel of a search, with its measured speedup where known:
// the kernel (without its variant header) against `taskReference`, the code of its task's reference, which the
// logged speedups are measured against, as the corpus's pairs are made; where that is not known (empty), against
// the reference the log states, else the search's seed. The task (pack) is the search's op name, so pairs of
// several searches group by task.
ComparisonPair searchPair(const Population &population, std::size_t node, const SharedText &taskReference = {});
// Every measured candidate of a search (seeds and kernels without code left out) as a training pair. Search
// logs rarely name their task; `task`, when given, names it for a log that does not (cross-validation groups by
// it, so searches of different tasks must not share one name).
std::vector<ComparisonPair> measuredSearchPairs(const Population &population, std::string_view task = {},
                                                const SharedText &taskReference = {});
// The task a search file is about, from its name: "matmul-search.jsonl", "rms_norm-selective.jsonl",
// "rms_norm-baseline.jsonl" and "rms_norm-seed2-selective.jsonl" → the task ("matmul", "rms_norm").
std::string taskFromFileName(std::string_view path);

} // namespace kfx::surrogate
