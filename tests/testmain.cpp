// main() of a folder's test executable: runs the test class its first argument names (testmain.h).

#include "testmain.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

namespace {

std::map<std::string, kfx::test::TestEntry> &registeredTests()
{
    static std::map<std::string, kfx::test::TestEntry> tests;
    return tests;
}

} // namespace

bool kfx::test::registerTest(const char *sourceFile, TestEntry entry)
{
    registeredTests().emplace(std::filesystem::path(sourceFile).stem().string(), entry);
    return true;
}

int main(int argc, char **argv)
{
    const auto &tests = registeredTests();
    const auto test = argc > 1 ? tests.find(argv[1]) : tests.end();
    if (test == tests.end()) {
        std::fprintf(stderr, "usage: %s TEST [QtTest options]\nwhere TEST is one of:\n", argv[0]);
        for (const auto &[name, entry] : tests)
            std::fprintf(stderr, "  %s\n", name.c_str());
        return 2;
    }
    // The test runs as if it were its own executable named TEST: QtTest's output and the application's name (its
    // settings among them) come from argv[0].
    return test->second(argc - 1, argv + 1);
}
