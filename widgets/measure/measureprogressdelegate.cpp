#include "measureprogressdelegate.h"

#include "gpu/measurequeuemodel.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>

void MeasureProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    const int percent = index.data(MeasureQueueModel::ProgressRole).toInt();
    const auto state = MeasureItem::State(index.data(MeasureQueueModel::StateRole).toInt());
    if (percent < 0 || (state != MeasureItem::State::Running && state != MeasureItem::State::Measured)) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The selection background first, so that a selected row still reads as selected around the bar.
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    const auto *widget = option.widget;
    auto *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, widget);

    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(2, 2, -2, -2);
    bar.state = option.state | QStyle::State_Horizontal;
    bar.direction = option.direction;
    bar.fontMetrics = option.fontMetrics;
    bar.palette = option.palette;
    bar.minimum = 0;
    bar.maximum = 100;
    bar.progress = percent;
    bar.text = state == MeasureItem::State::Measured ? MeasureQueueModel::tr("done") : index.data().toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

QSize MeasureProgressDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    auto size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(
        std::max(size.width(), option.fontMetrics.horizontalAdvance(QStringLiteral("timing reference 3/3")) + 24));
    return size;
}
