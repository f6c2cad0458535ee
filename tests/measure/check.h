#pragma once

// The Qt-free tests' one assertion: a failed check prints where and why and makes the test executable fail, and
// the test goes on so that one run shows every failure.
#include <iostream>
#include <string>

namespace kfx::test {

inline int &failures()
{
    static int count = 0;
    return count;
}

inline void check(bool condition, const std::string &what, const char *file, int line)
{
    if (condition)
        return;
    ++failures();
    std::cerr << file << ":" << line << ": FAILED: " << what << "\n";
}

inline bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

inline int finish()
{
    if (failures() == 0)
        std::cout << "all checks passed\n";
    return failures() == 0 ? 0 : 1;
}

} // namespace kfx::test

#define KFX_CHECK(condition, message) ::kfx::test::check(bool(condition), std::string(message), __FILE__, __LINE__)
