#pragma once

#include "model/diagnostic.h"

#include <QAbstractTableModel>

#include <cstddef>

// The problems found while loading files, one row each, for the Errors dock: errors (lines that could not be
// loaded) and warnings (a cut-off last line, a repeated row that was ignored).
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        FileColumn,
        LineColumn,
        MessageColumn,
        ColumnCount,
    };
    Q_ENUM(Column)

    explicit DiagnosticsModel(QObject *parent = nullptr);

    // `damagedLines`: how many lines of the loaded files could not be loaded (LoadedFile::damagedLines summed).
    void setDiagnostics(kfx::Diagnostics diagnostics, std::size_t damagedLines = 0);
    const kfx::Diagnostics &diagnostics() const { return m_diagnostics; }

    int errorCount() const;
    int warningCount() const;
    // "2 errors", then the warnings and "partial data: N damaged lines" where there are any: what the window's
    // status says about the load, so that a summary over partial data never looks whole.
    QString summaryText() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    kfx::Diagnostics m_diagnostics;
    std::size_t m_damagedLines = 0;
};
