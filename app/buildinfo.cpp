#include "buildinfo.h"

#include "kfx-config.h"

#include <QCoreApplication>

QString libraryVersions()
{
    // KSyntaxHighlighting has no call that reports the library loaded at run time, so only Qt has both versions.
    return QCoreApplication::translate("main", "Qt %1 (compiled against %2)")
               .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))
        + QLatin1Char('\n')
        + QCoreApplication::translate("main", "KSyntaxHighlighting %1 (at compile time)")
              .arg(QStringLiteral(KFX_SYNTAXHIGHLIGHTING_VERSION));
}

QString versionText()
{
    return QStringLiteral("kfx %1\n%2\n").arg(QStringLiteral(KFX_VERSION_STRING), libraryVersions());
}
