#pragma once

#include "gate/gatepolicy.h"
#include "model/kernelnode.h"
#include "model/population.h"

#include <QIcon>
#include <QString>
#include <QVariant>

// How a gate decision looks in the tree's Gate column: a word, a small mark, a tooltip and a sort key. Kept
// apart from PopulationModel so that the tree only asks, and the gate decides what it says.
class GateMarks {
public:
    // Display, decoration, tooltip and sort data (sort: a double, PopulationModel::SortRole) for a decision;
    // invalid for roles it has nothing for and for nodes that are no candidates. A broken kernel's tooltip says
    // what its verdict meant once it failed.
    static QVariant data(const kfx::KernelNode &node, const kfx::gate::GateDecision &decision, int role, int sortRole);

    static QString verdictText(const kfx::gate::GateDecision &decision);
    // The verdict with the model's own reason when it deferred: "deferred by the model: <reason>".
    static QString verdictText(const kfx::KernelNode &node, const kfx::gate::GateDecision &decision);
    // One translated sentence: the verdict and why, with the model's reason or the person's note.
    static QString explanation(const kfx::KernelNode &node, const kfx::gate::GateDecision &decision,
                               const QString &note = QString());

    // Painted once per mark and palette: the tree asks for one per visible row on every repaint.
    static QIcon icon(const kfx::gate::GateDecision &decision);
};
