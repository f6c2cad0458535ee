#include "gateoverriderow.h"

#include "gatemarks.h"
#include "gatesession.h"
#include "session/gatecandidates.h"

#include "common/elidedlabel.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>

using kfx::gate::OverrideMode;

GateOverrideRow::GateOverrideRow(GateSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_mark(new QLabel(this))
    , m_decision(new ElidedLabel(this))
    , m_note(new QLineEdit(this))
    , m_trust(new QPushButton(tr("Trust"), this))
    , m_defer(new QPushButton(tr("Defer"), this))
    , m_auto(new QPushButton(tr("Auto"), this))
{
    setAccessibleName(tr("Gate decision for this kernel"));
    m_mark->setAccessibleName(tr("Gate mark"));
    m_decision->setAccessibleName(tr("Gate decision"));
    // The reason can be a whole sentence of the model's; it wraps onto a second line in a narrow window, elides only
    // what that cannot hold, and shows in full on hover.
    m_decision->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_decision->setMaximumLineCount(2);
    m_note->setPlaceholderText(tr("Note (optional)"));
    m_note->setAccessibleName(tr("Override note"));
    m_note->setToolTip(tr("Why you overrule the gate; kept with the override in the workspace. Enter saves it."));
    m_note->setClearButtonEnabled(true);
    m_note->setMaximumWidth(m_note->fontMetrics().averageCharWidth() * 24);
    m_trust->setToolTip(tr("Trust this kernel's forecast whatever the gate says (T in the tree)"));
    m_defer->setToolTip(tr("Measure this kernel on the GPU whatever the gate says (D in the tree)"));
    m_auto->setToolTip(tr("Let the gate decide again (A in the tree)"));
    auto *group = new QButtonGroup(this);
    for (auto [button, mode] : {std::pair{m_trust, OverrideMode::Trust}, std::pair{m_defer, OverrideMode::Defer},
                                std::pair{m_auto, OverrideMode::Auto}}) {
        button->setAccessibleName(button->toolTip());
        button->setCheckable(true);
        button->setFocusPolicy(Qt::TabFocus);
        group->addButton(button);
        connect(button, &QPushButton::clicked, this, [this, mode = mode] { apply(mode); });
    }
    connect(m_note, &QLineEdit::returnPressed, this, [this] {
        // A note on its own changes nothing the gate decides: it joins the override in force.
        apply(m_session->overrideFor(m_nodeId));
    });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_mark);
    layout->addWidget(m_decision, 1);
    layout->addWidget(m_note);
    layout->addWidget(m_trust);
    layout->addWidget(m_defer);
    layout->addWidget(m_auto);

    connect(m_session, &GateSession::decisionsChanged, this, &GateOverrideRow::refresh);
    connect(m_session, &GateSession::overridesChanged, this, &GateOverrideRow::refresh);
    hide();
}

void GateOverrideRow::setNode(const std::shared_ptr<const kfx::Population> &population, std::optional<std::size_t> node)
{
    m_nodeId.clear();
    if (population && node && *node < population->size())
        m_nodeId = population->node(*node).id;
    setVisible(population && node);
    refresh();
}

void GateOverrideRow::apply(OverrideMode mode)
{
    if (!m_nodeId.empty())
        m_session->setOverride({QString::fromStdString(m_nodeId)}, mode, m_note->text().trimmed());
}

QString GateOverrideRow::decisionText() const
{
    return m_decision->fullText();
}

QString GateOverrideRow::toolTipOfDecision() const
{
    return m_decision->toolTip();
}

void GateOverrideRow::refresh()
{
    // By id, not by index: the comparison may still show the search as it was before forecasts joined it.
    const auto &population = m_session->population();
    const auto node = population && !m_nodeId.empty() ? population->find(m_nodeId) : std::nullopt;
    const auto &decisions = m_session->decisions();
    const bool judged = node && decisions && *node < decisions->size()
        && gatecandidates::isCandidate(population->node(*node));
    for (auto *control : std::initializer_list<QWidget *>{m_note, m_trust, m_defer, m_auto})
        control->setEnabled(judged);
    if (!judged) {
        m_mark->clear();
        m_decision->setFullText(tr("The gate does not judge this kernel."));
        m_decision->setToolTip(tr("Seeds, and mutations that produced no kernel, never reach the gate."));
        m_note->clear();
        for (auto *button : {m_trust, m_defer, m_auto})
            button->setChecked(false);
        return;
    }
    const auto &kernel = population->node(*node);
    const auto &decision = (*decisions)[*node];
    const auto &overrides = m_session->overrides();
    const auto it = overrides.find(m_nodeId);
    const auto note = it == overrides.end() ? QString() : QString::fromStdString(it->second.note);
    const auto mode = it == overrides.end() ? OverrideMode::Auto : it->second.mode;
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_mark->setPixmap(GateMarks::icon(decision).pixmap(icon, icon));
    // The row shares its width with the note and three buttons: the label keeps to the verdict, as the tree's
    // column does, and the tooltip says why, with the note.
    m_decision->setFullText(tr("Gate: %1").arg(GateMarks::verdictText(kernel, decision)));
    m_decision->setToolTip(GateMarks::explanation(kernel, decision, note));
    if (!m_note->hasFocus())
        m_note->setText(note);
    m_trust->setChecked(mode == OverrideMode::Trust);
    m_defer->setChecked(mode == OverrideMode::Defer);
    m_auto->setChecked(mode == OverrideMode::Auto);
}
