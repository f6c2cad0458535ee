#pragma once

#include <QtGlobal>
#include <QTest>

// QVERIFY_THROWS_EXCEPTION arrived in Qt 6.3 and deprecated the Qt 5 spelling; the tests build with both.
#if QT_VERSION >= QT_VERSION_CHECK(6, 3, 0)
#define KFX_VERIFY_THROWS(exceptionType, expression) QVERIFY_THROWS_EXCEPTION(exceptionType, expression)
#else
#define KFX_VERIFY_THROWS(exceptionType, expression) QVERIFY_EXCEPTION_THROWN(expression, exceptionType)
#endif
