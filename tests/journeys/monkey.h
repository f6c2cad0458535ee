#pragma once

// Seeded random input on the real window: the window's own shortcuts, keys a user presses anyway (arrows, Tab,
// Escape, Enter, Delete), clicks, double clicks, right clicks and wheel turns at random points, typed text, menu
// entries, resizes and theme changes. Dialogs and menus that open get a few random inputs of their own and are
// then closed, so a modal dialog never stalls the run. The same seed gives the same choices.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <deque>
#include <random>
#include <vector>

class MainWindow;
class QAction;
class QWidget;

class Monkey : public QObject {
    Q_OBJECT
public:
    // Disables the actions it must never trigger (excluded() in monkey.cpp) until it is destroyed: a click or a key
    // inside an open menu reaches them too, not only the shortcuts and menu entries it picks itself.
    Monkey(MainWindow &window, std::uint64_t seed);
    ~Monkey() override;

    // Runs for this long (a modal dialog opened on the way is handled inside its own event loop).
    void run(int milliseconds);
    int steps() const { return m_steps; }
    // The last inputs, newest last, to replay a failure by hand.
    QStringList recentInputs() const;

private:
    void step();
    void actOnWindow();
    void actInside(QWidget *popupOrDialog);
    void pressShortcut();
    void pressKey(QWidget *target);
    void click(QWidget *root);
    void typeText(QWidget *target);
    void triggerMenuEntry();
    void resizeWindow();
    void switchPalette();
    void record(const QString &input);
    int pick(int count);
    // The window's actions that have a shortcut, or that sit in a menu.
    QList<QAction *> actions(bool withShortcut) const;
    QWidget *focusTarget() const;

    MainWindow &m_window;
    std::mt19937_64 m_random;
    std::deque<QString> m_recent;
    int m_steps = 0;
    // Inputs sent to the dialog or menu open now; it is closed after a few.
    QPointer<QWidget> m_openedBy;
    int m_insideSteps = 0;
    bool m_darkPalette = false;
    std::vector<QPointer<QAction>> m_disabled;
};
