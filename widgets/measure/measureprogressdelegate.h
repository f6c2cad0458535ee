#pragma once

#include <QStyledItemDelegate>

// Draws the queue's progress column as a progress bar with the stage and case in it (the model's ProgressRole
// and display text); queued items get an empty cell.
class MeasureProgressDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};
