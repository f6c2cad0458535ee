#include "topkmodel.h"

#include <algorithm>

// A surrogate that joined no measured pair has no curve: the rows are the longest curve's points.
int TopKModel::rows() const
{
    std::size_t longest = 0;
    for (int surrogate = 0; surrogate < surrogateCount(); ++surrogate)
        longest = std::max(longest, calibration()->evaluation(surrogate).topK.curve.size());
    return int(longest);
}

int TopKModel::columns() const
{
    return column(surrogateCount());
}

QVariant TopKModel::value(int row, int column) const
{
    if (column != PercentColumn) {
        const auto &curve = calibration()->evaluation(column - 1).topK.curve;
        return std::size_t(row) < curve.size() ? QVariant(curve[std::size_t(row)].recovered) : QVariant();
    }
    for (int surrogate = 0; surrogate < surrogateCount(); ++surrogate) {
        const auto &curve = calibration()->evaluation(surrogate).topK.curve;
        if (std::size_t(row) < curve.size())
            return curve[std::size_t(row)].percent;
    }
    return {};
}

QString TopKModel::columnTitle(int column) const
{
    return column == PercentColumn ? tr("Measured (%)") : calibration()->label(column - 1);
}
