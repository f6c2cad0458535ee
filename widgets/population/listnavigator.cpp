#include "listnavigator.h"

#include "common/namedaction.h"
#include "pairlist/pairlistmodel.h"
#include "pairlist/pairlistproxymodel.h"
#include "populationfilterbar.h"
#include "populationmodel.h"
#include "populationproxymodel.h"
#include "search/searchdriver.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QStackedWidget>
#include <QTreeView>

#include <algorithm>

ListNavigator::ListNavigator(const Lists &lists, QObject *parent) : QObject(parent), m_lists(lists) {}

void ListNavigator::addActions(QMenu *menu)
{
    const auto add = [this, menu](const QString &name, const QString &text, const QString &keys, const QString &tip,
                                  auto slot) { return addNamedAction(menu, name, text, keys, tip, this, slot); };
    add(QStringLiteral("goParent"), tr("&Parent"), QStringLiteral("Alt+Up"), tr("Select the parent of the kernel"),
        [this] { goParent(); });
    add(QStringLiteral("goFirstChild"), tr("First &Child"), QStringLiteral("Alt+Down"),
        tr("Select the first child of the kernel"), [this] { goFirstChild(); });
    add(QStringLiteral("goNextSibling"), tr("&Next Sibling or Pair"), QStringLiteral("Alt+Right"),
        tr("Select the next kernel of the same parent, or the next pair"), [this] { goSibling(1); });
    add(QStringLiteral("goPreviousSibling"), tr("P&revious Sibling or Pair"), QStringLiteral("Alt+Left"),
        tr("Select the previous kernel of the same parent, or the previous pair"), [this] { goSibling(-1); });
    menu->addSeparator();
    add(QStringLiteral("nextFailure"), tr("Next Surrogate &Failure"), QStringLiteral("F8"),
        tr("Select the next confident, wrong forecast, worst first (threshold and score from the filters)"),
        [this] { goFailure(1); });
    add(QStringLiteral("previousFailure"), tr("Previous Surrogate F&ailure"), QStringLiteral("Shift+F8"),
        tr("Select the previous confident, wrong forecast"), [this] { goFailure(-1); });
    add(QStringLiteral("goSeed"), tr("&Seed"), QStringLiteral("Alt+Home"), tr("Select the root of the search"), [this] {
        if (m_lists.population->population() && m_lists.population->rowCount() > 0)
            goNode(m_lists.population->index(0, 0).internalId());
    });
    add(QStringLiteral("goBestMeasured"), tr("Best &Measured Node"), QStringLiteral("Alt+End"),
        tr("Select the fastest kernel measured, as the status bar and Selective Search against Baseline name it"),
        [this] {
            if (const auto &population = m_lists.population->population())
                if (const auto best = kfx::search::bestMeasuredNode(*population))
                    goNode(*best);
        });
    add(QStringLiteral("goBest"), tr("Archive &Best Node"), QStringLiteral("Shift+Alt+End"),
        tr("Select the best archive member; the path to it is in bold"), [this] {
            if (!m_lists.population->bestPath().empty())
                goNode(m_lists.population->bestPath().back());
        });
}

bool ListNavigator::showsPairs() const
{
    return m_lists.lists->currentIndex() == 1;
}

QModelIndex ListNavigator::sourceIndexForId(const QString &id) const
{
    if (showsPairs()) {
        const int row = m_lists.pairs->rowForId(id);
        return row < 0 ? QModelIndex() : m_lists.pairs->index(row, 0);
    }
    const auto &population = m_lists.population->population();
    const auto node = population ? population->find(id.toStdString()) : std::nullopt;
    return node ? m_lists.population->indexForNode(*node) : QModelIndex();
}

void ListNavigator::selectComparisons(const QStringList &comparisonIds)
{
    QModelIndexList rows;
    for (const auto &id : comparisonIds) {
        if (const auto row = sourceIndexForId(id); row.isValid())
            rows << row;
    }
    if (rows.isEmpty()) {
        Q_EMIT message(tr("None of the %n comparison(s) selected in the Calibration view is in the list "
                          "shown",
                          nullptr, int(comparisonIds.size())),
                       8000);
        return;
    }
    auto *view = showsPairs() ? m_lists.pairView : m_lists.tree;
    const QSortFilterProxyModel *proxy = showsPairs() ? static_cast<QSortFilterProxyModel *>(m_lists.pairProxy)
                                                      : m_lists.treeProxy;
    // A selected row the filter hides would not be seen: show everything rather than part of the selection.
    if (std::any_of(rows.begin(), rows.end(),
                    [proxy](const auto &row) { return !proxy->mapFromSource(row).isValid(); })) {
        if (showsPairs())
            m_lists.pairFilter->clear();
        else
            m_lists.treeFilter->reset();
    }
    QItemSelection selection;
    for (const auto &row : rows) {
        const auto index = proxy->mapFromSource(row);
        selection.select(index, index);
        for (auto parent = index.parent(); parent.isValid(); parent = parent.parent())
            view->expand(parent);
    }
    view->setCurrentIndex(proxy->mapFromSource(rows.first()));
    view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->scrollTo(view->currentIndex());
    Q_EMIT message(rows.size() == comparisonIds.size()
                       ? tr("%n comparison(s) selected in the Calibration view", nullptr, int(rows.size()))
                       : tr("%n comparison(s) selected in the Calibration view; %1 not in the list shown", nullptr,
                            int(rows.size()))
                             .arg(comparisonIds.size() - rows.size()),
                   8000);
}

bool ListNavigator::selectId(const QString &id)
{
    if (id.isEmpty())
        return false;
    if (showsPairs()) {
        int row = m_lists.pairs->rowForId(id);
        for (int candidate = 0; row < 0 && candidate < m_lists.pairs->rowCount(); ++candidate)
            if (m_lists.pairs->pair(candidate)->id.size() > 0
                && QString::fromStdString(m_lists.pairs->pair(candidate)->id).endsWith(id))
                row = candidate;
        if (row < 0)
            return false;
        goPairRow(row);
        return true;
    }
    const auto &population = m_lists.population->population();
    if (!population)
        return false;
    auto node = population->find(id.toStdString());
    // A short id as the tree shows it (the last 8 characters) picks the node only when no other ends the same.
    if (!node) {
        const auto suffix = id.toStdString();
        for (std::size_t i = 0; i < population->size(); ++i) {
            if (population->node(i).id.ends_with(suffix)) {
                if (node)
                    return false;
                node = i;
            }
        }
    }
    if (!node)
        return false;
    goNode(*node);
    return true;
}

void ListNavigator::goNode(std::size_t node)
{
    auto index = m_lists.treeProxy->mapFromSource(m_lists.population->indexForNode(node));
    // A node the filters hide cannot be selected: show everything rather than do nothing.
    if (!index.isValid()) {
        m_lists.treeFilter->reset();
        index = m_lists.treeProxy->mapFromSource(m_lists.population->indexForNode(node));
    }
    m_lists.tree->setCurrentIndex(index);
    m_lists.tree->scrollTo(index);
}

void ListNavigator::goPairRow(int row)
{
    auto index = m_lists.pairProxy->mapFromSource(m_lists.pairs->index(row, 0));
    // As for nodes: a pair the filter hides cannot be selected, so the filter goes.
    if (!index.isValid()) {
        m_lists.pairFilter->clear();
        index = m_lists.pairProxy->mapFromSource(m_lists.pairs->index(row, 0));
    }
    m_lists.pairView->setCurrentIndex(index);
    m_lists.pairView->scrollTo(index);
}

void ListNavigator::goParent()
{
    if (showsPairs())
        return;
    const auto parent = m_lists.tree->currentIndex().parent();
    if (parent.isValid()) {
        m_lists.tree->setCurrentIndex(parent.siblingAtColumn(0));
        m_lists.tree->scrollTo(m_lists.tree->currentIndex());
    }
}

void ListNavigator::goFirstChild()
{
    if (showsPairs())
        return;
    const auto current = m_lists.tree->currentIndex().siblingAtColumn(0);
    if (!current.isValid() || m_lists.treeProxy->rowCount(current) == 0)
        return;
    m_lists.tree->expand(current);
    m_lists.tree->setCurrentIndex(m_lists.treeProxy->index(0, 0, current));
    m_lists.tree->scrollTo(m_lists.tree->currentIndex());
}

void ListNavigator::goSibling(int step)
{
    auto *view = showsPairs() ? m_lists.pairView : m_lists.tree;
    const auto current = view->currentIndex();
    if (!current.isValid())
        return;
    const auto sibling = current.sibling(current.row() + step, 0);
    if (sibling.isValid()) {
        view->setCurrentIndex(sibling);
        view->scrollTo(sibling);
    }
}

void ListNavigator::goFailure(int step)
{
    if (showsPairs()) {
        const auto rows = m_lists.pairs->surrogateFailures(m_lists.treeProxy->confidenceScore(),
                                                           m_lists.treeProxy->confidenceThreshold());
        if (rows.empty())
            return Q_EMIT message(tr("No surrogate failures at this threshold"), 4000);
        const int current = m_lists.pairProxy->mapToSource(m_lists.pairView->currentIndex()).row();
        const auto it = std::find(rows.begin(), rows.end(), current);
        const auto count = static_cast<int>(rows.size());
        const int at = it == rows.end() ? (step > 0 ? 0 : count - 1)
                                        : (static_cast<int>(it - rows.begin()) + step + count) % count;
        goPairRow(rows[static_cast<std::size_t>(at)]);
        Q_EMIT message(tr("Surrogate failure %1 of %2").arg(at + 1).arg(count), 4000);
        return;
    }
    // With the Surprises filter on, F8 walks the surprises instead, most surprising first.
    const bool surprises = m_lists.treeProxy->surprisesOnly();
    const auto nodes = surprises ? m_lists.treeProxy->surprises() : m_lists.treeProxy->surrogateFailures();
    if (nodes.empty())
        return Q_EMIT message(surprises ? tr("No surprises") : tr("No surrogate failures at this threshold"), 4000);
    const auto current = m_lists.treeProxy->mapToSource(m_lists.tree->currentIndex());
    const auto it = current.isValid() ? std::find(nodes.begin(), nodes.end(), current.internalId()) : nodes.end();
    const auto count = static_cast<int>(nodes.size());
    // From anywhere else the first press goes to the worst failure, Shift+F8 to the mildest.
    const int at = it == nodes.end() ? (step > 0 ? 0 : count - 1)
                                     : (static_cast<int>(it - nodes.begin()) + step + count) % count;
    goNode(nodes[static_cast<std::size_t>(at)]);
    Q_EMIT message(surprises ? tr("Surprise %1 of %2").arg(at + 1).arg(count)
                             : tr("Surrogate failure %1 of %2").arg(at + 1).arg(count),
                   4000);
}
