#include "reliabilitymodel.h"

#include <limits>

namespace {

const kfx::metrics::ReliabilityBucket *bucketOf(const CalibrationData &data, int surrogate, int row)
{
    const auto &buckets = data.evaluation(surrogate).calibration.reliability;
    return std::size_t(row) < buckets.size() ? &buckets[std::size_t(row)] : nullptr;
}

} // namespace

// A surrogate none of whose forecasts joined a measured pair has no buckets at all: the rows are the buckets
// some surrogate has, and the bounds come from the first that has them.
int ReliabilityModel::rows() const
{
    return m_bucketSource >= 0 ? int(calibration()->evaluation(m_bucketSource).calibration.reliability.size()) : 0;
}

void ReliabilityModel::calibrationChanged()
{
    m_bucketSource = -1;
    for (int surrogate = 0; surrogate < surrogateCount() && m_bucketSource < 0; ++surrogate) {
        if (!calibration()->evaluation(surrogate).calibration.reliability.empty())
            m_bucketSource = surrogate;
    }
}

int ReliabilityModel::columns() const
{
    return column(surrogateCount(), MeanConfidence);
}

QVariant ReliabilityModel::value(int row, int column) const
{
    if (column == LowColumn || column == HighColumn) {
        const auto *bounds = bucketOf(*calibration(), m_bucketSource, row);
        return column == LowColumn ? bounds->low : bounds->high;
    }
    const auto *bucket = bucketOf(*calibration(), (column - 2) / FieldCount, row);
    const bool empty = !bucket || bucket->count == 0;
    switch ((column - 2) % FieldCount) {
    case MeanConfidence:
        return empty ? std::numeric_limits<double>::quiet_NaN() : bucket->meanConfidence;
    case Accuracy:
        return empty ? std::numeric_limits<double>::quiet_NaN() : bucket->accuracy;
    case Count:
        return bucket ? bucket->count : 0;
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
