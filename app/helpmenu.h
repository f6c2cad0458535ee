#pragma once

#include <QList>
#include <QMenu>
#include <QPair>
#include <QString>

class QMenuBar;

// The Help menu: every shortcut of the window's menus in one list (Ctrl+/), and the About box, which says which
// build this is, what the bundled demo shows and which libraries it runs on.
class HelpMenu : public QMenu {
    Q_OBJECT
public:
    // `menus` is the bar whose shortcuts the list shows, read when it is asked for.
    HelpMenu(const QMenuBar *menus, QWidget *parent);

    static QString aboutText();
    // Every menu action of `menus` that has a shortcut: its text without mnemonics, and the shortcut as shown.
    static QList<QPair<QString, QString>> shortcuts(const QMenuBar *menus);

private:
    void showShortcuts();

    const QMenuBar *m_menus;
};
