#include "diagnosticsmodel.h"

#include <QFileInfo>

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(kfx::Diagnostics diagnostics)
{
    beginResetModel();
    m_diagnostics = std::move(diagnostics);
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &diagnostic = m_diagnostics[static_cast<std::size_t>(index.row())];
    const auto file = QString::fromStdString(diagnostic.file);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FileColumn:
            return QFileInfo(file).fileName();
        case LineColumn:
            return diagnostic.line > 0 ? QString::number(diagnostic.line) : QString();
        case MessageColumn:
            return QString::fromStdString(diagnostic.message);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case FileColumn:
            return file;
        case MessageColumn:
            return QString::fromStdString(diagnostic.message);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == LineColumn)
            return QVariant::fromValue<int>(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case MessageColumn:
        return tr("Message");
    }
    return {};
}
