#pragma once

#include <Qt>

// The item roles through which a row names the kernel it shows, whatever model it comes from: the lineage tree's
// model gives them, and the controllers that act on the tree's selection (the gate's overrides, forecasting a
// selection) read them without knowing that model.
namespace NodeRoles {
enum : int {
    NodeIndex = Qt::UserRole + 2, // the node's index in its Population (qulonglong)
    NodeId,                       // the node's full id (QString)
};
} // namespace NodeRoles
