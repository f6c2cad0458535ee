#include "pairlistpane.h"

#include "pairlistproxymodel.h"

#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

PairListPane::PairListPane(PairListProxyModel *pairs, QWidget *parent)
    : QWidget(parent)
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this))
{
    m_filter->setPlaceholderText(tr("Filter by id, pack or code (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Pair filter"));
    m_filter->setToolTip(tr("Shows the pairs whose comparison id, pack or candidate code contains this text"));
    connect(m_filter, &QLineEdit::textChanged, pairs, &PairListProxyModel::setFilterText);

    m_view->setModel(pairs);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSortingEnabled(true);
    // In file order until a heading is clicked.
    m_view->sortByColumn(-1, Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAccessibleName(tr("Comparison pairs"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
}
