#include "reliabilitymodel.h"

#include <limits>

namespace {

const kfx::metrics::ReliabilityBand *bandOf(const CalibrationData &data, int surrogate, int row)
{
    const auto &bands = data.statistics(surrogate).reliability.bands;
    return std::size_t(row) < bands.size() ? &bands[std::size_t(row)] : nullptr;
}

} // namespace

bool ReliabilityModel::equalCount() const
{
    return calibration() && calibration()->settings().statistics.bucketMode == kfx::metrics::BucketMode::EqualCount;
}

// A surrogate none of whose forecasts joined a measured pair has no buckets at all, and one with fewer
// forecasts than equal-count buckets has fewer: the rows are the most buckets some surrogate has.
int ReliabilityModel::rows() const
{
    return m_rows;
}

void ReliabilityModel::calibrationChanged()
{
    m_rows = 0;
    m_bucketSource = -1;
    for (int surrogate = 0; surrogate < surrogateCount(); ++surrogate) {
        const int bands = int(calibration()->statistics(surrogate).reliability.bands.size());
        if (bands > m_rows) {
            m_rows = bands;
            m_bucketSource = surrogate;
        }
    }
}

int ReliabilityModel::columns() const
{
    return column(surrogateCount(), MeanConfidence);
}

QVariant ReliabilityModel::value(int row, int column) const
{
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    if (column == LowColumn || column == HighColumn) {
        const int edge = row + (column == LowColumn ? 0 : 1);
        if (equalCount())
            return double(edge) / m_rows;
        return column == LowColumn ? bandOf(*calibration(), m_bucketSource, row)->bucket.low
                                   : bandOf(*calibration(), m_bucketSource, row)->bucket.high;
    }
    const auto *band = bandOf(*calibration(), (column - 2) / FieldCount, row);
    const bool empty = !band || band->bucket.count == 0;
    switch ((column - 2) % FieldCount) {
    case MeanConfidence:
        return empty ? kNaN : band->bucket.meanConfidence;
    case Accuracy:
        return empty ? kNaN : band->bucket.accuracy;
    case Count:
        return band ? band->bucket.count : 0;
    case Correct:
        return band ? band->correct : 0;
    case AccuracyLow:
        return empty ? kNaN : band->accuracyInterval.low;
    case AccuracyHigh:
        return empty ? kNaN : band->accuracyInterval.high;
    case ConfidenceFrom:
        return empty ? kNaN : band->bucket.low;
    case ConfidenceTo:
        return empty ? kNaN : band->bucket.high;
    }
    return {};
}

QString ReliabilityModel::columnTitle(int column) const
{
    if (column == LowColumn)
        return equalCount() ? tr("Share of forecasts from") : tr("Confidence from");
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
    case Correct:
        return tr("%1: correct").arg(label);
    case AccuracyLow:
        return tr("%1: accuracy 95% low").arg(label);
    case AccuracyHigh:
        return tr("%1: accuracy 95% high").arg(label);
    case ConfidenceFrom:
        return tr("%1: confidence from").arg(label);
    case ConfidenceTo:
        return tr("%1: confidence to").arg(label);
    }
    return {};
}
