#pragma once

#include <QObject>
#include <QPalette>

class QActionGroup;
class QMenu;

// View → Theme: System, Light or Dark, applied to the whole application at once and remembered across sessions.
// Every view re-themes itself on the palette change (code highlighting, charts); this class only picks the
// palette.
class ThemeChooser : public QObject {
    Q_OBJECT
public:
    enum class Theme { System, Light, Dark };

    // Adds the Theme submenu to `viewMenu` and applies the theme chosen in an earlier session.
    ThemeChooser(QMenu *viewMenu, QObject *parent);

    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);

    // Readable dark colours for Fusion; the tests use it too, to check that nothing hard-codes light colours.
    static QPalette darkPalette();

private:
    void apply();

    QActionGroup *m_actions;
    Theme m_theme = Theme::System;
};
