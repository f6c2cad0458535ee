#include "measurequeueview.h"

#include "gpu/measureproblem.h"
#include "gpu/measurequeue.h"
#include "gpu/measurequeuemodel.h"
#include "measureprogressdelegate.h"

#include <algorithm>

#include <QApplication>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTextCursor>
#include <QVBoxLayout>

MeasureQueueView::MeasureQueueView(MeasureQueue *queue, QWidget *parent)
    : QWidget(parent)
    , m_queue(queue)
    , m_messageFrame(new QFrame(this))
    , m_message(new QLabel(m_messageFrame))
    , m_workers(new QLabel(this))
    , m_table(new QTableView(this))
    , m_log(new QPlainTextEdit(this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_cancelAll(new QPushButton(tr("Cancel &All"), this))
    , m_clear(new QPushButton(tr("C&lear Finished"), this))
{
    // The message sits in the dock, not in a modal box: no GPU here is a normal state of this machine.
    m_messageFrame->setFrameShape(QFrame::StyledPanel);
    m_messageFrame->setAutoFillBackground(true);
    m_messageFrame->setBackgroundRole(QPalette::AlternateBase);
    auto *icon = new QLabel(m_messageFrame);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize, iconSize));
    icon->setAlignment(Qt::AlignTop);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setAccessibleName(tr("Measurement problem"));
    auto *settings = new QPushButton(tr("&Settings…"), m_messageFrame);
    settings->setToolTip(tr("Choose the worker, a launch prefix for a remote GPU, the timing protocol and the "
                            "time limit"));
    connect(settings, &QPushButton::clicked, this, &MeasureQueueView::settingsRequested);
    auto *messageLayout = new QHBoxLayout(m_messageFrame);
    messageLayout->addWidget(icon);
    messageLayout->addWidget(m_message, 1);
    messageLayout->addWidget(settings, 0, Qt::AlignTop);
    m_messageFrame->hide();

    m_workers->setAccessibleName(tr("Workers"));
    m_workers->setToolTip(tr("Each worker's Slurm job: pending while the cluster has no node for it, and how "
                             "often the worker was lost (its node gone) and restarted"));
    m_workers->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_workers->hide();
    connect(queue, &MeasureQueue::workersChanged, this, [this] {
        const auto text = m_queue->workersText();
        m_workers->setText(text);
        m_workers->setVisible(!text.isEmpty());
    });

    m_table->setModel(queue->model());
    m_table->setItemDelegateForColumn(MeasureQueueModel::ProgressColumn, new MeasureProgressDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->resizeSection(MeasureQueueModel::KernelColumn, 100);
    m_table->horizontalHeader()->resizeSection(MeasureQueueModel::TaskColumn, 105);
    m_table->horizontalHeader()->resizeSection(MeasureQueueModel::StateColumn, 85);
    m_table->horizontalHeader()->resizeSection(MeasureQueueModel::ProgressColumn, 150);
    m_table->horizontalHeader()->resizeSection(MeasureQueueModel::ElapsedColumn, 60);
    m_table->setAccessibleName(tr("Measurement queue"));

    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("The worker's log (its stderr) appears here."));
    m_log->setAccessibleName(tr("Worker log"));
    m_log->setToolTip(tr("What kfx-measure wrote to its error output"));

    m_cancel->setToolTip(tr("Cancel the selected measurements"));
    m_cancelAll->setToolTip(tr("Cancel every queued and running measurement"));
    m_clear->setToolTip(tr("Remove the finished measurements from the list; their results stay in the workspace"));
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        for (const auto &row : m_table->selectionModel()->selectedRows())
            m_queue->cancel(row.data(MeasureQueueModel::ItemIdRole).toInt());
    });
    connect(m_cancelAll, &QPushButton::clicked, m_queue, &MeasureQueue::cancelAll);
    connect(m_clear, &QPushButton::clicked, m_queue->model(), &MeasureQueueModel::clearFinished);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_cancelAll);
    buttons->addWidget(m_clear);
    buttons->addStretch(1);

    auto *queuePane = new QWidget(this);
    auto *queueLayout = new QVBoxLayout(queuePane);
    queueLayout->setContentsMargins(0, 0, 0, 0);
    queueLayout->addWidget(m_workers);
    queueLayout->addWidget(m_table, 1);
    queueLayout->addLayout(buttons);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(queuePane);
    splitter->addWidget(m_log);
    // The results need the room; the log is read now and then.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({700, 280});
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_messageFrame);
    layout->addWidget(splitter, 1);

    connect(queue, &MeasureQueue::problemChanged, this, &MeasureQueueView::showProblem);
    const auto showLog = [this] {
        // Appends what is new, keeping the reader's place unless they were following the end.
        auto *bar = m_log->verticalScrollBar();
        const bool atEnd = bar->value() == bar->maximum();
        const auto &log = m_queue->log();
        const auto shown = m_log->property("shownLength").toInt();
        m_log->moveCursor(QTextCursor::End);
        m_log->insertPlainText(log.mid(shown));
        m_log->setProperty("shownLength", int(log.size()));
        if (atEnd)
            bar->setValue(bar->maximum());
    };
    connect(queue, &MeasureQueue::logChanged, this, showLog);
    showLog();
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(queue->model(), signal, this, &MeasureQueueView::updateButtons);
    connect(queue->model(), &QAbstractItemModel::dataChanged, this, &MeasureQueueView::updateButtons);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MeasureQueueView::updateButtons);
    showProblem(queue->problem());
    updateButtons();
}

QString MeasureQueueView::message() const
{
    return m_messageFrame->isHidden() ? QString() : m_message->text();
}

QString MeasureQueueView::workersText() const
{
    return m_workers->isHidden() ? QString() : m_workers->text();
}

void MeasureQueueView::showProblem(const QString &problem)
{
    m_message->setText(problem.isEmpty() ? QString() : MeasureProblem(problem, m_queue->settings()).advice());
    m_messageFrame->setVisible(!problem.isEmpty());
}

void MeasureQueueView::updateButtons()
{
    const auto &items = m_queue->model()->items();
    const bool anyOpen = std::any_of(items.begin(), items.end(),
                                     [](const MeasureItem &item) { return !item.finished(); });
    const bool anyFinished = std::any_of(items.begin(), items.end(),
                                         [](const MeasureItem &item) { return item.finished(); });
    m_cancelAll->setEnabled(anyOpen);
    m_clear->setEnabled(anyFinished);
    m_cancel->setEnabled(m_table->selectionModel()->hasSelection() && anyOpen);
}
