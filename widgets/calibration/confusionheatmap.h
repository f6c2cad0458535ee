#pragma once

#include <QWidget>

class ConfusionModel;

// The confusion matrix as a heat map in the palette's colours: predicted bins down, true bins across, the
// diagonal of correct forecasts outlined. Hovering a cell tells its numbers; clicking reports it.
class ConfusionHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit ConfusionHeatMap(QWidget *parent = nullptr);
    void setModel(ConfusionModel *model);
    QSize sizeHint() const override;
    // The cell's rectangle; row = predicted bin − 1, column = true bin − 1.
    QRect cellRect(int row, int column) const;

Q_SIGNALS:
    void cellClicked(int predictedBin, int trueBin);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect gridRect() const;
    // Row and column under a point, or (-1, -1).
    std::pair<int, int> cellAt(QPoint position) const;
    int count(int row, int column) const;

    ConfusionModel *m_model = nullptr;
};
