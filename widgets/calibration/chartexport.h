#pragma once

#include <QString>

class QAbstractItemModel;
class QIODevice;
class QWidget;

// Writing what the Calibration view shows to files: a chart (any widget) as PNG or SVG, a table model as CSV.
namespace ChartExport {

// PNG at the widget's size times `scale` (2: sharp on high-density screens and in papers).
bool writePng(QWidget *widget, const QString &path, qreal scale = 2.0);
// SVG with the widget's size as its view box; text stays text.
bool writeSvg(QWidget *widget, const QString &path, const QString &title);
// RFC 4180: a header row of column titles, then one row per model row; fields with a comma, quote or line break
// are quoted, quotes doubled. Numbers are written in full precision from `valueRole` where it holds one.
void writeCsv(const QAbstractItemModel &model, QIODevice &device, int valueRole);
bool writeCsv(const QAbstractItemModel &model, const QString &path, int valueRole);

} // namespace ChartExport
