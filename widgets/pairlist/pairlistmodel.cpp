#include "pairlist/pairlistmodel.h"

#include "common/displaytext.h"
#include "model/speedupbin.h"

#include <QLocale>

#include <algorithm>
#include <cstdlib>
#include <string_view>
#include <unordered_map>

PairListModel::PairListModel(QObject *parent) : QAbstractTableModel(parent) {}

void PairListModel::setPairs(std::vector<Pairs> pairs, std::vector<Predictions> predictions)
{
    beginResetModel();
    m_sources = std::move(pairs);
    m_predictionSources = std::move(predictions);
    m_pairs.clear();
    m_predictions.clear();
    m_unmatched = 0;
    std::unordered_map<std::string_view, std::size_t> rows;
    for (const auto &source : m_sources) {
        if (!source)
            continue;
        for (const auto &pair : *source) {
            rows.emplace(pair.id, m_pairs.size());
            m_pairs.push_back(&pair);
        }
    }
    m_predictions.resize(m_pairs.size());
    for (const auto &source : m_predictionSources) {
        if (!source)
            continue;
        for (const auto &row : *source) {
            const auto it = rows.find(row.comparisonId);
            if (it == rows.end())
                ++m_unmatched;
            else
                m_predictions[it->second].push_back(&row);
        }
    }
    for (auto &rowsOfPair : m_predictions)
        std::stable_sort(rowsOfPair.begin(), rowsOfPair.end(), [](const auto *a, const auto *b) {
            return std::tie(a->surrogateLabel, a->repeat) < std::tie(b->surrogateLabel, b->repeat);
        });
    endResetModel();
}

const kfx::ComparisonPair *PairListModel::pair(int row) const
{
    return row >= 0 && row < rowCount() ? m_pairs[static_cast<std::size_t>(row)] : nullptr;
}

const std::vector<const kfx::PredictionRow *> &PairListModel::predictions(int row) const
{
    static const std::vector<const kfx::PredictionRow *> none;
    return row >= 0 && row < rowCount() ? m_predictions[static_cast<std::size_t>(row)] : none;
}

int PairListModel::rowForId(const QString &id) const
{
    const auto key = id.toStdString();
    const auto it = std::find_if(m_pairs.begin(), m_pairs.end(), [&key](const auto *pair) { return pair->id == key; });
    return it == m_pairs.end() ? -1 : static_cast<int>(it - m_pairs.begin());
}

std::vector<int> PairListModel::surrogateFailures(kfx::metrics::ConfidenceScore score, double threshold) const
{
    std::vector<std::pair<double, int>> failures;
    for (int row = 0; row < rowCount(); ++row) {
        const auto *forecast = firstForecast(row);
        if (!forecast)
            continue;
        const double confidence = kfx::metrics::confidence(score, *forecast);
        const int error = std::abs(forecast->predictedBin - m_pairs[static_cast<std::size_t>(row)]->trueBin);
        if (error > 0 && confidence >= threshold)
            failures.emplace_back(confidence * error, row);
    }
    std::stable_sort(failures.begin(), failures.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<int> rows;
    for (const auto &failure : failures)
        rows.push_back(failure.second);
    return rows;
}

const kfx::Forecast *PairListModel::firstForecast(int row) const
{
    for (const auto *prediction : predictions(row))
        if (prediction->forecast)
            return &*prediction->forecast;
    return nullptr;
}

int PairListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_pairs.size());
}

int PairListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PairListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &pair = *m_pairs[static_cast<std::size_t>(index.row())];
    const auto *forecast = firstForecast(index.row());
    const auto forecastCount = static_cast<int>(predictions(index.row()).size());
    if (role == PairIdRole)
        return QString::fromStdString(pair.id);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue<int>(index.column() == IdColumn || index.column() == PackColumn
                                            ? Qt::AlignLeft | Qt::AlignVCenter
                                            : Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (index.column()) {
        case IdColumn:
            return QString::fromStdString(pair.id);
        case PackColumn:
            return QString::fromStdString(pair.pack);
        case SpeedupColumn:
            return pair.speedup;
        case TrueBinColumn:
            return static_cast<double>(pair.trueBin);
        case PredictedBinColumn:
            return forecast ? QVariant(static_cast<double>(forecast->predictedBin)) : QVariant();
        case ConfidenceColumn:
            return forecast ? QVariant(forecast->probabilityOf(forecast->predictedBin)) : QVariant();
        case ForecastsColumn:
            return static_cast<double>(forecastCount);
        }
        return {};
    }
    if (role == Qt::ToolTipRole && index.column() == IdColumn)
        return QString::fromStdString(pair.id);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return QString::fromStdString(pair.id);
    case PackColumn:
        return QString::fromStdString(pair.pack);
    case SpeedupColumn:
        return speedupText(pair.speedup);
    case TrueBinColumn:
        return pair.trueBin;
    case PredictedBinColumn:
        return forecast ? QVariant(forecast->predictedBin) : QVariant();
    case ConfidenceColumn:
        return forecast ? QVariant(tr("%1%").arg(qRound(forecast->probabilityOf(forecast->predictedBin) * 100.0)))
                        : QVariant();
    case ForecastsColumn:
        return forecastCount;
    }
    return {};
}

QVariant PairListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(section)) {
        case IdColumn:
            return tr("Comparison");
        case PackColumn:
            return tr("Pack");
        case SpeedupColumn:
            return tr("Speedup");
        case TrueBinColumn:
            return tr("True bin");
        case PredictedBinColumn:
            return tr("Predicted");
        case ConfidenceColumn:
            return tr("Confidence");
        case ForecastsColumn:
            return tr("Forecasts");
        case ColumnCount:
            break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (static_cast<Column>(section)) {
        case IdColumn:
            return tr("The comparison id that joins the pair with its predictions");
        case PackColumn:
            return tr("The benchmark pack or problem the pair belongs to");
        case SpeedupColumn:
            return tr("The candidate's measured speedup S over the reference");
        case TrueBinColumn:
            return tr("The bin of the measured speedup: floor(2·log2 S) + 4, clamped to 1..8");
        case PredictedBinColumn:
            return tr("The bin declared by the first parsed forecast (the first surrogate's first repeat)");
        case ConfidenceColumn:
            return tr("The mass that forecast put on its predicted bin");
        case ForecastsColumn:
            return tr("How many prediction rows (surrogates × repeats) were loaded for the pair");
        case ColumnCount:
            break;
        }
    }
    return {};
}
