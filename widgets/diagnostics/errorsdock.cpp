#include "errorsdock.h"

#include "diagnosticsmodel.h"

#include <QHeaderView>
#include <QTableView>

ErrorsDock::ErrorsDock(DiagnosticsModel *errors, QWidget *parent)
    : QDockWidget(tr("Errors"), parent)
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("errorsDock"));
    m_view->setModel(errors);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAccessibleName(tr("Load errors"));
    setWidget(m_view);
    connect(errors, &QAbstractItemModel::modelReset, this, [this, errors] {
        m_view->resizeColumnsToContents();
        setVisible(errors->rowCount() > 0);
    });
}
