#pragma once

#include "landscape.h"
#include "measurementpool.h"

#include <cstdint>
#include <optional>

namespace kfx::search {

// Seeded log-normal noise on each recorded median: runtime × exp(σ·z), z standard normal, drawn per case from the
// seed and the kernel.
struct LandscapeNoise {
    double sigma = 0.0; // landscapeNoiseSigma's
    std::uint64_t seed = 0;
};

// A stand-in for kfx-measure that answers from a landscape (issue 24's landscape worker): each kernel gets the
// Evaluation the H100 gave it, in the form kfx-measure's answer takes in a search log, with a "provenance" of
// {"recorded": true, "device": the landscape's, "landscape": its file, "source": measured|corpus}, so that it can
// never pass for a live result. A kernel outside the landscape, or one it lists as unmeasured, fails
// (evaluation_failed) with a reason naming the task and the kernel's kfx-variant line; the search goes on.
class LandscapeMeasurer final : public Measurer {
public:
    // `landscape` must outlive the measurer.
    explicit LandscapeMeasurer(const Landscape &landscape, std::optional<LandscapeNoise> noise = std::nullopt);
    MeasuredCandidate measure(const std::string &code, const std::string &label) override;

private:
    const Landscape &m_landscape;
    std::optional<LandscapeNoise> m_noise;
};

// What measuring a recorded kernel occupies the GPU for, in seconds: its timed samples and the reference's, per
// case (warm-up, compilation and the worker's overhead excluded, so a lower bound of a live measurement's cost).
double recordedGpuSeconds(const LandscapeKernel &kernel);

} // namespace kfx::search
