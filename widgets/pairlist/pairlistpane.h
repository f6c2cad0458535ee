#pragma once

#include <QWidget>

class PairListProxyModel;
class QLineEdit;
class QTreeView;

// An eval set's pairs in place of the tree: a filter over id, pack and code above the list.
class PairListPane : public QWidget {
    Q_OBJECT
public:
    PairListPane(PairListProxyModel *pairs, QWidget *parent);

    QTreeView *view() const { return m_view; }
    QLineEdit *filter() const { return m_filter; }

private:
    QLineEdit *m_filter;
    QTreeView *m_view;
};
