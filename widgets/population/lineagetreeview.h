#pragma once

#include <QTreeView>

// The population tree's view. A search's lineages run thirty and more generations deep, and at the style's usual
// indentation a deep node's id slides out of its column: the view indents by about a character per generation and
// widens the id column whenever the current node's id would be cut off, so that keyboard navigation always shows
// which kernel it landed on. When the model is reset with the same search plus forecasts (a surprise mark beside an
// id), it widens the column for the rows in view once they are laid out.
class LineageTreeView : public QTreeView {
    Q_OBJECT
public:
    explicit LineageTreeView(QWidget *parent = nullptr);

    // Widens the first column, if needed, so that the whole of `index`'s text shows (never narrows it).
    void revealText(const QModelIndex &index);

    void reset() override;

protected:
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    void changeEvent(QEvent *event) override;

private:
    void updateIndentation();
    void widenFirstColumnToContents();

    bool m_widenQueued = false;
};
