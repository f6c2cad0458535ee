#pragma once

#include <QModelIndex>
#include <QObject>
#include <QStringList>

#include <cstddef>

class PairListModel;
class PairListProxyModel;
class PopulationFilterBar;
class PopulationModel;
class PopulationProxyModel;
class QLineEdit;
class QMenu;
class QStackedWidget;
class QTreeView;

// Keyboard navigation over whichever list the window shows: a search's lineage tree or an eval set's pairs. It
// moves the selection (parent, child, sibling, the next surrogate failure, the seed, the best kernels), selects
// kernels by id, and clears a filter rather than do nothing when the filter hides where it should go. What it has
// to say goes out through message(), for the status bar.
class ListNavigator : public QObject {
    Q_OBJECT
public:
    // The two lists and their filters; `lists` shows the tree as page 0 and the pairs as page 1.
    struct Lists {
        QStackedWidget *lists;
        QTreeView *tree;
        PopulationModel *population;
        PopulationProxyModel *treeProxy;
        PopulationFilterBar *treeFilter;
        QTreeView *pairView;
        PairListModel *pairs;
        PairListProxyModel *pairProxy;
        QLineEdit *pairFilter;
    };
    ListNavigator(const Lists &lists, QObject *parent);

    // The Navigate menu's moves, with their shortcuts.
    void addActions(QMenu *menu);

    bool showsPairs() const;
    // Selects the node or pair with this id, or the only one whose id ends in it (the tree shows short ids).
    bool selectId(const QString &id);
    // Selects every one of these comparisons the list shown holds, the first made current; says how many there
    // are.
    void selectComparisons(const QStringList &comparisonIds);
    void goNode(std::size_t node);
    void goPairRow(int row);
    void goParent();
    void goFirstChild();
    void goSibling(int step);
    // The next (step 1) or previous (-1) confident, wrong forecast, or surprise while the Surprises filter is on.
    void goFailure(int step);

Q_SIGNALS:
    void message(const QString &text, int timeoutMs);

private:
    // The row of this exact comparison or node id in the source model of the list shown; invalid when none.
    QModelIndex sourceIndexForId(const QString &id) const;

    Lists m_lists;
};
