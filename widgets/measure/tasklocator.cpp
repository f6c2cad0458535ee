#include "tasklocator.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace {

const QString kSuffix = QStringLiteral("-search.jsonl");

QString settingsKey(const QString &dataFile)
{
    // Slashes would become QSettings groups; the path stays readable in the file with them percent-encoded.
    return QStringLiteral("measure/taskDirectories/")
        + QString::fromLatin1(QFileInfo(dataFile).absoluteFilePath().toUtf8().toPercentEncoding());
}

} // namespace

bool TaskLocator::isTaskDirectory(const QString &directory)
{
    return !directory.isEmpty() && QFileInfo(QDir(directory).filePath(QStringLiteral("task.json"))).isFile();
}

QString TaskLocator::conventionalDirectory(const QString &dataFile)
{
    const QFileInfo file(dataFile);
    if (!file.fileName().endsWith(kSuffix))
        return {};
    const auto task = file.fileName().chopped(kSuffix.size());
    const auto directory = file.absoluteDir().filePath(QStringLiteral("tasks/") + task);
    return isTaskDirectory(directory) ? directory : QString();
}

QString TaskLocator::remembered(const QString &dataFile)
{
    return QSettings().value(settingsKey(dataFile)).toString();
}

void TaskLocator::remember(const QString &dataFile, const QString &directory)
{
    QSettings().setValue(settingsKey(dataFile), directory);
}

QString TaskLocator::taskDirectory(const QString &dataFile) const
{
    if (dataFile.isEmpty())
        return {};
    if (auto found = conventionalDirectory(dataFile); !found.isEmpty())
        return found;
    if (auto chosen = remembered(dataFile); isTaskDirectory(chosen))
        return chosen;
    if (!m_ask)
        return {};
    const auto answer = m_ask(dataFile);
    if (!isTaskDirectory(answer))
        return {};
    remember(dataFile, answer);
    return answer;
}
