#include "commandline.h"
#include "mainwindow.h"

#include "kfx-config.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLocale>
#include <QTranslator>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kfx"));
    QApplication::setOrganizationName(QStringLiteral("kfx"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Forecast Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(KFX_VERSION_STRING));
    QApplication::setDesktopFileName(QStringLiteral("kfx"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/kfx.svg")));

    // The source strings are English; the English catalogue only supplies plural forms ("1 node", "2 nodes"), and
    // stands in for any language kfx has no catalogue for.
    QTranslator translator;
    const auto catalogues = QStringLiteral(":/i18n");
    if (translator.load(QLocale(), QStringLiteral("kfx"), QStringLiteral("_"), catalogues)
        || translator.load(QStringLiteral("kfx_en"), catalogues))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Explore LLM-driven GPU-kernel searches and their speedup forecasts."));
    parser.addHelpOption();
    parser.addVersionOption();
    addCommandLineOptions(parser);
    parser.process(app);

    MainWindow window;
    window.show();
    openCommandLine(window, commandLine(parser));
    return QApplication::exec();
}
