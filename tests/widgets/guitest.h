#pragma once

// What every widget test sets up the same way: an application whose settings stay out of the user's own, the
// Fusion style at a desktop's font size (the offscreen platform's default font is larger, and screenshots should
// look like a desktop), English, and the app's dark palette to check that nothing hard-codes light colours.

#include "themechooser.h"

#include <QApplication>
#include <QFileInfo>
#include <QFont>
#include <QLocale>
#include <QPalette>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>

namespace guitest {

// Returns whether the English catalogue loaded. The settings (in test mode, under ~/.qttest) are the test's own,
// named by its argv[0] (testmain.cpp): ctest runs tests side by side, and one that clears its settings must not
// clear another's recent sessions mid-journey.
inline bool setUpApplication(QTranslator &translator, const QString &applicationName = QStringLiteral("kfx-test"))
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(applicationName + QLatin1Char('.')
                                     + QFileInfo(QCoreApplication::arguments().constFirst()).completeBaseName());
    QApplication::setOrganizationName(QStringLiteral("kfx"));
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(QApplication::style()->standardPalette());
    auto font = QApplication::font();
    font.setPointSize(10);
    QApplication::setFont(font);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    if (!translator.load(QStringLiteral(":/i18n/kfx_en.qm")))
        return false;
    QApplication::installTranslator(&translator);
    return true;
}

// The app's own dark theme (View → Theme → Dark).
inline QPalette darkPalette()
{
    return ThemeChooser::darkPalette();
}

} // namespace guitest
