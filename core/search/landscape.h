#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfx::search {

class LandscapeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One case of a recorded success: its sizes as JSON text and the medians the robust protocol reported.
struct LandscapeCase {
    std::string sizesJson;
    double runtimeNs = 0.0;
    double refRuntimeNs = 0.0;
    double speedup = 0.0;
    std::optional<int> samples; // timing samples of each kernel; the corpus's logs kept none
};

// One kernel of a template space as the landscape recorded it (resources/landscape/README.md).
struct LandscapeKernel {
    std::string variant; // its kfx-variant text
    std::string outcome; // success, compile_failed, incorrect, runtime_error or unmeasured
    std::string source;  // measured (the landscape's runs) or corpus
    std::optional<double> speedup;
    int bin = 0;
    std::vector<LandscapeCase> cases;
    // The worker's failure fields as it gave them (compilation_error, runtime_error_name, runtime_error,
    // error_message), for an answer in kfx-measure's form.
    std::vector<std::pair<std::string, std::string>> failure;

    bool measured() const { return outcome != "unmeasured"; }
};

// A task's measured landscape (`<task>.jsonl.xz`, format kfx-landscape/1): every kernel of its template space,
// keyed by landscapeKernelId, with the header's provenance.
class Landscape {
public:
    // Throws LandscapeError naming the file and the line at fault.
    static Landscape open(const std::string &path);
    // DIR/<task>.jsonl.xz.
    static Landscape openTask(const std::string &directory, std::string_view task);

    const std::string &task() const { return m_task; }
    const std::string &device() const { return m_device; }
    const std::string &path() const { return m_path; }
    double bestSpeedup() const { return m_bestSpeedup; }
    std::size_t size() const { return m_kernels.size(); }

    // The kernel whose canonical code has this id; none outside the space.
    const LandscapeKernel *find(std::string_view kernelId) const;
    const LandscapeKernel *findCode(std::string_view code) const;
    // Every kernel's id, sorted: an order that does not depend on the hash map's.
    std::vector<std::string> kernelIds() const;

private:
    std::string m_path, m_task, m_device;
    double m_bestSpeedup = 0.0;
    std::unordered_map<std::string, LandscapeKernel> m_kernels;
};

// The landscape's key for a kernel: the first 16 hex digits of the SHA-256 of canonicalKernelCode (the same code
// the measurement cache keys by), as core/search/tools/landscape-assemble.py writes it.
std::string landscapeKernelId(std::string_view code);

// The spread of one kernel's robust median between two measurements, as the standard deviation of its natural
// log: noise.json's corpus_repeats for the task (two measurements of one kernel differ by √2 of it). Throws
// LandscapeError when the file or the task's figure is missing.
double landscapeNoiseSigma(const std::string &noiseJsonPath, std::string_view task);

} // namespace kfx::search
