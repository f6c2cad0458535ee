#pragma once

#include "model/diagnostic.h"

#include <QAbstractTableModel>

// The problems found while loading files, one row each, for the Errors dock.
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        FileColumn,
        LineColumn,
        MessageColumn,
        ColumnCount,
    };
    Q_ENUM(Column)

    explicit DiagnosticsModel(QObject *parent = nullptr);

    void setDiagnostics(kfx::Diagnostics diagnostics);
    const kfx::Diagnostics &diagnostics() const { return m_diagnostics; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    kfx::Diagnostics m_diagnostics;
};
