#include "reliabilitymodel.h"

#include <limits>

int ReliabilityModel::rows() const
{
    return surrogateCount() > 0 ? calibration()->settings().buckets : 0;
}

int ReliabilityModel::columns() const
{
    return column(surrogateCount(), MeanConfidence);
}

QVariant ReliabilityModel::value(int row, int column) const
{
    const auto &first = calibration()->evaluation(0).calibration.reliability;
    if (column == LowColumn)
        return first.at(std::size_t(row)).low;
    if (column == HighColumn)
        return first.at(std::size_t(row)).high;
    const int surrogate = (column - 2) / FieldCount;
    const auto &bucket = calibration()->evaluation(surrogate).calibration.reliability.at(std::size_t(row));
    switch ((column - 2) % FieldCount) {
    case MeanConfidence:
        return bucket.count > 0 ? bucket.meanConfidence : std::numeric_limits<double>::quiet_NaN();
    case Accuracy:
        return bucket.count > 0 ? bucket.accuracy : std::numeric_limits<double>::quiet_NaN();
    case Count:
        return bucket.count;
    }
    return {};
}

QString ReliabilityModel::columnTitle(int column) const
{
    if (column == LowColumn)
        return tr("Confidence from");
    if (column == HighColumn)
        return tr("to");
    const auto label = calibration()->label((column - 2) / FieldCount);
    switch ((column - 2) % FieldCount) {
    case MeanConfidence:
        return tr("%1: mean confidence").arg(label);
    case Accuracy:
        return tr("%1: accuracy").arg(label);
    case Count:
        return tr("%1: forecasts").arg(label);
    }
    return {};
}
