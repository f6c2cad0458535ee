#pragma once

#include <QString>
#include <QStringList>

#include <functional>

// Which task a search log's kernels are measured against (core/measure/TASKS.md): a kfx-task/1 directory
// (task.json), a GPU MODE directory (task.yml) or a KernelBench problem (a .py file, or a directory holding
// problem.py). Found without a question when
// - the log is named <task>-search.jsonl with tasks/<task>/ beside it (the bundled demo's layout), or
// - the log's problem is one kfx ships (resources/tasks/<problem>), named by the file (<problem>-search.jsonl,
//   <problem>__<tag>, <problem>-selective.jsonl...) or by its content (a v3 log's op_name, an eval row's pack);
// - the user chose one for this log before;
// - the problem is one of the corpus's own tasks (resources/corpus/tasks, beside the bundled ones), which the
//   corpus searches and the bundled demo ran on;
// otherwise the user is asked once per log and the answer is kept in QSettings.
class TaskLocator {
public:
    // Asks for the task of `dataFile`; an empty answer means the user declined.
    using Ask = std::function<QString(const QString &dataFile)>;
    explicit TaskLocator(Ask ask = {}) : m_ask(std::move(ask)) {}

    // The task, or empty when there is none and the user gave none. `problems` are the names the log's content
    // gives its problem.
    QString taskDirectory(const QString &dataFile, const QStringList &problems = {}) const;
    // The directory the naming convention points at, if it holds a task.
    static QString conventionalDirectory(const QString &dataFile);
    static bool isTaskDirectory(const QString &directory);
    // Where kfx's own tasks are: <prefix>/share/kfx/tasks beside an installed kfx, else the source tree's.
    static QString bundledTasksDirectory();
    // The bundled task of one of these problems, or of the one the file name gives; empty when kfx ships none.
    static QString bundledTask(const QString &dataFile, const QStringList &problems = {});
    // The corpus's task of one of these problems, or of the one the file name gives; empty when there is none.
    static QString corpusTask(const QString &dataFile, const QStringList &problems = {});
    // The task of a search log found without a question, as taskDirectory() finds it: the one lookup that the
    // comparison's Ctrl+4, Measure on GPU and the search comparison share. `problem` is the log's op name.
    static QString knownTaskDirectory(const QString &dataFile, const QString &problem);
    // What the user chose for a log, if anything.
    static QString remembered(const QString &dataFile);
    static void remember(const QString &dataFile, const QString &directory);

private:
    Ask m_ask;
};
