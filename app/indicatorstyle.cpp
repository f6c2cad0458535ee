#include "indicatorstyle.h"

#include <QPainter>
#include <QStyleOption>

void IndicatorStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                   const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool indicator = element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton;
    if (!indicator || option->palette.color(QPalette::Base).lightness() >= 128)
        return;
    auto frame = option->palette.color(QPalette::Text);
    frame.setAlphaF(0.55);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(frame, 1.0));
    // On the pixel centres, inside the rectangle the style drew, as Fusion draws its own frame.
    const QRectF rect = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
    if (element == PE_IndicatorRadioButton)
        painter->drawEllipse(rect);
    else
        painter->drawRect(rect);
    painter->restore();
}
