#pragma once

#include <QString>

#include <functional>

// Which task directory (task.json and the reference kernel, core/measure/TASKS.md) a search log's kernels are
// measured against. A log named <task>-search.jsonl with tasks/<task>/ beside it (the bundled demo's layout)
// needs nothing; otherwise the user is asked once per log and the answer is kept in QSettings.
class TaskLocator {
public:
    // Asks for the directory of `dataFile`'s task; an empty answer means the user declined.
    using Ask = std::function<QString(const QString &dataFile)>;
    explicit TaskLocator(Ask ask = {}) : m_ask(std::move(ask)) {}

    // The task directory, or empty when there is none and the user gave none.
    QString taskDirectory(const QString &dataFile) const;
    // The directory the naming convention points at, if it holds a task.json.
    static QString conventionalDirectory(const QString &dataFile);
    static bool isTaskDirectory(const QString &directory);
    // What the user chose for a log, if anything.
    static QString remembered(const QString &dataFile);
    static void remember(const QString &dataFile, const QString &directory);

private:
    Ask m_ask;
};
