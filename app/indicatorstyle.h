#pragma once

#include <QProxyStyle>

// The application's style with check boxes and radio buttons that show on a dark palette. Fusion frames an
// indicator in the window colour darkened by 40 %, and fills it with Base: with the dark theme that frame is as
// dark as the box and the views' background, and an unchecked box vanished (issue 23). On a dark palette the frame
// is drawn again in the text colour, half transparent; light palettes are left as the style draws them.
class IndicatorStyle : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};
