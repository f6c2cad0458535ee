#pragma once

#include <QObject>
#include <QString>

class QActionGroup;
class QMenu;
class QTranslator;
class QWidget;

// View → Language: the system's language, or English, German or Simplified Chinese whatever the system says.
// The choice is remembered and takes effect when kfx starts again: every view builds its texts once, so a live
// switch would need each of them to rebuild on QEvent::LanguageChange.
class LanguageChooser : public QObject {
    Q_OBJECT
public:
    // Adds the Language submenu to `viewMenu`; `window` is the parent of the message that asks for a restart.
    LanguageChooser(QMenu *viewMenu, QWidget *window);

    // The language chosen in the menu ("de", "zh_CN", "en"), or an empty string for the system's.
    static QString chosenLanguage();
    // Makes the chosen language (or the system's) the default locale, so that numbers follow it too, and installs
    // kfx's catalogue and Qt's own for it. Both translators must outlive the application's windows.
    static void installCatalogues(QTranslator &kfxCatalogue, QTranslator &qtCatalogue);

private:
    void choose(const QString &language);

    QWidget *m_window;
    QActionGroup *m_actions;
};
