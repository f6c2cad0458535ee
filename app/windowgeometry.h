#pragma once

#include <QRect>

// Where the window opens on a screen whose free area (the screen less its panels) is `available`: 1280×800, or
// the window's `minimum` where that is larger, where it fits with the window manager's frame around it, else as
// much of the area as the frame leaves; centred. A fixed size put the status bar below the edge of a 1366×768
// laptop screen (issue 23).
QRect fittedWindowGeometry(const QRect &available, const QSize &minimum = {});
