#pragma once

#include "calibrationdata.h"

#include <QAbstractTableModel>

#include <functional>
#include <memory>

// The base of the Calibration view's table models, one per chart (heaptrack's pattern): the chart only reads
// the model. All of them share one CalibrationData. DisplayRole is text for tables; ValueRole the exact number
// for charts and CSV, invalid where the metric is undefined.
class CalibrationTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit CalibrationTableModel(QObject *parent = nullptr);

    void setCalibration(std::shared_ptr<const CalibrationData> data);
    const std::shared_ptr<const CalibrationData> &calibration() const { return m_data; }
    int surrogateCount() const { return m_data ? m_data->surrogateCount() : 0; }

    int rowCount(const QModelIndex &parent = {}) const final;
    int columnCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString numberText(double value, int decimals = 3);

protected:
    virtual int rows() const = 0;
    virtual int columns() const = 0;
    // The exact value of a cell: a double, an int or a string; invalid for an empty cell.
    virtual QVariant value(int row, int column) const = 0;
    virtual QString columnTitle(int column) const = 0;
    // The text of a cell where it says more than its value (an estimate with its interval); null for the value's.
    virtual QString displayText(int /*row*/, int /*column*/) const { return {}; }
    // Reset the model around a change of what a subclass shows.
    void reset(const std::function<void()> &change);
    // Called inside the reset that installs new data, so that what a subclass derives from the data is
    // current before any view asks for rows again.
    virtual void calibrationChanged() {}

private:
    std::shared_ptr<const CalibrationData> m_data;
};
