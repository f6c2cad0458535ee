#pragma once

#include "sizeexpression.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// A task directory's task.json was unreadable or invalid; the message names the file and the field.
class ManifestError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// How an input buffer is filled (seeded, so reference and candidate see the same data on any machine).
struct BufferInit {
    enum class Distribution { Uniform, Normal };
    Distribution distribution = Distribution::Normal;
    double first = 0.0;  // uniform: low; normal: mean
    double second = 1.0; // uniform: high; normal: standard deviation
};

// One kernel parameter, in signature order: `const float *` input, `float *` output, or `int` scalar.
struct KernelParameter {
    enum class Kind { Input, Output, Int };
    std::string name;
    Kind kind = Kind::Int;
    std::string expression; // element count for buffers, the value for scalars
    BufferInit init;        // inputs only
};

// Grid and block dimensions and dynamic shared memory as size expressions.
struct LaunchRule {
    std::array<std::string, 3> grid{"1", "1", "1"};
    std::array<std::string, 3> block{"1", "1", "1"};
    std::string sharedBytes = "0";
};

struct Tolerance {
    double atol = 0.0;
    double rtol = 0.0;
};

struct TaskManifest {
    std::string directory;
    std::string name;
    std::string referencePath; // canonical, and inside `directory` (loadTaskManifest refuses any other)
    std::string entryPoint;
    std::vector<KernelParameter> parameters;
    LaunchRule launch;
    std::vector<SizeVariables> cases;
    Tolerance tolerance;
    std::uint64_t seed = 42;
};

// One case with every expression evaluated: what a launch needs.
struct ResolvedArgument {
    KernelParameter::Kind kind;
    std::int64_t value; // elements for buffers
};
struct ResolvedCase {
    std::array<std::int64_t, 3> grid{};
    std::array<std::int64_t, 3> block{};
    std::int64_t sharedBytes = 0;
    std::vector<ResolvedArgument> arguments;
};

inline constexpr std::string_view kTaskFormat = "kfx-task/1";
inline constexpr std::string_view kTaskFileName = "task.json";

// Reads and validates `<directory>/task.json`; every expression is evaluated for every case, so a manifest that
// loads can always be launched. Throws ManifestError.
TaskManifest loadTaskManifest(const std::string &directory);

// A candidate may choose its own launch configuration in a comment line of its source:
//   // kfx-launch: {"grid": ["cdiv(rows, 8)"], "block": [256]}
// Returns the task's rule when there is none. Throws ManifestError naming `label` when it is invalid or does not
// evaluate for one of the task's cases.
LaunchRule launchRuleFor(const TaskManifest &task, std::string_view source, std::string_view label);

// Throws ExpressionError when an expression does not evaluate or gives a non-positive dimension or size.
ResolvedCase resolveCase(const TaskManifest &task, const LaunchRule &launch, const SizeVariables &sizes);

} // namespace kfx::measure
