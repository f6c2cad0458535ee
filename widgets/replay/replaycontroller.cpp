#include "replaycontroller.h"

#include "replayview.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

ReplayController::ReplayController(QWidget *window)
    : QObject(window)
    , m_view(new ReplayView(window))
    , m_dock(new QDockWidget(tr("Counterfactual Replay"), window))
{
    m_dock->setObjectName(QStringLiteral("replayDock"));
    m_dock->setWidget(m_view);
    // Replaying costs a moment and the explorer needs the room: the dock opens when asked for.
    m_parts.docks << m_dock;

    auto *menu = new QMenu(tr("&Replay"), window);
    menu->addAction(m_dock->toggleViewAction());
    auto *demo = menu->addAction(tr("Replay &Demo Mode"));
    demo->setObjectName(QStringLiteral("replayDemoMode"));
    demo->setCheckable(true);
    connect(demo, &QAction::toggled, this, [this](bool on) {
        m_dock->show();
        m_dock->raise();
        m_view->setDemoMode(on);
    });
    m_parts.menus << menu;
}
