#pragma once

#include "compare/kerneldiff.h"
#include "model/comparisonpair.h"
#include "model/population.h"

#include <QWidget>

#include <memory>
#include <optional>

class CodeView;
class FindBar;
class ElidedLabel;
class QComboBox;
class QGridLayout;
class QLabel;
class QMenu;
class QSplitter;

// A kernel beside the one it is compared with, as hotspot shows source beside assembly and Kate shows a split
// diff: reference on the left, candidate on the right, changed lines and characters marked on both sides from
// KernelDiff, scrolling kept in step through its line map, and a find bar for either pane.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    // What the left pane shows while browsing a search.
    enum class Reference {
        Search, // the search's seed reference (v3 context.seedReferenceCode), else the lineage's root
        Parent, // the candidate's parent
        Picked, // a node the user picked
        Task,   // the task's own reference kernel, which the speedups are measured against
    };
    Q_ENUM(Reference)

    explicit ComparisonView(QWidget *parent = nullptr);

    // A node of a search against the chosen reference; the population stays shared, nothing is copied.
    void showNode(std::shared_ptr<const kfx::Population> population, std::size_t node);
    // An eval-set pair: its own reference against its candidate. The pair must outlive the view's use of it.
    void showPair(const kfx::ComparisonPair &pair);
    void clear();

    Reference reference() const { return m_reference; }
    void setReference(Reference reference);
    // Makes a node of the current population the left side from now on.
    void pickReference(std::size_t node);
    // Use as Reference (the node shown) and one entry for each Reference, with their shortcuts.
    void addReferenceActions(QMenu *menu);
    std::optional<std::size_t> pickedReference() const { return m_picked; }
    // The task directory of the search shown (TaskLocator; empty when none is known): its task.json names the
    // reference kernel that Reference::Task shows.
    void setTaskDirectory(const QString &directory);

    CodeView *referenceView() const { return m_referenceView; }
    CodeView *candidateView() const { return m_candidateView; }
    QString referenceTitle() const;
    QString candidateTitle() const;
    const kfx::KernelDiff &diff() const { return m_diff; }
    FindBar *findBar() const { return m_findBar; }
    QSplitter *splitter() const { return m_splitter; }
    // Sizes the user chose earlier (QSplitter::saveState); without them the panes start half and half.
    bool restoreSplitterState(const QByteArray &state);

    // Opens the find bar on the pane that had the focus last (the candidate at first).
    void find();

    // A row above both panes that belongs to someone else (the gate's decision and overrides); the view owns it.
    void setHeaderWidget(QWidget *header);
    // The search node shown; none while a pair or nothing is shown.
    const std::shared_ptr<const kfx::Population> &population() const { return m_population; }
    std::optional<std::size_t> currentNode() const { return m_node; }

Q_SIGNALS:
    // Another node (or a pair, or nothing) is shown.
    void nodeShown();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool m_splitterSized = false;
    void refresh();
    void showCode(const std::string &reference, const QString &referenceTitle, const std::string &candidate,
                  const QString &candidateTitle, const QString &referencePlaceholder);
    void syncScroll(CodeView *from, CodeView *to, bool fromLeft);
    void updateReferenceChoices();
    void arrangeHeaders();

    QComboBox *m_referenceChoice;
    QWidget *m_referenceHeader = nullptr;
    QGridLayout *m_referenceHeaderLayout = nullptr;
    ElidedLabel *m_referenceTitle;
    ElidedLabel *m_candidateTitle;
    CodeView *m_referenceView;
    CodeView *m_candidateView;
    QSplitter *m_splitter;
    FindBar *m_findBar;
    QWidget *m_header = nullptr;

    std::shared_ptr<const kfx::Population> m_population;
    std::optional<std::size_t> m_node;
    const kfx::ComparisonPair *m_pair = nullptr;
    std::optional<std::size_t> m_picked;
    Reference m_reference = Reference::Search;
    // The task's reference kernel and its title, or why there is none.
    std::optional<std::pair<std::string, QString>> m_taskReference;
    QString m_taskProblem;
    kfx::KernelDiff m_diff;
    // Set while one pane follows the other, so the follower's own scroll signal is not mirrored back.
    bool m_syncing = false;
};
