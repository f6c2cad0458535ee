#pragma once

#include "common/windowparts.h"

#include <QObject>

class QDockWidget;
class QWidget;
class ReplayView;

// The counterfactual replay in the window: its dock and the Replay menu (the dock, and a demo mode for a
// projector). What its view replays, the search the gate judges, reaches it through the connections app/ makes.
class ReplayController : public QObject {
    Q_OBJECT
public:
    explicit ReplayController(QWidget *window);

    ReplayView *view() const { return m_view; }
    QDockWidget *dock() const { return m_dock; }
    // The Replay menu and the replay's dock.
    const WindowParts &parts() const { return m_parts; }

private:
    ReplayView *m_view;
    QDockWidget *m_dock;
    WindowParts m_parts;
};
