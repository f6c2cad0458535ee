#include "calibrationtablemodel.h"

#include <QLocale>

#include <cmath>

CalibrationTableModel::CalibrationTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void CalibrationTableModel::setCalibration(std::shared_ptr<const CalibrationData> data)
{
    reset([&] {
        m_data = std::move(data);
        calibrationChanged();
    });
}

void CalibrationTableModel::reset(const std::function<void()> &change)
{
    beginResetModel();
    change();
    endResetModel();
}

int CalibrationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_data ? 0 : rows();
}

int CalibrationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_data ? 0 : columns();
}

QVariant CalibrationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case ValueRole: {
        auto exact = value(index.row(), index.column());
        if (exact.userType() == QMetaType::Double && !std::isfinite(exact.toDouble()))
            return {};
        return exact;
    }
    case Qt::DisplayRole: {
        if (auto text = displayText(index.row(), index.column()); !text.isNull())
            return text;
        const auto exact = value(index.row(), index.column());
        if (exact.userType() == QMetaType::Double)
            return numberText(exact.toDouble());
        if (exact.userType() == QMetaType::Int)
            return QLocale().toString(exact.toInt());
        return exact;
    }
    case Qt::TextAlignmentRole:
        return value(index.row(), index.column()).userType() == QMetaType::QString
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant CalibrationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return section < columnCount() ? columnTitle(section) : QVariant();
}

QString CalibrationTableModel::numberText(double value, int decimals)
{
    if (std::isnan(value))
        return tr("n/a");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return QLocale().toString(value, 'f', decimals);
}
