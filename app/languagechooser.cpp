#include "languagechooser.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTranslator>

namespace {

const QString kLanguageKey = QStringLiteral("View/language");

// The catalogues built into kfx (translations/CMakeLists.txt).
const QString kCatalogues = QStringLiteral(":/i18n");

QLocale localeToUse()
{
    const auto chosen = LanguageChooser::chosenLanguage();
    return chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
}

QString qtTranslationsPath()
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
    return QLibraryInfo::path(QLibraryInfo::TranslationsPath);
#else
    return QLibraryInfo::location(QLibraryInfo::TranslationsPath);
#endif
}

} // namespace

LanguageChooser::LanguageChooser(QMenu *viewMenu, QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_actions(new QActionGroup(this))
{
    auto *menu = viewMenu->addMenu(tr("Lan&guage"));
    menu->setObjectName(QStringLiteral("languageMenu"));
    // Each language is named in itself, so that someone who cannot read the current one still finds their own.
    const std::pair<QString, QString> choices[] = {{QString(), tr("&System")},
                                                   {QStringLiteral("en"), QStringLiteral("English")},
                                                   {QStringLiteral("de"), QStringLiteral("Deutsch")},
                                                   {QStringLiteral("zh_CN"), QStringLiteral("中文")}};
    const auto chosen = chosenLanguage();
    for (const auto &[language, text] : choices) {
        auto *action = menu->addAction(text);
        action->setObjectName(
            QStringLiteral("language-%1").arg(language.isEmpty() ? QStringLiteral("system") : language));
        action->setCheckable(true);
        action->setChecked(language == chosen);
        m_actions->addAction(action);
        connect(action, &QAction::triggered, this, [this, language = language] { choose(language); });
    }
}

QString LanguageChooser::chosenLanguage()
{
    return QSettings().value(kLanguageKey).toString();
}

void LanguageChooser::installCatalogues(QTranslator &kfxCatalogue, QTranslator &qtCatalogue)
{
    const auto locale = localeToUse();
    if (!chosenLanguage().isEmpty())
        QLocale::setDefault(locale);
    // The source strings are English; the English catalogue only supplies plural forms ("1 node", "2 nodes"), and
    // stands in for any language kfx has no catalogue for.
    if (kfxCatalogue.load(locale, QStringLiteral("kfx"), QStringLiteral("_"), kCatalogues)
        || kfxCatalogue.load(QStringLiteral("kfx_en"), kCatalogues))
        QCoreApplication::installTranslator(&kfxCatalogue);
    // Qt's own texts (the buttons of standard dialogs), where the system has Qt's translations installed.
    if (qtCatalogue.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), qtTranslationsPath()))
        QCoreApplication::installTranslator(&qtCatalogue);
}

void LanguageChooser::choose(const QString &language)
{
    if (language == chosenLanguage())
        return;
    QSettings().setValue(kLanguageKey, language);
    auto *message = new QMessageBox(QMessageBox::Information, tr("Language"),
                                    tr("kfx will use the new language when it is started again."), QMessageBox::Ok,
                                    m_window);
    message->setObjectName(QStringLiteral("languageRestartMessage"));
    message->setAttribute(Qt::WA_DeleteOnClose);
    message->open();
}
