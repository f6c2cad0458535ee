#include "monkey.h"

#include "mainwindow.h"

#include "guitest.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>
#include <functional>

namespace {

constexpr std::size_t kRecentInputs = 40;
// A dialog or menu gets this many inputs before it is closed.
constexpr int kInputsInsideDialog = 6;

const QList<Qt::Key> &plainKeys()
{
    static const QList<Qt::Key> keys{
        Qt::Key_Up,    Qt::Key_Down,   Qt::Key_Left,      Qt::Key_Right,   Qt::Key_PageUp, Qt::Key_PageDown,
        Qt::Key_Home,  Qt::Key_End,    Qt::Key_Tab,       Qt::Key_Backtab, Qt::Key_Escape, Qt::Key_Return,
        Qt::Key_Space, Qt::Key_Delete, Qt::Key_Backspace, Qt::Key_Plus,    Qt::Key_Minus,  Qt::Key_Asterisk,
        Qt::Key_T,     Qt::Key_D,      Qt::Key_A};
    return keys;
}

const QList<Qt::KeyboardModifiers> &modifiers()
{
    static const QList<Qt::KeyboardModifiers> list{Qt::NoModifier,    Qt::NoModifier,      Qt::NoModifier,
                                                   Qt::ShiftModifier, Qt::ControlModifier, Qt::AltModifier};
    return list;
}

QString describe(const QWidget *widget)
{
    if (!widget)
        return QStringLiteral("(none)");
    auto name = widget->objectName();
    if (name.isEmpty())
        name = widget->accessibleName();
    return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(widget->metaObject()->className()), name);
}

// Quitting ends the run, a file dialog would browse the whole machine, and Open from Hugging Face would reach for
// the network (tests never do; tst_journey_hub drives it against a local server), and Search → Run… would start
// searches at random (tst_journey_search runs one): all are left out.
bool excluded(const QAction *action)
{
    return action->menuRole() == QAction::QuitRole || action->shortcut() == QKeySequence(QKeySequence::Quit)
        || action->shortcut() == QKeySequence(QKeySequence::Open)
        || action->objectName() == QLatin1String("openFromHub") || action->objectName() == QLatin1String("searchRun");
}

// Qt 6 replaced associatedWidgets() with associatedObjects(), which Qt 5 lacks.
bool inAMenu(const QAction *action)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
    const auto objects = action->associatedObjects();
    return std::any_of(objects.begin(), objects.end(), [](QObject *object) { return qobject_cast<QWidget *>(object); });
#else
    return !action->associatedWidgets().isEmpty();
#endif
}

} // namespace

Monkey::Monkey(MainWindow &window, std::uint64_t seed) : m_window(window), m_random(seed)
{
    // A click into the open File menu once landed on Quit and closed the window (seed 1660238885, demo).
    for (auto *action : m_window.findChildren<QAction *>()) {
        if (excluded(action) && action->isEnabled()) {
            action->setEnabled(false);
            m_disabled.emplace_back(action);
        }
    }
}

Monkey::~Monkey()
{
    for (const auto &action : m_disabled)
        if (action)
            action->setEnabled(true);
}

// Looked up afresh each time: menus such as Open Recent replace their entries.
QList<QAction *> Monkey::actions(bool withShortcut) const
{
    QList<QAction *> list;
    for (auto *action : m_window.findChildren<QAction *>()) {
        if (excluded(action) || action->menu() || action->isSeparator())
            continue;
        if (withShortcut ? !action->shortcut().isEmpty() : inAMenu(action))
            list << action;
    }
    // findChildren's order is the order of creation, the same on every run with the same inputs.
    return list;
}

void Monkey::run(int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    bool stopping = false;
    // Each step schedules the next before it acts: an input that opens a modal dialog does not return until the
    // dialog closes, and the steps scheduled meanwhile are what close it.
    std::function<void()> next;
    next = [&] {
        if (clock.elapsed() >= milliseconds) {
            stopping = true;
            if (auto *modal = QApplication::activeModalWidget())
                modal->close();
            if (auto *popup = QApplication::activePopupWidget())
                popup->close();
            if (QApplication::activeModalWidget() || QApplication::activePopupWidget())
                QTimer::singleShot(10, &m_window, next);
            return;
        }
        QTimer::singleShot(std::uniform_int_distribution<int>(0, 4)(m_random), &m_window, next);
        step();
    };
    QTimer::singleShot(0, &m_window, next);
    while (!stopping || QApplication::activeModalWidget() || QApplication::activePopupWidget())
        QTest::qWait(50);
    // Whatever the last inputs started (a load, a forecast) finishes or is dropped while events still flow.
    QTest::qWait(200);
}

QStringList Monkey::recentInputs() const
{
    return QStringList(m_recent.begin(), m_recent.end());
}

void Monkey::record(const QString &input)
{
    m_recent.push_back(QStringLiteral("%1: %2").arg(m_steps).arg(input));
    if (m_recent.size() > kRecentInputs)
        m_recent.pop_front();
}

int Monkey::pick(int count)
{
    return std::uniform_int_distribution<int>(0, count - 1)(m_random);
}

QWidget *Monkey::focusTarget() const
{
    auto *focus = QApplication::focusWidget();
    return focus ? focus : &m_window;
}

void Monkey::step()
{
    ++m_steps;
    QWidget *open = QApplication::activePopupWidget();
    if (!open)
        open = QApplication::activeModalWidget();
    if (open) {
        actInside(open);
        return;
    }
    m_openedBy.clear();
    m_insideSteps = 0;
    actOnWindow();
}

void Monkey::actOnWindow()
{
    if (!m_window.isActiveWindow())
        m_window.activateWindow();
    const int choice = pick(100);
    if (choice < 30)
        pressShortcut();
    else if (choice < 50)
        pressKey(focusTarget());
    else if (choice < 78)
        click(&m_window);
    else if (choice < 88)
        typeText(focusTarget());
    else if (choice < 97)
        triggerMenuEntry();
    else if (choice < 99)
        resizeWindow();
    else
        switchPalette();
}

void Monkey::actInside(QWidget *popupOrDialog)
{
    if (m_openedBy != popupOrDialog) {
        m_openedBy = popupOrDialog;
        m_insideSteps = 0;
    }
    // A file dialog would let random input open any file on the machine.
    if (qobject_cast<QFileDialog *>(popupOrDialog) || ++m_insideSteps > kInputsInsideDialog) {
        record(QStringLiteral("close %1").arg(describe(popupOrDialog)));
        if (auto *dialog = qobject_cast<QDialog *>(popupOrDialog))
            dialog->reject();
        else
            popupOrDialog->close();
        return;
    }
    if (pick(2) == 0)
        pressKey(popupOrDialog->focusWidget() ? popupOrDialog->focusWidget() : popupOrDialog);
    else
        click(popupOrDialog);
}

void Monkey::pressShortcut()
{
    const auto candidates = actions(true);
    if (candidates.isEmpty())
        return;
    const auto *action = candidates.at(pick(int(candidates.size())));
    const auto keys = action->shortcut();
    record(QStringLiteral("shortcut %1 (%2) on %3")
               .arg(keys.toString(), action->objectName().isEmpty() ? action->text() : action->objectName(),
                    describe(focusTarget())));
    QTest::keySequence(focusTarget(), keys);
}

void Monkey::pressKey(QWidget *target)
{
    const auto key = plainKeys().at(pick(int(plainKeys().size())));
    const auto modifier = modifiers().at(pick(int(modifiers().size())));
    record(QStringLiteral("key %1 on %2").arg(QKeySequence(int(modifier) | int(key)).toString(), describe(target)));
    QTest::keyClick(target, key, modifier);
}

void Monkey::click(QWidget *root)
{
    if (root->width() <= 0 || root->height() <= 0)
        return;
    const QPoint at(pick(root->width()), pick(root->height()));
    QWidget *target = root->childAt(at);
    if (!target)
        target = root;
    const auto local = target->mapFrom(root, at);
    const int kind = pick(10);
    if (kind < 6) {
        record(QStringLiteral("click %1 at %2,%3").arg(describe(target)).arg(local.x()).arg(local.y()));
        QTest::mouseClick(target, Qt::LeftButton, {}, local);
    } else if (kind < 8) {
        record(QStringLiteral("double click %1 at %2,%3").arg(describe(target)).arg(local.x()).arg(local.y()));
        QTest::mouseDClick(target, Qt::LeftButton, {}, local);
    } else if (kind < 9) {
        record(QStringLiteral("right click %1 at %2,%3").arg(describe(target)).arg(local.x()).arg(local.y()));
        QTest::mouseClick(target, Qt::RightButton, {}, local);
        // QTest sends no context-menu event of its own.
        QContextMenuEvent menu(QContextMenuEvent::Mouse, local, target->mapToGlobal(local));
        QApplication::sendEvent(target, &menu);
    } else {
        const int delta = pick(2) == 0 ? 120 : -120;
        record(QStringLiteral("wheel %1 on %2").arg(delta).arg(describe(target)));
        QWheelEvent wheel(QPointF(local), QPointF(target->mapToGlobal(local)), QPoint(), QPoint(0, delta), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(target, &wheel);
    }
}

void Monkey::typeText(QWidget *target)
{
    static const QString alphabet = QStringLiteral("abcdefgkmnrstuv0123456789 ._-x#(){}*<>/\\é→");
    QString text;
    const int length = 1 + pick(12);
    for (int i = 0; i < length; ++i)
        text += alphabet.at(pick(int(alphabet.size())));
    record(QStringLiteral("type '%1' into %2").arg(text, describe(target)));
    // A key may close the widget typed into (Escape in a dialog, Return in a line edit that opens a file).
    const QPointer<QWidget> guard(target);
    for (const auto character : text) {
        if (!guard)
            return;
        // QTest maps only ASCII characters to keys; the others arrive as text, as an input method sends them.
        if (character.unicode() < 0x80)
            QTest::keyClick(target, char(character.unicode()));
        else
            QTest::sendKeyEvent(QTest::Click, target, Qt::Key_unknown, QString(character), Qt::NoModifier);
    }
}

void Monkey::triggerMenuEntry()
{
    const auto candidates = actions(false);
    if (candidates.isEmpty())
        return;
    auto *action = candidates.at(pick(int(candidates.size())));
    if (!action->isEnabled() || !action->isVisible())
        return;
    record(QStringLiteral("menu %1").arg(action->objectName().isEmpty() ? action->text() : action->objectName()));
    action->trigger();
}

void Monkey::resizeWindow()
{
    static const QList<QSize> sizes{{1366, 708}, {1920, 1020}, {1024, 700}, {1600, 940}, {800, 600}};
    const auto size = sizes.at(pick(int(sizes.size())));
    record(QStringLiteral("resize %1x%2").arg(size.width()).arg(size.height()));
    m_window.resize(size);
}

void Monkey::switchPalette()
{
    m_darkPalette = !m_darkPalette;
    record(m_darkPalette ? QStringLiteral("dark palette") : QStringLiteral("light palette"));
    QApplication::setPalette(m_darkPalette ? guitest::darkPalette() : QApplication::style()->standardPalette());
}
