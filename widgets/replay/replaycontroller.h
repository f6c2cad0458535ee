#pragma once

#include "common/windowparts.h"

#include <QObject>

class GateSession;
class QDockWidget;
class QWidget;
class ReplayView;

// The counterfactual replay in the window: its dock and the Replay menu (the dock, and a demo mode for a
// projector). It replays the search the gate judges, with the gate's settings and the person's overrides, so that
// its gate-driven policies decide as the tree's marks do.
class ReplayController : public QObject {
    Q_OBJECT
public:
    ReplayController(GateSession *gate, QWidget *window);

    ReplayView *view() const { return m_view; }
    QDockWidget *dock() const { return m_dock; }
    // The Replay menu and the replay's dock.
    const WindowParts &parts() const { return m_parts; }

private:
    void follow();

    GateSession *m_gate;
    ReplayView *m_view;
    QDockWidget *m_dock;
    WindowParts m_parts;
};
