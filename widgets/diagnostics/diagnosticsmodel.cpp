#include "diagnostics/diagnosticsmodel.h"

#include <QFileInfo>

#include <algorithm>

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(kfx::Diagnostics diagnostics, std::size_t damagedLines)
{
    beginResetModel();
    m_diagnostics = std::move(diagnostics);
    m_damagedLines = damagedLines;
    endResetModel();
}

int DiagnosticsModel::warningCount() const
{
    return static_cast<int>(std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                                          [](const kfx::Diagnostic &diagnostic) { return diagnostic.isWarning(); }));
}

int DiagnosticsModel::errorCount() const
{
    return rowCount() - warningCount();
}

QString DiagnosticsModel::summaryText() const
{
    QStringList parts{tr("%n error(s)", nullptr, errorCount())};
    if (const int warnings = warningCount(); warnings > 0)
        parts << tr("%n warning(s)", nullptr, warnings);
    if (m_damagedLines > 0)
        parts << tr("partial data: %n damaged line(s)", nullptr, static_cast<int>(m_damagedLines));
    return parts.join(QStringLiteral(" · "));
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
        case SeverityColumn:
            return diagnostic.isWarning() ? tr("Warning") : tr("Error");
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
    case SeverityColumn:
        return tr("Kind");
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case MessageColumn:
        return tr("Message");
    }
    return {};
}
