#pragma once

// The QtTest classes of a test folder are built into one executable (tests/CMakeLists.txt says why). Each source
// ends with KFX_TEST_MAIN or KFX_TEST_GUILESS_MAIN in place of QTEST_MAIN or QTEST_GUILESS_MAIN, inside a namespace
// of its own, and so registers its class under its file's name; `EXECUTABLE NAME [QtTest options]` runs it.

#include <QTest>

#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#elif defined(QT_GUI_LIB)
#include <QGuiApplication>
#endif

namespace kfx::test {

using TestEntry = int (*)(int argc, char **argv);

// Registers ENTRY under SOURCE_FILE's name without its folder and extension; returns true.
bool registerTest(const char *sourceFile, TestEntry entry);

// The application QTEST_MAIN makes, by the Qt modules the executable links.
#if defined(QT_WIDGETS_LIB)
using TestApplication = QApplication;
#elif defined(QT_GUI_LIB)
using TestApplication = QGuiApplication;
#else
using TestApplication = QCoreApplication;
#endif

} // namespace kfx::test

// The body of QTEST_MAIN (Qt 5's and 6's differ only in names internal to QtTest), as the entry the executable's
// main() calls, registered under the source file's name.
#define KFX_TEST_ENTRY(Application, TestObject)                                                                        \
    int runTest(int argc, char **argv)                                                                                 \
    {                                                                                                                  \
        Application app(argc, argv);                                                                                   \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                                       \
        TestObject test;                                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }                                                                                                                  \
    [[maybe_unused]] const bool registered = kfx::test::registerTest(__FILE__, &runTest);

// In place of QTEST_MAIN and QTEST_GUILESS_MAIN.
#define KFX_TEST_MAIN(TestObject) KFX_TEST_ENTRY(kfx::test::TestApplication, TestObject)
#define KFX_TEST_GUILESS_MAIN(TestObject) KFX_TEST_ENTRY(QCoreApplication, TestObject)
