#include "topkmodel.h"

int TopKModel::rows() const
{
    return surrogateCount() > 0 ? int(calibration()->evaluation(0).topK.curve.size()) : 0;
}

int TopKModel::columns() const
{
    return column(surrogateCount());
}

QVariant TopKModel::value(int row, int column) const
{
    const auto surrogate = column == PercentColumn ? 0 : column - 1;
    const auto &curve = calibration()->evaluation(surrogate).topK.curve;
    if (std::size_t(row) >= curve.size())
        return {};
    const auto &point = curve[std::size_t(row)];
    return column == PercentColumn ? QVariant(point.percent) : QVariant(point.recovered);
}

QString TopKModel::columnTitle(int column) const
{
    return column == PercentColumn ? tr("Measured (%)") : calibration()->label(column - 1);
}
