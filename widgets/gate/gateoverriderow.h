#pragma once

#include "gate/gatepolicy.h"
#include "model/population.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>

class ElidedLabel;
class GateSession;
class QLabel;
class QLineEdit;
class QPushButton;

// The gate's word on the kernel the comparison view shows, and the person's: the decision with its reason, an
// optional note, and Trust / Defer / Auto. Each button is one step on the session's undo stack, the same stack
// the tree's T, D and A use, so either place can undo what the other did.
class GateOverrideRow : public QWidget {
    Q_OBJECT
public:
    explicit GateOverrideRow(GateSession *session, QWidget *parent = nullptr);

    // The kernel shown; none (or a pair of an eval set, which the gate never judges) hides the row.
    void setNode(const std::shared_ptr<const kfx::Population> &population, std::optional<std::size_t> node);

    // Overrides the kernel shown, with the note typed so far.
    void apply(kfx::gate::OverrideMode mode);

    QString decisionText() const;
    QString toolTipOfDecision() const; // the decision with the person's note
    QLineEdit *noteEdit() const { return m_note; }
    QPushButton *trustButton() const { return m_trust; }
    QPushButton *deferButton() const { return m_defer; }
    QPushButton *autoButton() const { return m_auto; }

private:
    void refresh();

    GateSession *m_session;
    QLabel *m_mark;
    ElidedLabel *m_decision;
    QLineEdit *m_note;
    QPushButton *m_trust;
    QPushButton *m_defer;
    QPushButton *m_auto;
    std::string m_nodeId; // empty: no kernel the gate judges
};
