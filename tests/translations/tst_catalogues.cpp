// The German and Simplified Chinese catalogues are complete for the code as it is: lupdate over app/ and widgets/
// into a copy of each catalogue leaves no message unfinished and none vanished (a string the code no longer has),
// every translation keeps its source's placeholders and keyboard accelerator and has the language's number of
// plural forms, and lrelease compiles every message.

#include "catalogue.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "testmain.h"

namespace tst_catalogues {
namespace {

using catalogue::Message;
using catalogue::readCatalogue;

namespace {

QString named(const Message &message)
{
    return QStringLiteral("%1: \"%2\"").arg(message.context, message.source);
}

// %1 to %99 and, in counted messages, %n.
QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression placeholder(QStringLiteral("%(\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = placeholder.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured());
    return found;
}

// A keyboard accelerator: "&" before a character, but not "&&" (a literal ampersand) nor an HTML entity.
bool hasAccelerator(const QString &text)
{
    static const QRegularExpression accelerator(QStringLiteral("(^|[^&])&(?![&#]|[a-z]+;)\\S"));
    return accelerator.match(text).hasMatch();
}

QString run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(120000))
        return QStringLiteral("%1 did not finish").arg(program);
    const auto output = QString::fromLocal8Bit(process.readAll());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 failed: %2").arg(program, output);
    return output;
}

} // namespace

class TestCatalogues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void complete_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("pluralForms");
        // German has singular and plural; Chinese does not inflect for number.
        QTest::newRow("German") << QStringLiteral("de") << 2;
        QTest::newRow("Simplified Chinese") << QStringLiteral("zh_CN") << 1;
    }

    void complete()
    {
        QFETCH(QString, language);
        QFETCH(int, pluralForms);
        const QDir source(QStringLiteral(KFX_SOURCE_DIR));
        const auto name = QStringLiteral("kfx_%1.ts").arg(language);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto copy = dir.filePath(name);
        QVERIFY(QFile::copy(source.filePath(QStringLiteral("translations/") + name), copy));

        // Only app/ and widgets/ hold tr() strings: the build folders hold data files lupdate would crawl for long.
        const auto updated = run(QStringLiteral(KFX_LUPDATE),
                                 {QStringLiteral("-locations"), QStringLiteral("none"),
                                  source.filePath(QStringLiteral("app")), source.filePath(QStringLiteral("widgets")),
                                  QStringLiteral("-ts"), copy});
        QVERIFY2(updated.contains(QLatin1String("Found ")), qPrintable(updated));

        const auto messages = readCatalogue(copy);
        QVERIFY2(messages.size() > 100, qPrintable(QStringLiteral("%1 messages in %2").arg(messages.size()).arg(copy)));
        QStringList problems;
        for (const auto &message : messages) {
            if (message.type == QLatin1String("unfinished")) {
                problems << QStringLiteral("unfinished %1").arg(named(message));
                continue;
            }
            if (message.type == QLatin1String("vanished") || message.type == QLatin1String("obsolete")) {
                problems << QStringLiteral("%1 (no longer in the code) %2").arg(message.type, named(message));
                continue;
            }
            const int forms = message.numerus ? pluralForms : 1;
            if (message.translations.size() != forms) {
                problems << QStringLiteral("%1 forms instead of %2 for %3")
                                .arg(message.translations.size())
                                .arg(forms)
                                .arg(named(message));
                continue;
            }
            for (const auto &translation : message.translations) {
                if (translation.isEmpty())
                    problems << QStringLiteral("empty translation of %1").arg(named(message));
                else if (placeholders(translation) != placeholders(message.source))
                    problems << QStringLiteral("placeholders differ in \"%1\" for %2").arg(translation, named(message));
                else if (hasAccelerator(message.source) != hasAccelerator(translation))
                    problems << QStringLiteral("accelerator differs in \"%1\" for %2").arg(translation, named(message));
            }
        }
        // One line each: QtTest cuts a long failure message short, and every message named must be translated.
        for (const auto &problem : std::as_const(problems))
            qWarning().noquote() << problem;
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("translations/%1: %2 problem(s) above; run lupdate, then translate")
                                .arg(name)
                                .arg(problems.size())));

        const auto released = run(QStringLiteral(KFX_LRELEASE),
                                  {copy, QStringLiteral("-qm"), dir.filePath(QStringLiteral("kfx.qm"))});
        QVERIFY2(released.contains(QLatin1String("and 0 unfinished")), qPrintable(released));
        QVERIFY2(!released.contains(QLatin1String("Ignored")), qPrintable(released));
    }

    // The checks above must be able to fail: the counted form and the accelerator are recognised.
    void recognisesPlaceholdersAndAccelerators()
    {
        QCOMPARE(placeholders(QStringLiteral("%n file(s) in %1, %2%")),
                 (QSet<QString>{QStringLiteral("%n"), QStringLiteral("%1"), QStringLiteral("%2")}));
        QVERIFY(hasAccelerator(QStringLiteral("&Open…")));
        QVERIFY(hasAccelerator(QStringLiteral("打开(&O)…")));
        QVERIFY(!hasAccelerator(QStringLiteral("Fish && Chips")));
        QVERIFY(!hasAccelerator(QStringLiteral("a&nbsp;or&nbsp;b &amp;&amp; c")));
    }
};

KFX_TEST_GUILESS_MAIN(TestCatalogues)

} // namespace
} // namespace tst_catalogues

#include "tst_catalogues.moc"
