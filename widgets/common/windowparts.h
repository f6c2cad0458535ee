#pragma once

#include <QList>

class QDockWidget;
class QMenu;
class QToolBar;
class QWidget;

// What one controller adds to the window. The controller makes the parts and hands them over; app/ places every
// controller's parts in one fixed order (menus before Help, docks tabbed with the Errors dock, status widgets at
// the right of the status bar), so that no controller needs the window or knows another controller's parts.
struct WindowParts {
    QList<QMenu *> menus;           // in the order they stand in the menu bar
    QList<QToolBar *> toolBars;     // above the panes
    QList<QDockWidget *> docks;     // in the bottom area, hidden until asked for
    QList<QWidget *> statusWidgets; // permanent, in the order they stand in the status bar
};
