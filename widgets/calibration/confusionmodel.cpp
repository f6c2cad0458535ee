#include "confusionmodel.h"

#include "model/speedupbin.h"

void ConfusionModel::setSurrogate(int surrogate)
{
    reset([&] { m_surrogate = surrogate; });
}

int ConfusionModel::rows() const
{
    return m_surrogate < surrogateCount() ? kfx::kBinCount : 0;
}

int ConfusionModel::columns() const
{
    return kfx::kBinCount;
}

QVariant ConfusionModel::value(int row, int column) const
{
    if (m_surrogate >= surrogateCount())
        return {};
    return calibration()->evaluation(m_surrogate).confusion[std::size_t(row)][std::size_t(column)];
}

QString ConfusionModel::columnTitle(int column) const
{
    return tr("True bin %1").arg(column + kfx::kFirstBin);
}

QVariant ConfusionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical && role == Qt::DisplayRole && section >= 0 && section < rowCount())
        return tr("Predicted bin %1").arg(section + kfx::kFirstBin);
    return CalibrationTableModel::headerData(section, orientation, role);
}
