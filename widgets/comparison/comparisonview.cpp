#include "comparisonview.h"

#include "common/displaytext.h"
#include "common/elidedlabel.h"
#include "common/namedaction.h"

#include "comparison/codeview.h"
#include "findbar.h"
#include "population/populationmodel.h"

#include "measure/taskmanifest.h"

#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>

namespace {

// KernelDiff counts bytes of UTF-8; the editor counts UTF-16 units.
std::vector<CodeView::ChangeMark> changeMarks(const kfx::KernelDiff &diff, std::string_view text, bool left)
{
    std::vector<CodeView::ChangeMark> marks;
    const auto lines = kfx::splitLines(text);
    for (int line = 0; line < static_cast<int>(lines.size()); ++line) {
        if (!(left ? diff.leftChanged(line) : diff.rightChanged(line)))
            continue;
        CodeView::ChangeMark mark{line, {}};
        const auto bytes = lines[static_cast<std::size_t>(line)];
        auto units = [bytes](int offset) {
            return static_cast<int>(
                QString::fromUtf8(bytes.data(), qMin(offset, static_cast<int>(bytes.size()))).size());
        };
        for (const auto &range : left ? diff.leftRanges(line) : diff.rightRanges(line)) {
            const int start = units(range.start);
            mark.ranges.emplace_back(start, units(range.start + range.length) - start);
        }
        marks.push_back(std::move(mark));
    }
    return marks;
}

ElidedLabel *elidingTitle(QWidget *parent)
{
    auto *label = new ElidedLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_referenceChoice(new QComboBox(this))
    , m_referenceTitle(elidingTitle(this))
    , m_candidateTitle(elidingTitle(this))
    , m_referenceView(new CodeView(this))
    , m_candidateView(new CodeView(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_findBar(new FindBar(this))
{
    m_referenceChoice->addItem(tr("Search reference"), QVariant::fromValue(Reference::Search));
    m_referenceChoice->addItem(tr("Parent"), QVariant::fromValue(Reference::Parent));
    m_referenceChoice->addItem(tr("Picked node"), QVariant::fromValue(Reference::Picked));
    m_referenceChoice->addItem(tr("Task reference"), QVariant::fromValue(Reference::Task));
    m_referenceChoice->setAccessibleName(tr("Reference kernel"));
    m_referenceChoice->setToolTip(
        tr("What the left pane compares the candidate with: the search's seed (where the search started), the "
           "candidate's parent (the edit the mutation made), a node you picked with Navigate → Use as Reference, "
           "or the task's own reference kernel (the one the speedups are measured against)"));
    setTaskDirectory({});
    connect(m_referenceChoice, qOverload<int>(&QComboBox::activated), this,
            [this](int row) { setReference(m_referenceChoice->itemData(row).value<Reference>()); });

    m_referenceView->setAccessibleName(tr("Reference kernel code"));
    m_candidateView->setAccessibleName(tr("Candidate kernel code"));
    m_referenceView->setPlaceholderText(tr("No reference to show."));
    m_candidateView->setPlaceholderText(tr("Select a kernel to see its code."));
    m_referenceView->installEventFilter(this);
    m_candidateView->installEventFilter(this);
    m_findBar->setTarget(m_candidateView, tr("candidate"));

    connect(m_referenceView->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { syncScroll(m_referenceView, m_candidateView, true); });
    connect(m_candidateView->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { syncScroll(m_candidateView, m_referenceView, false); });

    auto *left = new QWidget(this);
    m_referenceHeader = new QWidget(left);
    m_referenceHeaderLayout = new QGridLayout(m_referenceHeader);
    m_referenceHeaderLayout->setContentsMargins(0, 0, 0, 0);
    auto *referenceLabel = new QLabel(tr("&Reference:"), m_referenceHeader);
    referenceLabel->setBuddy(m_referenceChoice);
    m_referenceChoice->setParent(m_referenceHeader);
    m_referenceTitle->setParent(m_referenceHeader);
    m_referenceHeaderLayout->addWidget(referenceLabel, 0, 0);
    m_referenceHeaderLayout->addWidget(m_referenceChoice, 0, 1);
    m_referenceHeaderLayout->setColumnStretch(2, 1);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_referenceHeader);
    leftLayout->addWidget(m_referenceView, 1);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_candidateTitle->setParent(right);
    m_candidateTitle->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    rightLayout->addWidget(m_candidateTitle);
    rightLayout->addWidget(m_candidateView, 1);
    left->installEventFilter(this);
    right->installEventFilter(this);
    arrangeHeaders();

    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_splitter, 1);
    layout->addWidget(m_findBar);
    updateReferenceChoices();
    clear();
}

void ComparisonView::showNode(std::shared_ptr<const kfx::Population> population, std::size_t node)
{
    if (population != m_population)
        m_picked.reset();
    m_population = std::move(population);
    m_node = node;
    m_pair = nullptr;
    updateReferenceChoices();
    refresh();
    Q_EMIT nodeShown();
}

void ComparisonView::showPair(const kfx::ComparisonPair &pair)
{
    m_population.reset();
    m_node.reset();
    m_picked.reset();
    m_pair = &pair;
    updateReferenceChoices();
    refresh();
    Q_EMIT nodeShown();
}

void ComparisonView::clear()
{
    m_node.reset();
    m_pair = nullptr;
    refresh();
    Q_EMIT nodeShown();
}

void ComparisonView::setReference(Reference reference)
{
    m_reference = reference;
    updateReferenceChoices();
    refresh();
}

void ComparisonView::addReferenceActions(QMenu *menu)
{
    const auto add = [this, menu](const QString &name, const QString &text, const QString &keys, const QString &tip,
                                  auto slot) { return addNamedAction(menu, name, text, keys, tip, this, slot); };
    add(QStringLiteral("useAsReference"), tr("&Use as Reference"), QStringLiteral("Ctrl+R"),
        tr("Compare every kernel selected from now on with this one"), [this] {
            if (m_node)
                pickReference(*m_node);
        });
    add(QStringLiteral("referenceSearch"), tr("Compare with the Search &Reference"), QStringLiteral("Ctrl+1"),
        tr("Show the search's seed reference on the left"), [this] { setReference(Reference::Search); });
    add(QStringLiteral("referenceParent"), tr("Compare with the Pa&rent"), QStringLiteral("Ctrl+2"),
        tr("Show the kernel's parent on the left"), [this] { setReference(Reference::Parent); });
    add(QStringLiteral("referencePicked"), tr("Compare with the Picked &Node"), QStringLiteral("Ctrl+3"),
        tr("Show the node picked with Use as Reference on the left"), [this] { setReference(Reference::Picked); });
    add(QStringLiteral("referenceTask"), tr("Compare with the &Task's Reference"), QStringLiteral("Ctrl+4"),
        tr("Show the task's own reference kernel, which the speedups are measured against, on the left"),
        [this] { setReference(Reference::Task); });
}

void ComparisonView::pickReference(std::size_t node)
{
    if (!m_population || node >= m_population->size())
        return;
    m_picked = node;
    setReference(Reference::Picked);
}

void ComparisonView::setTaskDirectory(const QString &directory)
{
    m_taskReference.reset();
    m_taskProblem.clear();
    if (directory.isEmpty()) {
        m_taskProblem = tr("No task is known for this search. Its reference kernel is read from tasks/<task>/ "
                           "beside a <task>-search.jsonl log, or from the task directory chosen for Measure on GPU.");
    } else {
        try {
            const auto manifest = kfx::measure::loadTaskManifest(QFile::encodeName(directory).toStdString());
            const auto path = QFile::decodeName(manifest.referencePath.c_str());
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                m_taskReference.emplace(
                    file.readAll().toStdString(),
                    tr("Task %1 · %2").arg(QString::fromStdString(manifest.name), QFileInfo(path).fileName()));
            else
                m_taskProblem = tr("Cannot read the task's reference %1: %2").arg(path, file.errorString());
        } catch (const kfx::measure::ManifestError &error) {
            m_taskProblem = tr("The task in %1 cannot be read: %2").arg(directory, QString::fromUtf8(error.what()));
        }
    }
    if (m_reference == Reference::Task)
        refresh();
}

QString ComparisonView::referenceTitle() const
{
    return m_referenceTitle->fullText();
}

QString ComparisonView::candidateTitle() const
{
    return m_candidateTitle->fullText();
}

void ComparisonView::find()
{
    m_findBar->activate();
}

void ComparisonView::setHeaderWidget(QWidget *header)
{
    delete m_header;
    m_header = header;
    if (header)
        static_cast<QVBoxLayout *>(layout())->insertWidget(0, header);
}

bool ComparisonView::restoreSplitterState(const QByteArray &state)
{
    m_splitterSized = m_splitter->restoreState(state);
    return m_splitterSized;
}

void ComparisonView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Half and half the first time there is room, whatever the headers ask for: the two kernels are read side by
    // side, line against line. (Sizes set before the view has a width are not kept.)
    if (!m_splitterSized && width() > 0) {
        m_splitterSized = true;
        const int half = m_splitter->width() / 2;
        m_splitter->setSizes({half, m_splitter->width() - half});
    }
}

void ComparisonView::arrangeHeaders()
{
    // Each title beside the reference choice while both fit there on one line. In a narrow pane (1366 px with
    // Calibration open) the reference's title takes a line of its own under the choice, and each title may wrap
    // onto two lines: a title is read, and "Candidate …ured 1.49×" says nothing.
    auto *left = m_referenceHeader->parentWidget();
    auto *right = m_candidateTitle->parentWidget();
    const int spacing = qMax(0, m_referenceHeaderLayout->horizontalSpacing());
    const int besideChoice = left->width() - m_referenceHeaderLayout->itemAtPosition(0, 0)->sizeHint().width()
        - m_referenceChoice->sizeHint().width() - 2 * spacing;
    const bool stacked = m_referenceTitle->sizeHint().width() > besideChoice
        || m_candidateTitle->sizeHint().width() > right->width();
    auto *inPlace = m_referenceHeaderLayout->itemAtPosition(stacked ? 1 : 0, stacked ? 0 : 2);
    if (!inPlace || inPlace->widget() != m_referenceTitle) {
        m_referenceHeaderLayout->removeWidget(m_referenceTitle);
        if (stacked)
            m_referenceHeaderLayout->addWidget(m_referenceTitle, 1, 0, 1, 3);
        else
            m_referenceHeaderLayout->addWidget(m_referenceTitle, 0, 2);
    }
    const int lines = stacked ? 2 : 1;
    m_referenceTitle->setMaximumLineCount(lines);
    m_candidateTitle->setMaximumLineCount(lines);
    // Both headers as tall as the taller, so both panes start on the same line.
    const int height = qMax(m_referenceHeader->hasHeightForWidth() ? m_referenceHeader->heightForWidth(left->width())
                                                                   : m_referenceHeader->sizeHint().height(),
                            m_candidateTitle->heightForWidth(right->width()));
    m_referenceHeader->setMinimumHeight(height);
    m_candidateTitle->setMinimumHeight(height);
}

bool ComparisonView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize
        && (watched == m_referenceHeader->parentWidget() || watched == m_candidateTitle->parentWidget()))
        arrangeHeaders();
    if (event->type() == QEvent::FocusIn) {
        if (watched == m_referenceView)
            m_findBar->setTarget(m_referenceView, tr("reference"));
        else if (watched == m_candidateView)
            m_findBar->setTarget(m_candidateView, tr("candidate"));
    }
    return QWidget::eventFilter(watched, event);
}

void ComparisonView::updateReferenceChoices()
{
    // Pairs carry their own reference; only a search offers a choice.
    m_referenceChoice->setEnabled(m_population != nullptr);
    m_referenceChoice->setCurrentIndex(m_referenceChoice->findData(QVariant::fromValue(m_reference)));
}

void ComparisonView::refresh()
{
    if (m_pair) {
        m_candidateView->setPlaceholderText(tr("The pair holds no candidate code."));
        const auto pairTitle = QString::fromStdString(m_pair->pack.empty() ? m_pair->id : m_pair->pack);
        showCode(m_pair->referenceCode, tr("Reference of %1").arg(pairTitle), m_pair->candidateCode,
                 tr("Candidate %1 · measured %2").arg(QString::fromStdString(m_pair->id), speedupText(m_pair->speedup)),
                 tr("The pair holds no reference code."));
        return;
    }
    if (!m_population || !m_node) {
        m_candidateView->setPlaceholderText(tr("Select a kernel to see its code."));
        m_referenceTitle->setFullText({});
        m_candidateTitle->setFullText({});
        arrangeHeaders();
        m_diff = {};
        m_referenceView->clearCode();
        m_candidateView->clearCode();
        return;
    }

    const auto &candidate = m_population->node(*m_node);
    m_candidateView->setPlaceholderText(candidate.status == kfx::NodeStatus::Placeholder
                                            ? tr("The log names this kernel only as a parent and never shows its code.")
                                            : tr("The log holds no code for this kernel."));
    auto candidateTitle = tr("Candidate %1 · %2")
                              .arg(PopulationModel::shortIdText(candidate.id),
                                   PopulationModel::statusText(candidate.status));
    if (candidate.evaluation)
        if (const auto speedup = candidate.evaluation->measuredSpeedup())
            candidateTitle += tr(" · measured %1").arg(speedupText(*speedup));

    std::optional<std::size_t> referenceNode;
    QString title;
    QString placeholder;
    switch (m_reference) {
    case Reference::Search:
        if (!m_population->context.seedReferenceCode.empty()) {
            showCode(m_population->context.seedReferenceCode, tr("Seed reference code"), candidate.code, candidateTitle,
                     {});
            return;
        }
        referenceNode = *m_node;
        while (m_population->node(*referenceNode).parent != kfx::kNoNode)
            referenceNode = m_population->node(*referenceNode).parent;
        title = tr("Seed %1");
        break;
    case Reference::Parent:
        if (candidate.parent != kfx::kNoNode)
            referenceNode = candidate.parent;
        title = tr("Parent %1");
        placeholder = tr("This kernel has no parent: it is the root of its lineage.");
        break;
    case Reference::Task:
        if (m_taskReference)
            showCode(m_taskReference->first, m_taskReference->second, candidate.code, candidateTitle, {});
        else
            showCode({}, tr("No task reference"), candidate.code, candidateTitle, m_taskProblem);
        return;
    case Reference::Picked:
        referenceNode = m_picked;
        title = tr("Picked %1");
        placeholder = tr("No node picked yet: select one and use Navigate → Use as Reference (Ctrl+R).");
        break;
    }
    if (!referenceNode) {
        showCode({}, tr("No reference"), candidate.code, candidateTitle, placeholder);
        return;
    }
    const auto &reference = m_population->node(*referenceNode);
    if (reference.status == kfx::NodeStatus::Placeholder)
        placeholder = tr("The log names this kernel only as a parent and never shows its code.");
    showCode(reference.code, title.arg(PopulationModel::shortIdText(reference.id)), candidate.code, candidateTitle,
             placeholder);
}

void ComparisonView::showCode(const std::string &reference, const QString &referenceTitle, const std::string &candidate,
                              const QString &candidateTitle, const QString &referencePlaceholder)
{
    m_referenceTitle->setFullText(referenceTitle);
    m_candidateTitle->setFullText(candidateTitle);
    arrangeHeaders();
    m_referenceView->setPlaceholderText(referencePlaceholder.isEmpty() ? tr("No reference to show.")
                                                                       : referencePlaceholder);

    m_syncing = true;
    const auto referenceText = QString::fromStdString(reference);
    const auto candidateText = QString::fromStdString(candidate);
    m_referenceView->setCode(referenceText, kfx::detectKernelLanguage(reference));
    m_candidateView->setCode(candidateText, kfx::detectKernelLanguage(candidate));
    m_diff = kfx::KernelDiff::compute(reference, candidate);
    // An absent side is not a deletion of every line of the other: mark nothing then.
    if (!reference.empty() && !candidate.empty()) {
        m_referenceView->setChangeMarks(changeMarks(m_diff, reference, true), CodeView::DiffSide::Old);
        m_candidateView->setChangeMarks(changeMarks(m_diff, candidate, false), CodeView::DiffSide::New);
    }
    m_syncing = false;
}

void ComparisonView::syncScroll(CodeView *from, CodeView *to, bool fromLeft)
{
    if (m_syncing)
        return;
    m_syncing = true;
    const int line = from->firstVisibleLine();
    to->scrollToLine(fromLeft ? m_diff.rightLineFor(line) : m_diff.leftLineFor(line));
    m_syncing = false;
}
