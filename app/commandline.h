#pragma once

#include <QStringList>

class MainWindow;
class QCommandLineParser;

// kfx [FILE...] [--predictions FILE]... [--select ID]: what to open and what to select once it is in.
struct CommandLine {
    QStringList files; // the positional files, then every --predictions file
    QString select;
};

// Declares kfx's arguments and options (besides --help and --version, which the caller adds).
void addCommandLineOptions(QCommandLineParser &parser);
// Whether the arguments ask for --help or --version. Those answer in text and exit, so kfx answers them before it
// connects to a display: they then work over ssh and in scripts, where no display exists.
bool asksOnlyForText(const QStringList &arguments);
// Reads a parser that has processed the arguments. A workspace (X.kfx-workspace, as a file manager passes it through
// the desktop file's MIME type) stands for the data file X beside it, which is what kfx opens.
CommandLine commandLine(const QCommandLineParser &parser);
// Opens the files, all in one load so they are shown together, and selects the id when they are in.
void openCommandLine(MainWindow &window, const CommandLine &line);
