#include "windowgeometry.h"

#include <QMargins>
#include <QSize>

namespace {

// Room for the tree, the two code panes and the forecast side by side on a large screen.
constexpr QSize kPreferredSize(1280, 800);
// The frame a window manager puts around the client area, which Qt's geometry leaves out: a title bar and thin
// borders. Guessed before the window is shown, when the real frame is not yet known; generous rather than short.
constexpr QMargins kFrame(8, 32, 8, 8);

} // namespace

QRect fittedWindowGeometry(const QRect &available, const QSize &minimum)
{
    const QRect room = available.marginsRemoved(kFrame);
    QRect geometry(QPoint(), kPreferredSize.expandedTo(minimum).boundedTo(room.size()));
    geometry.moveCenter(room.center());
    return geometry;
}
