#pragma once

#include <QWidget>

class MeasureQueue;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QFrame;

// The measurement queue dock's content: an inline message when nothing can be measured (no GPU here, and how
// to reach one), the queue with a progress bar per item, cancel buttons, and the workers' log.
class MeasureQueueView : public QWidget {
    Q_OBJECT
public:
    explicit MeasureQueueView(MeasureQueue *queue, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QPlainTextEdit *logView() const { return m_log; }
    // The inline message, empty when hidden.
    QString message() const;
    // The workers' Slurm jobs and losses (MeasureQueue::workersText), empty when hidden.
    QString workersText() const;

Q_SIGNALS:
    void settingsRequested();

private:
    void showProblem(const QString &problem);
    void updateButtons();

    MeasureQueue *m_queue;
    QFrame *m_messageFrame;
    QLabel *m_message;
    QLabel *m_workers;
    QTableView *m_table;
    QPlainTextEdit *m_log;
    QPushButton *m_cancel;
    QPushButton *m_cancelAll;
    QPushButton *m_clear;
};
