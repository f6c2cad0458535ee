#include "buildinfo.h"
#include "calibrationreport.h"
#include "commandline.h"
#include "indicatorstyle.h"
#include "languagechooser.h"
#include "mainwindow.h"

#include "kfx-config.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QStyle>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace {

// Name and version as --version, the settings and the About box use them; set before any application object
// exists, so both the text-only and the windowed start see them.
void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("kfx"));
    QCoreApplication::setOrganizationName(QStringLiteral("kfx"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KFX_VERSION_STRING));
}

void describeCommandLine(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main",
                                    "Explore LLM-driven GPU-kernel searches and their speedup forecasts.\n"
                                    "kfx --report --eval E --predictions P --out DIR writes the Calibration "
                                    "view's charts and metrics.json without a window."));
    parser.addHelpOption();
    parser.addVersionOption();
    addCommandLineOptions(parser);
}

QStringList argumentsOf(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}

// --help and --version with no display: a QApplication would abort for want of one, a QCoreApplication needs
// none. Parse errors are left to a start with a window: the platform's options (-platform, -display) are unknown
// here.
[[noreturn]] void answerInText(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTranslator kfxCatalogue;
    QTranslator qtCatalogue;
    LanguageChooser::installCatalogues(kfxCatalogue, qtCatalogue);
    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.parse(QCoreApplication::arguments());
    if (parser.isSet(QStringLiteral("version"))) {
        // Not showVersion(): that prints kfx's version alone, and which Qt and KSyntaxHighlighting a build uses
        // is what a bug report needs.
        std::fputs(qPrintable(versionText()), stdout);
        std::exit(EXIT_SUCCESS);
    }
    parser.showHelp();
}

} // namespace

int main(int argc, char **argv)
{
    describeApplication();
    // A report first, before anything that needs a display: it makes its own offscreen application.
    if (argc >= 2 && std::string_view(argv[1]) == "--report")
        return writeCalibrationReport({argv + 2, argv + argc}, std::cout, std::cerr);
    if (asksOnlyForText(argumentsOf(argc, argv)))
        answerInText(argc, argv);

    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Forecast Explorer"));
    QApplication::setDesktopFileName(QStringLiteral(KFX_APP_ID));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/kfx.svg")));
    // The style the platform or -style chose, with check boxes that show in the dark theme.
    QApplication::setStyle(new IndicatorStyle(QApplication::style()->objectName()));
    QTranslator kfxCatalogue;
    QTranslator qtCatalogue;
    LanguageChooser::installCatalogues(kfxCatalogue, qtCatalogue);

    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.process(app);

    MainWindow window;
    window.show();
    openCommandLine(window, commandLine(parser));
    return QApplication::exec();
}
