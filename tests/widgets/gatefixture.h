#pragma once

// What the gate, forecasting and replay tests share: a generated search written to a temporary directory, the
// window loading it, and the same offscreen look as tst_mainwindow so that screenshots compare.

#include "generate/syntheticgenerator.h"
#include "mainwindow.h"

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>

#include <fstream>
#include <sstream>
#include <string>

namespace gatetest {

inline void setUpApplication(QTranslator &translator)
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(QStringLiteral("kfx-test"));
    QApplication::setOrganizationName(QStringLiteral("kfx"));
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(QApplication::style()->standardPalette());
    auto font = QApplication::font();
    font.setPointSize(10);
    QApplication::setFont(font);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    if (translator.load(QStringLiteral(":/i18n/kfx_en.qm")))
        QApplication::installTranslator(&translator);
}

// The generated search as JSON lines.
inline std::string generatedLog(kfx::generate::SyntheticKind kind, int nodes, std::uint64_t seed = 1)
{
    std::ostringstream out;
    kfx::generate::SyntheticGenerator(seed).write(kind, nodes, out);
    return out.str();
}

inline void writeFile(const QString &path, const std::string &text, bool append = false)
{
    std::ofstream out(QFile::encodeName(path).toStdString(), append ? std::ios::app : std::ios::trunc);
    out << text;
}

inline bool load(MainWindow &window, const QString &path)
{
    QSignalSpy finished(&window, &MainWindow::loadingFinished);
    window.openFiles({path});
    return finished.wait(60000);
}

} // namespace gatetest
