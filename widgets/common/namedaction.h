#pragma once

#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QString>

#include <utility>

// Adds a menu entry the way every kfx menu does: an object name, by which tests and the shortcut list find it; a
// shortcut (none when `keys` is empty); and one tip, shown as its tooltip and in the status bar.
template<typename Slot>
QAction *addNamedAction(QMenu *menu, const QString &name, const QString &text, const QString &keys, const QString &tip,
                        const QObject *context, Slot slot)
{
    auto *action = menu->addAction(text, context, std::move(slot));
    action->setObjectName(name);
    action->setShortcut(QKeySequence(keys));
    action->setToolTip(tip);
    action->setStatusTip(tip);
    return action;
}
