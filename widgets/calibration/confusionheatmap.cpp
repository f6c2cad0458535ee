#include "confusionheatmap.h"

#include "confusionmodel.h"

#include "model/speedupbin.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

ConfusionHeatMap::ConfusionHeatMap(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(280, 240);
    setAccessibleName(tr("Confusion matrix"));
}

void ConfusionHeatMap::setModel(ConfusionModel *model)
{
    m_model = model;
    connect(model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
    connect(model, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
    update();
}

QSize ConfusionHeatMap::sizeHint() const
{
    return {520, 440};
}

int ConfusionHeatMap::count(int row, int column) const
{
    return m_model ? m_model->index(row, column).data(ConfusionModel::ValueRole).toInt() : 0;
}

QRect ConfusionHeatMap::gridRect() const
{
    // Room on the left and at the top for the bin numbers and the axis titles.
    const auto metrics = fontMetrics();
    const int left = metrics.height() * 2 + metrics.horizontalAdvance(QStringLiteral("88")) + 8;
    const int top = metrics.height() * 3 + 8;
    const int side = std::max(0, std::min(width() - left - 8, height() - top - 8));
    const int cell = side / kfx::kBinCount;
    const int extent = cell * kfx::kBinCount;
    // Centred in the room left of the bin labels, so a wide widget does not leave the map in a corner.
    return {left + std::max(0, (width() - left - 8 - extent) / 2), top, extent, extent};
}

QRect ConfusionHeatMap::cellRect(int row, int column) const
{
    const auto grid = gridRect();
    const int cell = grid.width() / kfx::kBinCount;
    return {grid.left() + column * cell, grid.top() + row * cell, cell, cell};
}

std::pair<int, int> ConfusionHeatMap::cellAt(QPoint position) const
{
    const auto grid = gridRect();
    if (!m_model || m_model->rowCount() == 0 || !grid.contains(position) || grid.width() < kfx::kBinCount)
        return {-1, -1};
    const int cell = grid.width() / kfx::kBinCount;
    return {(position.y() - grid.top()) / cell, (position.x() - grid.left()) / cell};
}

void ConfusionHeatMap::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto &colors = palette();
    painter.fillRect(rect(), colors.color(QPalette::Base));
    const auto grid = gridRect();
    const auto metrics = fontMetrics();
    painter.setPen(colors.color(QPalette::Text));
    const auto surrogate = m_model && m_model->surrogate() < m_model->surrogateCount()
        ? m_model->calibration()->label(m_model->surrogate())
        : QString();
    auto bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QRect(0, 4, width(), metrics.height()), Qt::AlignHCenter, tr("Confusion: %1").arg(surrogate));
    painter.setFont(font());
    painter.drawText(QRect(grid.left(), 4 + metrics.height(), grid.width(), metrics.height()), Qt::AlignHCenter,
                     tr("True bin"));
    painter.save();
    painter.translate(grid.left() - metrics.horizontalAdvance(QStringLiteral("88")) - 10 - metrics.height(),
                      grid.center().y());
    painter.rotate(-90);
    painter.drawText(QRect(-grid.height() / 2, 0, grid.height(), metrics.height()), Qt::AlignHCenter,
                     tr("Predicted bin"));
    painter.restore();

    int highest = 1;
    for (int row = 0; row < kfx::kBinCount; ++row) {
        for (int column = 0; column < kfx::kBinCount; ++column)
            highest = std::max(highest, count(row, column));
    }
    // From the background to the highlight colour, so the map reads the same in a light and a dark palette.
    const auto low = colors.color(QPalette::Base);
    const auto high = colors.color(QPalette::Highlight);
    const auto mix = [&](double t) {
        return QColor::fromRgbF(low.redF() + (high.redF() - low.redF()) * t,
                                low.greenF() + (high.greenF() - low.greenF()) * t,
                                low.blueF() + (high.blueF() - low.blueF()) * t);
    };
    for (int row = 0; row < kfx::kBinCount; ++row) {
        const auto header = cellRect(row, 0).adjusted(-metrics.horizontalAdvance(QStringLiteral("88")) - 6, 0, 0, 0);
        painter.drawText(
            QRect(header.left(), header.top(), header.width() - cellRect(row, 0).width() - 4, header.height()),
            Qt::AlignRight | Qt::AlignVCenter, QString::number(row + kfx::kFirstBin));
        painter.drawText(QRect(cellRect(0, row).left(), grid.top() - metrics.height() - 2, cellRect(0, row).width(),
                               metrics.height()),
                         Qt::AlignHCenter, QString::number(row + kfx::kFirstBin));
    }
    for (int row = 0; row < kfx::kBinCount; ++row) {
        for (int column = 0; column < kfx::kBinCount; ++column) {
            const auto cell = cellRect(row, column);
            const double t = double(count(row, column)) / highest;
            painter.fillRect(cell.adjusted(1, 1, -1, -1), mix(t));
            painter.setPen(t > 0.5 ? colors.color(QPalette::HighlightedText) : colors.color(QPalette::Text));
            if (count(row, column) > 0)
                painter.drawText(cell, Qt::AlignCenter, QLocale().toString(count(row, column)));
        }
    }
    auto diagonalPen = QPen(colors.color(QPalette::Text), 1.5);
    painter.setPen(diagonalPen);
    painter.setBrush(Qt::NoBrush);
    for (int bin = 0; bin < kfx::kBinCount; ++bin)
        painter.drawRect(QRectF(cellRect(bin, bin)).adjusted(1.5, 1.5, -1.5, -1.5));
    painter.setPen(colors.color(QPalette::Mid));
    painter.drawRect(grid.adjusted(0, 0, -1, -1));
}

bool ConfusionHeatMap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const auto [row, column] = cellAt(help->pos());
        if (row < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        int predicted = 0;
        for (int trueBin = 0; trueBin < kfx::kBinCount; ++trueBin)
            predicted += count(row, trueBin);
        const int n = count(row, column);
        QToolTip::showText(
            help->globalPos(),
            tr("predicted bin %1, true bin %2: %n forecast(s)<br>%3 of the forecasts of bin %1%4", nullptr, n)
                .arg(row + kfx::kFirstBin)
                .arg(column + kfx::kFirstBin)
                .arg(predicted > 0 ? QLocale().toString(100.0 * n / predicted, 'f', 1) + QLatin1Char('%') : tr("none"))
                .arg(n > 0 ? tr("<br>click to select them") : QString()),
            this);
        return true;
    }
    return QWidget::event(event);
}

void ConfusionHeatMap::mouseReleaseEvent(QMouseEvent *event)
{
    const auto [row, column] = cellAt(event->pos());
    if (event->button() == Qt::LeftButton && row >= 0 && count(row, column) > 0)
        Q_EMIT cellClicked(row + kfx::kFirstBin, column + kfx::kFirstBin);
    QWidget::mouseReleaseEvent(event);
}
