#pragma once

// What the gate, forecasting and replay tests share: a generated search written to a temporary directory, the
// window loading it, and the same offscreen look as tst_mainwindow so that screenshots compare.

#include "generate/syntheticgenerator.h"
#include "guitest.h"
#include "mainwindow.h"

#include <QApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTranslator>

#include <fstream>
#include <sstream>
#include <string>

namespace gatetest {

// The catalogue is optional here: these tests check behaviour, not wording.
inline void setUpApplication(QTranslator &translator)
{
    guitest::setUpApplication(translator);
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
