#pragma once

#include "model/population.h"

#include <QTreeView>

#include <memory>

class PopulationProxyModel;

// The population tree's view. A search's lineages run thirty and more generations deep, and at the style's usual
// indentation a deep node's id slides out of its column: the view indents by about a character per generation and
// widens the id column whenever the current node's id would be cut off, so that keyboard navigation always shows
// which kernel it landed on. When the model is reset with the same search plus forecasts (a surprise mark beside an
// id), it widens the column for the rows in view once they are laid out.
class LineageTreeView : public QTreeView {
    Q_OBJECT
public:
    explicit LineageTreeView(QWidget *parent = nullptr);

    // Shows the search through `proxy`, in step order, keeping every match of its filters in sight.
    void setPopulationModel(PopulationProxyModel *proxy);
    // Opens a search just shown: all of it when small, the top levels of a large one.
    void openNewSearch();
    // Shows `population` in place of the search shown, which it extends (forecasts or measurements added, a log
    // grown): the current kernel and the scroll position stay where they were.
    void showExtendedSearch(std::shared_ptr<const kfx::Population> population);
    // Fits each column but the last to its contents and heading.
    void fitColumns();

    // Widens the first column, if needed, so that the whole of `index`'s text shows (never narrows it).
    void revealText(const QModelIndex &index);

    void reset() override;

protected:
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QVector<int> &roles = QVector<int>()) override;
    void changeEvent(QEvent *event) override;

private:
    bool showsLargeSearch() const;
    void foldLargeSearch();
    void revealMatches();
    void updateIndentation();
    void widenFirstColumnToContents();

    PopulationProxyModel *m_proxy = nullptr;
    bool m_widenQueued = false;
};
