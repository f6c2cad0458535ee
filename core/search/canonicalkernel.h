#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kfx::search {

// What makes two candidates the same kernel, for the measurement cache and for counting distinct kernels: the
// task and the code with its kfx-variant header and edit note, its comments and its layout taken out. Two
// variants that differ only there compile to the same kernel; a changed constant is another kernel.
struct CanonicalKernel {
    std::string task;
    std::string code; // canonicalKernelCode's

    // FNV-1a over task and code: the same on every machine and in every run, for logs and stored caches.
    std::uint64_t hash() const;
    bool operator==(const CanonicalKernel &) const = default;
};

// The code without the kfx-variant header (surrogate::kernelWithoutVariantHeader), without comments (`//` and
// `/* */` in C++, `#` in Python, never inside a string literal) but for the directives the measurement reads
// (`kfx-launch:`), without trailing whitespace and blank lines, and with runs of blanks inside a line made one.
// A line's indentation is kept in Python, where it is syntax.
std::string canonicalKernelCode(std::string_view code);

CanonicalKernel canonicalKernel(std::string_view task, std::string_view code);

// Whether `c` can be part of a C++ or Python identifier (a letter, a digit or an underscore): where a name or a
// number in kernel code begins and ends.
bool isIdentifierChar(char c);

} // namespace kfx::search
