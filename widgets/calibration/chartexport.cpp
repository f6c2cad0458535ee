#include "chartexport.h"

#include <QAbstractItemModel>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace ChartExport {

bool writePng(QWidget *widget, const QString &path, qreal scale)
{
    QImage image(widget->size() * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(widget->palette().color(QPalette::Base));
    widget->render(&image);
    return image.save(path, "PNG");
}

bool writeSvg(QWidget *widget, const QString &path, const QString &title)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(widget->size());
    generator.setViewBox(QRect(QPoint(), widget->size()));
    generator.setTitle(title);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    widget->render(&painter);
    return painter.end();
}

namespace {

QString field(const QVariant &value)
{
    QString text;
    if (value.userType() == QMetaType::Double)
        text = QString::number(value.toDouble(), 'g', 17);
    else
        text = value.toString();
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    text.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

void writeRow(QIODevice &device, const QStringList &fields)
{
    device.write(fields.join(QLatin1Char(',')).toUtf8());
    device.write("\r\n");
}

} // namespace

void writeCsv(const QAbstractItemModel &model, QIODevice &device, int valueRole)
{
    QStringList fields;
    for (int column = 0; column < model.columnCount(); ++column)
        fields << field(model.headerData(column, Qt::Horizontal));
    writeRow(device, fields);
    for (int row = 0; row < model.rowCount(); ++row) {
        fields.clear();
        for (int column = 0; column < model.columnCount(); ++column) {
            const auto index = model.index(row, column);
            const auto value = index.data(valueRole);
            fields << field(value.isValid() ? value : index.data(Qt::DisplayRole));
        }
        writeRow(device, fields);
    }
}

bool writeCsv(const QAbstractItemModel &model, const QString &path, int valueRole)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    writeCsv(model, file, valueRole);
    return file.commit();
}

} // namespace ChartExport
