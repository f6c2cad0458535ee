#pragma once

// What every widget test sets up the same way: an application whose settings stay out of the user's own, the
// Fusion style at a desktop's font size (the offscreen platform's default font is larger, and screenshots should
// look like a desktop), English, and a dark palette to check that nothing hard-codes light colours.

#include <QApplication>
#include <QLocale>
#include <QPalette>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>

namespace guitest {

// Returns whether the English catalogue loaded.
inline bool setUpApplication(QTranslator &translator, const QString &applicationName = QStringLiteral("kfx-test"))
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(applicationName);
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

inline QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabledText(0x80, 0x84, 0x8a);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabledText);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x40));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    palette.setColor(QPalette::Disabled, QPalette::Text, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabledText);
    return palette;
}

} // namespace guitest
