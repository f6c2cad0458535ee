#pragma once

// Reading a Qt Linguist catalogue (.ts): what the catalogue test checks and what the language journey compares the
// window's texts with.

#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

namespace catalogue {

struct Message {
    QString context;
    QString source;
    QString type; // "unfinished", "vanished", "obsolete" or empty
    bool numerus = false;
    QStringList translations; // one per plural form, or the one translation
};

inline QList<Message> readCatalogue(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Message> messages;
    QString context;
    QXmlStreamReader xml(&file);
    while (xml.readNextStartElement() || !xml.atEnd()) {
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("TS") || xml.name() == QLatin1String("context"))
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            Message message{
                context, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), {}};
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("source")) {
                    message.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    message.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (!message.numerus) {
                        message.translations << xml.readElementText();
                        continue;
                    }
                    while (xml.readNextStartElement())
                        message.translations << xml.readElementText();
                } else {
                    xml.skipCurrentElement();
                }
            }
            messages << message;
        } else {
            xml.skipCurrentElement();
        }
    }
    return messages;
}

} // namespace catalogue
