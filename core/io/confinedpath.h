#pragma once

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace kfx::io {

// A path a document names relative to its own directory does not lead to a file inside that directory. The
// message quotes the path and says why, for the caller to prefix with the document and the entry that named it.
class ConfinedPathError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `relative` under `root`, resolved with `..` and symbolic links followed, so that where it really leads is what
// is checked: a task's files are read, compiled and sent in prompts to LLM servers, so a task (or a template
// directory) may only name files of its own (issue 27: "../secret.txt" was sent to the server). Throws
// ConfinedPathError when `relative` is empty or absolute, cannot be resolved, or leads outside `root` or to `root`
// itself. The file need not exist: the caller reports that with its own words.
std::filesystem::path resolveInside(const std::filesystem::path &root, std::string_view relative);

} // namespace kfx::io
