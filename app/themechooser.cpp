#include "themechooser.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QStyle>

#include <optional>

namespace {

const QString kThemeKey = QStringLiteral("View/theme");

QString themeKey(ThemeChooser::Theme theme)
{
    switch (theme) {
    case ThemeChooser::Theme::System:
        return QStringLiteral("system");
    case ThemeChooser::Theme::Light:
        return QStringLiteral("light");
    case ThemeChooser::Theme::Dark:
        return QStringLiteral("dark");
    }
    return {};
}

// The palette the application had before any theme was chosen: the platform's, which "System" goes back to.
// Qt offers no public way to ask the platform for it again once the application's palette is replaced.
std::optional<QPalette> &systemPalette()
{
    static std::optional<QPalette> palette;
    return palette;
}

} // namespace

ThemeChooser::ThemeChooser(QMenu *viewMenu, QObject *parent) : QObject(parent), m_actions(new QActionGroup(this))
{
    auto *menu = viewMenu->addMenu(tr("&Theme"));
    menu->setObjectName(QStringLiteral("themeMenu"));
    const std::pair<Theme, QString> choices[] = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, text] : choices) {
        auto *action = menu->addAction(text);
        action->setObjectName(QStringLiteral("theme-%1").arg(themeKey(theme)));
        action->setCheckable(true);
        action->setData(static_cast<int>(theme));
        m_actions->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = theme] { setTheme(theme); });
    }
    const auto saved = QSettings().value(kThemeKey).toString();
    for (const auto &[theme, text] : choices) {
        if (themeKey(theme) == saved)
            m_theme = theme;
    }
    apply();
}

void ThemeChooser::setTheme(Theme theme)
{
    m_theme = theme;
    QSettings().setValue(kThemeKey, themeKey(theme));
    apply();
}

void ThemeChooser::apply()
{
    for (auto *action : m_actions->actions())
        action->setChecked(action->data().toInt() == static_cast<int>(m_theme));
    // At start, "System" leaves the application as the platform made it.
    if (m_theme == Theme::System && !systemPalette())
        return;
    if (!systemPalette())
        systemPalette() = QApplication::palette();
    switch (m_theme) {
    case Theme::System:
        QApplication::setPalette(*systemPalette());
        break;
    case Theme::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
}

QPalette ThemeChooser::darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabledText(0x80, 0x84, 0x8a);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabledText);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x40));
    palette.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    palette.setColor(QPalette::Disabled, QPalette::Text, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::WindowText, disabledText);
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabledText);
    return palette;
}
