#include "commandline.h"

#include "mainwindow.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace {

QString predictionsOption()
{
    return QStringLiteral("predictions");
}

QString selectOption()
{
    return QStringLiteral("select");
}

QString workspaceSuffix()
{
    return QStringLiteral(".kfx-workspace");
}

// The data file a workspace beside it belongs to; any other path unchanged. A workspace kept in the data folder
// (besideData=false) has no data file beside it and stays as given, so the load names it in its error.
QString dataFileOf(const QString &path)
{
    if (!path.endsWith(workspaceSuffix()))
        return path;
    const auto data = path.chopped(workspaceSuffix().size());
    return QFileInfo::exists(data) ? data : path;
}

} // namespace

void addCommandLineOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QCoreApplication::translate("main", "Search logs, eval sets or other data files to open together."),
        QCoreApplication::translate("main", "[FILE...]"));
    parser.addOption({predictionsOption(),
                      QCoreApplication::translate("main",
                                                  "Predictions of a surrogate to show with the files "
                                                  "(may be given several times)."),
                      QCoreApplication::translate("main", "FILE")});
    parser.addOption({selectOption(),
                      QCoreApplication::translate("main",
                                                  "Select the node or pair with this id (or the end of "
                                                  "it) once the files are loaded."),
                      QCoreApplication::translate("main", "ID")});
}

bool asksOnlyForText(const QStringList &arguments)
{
    QCommandLineParser parser;
    const auto help = parser.addHelpOption();
    const auto version = parser.addVersionOption();
    addCommandLineOptions(parser);
    // Errors do not matter here: options the platform plugin takes (-platform, -display) are unknown to this
    // parser until QApplication has removed them, and the window's own parser reports real mistakes.
    parser.parse(arguments);
    return parser.isSet(help) || parser.isSet(version);
}

CommandLine commandLine(const QCommandLineParser &parser)
{
    QStringList files;
    for (const auto &path : parser.positionalArguments() + parser.values(predictionsOption()))
        files << dataFileOf(path);
    return {files, parser.value(selectOption())};
}

void openCommandLine(MainWindow &window, const CommandLine &line)
{
    window.setPendingSelection(line.select);
    window.openFiles(line.files);
}
